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
    /** The scope a route needs (decisions §5); absent: public reads, visibility decides. */
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
 * Resolves the actor of every `/v2` request before validation (so 401/403 come before 400),
 * then enforces the scope the route declares.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: AuthenticateToken): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('preValidation', async (request) => {
    request.actor = ANONYMOUS;
    if (!request.url.startsWith('/v2/')) return;
    const token = presentedToken(request);
    if (token !== null) request.actor = await authenticate.execute(token);
    const scope = request.routeOptions.config.scope;
    if (scope !== undefined) requireScope(request.actor, scope);
  });
}
