import type { Notemap, NotemapContent } from '../../domain/notemap';

/**
 * Notemaps and their relations, as the write side needs them. Each relation write keeps
 * `notes.notemaps_count` and `notemaps.last_note_added_at` in step with the rows it really changed.
 */
export interface NotemapRepository {
  /** Inserts a notemap; returns the new id. */
  create(ownerId: number, content: NotemapContent, now: Date): Promise<number>;
  /** The notemap, or null. With `lock`, its row is held against other writers until the transaction ends (before any note's). */
  findById(id: number, options?: { lock?: boolean }): Promise<Notemap | null>;
  /** Holds the row until the transaction ends (another writer waits), so a condition checked now still holds at the write. */
  lock(id: number): Promise<void>;
  /** Replaces the name and description and sets `updatedAt`. */
  update(id: number, content: NotemapContent, now: Date): Promise<void>;
  /** Deletes a notemap with its memberships and follows, locking its notes in the order of their ids first; false when there was none. */
  delete(id: number): Promise<boolean>;
  /** Adds a note and sets `lastNoteAddedAt`; false (and no change) when the notemap already holds it. */
  addNote(notemapId: number, noteId: number, now: Date): Promise<boolean>;
  /** Removes a note; false when the notemap did not hold it. */
  removeNote(notemapId: number, noteId: number): Promise<boolean>;
  /** Makes a user follow a notemap; false when they already did; `not_found` when the notemap is gone. */
  follow(notemapId: number, userId: number, now: Date): Promise<boolean>;
  /** Ends a follow; false when there was none. */
  unfollow(notemapId: number, userId: number): Promise<boolean>;
}
