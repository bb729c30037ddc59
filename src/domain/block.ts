import { DomainError } from './domain-error';

/** A user may block anyone but themselves (docs/api.md, Blocks: blocking yourself is 400). */
export function checkBlock(blockerId: number, blockedId: number): void {
  if (blockerId === blockedId) {
    throw DomainError.invalid([{ name: 'user_id', problem: 'names the token\'s own user: a user cannot block themselves' }]);
  }
}

/** 403 when a block stands between the actor and `otherId` (following them, naming them as a recipient). */
export function refuseAcrossBlock(apart: ReadonlySet<number>, otherId: number): void {
  if (apart.has(otherId)) throw new DomainError('forbidden', `a block stands between you and user ${otherId}`);
}
