import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, presentedToken, routedPath } from './authentication';

/** One year, sub-domains included (the common preload-ready value). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every response by default: JSON needs no resource, and the web pages load only their own style
 * sheet and images. The account and consent pages set the same policy themselves (web-response.ts).
 */
const DEFAULT_CSP = {
  defaultSrc: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Swagger UI at /docs: its own scripts and styles (it sets inline styles), and it fetches /v2/openapi.json. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Helmet's headers on every response (nosniff, no framing, no referrer, a CSP), a CSP for /docs that
 * lets Swagger UI run, Cache-Control and Vary on /v2 (so no shared cache keeps a member's data), and HSTS on responses that went out over HTTPS (directly, or behind a proxy
 * with TRUST_PROXY and `X-Forwarded-Proto: https`): HSTS over plain HTTP would be ignored or, on a
 * development host, pin it to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: DEFAULT_CSP },
    frameguard: { action: 'deny' },
    // Note images and avatars are embedded by the pages of API clients on other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: false,
    // COOP `same-origin` on /oauth/authorize would cut a popup from the application that opened it,
    // breaking popup sign-in flows that report back through `window.opener`.
    crossOriginOpenerPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = routedPath(request);
    if (path === '/docs' || path.startsWith('/docs/')) reply.header('content-security-policy', DOCS_CSP);
    if (isApiPath(path)) setCachePolicy(request, reply);
    // Refused by an earlier onRequest hook (the UTF-8 guard) before helmet's ran: the essentials still go out.
    if (!reply.hasHeader('x-content-type-options') && !reply.raw.hasHeader('x-content-type-options')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('content-security-policy', FALLBACK_CSP);
    }
    return payload;
  });
}

/**
 * Shared caches and /v2 (docs/security.md): a response to a request that presented a token may hold what only
 * that member may see, so it is `private`, whatever its status; an anonymous successful read is the same for
 * everyone, so `public`; both are revalidated before reuse (`no-cache`). Anything else anonymous (errors, writes,
 * a 429 that is about one address) is `no-store`. `Vary: Authorization` keeps a cache from answering a request
 * with a token from an anonymous response. A policy a route set itself is kept, unless it would let a shared
 * cache keep a member's response.
 */
function setCachePolicy(request: FastifyRequest, reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*(authorization|\*)\s*(,|$)/iu.test(vary)) reply.header('vary', vary === '' ? 'Authorization' : `${vary}, Authorization`);
  const own = reply.getHeader('cache-control');
  if (presentsCredentials(request)) {
    if (own === undefined || !/\b(private|no-store)\b/iu.test(String(own))) reply.header('cache-control', 'private, no-cache');
    return;
  }
  if (own !== undefined) return;
  const read = request.method === 'GET' || request.method === 'HEAD';
  const status = reply.statusCode;
  reply.header('cache-control', read && ((status >= 200 && status < 300) || status === 304) ? 'public, no-cache' : 'no-store');
}

/** An Authorization header of any kind, or a token in the query or the form body. */
function presentsCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  try {
    return presentedToken(request) !== null;
  } catch {
    return true;
  }
}
