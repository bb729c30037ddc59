import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { requireNotemapOwner, type Notemap } from '../../domain/notemap';
import { canSeeUser } from '../../domain/visibility';
import { noteReaderFor } from '../note-reader';
import type { NotemapRepository } from '../ports/notemap-repository';
import type { NotemapViews } from '../ports/notemap-views';
import type { Repositories } from '../ports/unit-of-work';
import type { Viewer } from '../ports/viewer';

/**
 * The notemap a user wants to change: 404 when it does not exist or a block stands between the user and its creator,
 * 403 when someone else made it. `lock` holds its row to the end of the transaction (a write of its notes takes it
 * before any note's).
 */
export async function findOwnNotemap(
  { notemaps, blocks }: Pick<Repositories, 'notemaps' | 'blocks'>,
  id: number,
  actor: Actor,
  options?: { lock?: boolean },
): Promise<Notemap> {
  const userId = requireScope(actor, 'write');
  const notemap = await findNotemap(notemaps, id, options);
  if (!canSeeUser(notemap.ownerId, await noteReaderFor(blocks, actor, notemap.ownerId))) throw DomainError.notFound('notemap', id);
  requireNotemapOwner(notemap, userId);
  return notemap;
}

/** A notemap by id; 404 when there is none. */
export async function findNotemap(notemaps: NotemapRepository, id: number, options?: { lock?: boolean }): Promise<Notemap> {
  const notemap = await notemaps.findById(id, options);
  if (notemap === null) throw DomainError.notFound('notemap', id);
  return notemap;
}

/** 404 unless the notemap exists for the viewer (not made by a user a block stands between them and). */
export async function requireVisibleNotemap(views: NotemapViews, viewer: Viewer, id: number): Promise<void> {
  if (!(await views.visible(viewer, id))) throw DomainError.notFound('notemap', id);
}
