import { DomainError } from '../../domain/domain-error';
import type { Relation } from '../relations/relation';
import { viewerOf } from '../viewer';

/**
 * A user's follow of a place they can see (scope `write`); only the follower ends it, and may do so once the place is
 * out of their sight (its notes no longer readable to them): for anyone else that place is 404.
 */
export const PLACE_FOLLOWS: Relation<{ placeId: number; userId: number }> = {
  scope: 'write',
  // Places are never deleted: nothing to lock first.
  reach: async ({ views }, actor, { placeId }) => {
    if ((await views.places.get(viewerOf(actor), placeId)) === null) throw DomainError.notFound('place', placeId);
  },
  leavableOutOfReach: true,
  add: ({ follows }, { placeId, userId }, now) => follows.followPlace(userId, placeId, now),
  mayRemove: (actorId, { placeId, userId }) => {
    if (userId !== actorId) throw new DomainError('forbidden', `only user ${userId} may end their follow of place ${placeId}`);
  },
  remove: ({ follows }, { placeId, userId }) => follows.unfollowPlace(userId, placeId),
  missing: ({ placeId, userId }) => `user ${userId} does not follow place ${placeId}`,
};
