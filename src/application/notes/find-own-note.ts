import { DomainError } from '../../domain/domain-error';
import type { Note } from '../../domain/note';
import { canRead } from '../../domain/visibility';
import type { NoteRepository } from '../ports/note-repository';

/**
 * The note a user wants to change: 404 when it does not exist or the user may not see it
 * (so existence does not leak), 403 when they see it but did not write it.
 */
export async function findOwnNote(notes: NoteRepository, id: number, userId: number, readerId: number | null): Promise<Note> {
  const note = await notes.findById(id);
  if (note === null || !canRead(note, readerId)) throw DomainError.notFound('note', id);
  if (note.authorId !== userId) throw new DomainError('forbidden', `note ${id} belongs to another user`);
  return note;
}
