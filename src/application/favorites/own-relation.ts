import { DomainError } from '../../domain/domain-error';

/** The user id in a relation's path must be the token's user: nobody removes another user's favorite or find. */
export function requireOwnRelation(actorId: number, pathUserId: number, relation: string): void {
  if (pathUserId !== actorId) {
    throw new DomainError('forbidden', `user ${actorId} may remove only their own ${relation}, not user ${pathUserId}'s`);
  }
}
