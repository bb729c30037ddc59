import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import type { FindSessionUser } from '../../application/accounts/find-session-user';
import { validateForms } from './forms';
import { webErrorHandler } from './web-errors';
import { registerWebSession } from './web-session';

/** The CSRF secret's cookie; the token in each form is derived from it (double submit). */
export const CSRF_COOKIE = 'pn_csrf';

/**
 * Makes an encapsulated scope serve browser pages: cookies, the session (`request.webUser`), CSRF
 * protection for forms, forms checked by their TypeBox schemas, and HTML error pages. The web pages and the authorization endpoint each call it on
 * their own scope, so none of it reaches /v2.
 */
export async function registerPageScope(scope: FastifyInstance, findSessionUser: FindSessionUser): Promise<void> {
  await scope.register(cookie);
  await scope.register(csrfProtection, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true },
    getToken: (request) => {
      const token = (request.body as Record<string, unknown> | undefined)?._csrf;
      return typeof token === 'string' ? token : undefined;
    },
  });
  validateForms(scope);
  scope.setErrorHandler(webErrorHandler);
  registerWebSession(scope, findSessionUser);
}
