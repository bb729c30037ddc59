/**
 * Blocks between users, as the write side needs them. Blocking twice keeps one row; the booleans say whether a row
 * was really written or removed (201 against 200, 404).
 */
export interface BlockRepository {
  /** Makes `blockerId` block `blockedId`; false when it already did; `not_found` when either account is gone. */
  block(blockerId: number, blockedId: number, now: Date): Promise<boolean>;
  /** Ends the block; false when there was none. */
  unblock(blockerId: number, blockedId: number): Promise<boolean>;
  /** Ends the follows between the two users: of each other, and of each other's notemaps. */
  endFollowsBetween(a: number, b: number): Promise<void>;
  /** The users a block stands between `userId` and, in either direction. */
  apartFrom(userId: number): Promise<ReadonlySet<number>>;
}
