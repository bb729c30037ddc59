import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ListAuthorizations } from '../../application/accounts/list-authorizations';
import { RevokeAuthorization } from '../../application/accounts/revoke-authorization';
import { seeOther, sendPage } from '../page-kit/web-response';
import { CsrfOnlyForm } from './accounts.schemas';
import { AuthorizationsQuery, ClientIdParams } from './applications.schemas';
import { authorizationsPage } from './authorizations.page';

const PAGE = '/settings/authorizations';

/** `/settings/authorizations`: the applications holding access to the member's account, each revocable. */
export function registerAuthorizationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const list = container.resolve(ListAuthorizations);
  const revoke = container.resolve(RevokeAuthorization);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  pages.get(PAGE, { schema: { querystring: AuthorizationsQuery } }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const csrf = reply.csrfToken();
    const revoked = request.query.revoked === '1';
    return sendPage(reply, 200, authorizationsPage(user, csrf, await list.execute(user.id), revoked));
  });

  pages.post(`${PAGE}/:clientId/revoke`, {
    schema: { params: ClientIdParams, body: CsrfOnlyForm }, preHandler: scope.csrfProtection,
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    await revoke.execute(user.id, request.params.clientId);
    return seeOther(reply, `${PAGE}?revoked=1`);
  });
}
