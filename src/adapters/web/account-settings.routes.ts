import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { DeleteAccount } from '../../application/accounts/delete-account';
import { ExportAccount } from '../../application/accounts/export-account';
import { CONFIG, type Config } from '../../config-types';
import { sessionActor } from '../../domain/actor';
import type { DomainError } from '../../domain/domain-error';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { clearSessionCookie, secureCookies } from '../page-kit/web-session';
import { accountDeletedPage, accountSettingsPage } from './account-settings.page';
import { DeleteAccountForm } from './accounts.schemas';

const PAGE = '/settings/account';
/** Where a browser lands once its account is deleted. */
const GOODBYE = '/account-deleted';

/** `/settings/account`: the export as a download, and deleting the account (password and CSRF token). */
export function registerAccountSettingsRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const exportAccount = container.resolve(ExportAccount);
  const deleteAccount = container.resolve(DeleteAccount);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  const logInFirst = (reply: FastifyReply) => seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);

  pages.get(PAGE, async (request, reply) => {
    if (request.webUser === null) return logInFirst(reply);
    return sendPage(reply, 200, accountSettingsPage(request.webUser, reply.csrfToken()));
  });

  pages.get(`${PAGE}/export`, async (request, reply) => {
    if (request.webUser === null) return logInFirst(reply);
    const exported = await exportAccount.execute(sessionActor(request.webUser.id));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${exported.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(exported.output);
  });

  /** The page again with what is wrong (a wrong password is 400). */
  const deleteAgain = async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    if (error.kind !== 'invalid' || request.webUser === null) return null;
    const problems = error.details.fields?.map((f) => `The ${f.name} ${f.problem}.`) ?? [error.message];
    return { status: 400, page: accountSettingsPage(request.webUser, reply.csrfToken(), problems) };
  };

  pages.post(`${PAGE}/delete`, {
    schema: { body: DeleteAccountForm }, preHandler: scope.csrfProtection, config: { formErrorPage: deleteAgain },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    const result = await deleteAccount.execute(user.id, request.body.password ?? '');
    if (result.kind === 'throttled') {
      reply.header('retry-after', String(result.retryAfterS));
      const minutes = Math.ceil(result.retryAfterS / 60);
      return sendPage(reply, 429, accountSettingsPage(user, reply.csrfToken(), [
        `Too many wrong passwords for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
      ]));
    }
    // The session is gone with the account; the cookie goes too.
    clearSessionCookie(reply, secureCookies(request, config.publicUrl));
    return seeOther(reply, GOODBYE);
  });

  pages.get(GOODBYE, async (_request, reply) => sendPage(reply, 200, accountDeletedPage()));
}
