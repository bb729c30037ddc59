import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FollowUser } from '../../../application/follows/follow-user';
import { ListUserFollows } from '../../../application/follows/list-user-follows';
import { UnfollowUser } from '../../../application/follows/unfollow-user';
import { parseId } from '../ids';
import { joinsOnce, registerRelationRoutes } from '../relation-routes';
import { UserFollowParams, UserIdParams } from './follow.schemas';

const PUBLIC = ' Follows are public: anyone may call, every caller sees the same list, and an unknown user is 404.';

export function registerFollowRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listUserFollows, followUser, unfollowUser] = [container.resolve(ListUserFollows), container.resolve(FollowUser), container.resolve(UnfollowUser)] as const;

  registerRelationRoutes(app, container, {
    tags: ['follows'], scope: 'contacts', params: UserIdParams, path: '/v2/users/:user_id/followers', memberParams: UserFollowParams,
    lists: ([
      ['followers', 'Users that follow the user', 'Lists the users who follow a user, newest follower first.'],
      ['following', 'Users the user follows', 'Lists the users a user follows, newest follow first.'],
    ] as const).map(([name, summary, description]) => ({
      path: `/v2/users/:user_id/${name}`, summary, description: description + PUBLIC,
      run: (actor, { user_id: userId }, page) => listUserFollows.execute(actor, parseId(userId, 'user'), name, page),
    })),
    add: {
      summary: 'Follow a user',
      description: joinsOnce('contacts', 'follows the user `:user_id`', 'follow', 'following yourself is 400 and an unknown user 404'),
      run: (actor, { user_id: userId }) => followUser.execute(actor, parseId(userId, 'user')),
    },
    member: 'id',
    remove: {
      summary: 'Unfollow a user (sent by the follower), or remove a follower (sent by the followed user)',
      description: 'Ends the follow of user `:user_id` by user `:id`, with scope `contacts`: sent by the follower `:id` it unfollows, sent by the '
        + 'followed user `:user_id` it removes a follower; anyone else gets 403. 404 when there is no such follow.',
      run: (actor, { user_id: followed, id }) => unfollowUser.execute(actor, { followedId: parseId(followed, 'user'), followerId: parseId(id, 'user') }),
    },
  });
}
