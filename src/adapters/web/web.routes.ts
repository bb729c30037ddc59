import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FindSessionUser } from '../../application/accounts/find-session-user';
import { CONFIG, type Config } from '../../config-types';
import { registerPageScope } from '../page-kit/page-scope';
import { WEB_CSS } from '../page-kit/web-css';
import { registerAccountRoutes } from './accounts.routes';
import { registerApplicationRoutes } from './applications.routes';
import { registerAuthorizationRoutes } from './authorizations.routes';

/**
 * The web adapter, as one Fastify plugin: the browser-facing pages in an encapsulated scope, where cookies,
 * sessions, CSRF and HTML errors apply and from which nothing reaches /v2.
 */
export async function webPlugin(scope: FastifyInstance, { container }: { container: DependencyContainer }): Promise<void> {
  await registerPageScope(scope, container.resolve(FindSessionUser), container.resolve<Config>(CONFIG).publicUrl);
  scope.get('/assets/web.css', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(WEB_CSS));
  registerAccountRoutes(scope, container);
  registerApplicationRoutes(scope, container);
  registerAuthorizationRoutes(scope, container);
}
