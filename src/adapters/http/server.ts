import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type Redis from 'ioredis';
import type { DependencyContainer } from 'tsyringe';
import { AuthenticateToken } from '../../application/auth/authenticate-token';
import { CLOCK, type Clock } from '../../application/ports/clock';
import { IDEMPOTENCY_STORE, type IdempotencyStore } from '../../application/ports/idempotency-store';
import { CONFIG, type Config } from '../../config-types';
import { registerAuthentication } from './authentication';
import { validationOptions } from './body-validation';
import { conventionServerOptions, registerConventions, type PageNotFound } from './build-conventions';
import { registerCommentRoutes } from './comments/comments.routes';
import { registerFavoriteRoutes } from './favorites/favorites.routes';
import { registerFeedRoutes } from './feed/feed.routes';
import { registerFinderRoutes } from './finders/finders.routes';
import { registerFollowRoutes } from './follows/follows.routes';
import { registerBlockRoutes } from './blocks/blocks.routes';
import { registerHealthRoutes } from './health.routes';
import { registerImageRoutes } from './images/images.routes';
import { REDACTED_LOG_PATHS, serializeRequest } from './log-redaction';
import { registerRequestFacts } from './request-facts';
import { registerMetrics } from './metrics';
import { registerNotemapRoutes } from './notemaps/notemaps.routes';
import { registerNoteRoutes } from './notes/notes.routes';
import { registerOpenApi } from './openapi';
import { registerPlaceRoutes } from './places/places.routes';
import { registerCompression } from './compression';
import { registerCors } from './cors';
import { registerEtags } from './etag';
import { registerIdempotency } from './idempotency';
import { registerLinkHeader } from './link-header';
import { registerRateLimit } from './rate-limit';
import { genReqId, registerRequestId } from './request-id';
import { RATE_LIMIT_REDIS } from './rate-limit-redis';
import { registerSecurityHeaders } from './security-headers';
import { registerTagRoutes } from './tags/tags.routes';
import { registerChangeRoutes } from './changes/changes.routes';
import { registerWebhookRoutes } from './webhooks/webhooks.routes';
import { registerAvatarRoutes } from './users/avatar.routes';
import { registerUserRoutes } from './users/users.routes';

export interface ServerOptions {
  /** Log requests and errors at this level; no logging when absent. */
  logLevel?: Config['logLevel'];
  https?: { key: Buffer; cert: Buffer } | null;
  /** Where log lines go (stdout when absent); tests read them to check that no secret is logged. */
  logStream?: { write(line: string): void };
  /** Called with every route as it is added (the authorization matrix and fuzz tests collect the route table). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * `false` leaves out what serves clients beyond the specification (docs/api.md: CORS, compression, the
   * `X-Request-Id` header, ETags and 304s, `Link`, Idempotency-Key): only `npm run bench` does, to measure their cost.
   */
  clientFeatures?: boolean;
  /** The page an unknown path answers a browser with (the web adapter's); without it, the JSON 404 alone. */
  pageNotFound?: PageNotFound;
}

/** The HTTP adapter: the server with its conventions, operational endpoints and the /v2 API, wired to `container`. */
export async function buildServer(container: DependencyContainer, options: ServerOptions = {}): Promise<FastifyInstance> {
  const config = container.resolve<Config>(CONFIG);
  const features = options.clientFeatures ?? true;
  const app = Fastify({
    logger: options.logLevel === undefined ? false : {
      level: options.logLevel,
      serializers: { req: serializeRequest },
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    ...conventionServerOptions(options.https ?? null),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    // X-Request-Id when it is well formed, else a new UUID; Fastify logs it with every line of the request.
    ...(features ? { genReqId } : {}),
    // While closing, a request that already reached the server is served (with `Connection: close`), not
    // answered by Fastify's bare 503 outside the envelope: in-flight requests finish normally (docs/operations.md, Stopping).
    return503OnClosing: false,
    ...validationOptions(),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerRequestFacts(app);
  if (features) registerRequestId(app);
  closingAndUnavailable(app);
  registerConventions(app, options.pageNotFound ?? null);
  registerMetrics(app, { token: config.metricsToken });
  registerSecurityHeaders(app);
  // Preflights are answered before the rate limit counts them or authentication looks for a token.
  if (features) await registerCors(app);
  // Before authentication: a refused token is counted too, and its 401 carries the rate-limit headers.
  await registerRateLimit(app, {
    max: config.rateLimitMax,
    windowS: config.rateLimitWindowS,
    redis: container.resolve<Redis | null>(RATE_LIMIT_REDIS),
  });
  registerAuthentication(app, container.resolve(AuthenticateToken));
  // After authentication (its preValidation knows a token sent in the body): keys belong to the caller.
  const clock = container.resolve<Clock>(CLOCK);
  if (features) {
    registerIdempotency(app, { store: container.resolve<IdempotencyStore>(IDEMPOTENCY_STORE), now: () => clock.now() });
    registerLinkHeader(app);
    // Over the serialised body, after the hooks above set their headers; a 304 keeps them.
    registerEtags(app);
    // After every app-wide onSend hook, before any route (it hooks each route as it is added).
    await registerCompression(app);
  }
  await registerOpenApi(app, config.publicUrl);
  registerHealthRoutes(app, container);
  registerNoteRoutes(app, container);
  registerUserRoutes(app, container);
  registerAvatarRoutes(app, container);
  registerImageRoutes(app, container);
  registerTagRoutes(app, container);
  registerFavoriteRoutes(app, container);
  registerFinderRoutes(app, container);
  registerCommentRoutes(app, container);
  registerNotemapRoutes(app, container);
  registerFollowRoutes(app, container);
  registerBlockRoutes(app, container);
  registerPlaceRoutes(app, container);
  registerFeedRoutes(app, container);
  registerChangeRoutes(app, container);
  registerWebhookRoutes(app, container);
  return app;
}

// What a 503 tells clients to wait before trying again: the database is back within seconds after a restart
// or failover, and the pool reconnects by itself (docs/operations.md, Losing the database).
const RETRY_AFTER_S = '5';

/**
 * Two rules of every answer, in one hook (every app-wide hook costs each request its turn):
 * - Every 503 (the `unavailable` error kind, /readyz) says when to try again; one that already does is kept.
 * - Once the server is closing, every answer carries `Connection: close` and ends its connection, so a client that
 *   would keep it idle cannot hold a stop open until the keep-alive timeout (docs/operations.md, Stopping). Fastify
 *   does this itself only for requests that arrive after the close began, not for those in flight.
 */
function closingAndUnavailable(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_S);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
