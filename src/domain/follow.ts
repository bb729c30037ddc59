import { DomainError } from './domain-error';

/** A user may follow anyone but themselves (docs/api.md, Scopes: following yourself is 400). */
export function checkUserFollow(followerId: number, followedId: number): void {
  if (followerId === followedId) {
    throw DomainError.invalid([{ name: 'user_id', problem: 'names the token\'s own user: a user cannot follow themselves' }]);
  }
}

/** Who may end a follow: the follower (unfollowing) or the followed user (removing a follower). */
export function mayEndUserFollow(actorId: number, follow: { followerId: number; followedId: number }): boolean {
  return actorId === follow.followerId || actorId === follow.followedId;
}
