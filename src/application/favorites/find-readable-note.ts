import { DomainError } from '../../domain/domain-error';
import type { Note } from '../../domain/note';
import { canRead } from '../../domain/visibility';
import type { NoteRepository } from '../ports/note-repository';

/**
 * The note a user marks or unmarks: 404 when it does not exist or they may not read it (existence does not leak).
 * Its row is locked until the transaction ends, before the mark's own: the order a deletion of the note takes.
 */
export async function findReadableNote(notes: NoteRepository, id: number, readerId: number | null): Promise<Note> {
  const note = await notes.findById(id, { lock: true });
  if (note === null || !canRead(note, readerId)) throw DomainError.notFound('note', id);
  return note;
}
