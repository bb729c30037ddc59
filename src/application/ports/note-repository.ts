import type { Note, NoteContent, NoteImage } from '../../domain/note';

/**
 * Notes, as the write side needs them; tags are created on first use and keep their ids. A new note is stored by
 * `NoteInserts`, the one way to write one.
 */
export interface NoteRepository {
  /**
   * The note, or null. With `lock`, its row is held against other writers until the transaction ends: a write
   * that changes a note's relations and counters locks the note first (decision `write-races-lock-in-order`).
   */
  findById(id: number, options?: { lock?: boolean }): Promise<Note | null>;
  /** Holds the row until the transaction ends (another writer waits), so a condition checked now still holds at the write. */
  lock(id: number): Promise<void>;
  /** Replaces the content, tags and (when given) recipients of a note, and sets `updatedAt`. */
  update(id: number, content: NoteContent, recipientIds: readonly number[] | null, now: Date): Promise<void>;
  /** Sets or (with null) clears a note's image, locking the row; returns the key it replaced, or null. */
  setImage(id: number, image: NoteImage | null): Promise<string | null>;
  /** Deletes a note and everything that hangs off it; false when there was none. */
  delete(id: number): Promise<boolean>;
}
