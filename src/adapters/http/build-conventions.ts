import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { registerBodyParsers } from './body-parsers';
import { registerFiniteNumbers } from './finite-numbers';
import { clientErrorHandler, errorHandler, frameworkErrors, notFoundHandler } from './error-handler';
import { methodOverrideServerFactory, type TlsOptions } from './method-override';
import { isApiPath } from './request-facts';
import { registerUtf8Guard } from './utf8-guard';

/** Answers an unknown path with a page, for a browser (the web adapter's 404 page). */
export type PageNotFound = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The HTTP conventions of docs/api.md, Conventions on one app: UTF-8 checks, body parsers, the error and
 * not-found envelopes. Call it first, before any hook or route is added.
 */
export function registerConventions(app: FastifyInstance, pageNotFound: PageNotFound | null = null): void {
  registerUtf8Guard(app);
  registerBodyParsers(app);
  registerFiniteNumbers(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(pageNotFound === null ? notFoundHandler : (request, reply) =>
    (wantsPage(request) ? pageNotFound(request, reply) : notFoundHandler(request, reply)));
}

/**
 * An unknown path outside the API and OAuth, read by a browser (GET or HEAD, accepting HTML), gets the 404 page;
 * everything else the JSON envelope, so clients of /v2 never parse HTML.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split(/[?#]/u, 1)[0] ?? '';
  if (isApiPath(path) || path === '/oauth' || path.startsWith('/oauth/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The conventions that only `fastify(options)` can take: the method-override server (HTTPS when
 * given TLS) and the envelope for requests that fail before routing.
 */
export function conventionServerOptions(
  tls: TlsOptions | null = null,
): Pick<FastifyServerOptions, 'serverFactory' | 'frameworkErrors' | 'clientErrorHandler' | keyof typeof SERVER_TIMEOUTS> {
  // The factory serves TLS; Fastify also needs to see the TLS options to name its address `https://…`.
  const tlsOption: object = tls ? { https: tls } : {};
  return { serverFactory: methodOverrideServerFactory(tls), frameworkErrors, clientErrorHandler, ...SERVER_TIMEOUTS, ...tlsOption };
}

/**
 * Slow clients cannot hold sockets for ever (docs/security.md). A whole request, a 64 MiB comment
 * included, must arrive within 2 minutes (then 408); an idle keep-alive socket closes after 65 s,
 * longer than a proxy's usual 60 s so the proxy, not us, closes first; a socket with no traffic at
 * all closes after 130 s (longer than both, so it never cuts a request or a keep-alive short).
 */
export const SERVER_TIMEOUTS = {
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
  connectionTimeout: 130_000,
} as const;
