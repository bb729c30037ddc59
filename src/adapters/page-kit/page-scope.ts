import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { FindSessionUser } from '../../application/accounts/find-session-user';
import { registerCsrf } from './csrf';
import { validateForms } from './forms';
import { webErrorHandler } from './web-errors';
import { registerWebSession } from './web-session';

/**
 * Makes an encapsulated scope serve browser pages: cookies, the session (`request.webUser`), CSRF
 * protection for forms, forms checked by their TypeBox schemas, and HTML error pages. The web pages and the authorization endpoint each call it on
 * their own scope, so none of it reaches /v2.
 */
export async function registerPageScope(scope: FastifyInstance, findSessionUser: FindSessionUser, publicUrl: string): Promise<void> {
  await scope.register(cookie);
  await registerCsrf(scope, publicUrl);
  validateForms(scope);
  scope.setErrorHandler(webErrorHandler);
  registerWebSession(scope, findSessionUser);
}
