/**
 * Follows of users and of places, as the write side needs them. Following twice keeps one row;
 * the booleans say whether a row was really written or removed (201 against 200, 404).
 */
export interface FollowRepository {
  /** Makes `followerId` follow `followedId`; false when it already did; `not_found` when either account is gone. */
  followUser(followerId: number, followedId: number, now: Date): Promise<boolean>;
  /** Ends the follow; false when there was none. */
  unfollowUser(followerId: number, followedId: number): Promise<boolean>;
  /** Makes `userId` follow a place; false when it already did. */
  followPlace(userId: number, placeId: number, now: Date): Promise<boolean>;
  /** Ends the follow of a place; false when there was none. */
  unfollowPlace(userId: number, placeId: number): Promise<boolean>;
}
