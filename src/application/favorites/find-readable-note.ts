import { DomainError } from '../../domain/domain-error';
import type { Note } from '../../domain/note';
import { canRead } from '../../domain/visibility';
import type { NoteRepository } from '../ports/note-repository';

/** The note a user marks or unmarks: 404 when it does not exist or they may not read it (existence does not leak). */
export async function findReadableNote(notes: NoteRepository, id: number, readerId: number | null): Promise<Note> {
  const note = await notes.findById(id);
  if (note === null || !canRead(note, readerId)) throw DomainError.notFound('note', id);
  return note;
}
