import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ListAuthorizations } from '../../application/accounts/list-authorizations';
import { RevokeAuthorization } from '../../application/accounts/revoke-authorization';
import { CONFIG, type Config } from '../../config-types';
import { authorizationsPage } from './authorizations.page';
import { field, seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies } from '../page-kit/web-session';

const PAGE = '/settings/authorizations';

/** `/settings/authorizations`: the applications holding access to the member's account, each revocable. */
export function registerAuthorizationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const list = container.resolve(ListAuthorizations);
  const revoke = container.resolve(RevokeAuthorization);

  scope.get(PAGE, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const csrf = reply.generateCsrf({ secure: secureCookies(request, config.publicUrl) });
    const revoked = field(request.query, 'revoked') === '1';
    return sendPage(reply, 200, authorizationsPage(user, csrf, await list.execute(user.id), revoked));
  });

  scope.post<{ Params: { clientId: string } }>(`${PAGE}/:clientId/revoke`, { preHandler: scope.csrfProtection }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    await revoke.execute(user.id, request.params.clientId);
    return seeOther(reply, `${PAGE}?revoked=1`);
  });
}
