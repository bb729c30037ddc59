import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FollowNotemap } from '../../../application/notemaps/follow-notemap';
import { ListNotemapUsers } from '../../../application/notemaps/list-notemap-users';
import { UnfollowNotemap } from '../../../application/notemaps/unfollow-notemap';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { ownRelationRoutes } from '../own-relation-routes';
import { registerRelationRoutes } from '../relation-routes';

/** The users of a notemap (authors, followers) and following or unfollowing it. */
export function registerNotemapUserRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listUsers, follow, unfollow] = [container.resolve(ListNotemapUsers), container.resolve(FollowNotemap), container.resolve(UnfollowNotemap)] as const;

  registerRelationRoutes(app, container, ownRelationRoutes({
    tags: ['notemaps'], params: IdParams, path: '/v2/notemaps/:id/followers',
    lists: ([
      ['authors', 'Authors of a notemap: its creator and the authors of its notes',
        'Lists the creator of a notemap first, then the authors of its notes that the caller may read.'],
      ['followers', 'Followers of a notemap', 'Lists the users who follow a notemap, newest follow first.'],
    ] as const).map(([relation, summary, description]) => ({
      path: `/v2/notemaps/:id/${relation}`, summary, description: `${description} Anyone may call; an unknown notemap is 404.`,
      run: (actor, { id }, page) => listUsers.execute(actor, parseId(id, 'notemap'), relation, page),
    })),
    add: { summary: 'Follow a notemap (201; 200 when already following)', joins: 'follows a notemap', first: 'follow', run: (actor, { id }) => follow.execute(actor, parseId(id, 'notemap')) },
    remove: {
      summary: 'Unfollow a notemap (the token\'s user only)', ends: 'Ends the token\'s user\'s follow of a notemap', missing: 'they do not follow the notemap',
      run: (actor, { id }, userId) => unfollow.execute(actor, parseId(id, 'notemap'), userId),
    },
  }));
}
