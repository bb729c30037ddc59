import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { FollowUser } from '../../../application/follows/follow-user';
import { ListUserFollowers } from '../../../application/follows/list-user-followers';
import { ListUserFollowing } from '../../../application/follows/list-user-following';
import { UnfollowUser } from '../../../application/follows/unfollow-user';
import { EmptyEnvelope, ListEnvelope, empty } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { presentUserListItem } from '../users/user.presenter';
import { UserListItem } from '../users/user.schemas';
import { FollowCreatedResponses, UserFollowParams, UserIdParams } from './follow.schemas';

export function registerFollowRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const lists = { followers: container.resolve(ListUserFollowers), following: container.resolve(ListUserFollowing) };
  const followUser = container.resolve(FollowUser);
  const unfollowUser = container.resolve(UnfollowUser);

  for (const [name, summary, description] of [
    ['followers', 'Users that follow the user', 'Lists the users who follow a user, newest follower first.'],
    ['following', 'Users the user follows', 'Lists the users a user follows, newest follow first.'],
  ] as const) {
    api.get(`/v2/users/:user_id/${name}`, {
      schema: {
        summary, tags: ['follows'],
        description: `${description} Follows are public: anyone may call, every caller sees the same list, and an unknown user is 404. `
          + 'Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
        params: UserIdParams,
        querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(UserListItem) },
      },
    }, async (request) => {
      const page = toPageRequest(request.query);
      const result = await lists[name].execute(request.actor, parseId(request.params.user_id, 'user'), page);
      return pageBody(request, page, result, (user) => presentUserListItem(user, links));
    });
  }

  api.post('/v2/users/:user_id/followers', {
    config: { scope: 'contacts' },
    schema: {
      summary: 'Follow a user', tags: ['follows'],
      description: 'The token\'s user (scope `contacts`) follows the user `:user_id`. The first follow answers 201, a repeat 200 and adds nothing; '
        + 'following yourself is 400 and an unknown user 404.',
      params: UserIdParams, response: FollowCreatedResponses,
    },
  }, async (request, reply) => {
    const created = await followUser.execute(request.actor, parseId(request.params.user_id, 'user'));
    const status = created ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  api.delete('/v2/users/:user_id/followers/:id', {
    config: { scope: 'contacts' },
    schema: {
      summary: 'Unfollow a user (sent by the follower), or remove a follower (sent by the followed user)',
      description: 'Ends the follow of user `:user_id` by user `:id`, with scope `contacts`: sent by the follower `:id` it unfollows, sent by the '
        + 'followed user `:user_id` it removes a follower; anyone else gets 403. 404 when there is no such follow.',
      tags: ['follows'], params: UserFollowParams, response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    const followedId = parseId(request.params.user_id, 'user');
    await unfollowUser.execute(request.actor, { followedId, followerId: parseId(request.params.id, 'user') });
    return empty();
  });
}
