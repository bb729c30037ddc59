/**
 * Who marked which note as found ("I found this place"). Each method keeps `notes.finders_count`
 * in the same transaction, changing it only when a row was really added or removed.
 */
export interface FindRepository {
  /** Marks the note found by `userId`; false when it already was (nothing is duplicated). */
  add(noteId: number, userId: number, now: Date): Promise<boolean>;
  /** Unmarks it; false when it was not marked. */
  remove(noteId: number, userId: number): Promise<boolean>;
}
