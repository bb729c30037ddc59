import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FollowNotemap } from '../../../application/notemaps/follow-notemap';
import { ListNotemapUsers } from '../../../application/notemaps/list-notemap-users';
import { UnfollowNotemap } from '../../../application/notemaps/unfollow-notemap';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { registerRelationRoutes } from '../relation-routes';
import { NotemapUserParams } from './notemap.schemas';

/** The users of a notemap (authors, followers) and following or unfollowing it. */
export function registerNotemapUserRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listUsers, follow, unfollow] = [container.resolve(ListNotemapUsers), container.resolve(FollowNotemap), container.resolve(UnfollowNotemap)] as const;

  registerRelationRoutes(app, container, {
    tags: ['notemaps'], scope: 'write', params: IdParams, memberParams: NotemapUserParams,
    lists: ([
      ['authors', 'Authors of a notemap: its creator and the authors of its notes',
        'Lists the creator of a notemap first, then the authors of its notes that the caller may read.'],
      ['followers', 'Followers of a notemap', 'Lists the users who follow a notemap, newest follow first.'],
    ] as const).map(([relation, summary, description]) => ({
      path: `/v2/notemaps/:id/${relation}`, summary, description: `${description} Anyone may call; an unknown notemap is 404.`,
      run: (actor, { id }, page) => listUsers.execute(actor, parseId(id, 'notemap'), relation, page),
    })),
    add: {
      path: '/v2/notemaps/:id/followers', summary: 'Follow a notemap (201; 200 when already following)',
      description: 'The token\'s user (scope `write`) follows a notemap. The first follow answers 201, a repeat 200 and adds nothing; the answer '
        + 'holds no data.',
      run: (actor, { id }) => follow.execute(actor, parseId(id, 'notemap')),
    },
    removes: [{
      path: '/v2/notemaps/:id/followers/:user_id', summary: 'Unfollow a notemap (the token\'s user only)',
      description: 'Ends the token\'s user\'s follow of a notemap (scope `write`): `:user_id` must be the token\'s user (403 otherwise), and it '
        + 'is 404 when they do not follow the notemap.',
    }],
    remove: (actor, { id, user_id: userId }) => unfollow.execute(actor, parseId(id, 'notemap'), parseId(userId, 'user')),
  });
}
