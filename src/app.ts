import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { hideFromOpenApi } from './adapters/http/openapi';
import { buildServer, type ServerOptions } from './adapters/http/server';
import { oauthPlugin } from './adapters/oauth/oauth.routes';
import { pageNotFound, webPlugin, webSite } from './adapters/web/web.routes';

/**
 * The whole HTTP surface of one process: the HTTP adapter's server (conventions, /v2, operational endpoints)
 * with the OAuth and web adapters registered into it. Pages and OAuth endpoints stay out of the OpenAPI document.
 */
export async function buildApp(container: DependencyContainer, options: ServerOptions = {}): Promise<FastifyInstance> {
  const site = webSite(container);
  const app = await buildServer(container, { pageNotFound: pageNotFound(site), ...options });
  await app.register(async (scope) => {
    scope.addHook('onRoute', hideFromOpenApi);
    await scope.register(oauthPlugin, { container });
    await scope.register(webPlugin, { container, site });
  });
  return app;
}
