import type { Comment, CommentContent } from '../../domain/comment';

/**
 * Comments and their favorites, as the write side needs them. The Kysely adapter keeps the counters
 * every read needs (`notes.comments_count`, `comments.favoriters_count`) in the same transaction.
 */
export interface CommentRepository {
  /** Inserts a comment on a note; null when the note does not exist. */
  create(noteId: number, authorId: number, content: CommentContent, now: Date): Promise<number | null>;
  findById(id: number): Promise<Comment | null>;
  /** Holds the row until the transaction ends (another writer waits), so a condition checked now still holds at the write. */
  lock(id: number): Promise<void>;
  /** Replaces the title and text and sets `updatedAt`. */
  update(id: number, content: CommentContent, now: Date): Promise<void>;
  /** Deletes a comment and its favorites; false when there was none. */
  delete(id: number): Promise<boolean>;
  /** Marks the comment as a favorite of the user; false when it already was (nothing is duplicated). */
  favorite(commentId: number, userId: number, now: Date): Promise<boolean>;
  /** Removes the user's favorite; false when there was none. */
  unfavorite(commentId: number, userId: number): Promise<boolean>;
}
