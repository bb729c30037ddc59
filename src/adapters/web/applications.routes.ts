import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ListApplications } from '../../application/accounts/list-applications';
import { RegenerateClientSecret } from '../../application/accounts/regenerate-client-secret';
import { CreateClient } from '../../application/auth/create-client';
import { CONFIG, type Config } from '../../config-types';
import { DomainError } from '../../domain/domain-error';
import { applicationsPage, type FreshCredentials } from './applications.page';
import { field, seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies } from '../page-kit/web-session';

const PAGE = '/settings/applications';
/**
 * Carries a new secret across the 303 to the page that shows it, once. The server never stores the
 * secret itself: the cookie lives in the browser that registered the application, for a minute at most.
 */
const FRESH_COOKIE = 'pn_new_client';
const FRESH_MAX_AGE_S = 60;

/** `/settings/applications`: register an application, see client ids, regenerate a secret. */
export function registerApplicationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const listApplications = container.resolve(ListApplications);
  const createClient = container.resolve(CreateClient);
  const regenerate = container.resolve(RegenerateClientSecret);
  const secure = (request: FastifyRequest) => secureCookies(request, config.publicUrl);
  const csrf = (request: FastifyRequest, reply: FastifyReply) => reply.generateCsrf({ secure: secure(request) });
  const remember = (request: FastifyRequest, reply: FastifyReply, fresh: FreshCredentials) => {
    reply.setCookie(FRESH_COOKIE, `${fresh.clientId}.${fresh.clientSecret ?? ''}`, {
      path: PAGE, httpOnly: true, sameSite: 'strict', secure: secure(request), maxAge: FRESH_MAX_AGE_S,
    });
  };

  scope.get(PAGE, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const applications = await listApplications.execute(user.id);
    const fresh = readFresh(request.cookies[FRESH_COOKIE], applications.map((a) => a.clientId));
    if (request.cookies[FRESH_COOKIE] !== undefined) reply.clearCookie(FRESH_COOKIE, { path: PAGE, secure: secure(request) });
    return sendPage(reply, 200, applicationsPage({ user, csrf: csrf(request, reply), applications, fresh }));
  });

  scope.post(PAGE, { preHandler: scope.csrfProtection }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const values = {
      name: field(request.body, 'name') ?? '',
      redirectUris: field(request.body, 'redirect_uris') ?? '',
      isPublic: field(request.body, 'public') !== undefined,
      allowImplicit: field(request.body, 'allow_implicit') !== undefined,
    };
    try {
      const created = await createClient.execute({
        ownerId: user.id,
        name: values.name,
        redirectUris: values.redirectUris.split(/\s+/u).filter((uri) => uri !== ''),
        public: values.isPublic,
        allowImplicit: values.allowImplicit,
      });
      remember(request, reply, created);
      return seeOther(reply, PAGE);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'invalid') throw error;
      const problems = error.details.fields?.map((f) => `${f.name === 'redirect_uri' ? 'Redirect URIs' : 'Name'}: ${f.problem}.`) ?? [error.message];
      const applications = await listApplications.execute(user.id);
      return sendPage(reply, 400, applicationsPage({ user, csrf: csrf(request, reply), applications, fresh: null, values, problems }));
    }
  });

  scope.post<{ Params: { clientId: string } }>(`${PAGE}/:clientId/secret`, { preHandler: scope.csrfProtection }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    remember(request, reply, await regenerate.execute(user.id, request.params.clientId));
    return seeOther(reply, PAGE);
  });
}

/** The fresh credentials the cookie carries, when they name one of the member's own applications. */
function readFresh(cookie: string | undefined, own: readonly string[]): FreshCredentials | null {
  if (cookie === undefined) return null;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const clientId = cookie.slice(0, dot);
  const secret = cookie.slice(dot + 1);
  return own.includes(clientId) ? { clientId, clientSecret: secret === '' ? null : secret } : null;
}
