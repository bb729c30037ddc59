import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListBlocks } from '../../application/blocks/list-blocks';
import { UnblockUser } from '../../application/blocks/unblock-user';
import { GetUser } from '../../application/users/get-user';
import { sessionActor } from '../../domain/actor';
import { Text } from '../page-kit/forms';
import { seeOther, sendPage } from '../page-kit/web-response';
import { CsrfOnlyForm } from './accounts.schemas';
import { blocksPage } from './blocks.page';

const PAGE = '/settings/blocks';
/** How many blocks the page lists, the most recent first. */
const SHOWN = 200;

/** `/settings/blocks`: the users the member blocks, each with an Unblock button (POST with the CSRF token). */
export function registerBlockSettingsRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const [list, unblock, getUser] = [container.resolve(ListBlocks), container.resolve(UnblockUser), container.resolve(GetUser)] as const;
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  pages.get(PAGE, { schema: { querystring: Type.Object({ unblocked: Text }) } }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const blocks = await list.execute(sessionActor(user.id), { offset: 0, limit: SHOWN });
    const named = request.query.unblocked ?? '';
    const unblocked = /^[A-Za-z0-9_.-]{1,100}$/u.test(named) ? named : null;
    return sendPage(reply, 200, blocksPage(user, reply.csrfToken(), blocks, unblocked));
  });

  pages.post(`${PAGE}/:userId/unblock`, {
    schema: { params: Type.Object({ userId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }), body: CsrfOnlyForm }, preHandler: scope.csrfProtection,
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const actor = sessionActor(user.id);
    const blocked = await getUser.execute(actor, { id: Number(request.params.userId) });
    await unblock.execute(actor, blocked.id);
    return seeOther(reply, `${PAGE}?unblocked=${encodeURIComponent(blocked.username)}`);
  });
}
