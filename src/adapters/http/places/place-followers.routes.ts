import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FollowPlace } from '../../../application/places/follow-place';
import { ListPlaceFollowers } from '../../../application/places/list-place-followers';
import { UnfollowPlace } from '../../../application/places/unfollow-place';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { ownRelationRoutes } from '../own-relation-routes';
import { registerRelationRoutes } from '../relation-routes';

/** The followers of a place, and following or unfollowing it. */
export function registerPlaceFollowerRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listFollowers, follow, unfollow] = [container.resolve(ListPlaceFollowers), container.resolve(FollowPlace), container.resolve(UnfollowPlace)] as const;

  registerRelationRoutes(app, container, ownRelationRoutes({
    tags: ['places'], params: IdParams, path: '/v2/places/:id/followers',
    lists: [{
      path: '/v2/places/:id/followers', summary: 'Users that follow a place',
      description: 'Lists the users who follow a place, newest follow first; anyone may call, and a place the caller cannot see is 404.',
      run: (actor, { id }, page) => listFollowers.execute(actor, parseId(id, 'place'), page),
    }],
    add: { summary: 'Follow a place', joins: 'follows a place they can see', first: 'follow', run: (actor, { id }) => follow.execute(actor, parseId(id, 'place')) },
    remove: {
      summary: 'Unfollow a place', ends: 'Ends the token\'s user\'s follow of a place', missing: 'they do not follow the place',
      more: 'A follower may leave a place whose notes they can no longer read.', run: (actor, { id }, userId) => unfollow.execute(actor, parseId(id, 'place'), userId),
    },
  }));
}
