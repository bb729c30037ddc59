import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FindSessionUser } from '../../application/accounts/find-session-user';
import { registerAuthorizeRoutes } from '../oauth/authorize.routes';
import { registerAccountRoutes } from './accounts.routes';
import { registerApplicationRoutes } from './applications.routes';
import { registerAuthorizationRoutes } from './authorizations.routes';
import { hideFromOpenApi } from './hide-from-openapi';
import { WEB_CSS } from './web-css';
import { webErrorHandler } from './web-errors';
import { registerWebSession } from './web-session';

/** The CSRF secret's cookie; the token in each form is derived from it (double submit). */
export const CSRF_COOKIE = 'pn_csrf';

/**
 * The browser-facing pages in one encapsulated scope: cookies, sessions, CSRF and HTML errors apply to
 * them and to the authorization endpoint, and to nothing under /v2.
 */
export function registerWebRoutes(app: FastifyInstance, container: DependencyContainer): void {
  void app.register(async (scope) => {
    await scope.register(cookie);
    await scope.register(csrfProtection, {
      cookieKey: CSRF_COOKIE,
      cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true },
      getToken: (request) => {
        const token = (request.body as Record<string, unknown> | undefined)?._csrf;
        return typeof token === 'string' ? token : undefined;
      },
    });
    scope.setErrorHandler(webErrorHandler);
    // Pages, not API: docs/oauth.md describes them, the OpenAPI document leaves them out.
    scope.addHook('onRoute', hideFromOpenApi);
    registerWebSession(scope, container.resolve(FindSessionUser));

    scope.get('/assets/web.css', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(WEB_CSS));
    registerAccountRoutes(scope, container);
    registerApplicationRoutes(scope, container);
    registerAuthorizationRoutes(scope, container);
    registerAuthorizeRoutes(scope, container);
  });
}
