/**
 * Who favorited which note. Each method keeps `notes.favoriters_count` in the same transaction,
 * changing it only when a row was really added or removed.
 */
export interface FavoriteRepository {
  /** Records that `userId` favorited the note; false when they already had (nothing is duplicated). */
  add(noteId: number, userId: number, now: Date): Promise<boolean>;
  /** Removes the favorite; false when there was none. */
  remove(noteId: number, userId: number): Promise<boolean>;
}
