import { privateReader, type Actor } from '../domain/actor';
import { NOBODY_APART, type NoteReader } from '../domain/visibility';
import type { BlockRepository } from './ports/block-repository';

/**
 * The actor as the domain's rule (`canRead`) reads them for a note by `authorId`: its blocks are read only when they
 * could matter, for a signed-in actor and another's note.
 */
export async function noteReaderFor(blocks: BlockRepository, actor: Actor, authorId: number): Promise<NoteReader> {
  const readerId = privateReader(actor);
  if (actor.userId === null || actor.userId === authorId) return { readerId, apart: NOBODY_APART };
  return { readerId, apart: await blocks.apartFrom(actor.userId) };
}
