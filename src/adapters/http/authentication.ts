import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS, requireScope, type Actor } from '../../domain/actor';
import type { Scope } from '../../domain/scopes';
import type { AuthenticateToken } from '../../application/auth/authenticate-token';
import { bodyMayCarryToken, isApiPath, presentedToken, routedPath } from './request-facts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who makes the request; ANONYMOUS without a token. */
    actor: Actor;
    /** Whether the actor was resolved in onRequest (else it waits for a form body that may name the token). */
    actorSettled: boolean;
  }
  interface FastifyContextConfig {
    /** The scope a route needs (docs/api.md, Scopes); absent: public reads, visibility decides. */
    scope?: Scope;
  }
}

/**
 * Resolves the actor of every `/v2` request and enforces the scope its route declares (so 401/403 come
 * before 400). A token in the Authorization header or the query is checked in `onRequest`, before the body
 * is read: a made-up token is refused (and counted against the client's address by the rate limit) without
 * its body costing anything. Only a request that may carry its token in a form body waits for the body.
 * The hooks take callbacks: an anonymous request passes without a promise or a tick.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: AuthenticateToken): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('actorSettled', false);
  const resolve = (request: FastifyRequest, token: string | null, done: (error?: Error) => void): void => {
    const enforce = (): void => {
      const scope = request.routeOptions.config.scope;
      if (scope !== undefined) requireScope(request.actor, scope);
    };
    if (token === null) {
      enforce();
      return done();
    }
    authenticate.execute(token).then((actor) => {
      request.actor = actor;
      enforce();
    }).then(() => done(), done);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    request.actor = ANONYMOUS;
    if (!isApiPath(routedPath(request))) return done();
    const token = presentedToken(request);
    if (token === null && bodyMayCarryToken(request)) return done();
    request.actorSettled = true;
    resolve(request, token, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.actorSettled || !isApiPath(routedPath(request))) return done();
    resolve(request, presentedToken(request), done);
  });
}
