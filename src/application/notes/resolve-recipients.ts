import { refuseAcrossBlock } from '../../domain/block';
import { DomainError } from '../../domain/domain-error';
import type { Repositories } from '../ports/unit-of-work';

/**
 * The ids of the users `authorId` addresses a note to; any name that matches nobody is a 400, and naming someone a
 * block stands between the author and is a 403.
 */
export async function resolveRecipients(
  { users, blocks }: Pick<Repositories, 'users' | 'blocks'>,
  authorId: number,
  refs: readonly (number | string)[],
): Promise<number[]> {
  const found = await users.resolve(refs);
  const unknown = refs.filter((ref) => !found.has(ref));
  if (unknown.length > 0) {
    throw DomainError.invalid([{ name: 'recipients', problem: `names unknown users: ${unknown.join(', ')}` }]);
  }
  const ids = [...new Set(found.values())];
  if (ids.some((id) => id !== authorId)) {
    const apart = await blocks.apartFrom(authorId);
    for (const id of ids) refuseAcrossBlock(apart, id);
  }
  return ids;
}
