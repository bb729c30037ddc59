import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { BlockUser } from '../../../application/blocks/block-user';
import { ListBlocks } from '../../../application/blocks/list-blocks';
import { UnblockUser } from '../../../application/blocks/unblock-user';
import { parseId } from '../ids';
import { joinsOnce, registerRelationRoutes } from '../relation-routes';

const MeParams = Type.Object({});
const BlockParams = Type.Object({ user_id: Type.String() });

const WHAT = 'While a block stands, in either direction, neither user sees the other\'s notes, comments or notemaps (404 as if absent), '
  + 'following the other or naming them as a recipient is 403, and the other\'s lists are empty; the user resource stays readable.';

/** `/v2/users/me/blocks`: the token's user's blocks (docs/api.md, Blocks). */
export function registerBlockRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listBlocks, blockUser, unblockUser] = [container.resolve(ListBlocks), container.resolve(BlockUser), container.resolve(UnblockUser)] as const;
  const userOf = (params: object) => parseId((params as { user_id: string }).user_id, 'user');

  registerRelationRoutes(app, container, {
    tags: ['blocks'], scope: 'write', params: MeParams, path: '/v2/users/me/blocks', memberParams: BlockParams, member: 'user_id',
    putMember: true,
    lists: [{
      path: '/v2/users/me/blocks', summary: 'Users you block', scope: 'read',
      description: 'Lists the users the token\'s user blocks (scope `read`), the most recent block first.',
      run: (actor, _params, page) => listBlocks.execute(actor, page),
    }],
    add: {
      summary: 'Block a user',
      description: joinsOnce('write', 'blocks the user `:user_id`', 'block',
        'blocking yourself is 400 and an unknown user 404. A new block ends the follows between the two users, of each other and of '
        + 'each other\'s notemaps') + ` ${WHAT}`,
      run: (actor, params) => blockUser.execute(actor, userOf(params)),
    },
    remove: {
      summary: 'Unblock a user',
      description: 'Ends the token\'s user\'s block of user `:user_id` (scope `write`); 404 when there is no such block. Follows ended by '
        + 'the block do not come back.',
      run: (actor, params) => unblockUser.execute(actor, userOf(params)),
    },
  });
}
