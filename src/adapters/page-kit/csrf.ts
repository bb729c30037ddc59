import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from './web-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of every form POST: refuses (403) a form whose `_csrf` token does not fit this browser's CSRF cookie. */
    verifyCsrf(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyReply {
    /** A token for the hidden `_csrf` field of a form; sets the CSRF cookie when the browser has none. */
    csrfToken(): string;
    /** Replaces the browser's CSRF secret (at log-in and sign-up), so a secret planted before then is worthless. */
    rotateCsrf(): void;
  }
}

/** The CSRF secret's cookie over plain HTTP (development); the token in each form is derived from it (signed double submit). */
export const CSRF_COOKIE = 'pn_csrf';
/**
 * The same cookie whenever cookies are Secure. The `__Host-` prefix (RFC 6265bis §4.1.3.2) makes browsers
 * accept it only Secure, host-only and for path `/`, so a sibling subdomain or a plain-HTTP page cannot
 * plant a secret the attacker knows; a cookie without the prefix is then never read.
 */
export const HOST_CSRF_COOKIE = '__Host-pn_csrf';

/** Why a form was refused; the page scope's error handler shows "This form has expired" for it. */
export class CsrfError extends Error {
  readonly statusCode = 403;
  readonly code = 'PN_CSRF_REFUSED';
}

/**
 * CSRF protection for the forms of a page scope: an HttpOnly cookie holds a random secret; each form
 * carries `salt.HMAC-SHA256(secret, salt)`, a fresh salt per page, so no two pages show the same token.
 */
export function registerCsrf(scope: FastifyInstance, publicUrl: string): void {
  const cookieName = (request: FastifyRequest) => (secureCookies(request, publicUrl) ? HOST_CSRF_COOKIE : CSRF_COOKIE);
  const setSecret = (reply: FastifyReply, secret: string) => {
    const secure = secureCookies(reply.request, publicUrl);
    reply.setCookie(secure ? HOST_CSRF_COOKIE : CSRF_COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  };

  scope.decorateReply('csrfToken', function csrfToken(this: FastifyReply): string {
    let secret = this.request.cookies[cookieName(this.request)];
    if (!secret) {
      secret = newCsrfSecret();
      setSecret(this, secret);
      // Later forms of the same response use the secret just set.
      this.request.cookies[cookieName(this.request)] = secret;
    }
    return tokenFor(secret);
  });

  scope.decorateReply('rotateCsrf', function rotateCsrf(this: FastifyReply): void {
    const secret = newCsrfSecret();
    setSecret(this, secret);
    this.request.cookies[cookieName(this.request)] = secret;
  });

  scope.decorate('verifyCsrf', async (request: FastifyRequest) => {
    const secret = request.cookies[cookieName(request)];
    const token = (request.body as Record<string, unknown> | undefined)?._csrf;
    if (!secret || typeof token !== 'string' || !fits(secret, token)) {
      request.log.info({ status: 403, reason: secret ? 'token' : 'no secret' }, 'refused a form without a valid CSRF token');
      throw new CsrfError('the form does not carry this browser’s CSRF token');
    }
  });
}

function newCsrfSecret(): string {
  return randomBytes(32).toString('base64url');
}

function mac(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(salt).digest('base64url');
}

function tokenFor(secret: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}.${mac(secret, salt)}`;
}

function fits(secret: string, token: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(mac(secret, token.slice(0, dot)));
  const presented = Buffer.from(token.slice(dot + 1));
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
