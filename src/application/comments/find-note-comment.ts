import { DomainError } from '../../domain/domain-error';
import type { Comment } from '../../domain/comment';
import type { Note } from '../../domain/note';
import type { Actor } from '../../domain/actor';
import { canRead, canSeeUser } from '../../domain/visibility';
import { noteReaderFor } from '../note-reader';
import type { Repositories } from '../ports/unit-of-work';

/** The note a reader may see, else 404 (a note they may not see does not exist for them). */
export async function findReadableNote(repositories: Pick<Repositories, 'notes' | 'blocks'>, noteId: number, actor: Actor): Promise<Note> {
  const note = await repositories.notes.findById(noteId);
  if (note === null || !canRead(note, await noteReaderFor(repositories.blocks, actor, note.authorId))) throw DomainError.notFound('note', noteId);
  return note;
}

/**
 * A comment and its note, for changing either: 404 unless the reader sees the note and the comment is on it, and no
 * block stands between the reader and the comment's author.
 */
export async function findNoteComment(
  repositories: Pick<Repositories, 'notes' | 'comments' | 'blocks'>,
  noteId: number,
  commentId: number,
  actor: Actor,
): Promise<{ note: Note; comment: Comment }> {
  const note = await findReadableNote(repositories, noteId, actor);
  const comment = await repositories.comments.findById(commentId);
  if (comment === null || comment.noteId !== noteId
    || !canSeeUser(comment.authorId, await noteReaderFor(repositories.blocks, actor, comment.authorId))) {
    throw DomainError.notFound('comment', commentId);
  }
  return { note, comment };
}
