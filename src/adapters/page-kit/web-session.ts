import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_S } from '../../application/accounts/start-session';
import type { FindSessionUser, SessionUser } from '../../application/accounts/find-session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the session cookie signs in; null when nobody is signed in (web pages only). */
    webUser: SessionUser | null;
  }
}

export const SESSION_COOKIE = 'pn_session';

/** Cookies are Secure when the request came over HTTPS (directly or, with TRUST_PROXY, through a proxy) or the public URL is HTTPS. */
export function secureCookies(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/** Reads the session cookie of every web request into `request.webUser`. */
export function registerWebSession(scope: FastifyInstance, findSessionUser: FindSessionUser): void {
  scope.decorateRequest('webUser', null);
  // Before validation, so that a form refused by its schema is shown again to the member who sent it.
  scope.addHook('preValidation', async (request) => {
    // The style sheet is the same for everyone: no session look-up for it.
    if (request.url.startsWith('/assets/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.webUser = token ? await findSessionUser.execute(token) : null;
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_LIFETIME_S });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
