import csrfProtection from '@fastify/csrf-protection';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from './web-session';

declare module 'fastify' {
  interface FastifyReply {
    /** A token for the hidden `_csrf` field of a form; sets the CSRF cookie when the browser has none. One token per response. */
    csrfToken(): string;
    /** Replaces the browser's CSRF secret (at log-in and sign-up), so a secret planted before then is worthless. */
    rotateCsrf(): void;
  }
}

/** The CSRF secret's cookie when the public URL is http (development); the token in each form is derived from it. */
export const CSRF_COOKIE = 'pn_csrf';
/**
 * The same cookie when the public URL is https. The `__Host-` prefix (RFC 6265bis §4.1.3.2) makes browsers
 * accept it only Secure, host-only and for path `/`, so a sibling subdomain or a plain-HTTP page cannot
 * plant a secret the attacker knows; a cookie without the prefix is then never read.
 */
export const HOST_CSRF_COOKIE = '__Host-pn_csrf';

/** The codes of @fastify/csrf-protection's refusals (no secret cookie; a token that does not fit it). */
const REFUSALS = new Set(['FST_CSRF_MISSING_SECRET', 'FST_CSRF_INVALID_TOKEN']);

/** Whether an error is a form refused for its CSRF token; the page scope's error handler shows "This form has expired" for it. */
export function isCsrfRefusal(error: Pick<FastifyError, 'code'>): boolean {
  return REFUSALS.has(error.code);
}

/** The CSRF cookie's name: the public URL's scheme decides it, once, when the scope is registered. */
export function csrfCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? HOST_CSRF_COOKIE : CSRF_COOKIE;
}

/**
 * CSRF protection for the forms of a page scope, by @fastify/csrf-protection over @fastify/cookie: an
 * HttpOnly cookie holds a random secret; each form carries a token made from it with a fresh salt, so no
 * two pages show the same token. Forms are checked by `scope.csrfProtection` (a route's preHandler),
 * which reads the token from the `_csrf` field only.
 *
 * The plugin names its cookie once per registration, so the public URL decides the name (an https
 * PUBLIC_URL: `__Host-pn_csrf`); the Secure attribute still follows each request, as the session
 * cookie's does. A deployment that serves HTTPS sets an https PUBLIC_URL (docs/deployment.md).
 */
export async function registerCsrf(scope: FastifyInstance, publicUrl: string): Promise<void> {
  const cookieKey = csrfCookieName(publicUrl);
  const options = {
    cookieKey,
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: cookieKey === HOST_CSRF_COOKIE },
    getToken: (request: FastifyRequest): string | undefined => {
      const token = (request.body as Record<string, unknown> | undefined)?._csrf;
      return typeof token === 'string' ? token : undefined;
    },
    // The plugin's own option (a fastify-plugin gets no context of its own, so Fastify leaves it to the
    // plugin): a refused form is the visitor's business, not an operator's, so it is logged at info.
    logLevel: 'info' as const,
  };
  await scope.register(csrfProtection, options);

  const tokens = new WeakMap<FastifyReply, string>();
  const generate = (reply: FastifyReply): string => {
    const token = reply.generateCsrf({ secure: secureCookies(reply.request, publicUrl) });
    tokens.set(reply, token);
    return token;
  };

  // The plugin makes a new secret whenever the request has none; remembering the token keeps a second
  // form of the same response on the secret the first one set.
  scope.decorateReply('csrfToken', function csrfToken(this: FastifyReply): string {
    return tokens.get(this) ?? generate(this);
  });

  // Without the old secret in the request, the plugin makes a new one and sets it in this response.
  scope.decorateReply('rotateCsrf', function rotateCsrf(this: FastifyReply): void {
    delete this.request.cookies[cookieKey];
    generate(this);
  });
}
