import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FindSessionUser } from '../../application/accounts/find-session-user';
import { CONFIG, type Config } from '../../config-types';
import { registerPageScope } from '../page-kit/page-scope';
import { registerAuthorizeRoutes } from './authorize.routes';
import { registerTokenRoutes } from './token.routes';

/**
 * The OAuth adapter, as one Fastify plugin: the authorization endpoint (a page, in a scope with the web
 * pages' session and CSRF) and the token and revocation endpoints (RFC 6749 errors, form bodies).
 */
export async function oauthPlugin(app: FastifyInstance, { container }: { container: DependencyContainer }): Promise<void> {
  await app.register(async (scope) => {
    await registerPageScope(scope, container.resolve(FindSessionUser), container.resolve<Config>(CONFIG).publicUrl);
    registerAuthorizeRoutes(scope, container);
  });
  await app.register(async (scope) => registerTokenRoutes(scope, container));
}
