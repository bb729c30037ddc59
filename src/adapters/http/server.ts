import Fastify, { type FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { AuthenticateToken } from '../../application/auth/authenticate-token';
import { CONFIG, type Config } from '../../config-types';
import { registerAuthentication } from './authentication';
import { conventionServerOptions, registerConventions } from './build-conventions';
import { registerHealthRoutes } from './health.routes';
import { serializeRequest } from './log-redaction';
import { registerNoteRoutes } from './notes/notes.routes';
import { registerOpenApi } from './openapi';
import { registerTagRoutes } from './tags/tags.routes';
import { registerUserRoutes } from './users/users.routes';

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
  registerAuthentication(app, container.resolve(AuthenticateToken));
  await registerOpenApi(app, config.publicUrl);
  registerHealthRoutes(app, container);
  registerNoteRoutes(app, container);
  registerUserRoutes(app, container);
  registerTagRoutes(app, container);
  return app;
}
