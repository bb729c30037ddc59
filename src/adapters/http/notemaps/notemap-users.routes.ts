import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { FollowNotemap } from '../../../application/notemaps/follow-notemap';
import { ListNotemapUsers } from '../../../application/notemaps/list-notemap-users';
import { UnfollowNotemap } from '../../../application/notemaps/unfollow-notemap';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, ListEnvelope, empty } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { presentUserListItem } from '../users/user.presenter';
import { UserListItem } from '../users/user.schemas';
import { NotemapUserParams } from './notemap.schemas';

/** The users of a notemap (authors, followers) and following or unfollowing it. */
export function registerNotemapUserRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listUsers = container.resolve(ListNotemapUsers);
  const follow = container.resolve(FollowNotemap);
  const unfollow = container.resolve(UnfollowNotemap);

  for (const [relation, summary, description] of [
    ['authors', 'Authors of a notemap: its creator and the authors of its notes',
      'Lists the creator of a notemap first, then the authors of its notes that the caller may read.'],
    ['followers', 'Followers of a notemap', 'Lists the users who follow a notemap, newest follow first.'],
  ] as const) {
    api.get(`/v2/notemaps/:id/${relation}`, {
      schema: {
        summary, tags: ['notemaps'],
        description: `${description} Anyone may call; an unknown notemap is 404. Paged with \`offset\`/\`limit\`; follow \`nextUrl\` for the next page.`,
        params: IdParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(UserListItem) },
      },
    }, async (request) => {
      const page = toPageRequest(request.query);
      const result = await listUsers.execute(request.actor, parseId(request.params.id, 'notemap'), relation, page);
      return pageBody(request, page, result, (user) => presentUserListItem(user, links));
    });
  }

  api.post('/v2/notemaps/:id/followers', {
    config: { scope: 'write' },
    schema: {
      summary: 'Follow a notemap (201; 200 when already following)', tags: ['notemaps'],
      description: 'The token\'s user (scope `write`) follows a notemap. The first follow answers 201, a repeat 200 and adds nothing; the answer '
        + 'holds no data.',
      params: IdParams, response: { 200: EmptyEnvelope, 201: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const followed = await follow.execute(request.actor, parseId(request.params.id, 'notemap'));
    const status = followed ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  api.delete('/v2/notemaps/:id/followers/:user_id', {
    config: { scope: 'write' },
    schema: {
      summary: 'Unfollow a notemap (the token\'s user only)', tags: ['notemaps'],
      description: 'Ends the token\'s user\'s follow of a notemap (scope `write`): `:user_id` must be the token\'s user (403 otherwise), and it '
        + 'is 404 when they do not follow the notemap.',
      params: NotemapUserParams, response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    await unfollow.execute(request.actor, parseId(request.params.id, 'notemap'), parseId(request.params.user_id, 'user'));
    return empty();
  });
}
