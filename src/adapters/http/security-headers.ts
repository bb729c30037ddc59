import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * lets Swagger UI run, and HSTS on responses that went out over HTTPS (directly, or behind a proxy
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
    const path = request.url.split('?', 1)[0] ?? '';
    if (path === '/docs' || path.startsWith('/docs/')) reply.header('content-security-policy', DOCS_CSP);
    // Refused by an earlier onRequest hook (the UTF-8 guard) before helmet's ran: the essentials still go out.
    if (!reply.hasHeader('x-content-type-options') && !reply.raw.hasHeader('x-content-type-options')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('content-security-policy', FALLBACK_CSP);
    }
    return payload;
  });
}
