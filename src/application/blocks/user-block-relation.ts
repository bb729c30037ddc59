import { checkBlock } from '../../domain/block';
import { DomainError } from '../../domain/domain-error';
import type { Relation } from '../relations/relation';

/** A block of one user by another. */
export interface UserBlock {
  blockerId: number;
  blockedId: number;
}

/**
 * Blocks (scope `write`): the blocked user must exist and not be the blocker. A new block ends the follows between
 * the two (of each other and of each other's notemaps) in its unit of work; only the blocker ends a block.
 */
export const USER_BLOCKS: Relation<UserBlock> = {
  scope: 'write',
  reach: async ({ users }, _actor, { blockedId }) => {
    if ((await users.findById(blockedId)) === null) throw DomainError.notFound('user', blockedId);
  },
  add: async ({ blocks }, { blockerId, blockedId }, now) => {
    checkBlock(blockerId, blockedId);
    const added = await blocks.block(blockerId, blockedId, now);
    if (added) await blocks.endFollowsBetween(blockerId, blockedId);
    return added;
  },
  mayRemove: (actorId, { blockerId }) => {
    if (actorId !== blockerId) throw new DomainError('forbidden', 'only the blocker may end a block');
  },
  remove: ({ blocks }, { blockerId, blockedId }) => blocks.unblock(blockerId, blockedId),
  missing: ({ blockerId, blockedId }) => `user ${blockerId} does not block user ${blockedId}`,
};
