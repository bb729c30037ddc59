import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath, presentedToken, routedPath } from './request-facts';

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

/**
 * The API's JSON answers are never documents a browser renders, so they carry only the headers that mean
 * something for such a response: no sniffing it into a document, no framing it, no referrer, and a policy that
 * lets nothing load or run should one be opened. Helmet's others (DNS prefetching, downloads, cross-domain
 * policies, the XSS auditor, origin-keyed agent clusters, CORP) govern pages; on every API answer they were six
 * more header lines for the server to validate and write and for every client to parse (decision `api-security-headers`).
 */
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': FALLBACK_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Swagger UI at /docs: its own scripts and styles (it sets inline styles), and it fetches /v2/openapi.json. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: DEFAULT_CSP },
  frameguard: { action: 'deny' },
  // Note images and avatars are embedded by the pages of API clients on other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  strictTransportSecurity: false,
  // COOP `same-origin` on /oauth/authorize would cut a popup from the application that opened it,
  // breaking popup sign-in flows that report back through `window.opener`.
  crossOriginOpenerPolicy: false,
};

/**
 * The headers helmet sets with these options, asked of it once: they depend on nothing in the request, and
 * running helmet's middleware per request (as @fastify/helmet does, rebuilding it each time) cost more than
 * the note read itself.
 */
export function helmetHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/**
 * Helmet's headers on every response (nosniff, no framing, no referrer, a CSP), a CSP for /docs that
 * lets Swagger UI run, Cache-Control and Vary on /v2 (so no shared cache keeps a member's data), and HSTS on responses that went out over HTTPS (directly, or behind a proxy
 * with TRUST_PROXY and `X-Forwarded-Proto: https`): HSTS over plain HTTP would be ignored or, on a
 * development host, pin it to HTTPS. A request refused before this `onRequest` hook runs (by the UTF-8 guard, or
 * before routing) still gets the essentials from the `onSend` fallback.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(routedPath(request)) ? API_HEADERS : headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = routedPath(request);
    if (isApiPath(path)) setCachePolicy(request, reply);
    else if (path === '/docs' || path.startsWith('/docs/')) reply.header('content-security-policy', DOCS_CSP);
    // Refused before the onRequest hook above ran (the UTF-8 guard, or a request Fastify could not route):
    // the essentials still go out.
    if (!reply.hasHeader('x-content-type-options')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('content-security-policy', FALLBACK_CSP);
    }
    done(null, payload);
  });
}

/**
 * Shared caches and /v2 (docs/security.md): a response to a request that presented a token may hold what only
 * that member may see, so it is `private`, whatever its status; an anonymous successful read is the same for
 * everyone, so `public`; both are revalidated before reuse (`no-cache`). Anything else anonymous (errors, writes,
 * a 429 that is about one address) is `no-store`. `Vary: Authorization` keeps a cache from answering a request
 * with a token from an anonymous response (and `Accept`, `Accept-Encoding` one format or coding with another). A policy a route set itself is kept, unless it would let a shared
 * cache keep a member's response.
 */
function setCachePolicy(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('vary', withVary(String(reply.getHeader('vary') ?? '')));
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

/** What every /v2 answer varies with (docs/api.md, Caching): the caller, the format asked for, the compression. */
const API_VARY = ['Authorization', 'Accept', 'Accept-Encoding'];

const API_VARY_TEXT = API_VARY.join(', ');
const API_VARY_NAMES = new Set(API_VARY.map((name) => name.toLowerCase()));

/**
 * API_VARY, then any other name `vary` held (a `*` already says everything). `Origin`, which `@fastify/cors` adds
 * whenever its options are chosen per request, is dropped: every /v2 answer allows any origin alike.
 */
function withVary(vary: string): string {
  if (vary === '') return API_VARY_TEXT;
  const others = vary.split(',').map((name) => name.trim())
    .filter((name) => name !== '' && !API_VARY_NAMES.has(name.toLowerCase()) && name.toLowerCase() !== 'origin');
  if (others.includes('*')) return '*';
  return others.length === 0 ? API_VARY_TEXT : `${API_VARY_TEXT}, ${others.join(', ')}`;
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
