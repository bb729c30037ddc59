import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FindSessionUser } from '../../application/accounts/find-session-user';
import { CONFIG, type Config } from '../../config-types';
import { DomainError } from '../../domain/domain-error';
import { registerPageScope } from '../page-kit/page-scope';
import { WEB_CSS, WEB_CSS_URL } from '../page-kit/web-css';
import { webErrorHandler } from '../page-kit/web-errors';
import { HOME, registerAccountRoutes } from './accounts.routes';
import { registerApplicationRoutes } from './applications.routes';
import { registerAccountSettingsRoutes } from './account-settings.routes';
import { registerAuthorizationRoutes } from './authorizations.routes';
import { registerBlockSettingsRoutes } from './blocks.routes';
import { registerEmailVerificationRoutes } from './email-verification.routes';
import { registerPasswordResetRoutes } from './password-reset.routes';
import { siteOf, type Site } from './components/site';
import { notFoundPage } from './not-found.page';
import { registerPublicPageRoutes } from './public-pages.routes';
import { sendPublicPage } from './public-response';
import { registerSecuritySettingsRoutes } from './security-settings.routes';
import { registerSitemapRoutes } from './sitemap.routes';
import { registerTwoStepSignInRoutes } from './two-step-sign-in.routes';
import { registerWebActionRoutes } from './web-actions.routes';
import { loadAssetManifest } from './static-assets';

/** A year: every asset's URL names its content, so a browser never needs to ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The site the public pages are built for: its URL, its hashed assets and its map tiles, worked out once. */
export function webSite(container: DependencyContainer): Site {
  return siteOf(container.resolve<Config>(CONFIG), loadAssetManifest());
}

/** The 404 page, for unknown paths a browser asks for outside every scope (the HTTP adapter calls it). */
export function pageNotFound(site: Site): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (request, reply) => sendPublicPage(reply, site, false, 404, notFoundPage(site, null, request.url.split(/[?#]/u, 1)[0] ?? '/'));
}

/**
 * The web adapter, as one Fastify plugin: the browser-facing pages in an encapsulated scope, where cookies,
 * sessions, CSRF and HTML errors apply and from which nothing reaches /v2.
 */
export async function webPlugin(scope: FastifyInstance, { container, site }: { container: DependencyContainer; site: Site }): Promise<void> {
  await registerPageScope(scope, container.resolve(FindSessionUser), container.resolve<Config>(CONFIG).publicUrl);
  await scope.register(fastifyStatic, { root: __dirname, serve: false });
  registerAssetRoutes(scope, site);
  registerAccountRoutes(scope, container);
  registerTwoStepSignInRoutes(scope, container, HOME);
  registerApplicationRoutes(scope, container);
  registerAuthorizationRoutes(scope, container);
  registerBlockSettingsRoutes(scope, container);
  registerAccountSettingsRoutes(scope, container);
  registerSecuritySettingsRoutes(scope, container);
  registerEmailVerificationRoutes(scope, container);
  registerPasswordResetRoutes(scope, container);
  await scope.register(async (pages) => {
    // A page that is not there, or not for this visitor, is the 404 page; anything else as on the other pages.
    pages.setErrorHandler(async (error: FastifyError | DomainError, request, reply) => {
      const signedIn = request.webUser !== null;
      if (error instanceof DomainError && error.kind === 'not_found') {
        return sendPublicPage(reply, site, signedIn, 404, notFoundPage(site, request.webUser, request.url.split(/[?#]/u, 1)[0] ?? '/'));
      }
      const form = error instanceof DomainError ? await request.routeOptions.config.formErrorPage?.(error, request, reply) : null;
      if (form) return sendPublicPage(reply, site, signedIn, form.status, form.page);
      return webErrorHandler(error, request, reply);
    });
    registerPublicPageRoutes(pages, container, site);
    registerWebActionRoutes(pages, container, site);
    registerSitemapRoutes(pages, container, site);
  });
}

/** The style sheet and scripts, under names that carry their content's hash. */
function registerAssetRoutes(scope: FastifyInstance, site: Site): void {
  scope.get(WEB_CSS_URL, async (_request, reply) => reply.header('cache-control', IMMUTABLE).type('text/css; charset=utf-8').send(WEB_CSS));
  // Browsers ask for it at the root whatever a page links.
  scope.get('/favicon.ico', (_request, reply) => reply.header('cache-control', 'public, max-age=86400')
    .sendFile(site.assets.favicon.file, site.assets.favicon.root, { cacheControl: false }));
  for (const asset of Object.values(site.assets)) {
    scope.get(asset.url, (_request, reply) => reply.sendFile(asset.file, asset.root, { immutable: true, maxAge: 31_536_000_000 }));
  }
}
