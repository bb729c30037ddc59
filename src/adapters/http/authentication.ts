import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS, requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { Scope } from '../../domain/scopes';
import type { AuthenticateToken } from '../../application/auth/authenticate-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who makes the request; ANONYMOUS without a token. */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** The scope a route needs (docs/api.md, Scopes); absent: public reads, visibility decides. */
    scope?: Scope;
  }
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/iu;

/** The token a request presents: `Authorization: Bearer`, else `access_token` in the query or form body. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined && /^bearer\b/iu.test(header)) {
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
  return request.routeOptions.url ?? decodedPath(request.url);
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

/**
 * Resolves the actor of every `/v2` request and enforces the scope its route declares (so 401/403 come
 * before 400). A token in the Authorization header or the query is checked in `onRequest`, before the body
 * is read: a made-up token is refused (and counted against the client's address by the rate limit) without
 * its body costing anything. Only a request that may carry its token in a form body waits for the body.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: AuthenticateToken): void {
  app.decorateRequest('actor', null as unknown as Actor);
  const settled = new WeakSet<FastifyRequest>();
  const resolve = async (request: FastifyRequest, token: string | null) => {
    if (token !== null) request.actor = await authenticate.execute(token);
    const scope = request.routeOptions.config.scope;
    if (scope !== undefined) requireScope(request.actor, scope);
  };
  app.addHook('onRequest', async (request) => {
    request.actor = ANONYMOUS;
    if (!isApiPath(routedPath(request))) return;
    const token = presentedToken(request);
    if (token === null && bodyMayCarryToken(request)) return;
    settled.add(request);
    await resolve(request, token);
  });
  app.addHook('preValidation', async (request) => {
    if (settled.has(request) || !isApiPath(routedPath(request))) return;
    await resolve(request, presentedToken(request));
  });
}
