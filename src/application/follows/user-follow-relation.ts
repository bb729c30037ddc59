import { refuseAcrossBlock } from '../../domain/block';
import { DomainError } from '../../domain/domain-error';
import { checkUserFollow, mayEndUserFollow } from '../../domain/follow';
import type { Relation } from '../relations/relation';

/** A follow of one user by another. */
export interface UserFollow {
  followerId: number;
  followedId: number;
}

/**
 * Follows are public (scope `contacts`): the followed user must exist, and no block stand between the two (403); the
 * follower or the followed user ends one.
 */
export const USER_FOLLOWS: Relation<UserFollow> = {
  scope: 'contacts',
  reach: async ({ users }, _actor, { followedId }) => {
    if ((await users.findById(followedId)) === null) throw DomainError.notFound('user', followedId);
  },
  add: async ({ follows, blocks }, { followerId, followedId }, now) => {
    checkUserFollow(followerId, followedId);
    refuseAcrossBlock(await blocks.apartFrom(followerId), followedId);
    return follows.followUser(followerId, followedId, now);
  },
  mayRemove: (actorId, follow) => {
    if (!mayEndUserFollow(actorId, follow)) {
      throw new DomainError('forbidden', `only user ${follow.followerId} or user ${follow.followedId} may end this follow`);
    }
  },
  remove: ({ follows }, { followerId, followedId }) => follows.unfollowUser(followerId, followedId),
  missing: ({ followerId, followedId }) => `user ${followerId} does not follow user ${followedId}`,
};
