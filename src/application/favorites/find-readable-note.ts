import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { Note } from '../../domain/note';
import { canRead } from '../../domain/visibility';
import { noteReaderFor } from '../note-reader';
import type { Repositories } from '../ports/unit-of-work';

/**
 * The note a user marks or unmarks: 404 when it does not exist or they may not read it (existence does not leak).
 * Its row is locked until the transaction ends, before the mark's own: the order a deletion of the note takes.
 */
export async function findReadableNote({ notes, blocks }: Pick<Repositories, 'notes' | 'blocks'>, id: number, actor: Actor): Promise<Note> {
  const note = await notes.findById(id, { lock: true });
  if (note === null || !canRead(note, await noteReaderFor(blocks, actor, note.authorId))) throw DomainError.notFound('note', id);
  return note;
}
