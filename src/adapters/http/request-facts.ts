import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/domain-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** routedPath's answer, worked out once per request (null until asked). */
    routedPathOnce: string | null;
  }
}

/**
 * What several hooks ask of every request, answered once: Fastify builds `request.routeOptions` afresh on
 * each read, and the path, the area and the token are wanted by the rate limit, authentication, the headers
 * and the metrics alike. Call it before any hook is added.
 */
export function registerRequestFacts(app: FastifyInstance): void {
  app.decorateRequest('routedPathOnce', null);
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/iu;
const BEARER_SCHEME = /^bearer\b/iu;

/** The token a request presents: `Authorization: Bearer`, else `access_token` in the query or form body. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined && BEARER_SCHEME.test(header)) {
    const match = BEARER.exec(header);
    if (match?.[1] === undefined) throw new DomainError('invalid_token', 'the Authorization header is not a valid bearer token');
    return match[1];
  }
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.access_token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const body = request.body;
  if (request.method !== 'GET' && typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
    const fromBody = (body as Record<string, unknown>).access_token;
    if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  }
  return null;
}

/**
 * The path as the router matched it: the route's pattern (`/v2/notes/:id`), or for a request no route
 * matched, its path percent-decoded (an absolute-form target's origin left out). The raw `request.url` is
 * not it: `/%762/notes` and `GET http://host/v2/notes` reach `/v2/notes` too (docs/security.md).
 */
export function routedPath(request: FastifyRequest): string {
  return request.routedPathOnce ??= request.routeOptions.url ?? decodedPath(request.url);
}

/** `/v2` and everything under it: the API. */
export function isApiPath(path: string): boolean {
  return path === '/v2' || path.startsWith('/v2/');
}

/** A request whose body could name `access_token` (presentedToken reads it for any method but GET). */
export function bodyMayCarryToken(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return request.headers['content-type'] !== undefined;
}

// The router's reading of a target: an absolute form's origin is skipped, the path ends at `?` or `#`.
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/u;

function decodedPath(url: string): string {
  const local = url.startsWith('/') ? url : url.replace(ORIGIN, '');
  const end = local.search(/[?#]/u);
  const path = end === -1 ? local : local.slice(0, end);
  try {
    return decodeURIComponent(path === '' ? '/' : path);
  } catch {
    return path;
  }
}
