import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { Note } from '../../domain/note';
import { canRead } from '../../domain/visibility';
import { noteReaderFor } from '../note-reader';
import type { Repositories } from '../ports/unit-of-work';

/**
 * The note a user wants to change: 404 when it does not exist or the user may not see it
 * (so existence does not leak, across a block too), 403 when they see it but did not write it.
 */
export async function findOwnNote({ notes, blocks }: Pick<Repositories, 'notes' | 'blocks'>, id: number, userId: number, actor: Actor): Promise<Note> {
  const note = await notes.findById(id);
  if (note === null || !canRead(note, await noteReaderFor(blocks, actor, note.authorId))) throw DomainError.notFound('note', id);
  if (note.authorId !== userId) throw new DomainError('forbidden', `note ${id} belongs to another user`);
  return note;
}
