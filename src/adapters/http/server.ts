import Fastify, { type FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { AuthenticateToken } from '../../application/auth/authenticate-token';
import { CONFIG, type Config } from '../../config-types';
import { registerAuthentication } from './authentication';
import { conventionServerOptions, registerConventions } from './build-conventions';
import { registerCommentRoutes } from './comments/comments.routes';
import { registerFavoriteRoutes } from './favorites/favorites.routes';
import { registerFeedRoutes } from './feed/feed.routes';
import { registerFinderRoutes } from './finders/finders.routes';
import { registerFollowRoutes } from './follows/follows.routes';
import { registerHealthRoutes } from './health.routes';
import { serializeRequest } from './log-redaction';
import { registerMetrics } from './metrics';
import { registerNotemapRoutes } from './notemaps/notemaps.routes';
import { registerNoteRoutes } from './notes/notes.routes';
import { registerOpenApi } from './openapi';
import { registerPlaceRoutes } from './places/places.routes';
import { registerTagRoutes } from './tags/tags.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerTokenRoutes } from '../oauth/token.routes';
import { registerWebRoutes } from '../web/web.routes';

export interface ServerOptions {
  /** Log requests and errors at this level; no logging when absent. */
  logLevel?: Config['logLevel'];
  https?: { key: Buffer; cert: Buffer } | null;
}

/** The whole HTTP surface, wired to the use cases in `container`. */
export async function buildServer(container: DependencyContainer, options: ServerOptions = {}): Promise<FastifyInstance> {
  const config = container.resolve<Config>(CONFIG);
  const app = Fastify({
    logger: options.logLevel === undefined ? false : {
      level: options.logLevel,
      serializers: { req: serializeRequest },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    ...conventionServerOptions(options.https ?? null),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true } },
  });
  registerConventions(app);
  registerMetrics(app);
  registerAuthentication(app, container.resolve(AuthenticateToken));
  await registerOpenApi(app, config.publicUrl);
  registerHealthRoutes(app, container);
  registerNoteRoutes(app, container);
  registerUserRoutes(app, container);
  registerTagRoutes(app, container);
  registerFavoriteRoutes(app, container);
  registerFinderRoutes(app, container);
  registerCommentRoutes(app, container);
  registerNotemapRoutes(app, container);
  registerFollowRoutes(app, container);
  registerPlaceRoutes(app, container);
  registerFeedRoutes(app, container);
  registerWebRoutes(app, container);
  registerTokenRoutes(app, container);
  return app;
}
