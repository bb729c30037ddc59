import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { registerBodyParsers } from './body-parsers';
import { clientErrorHandler, errorHandler, frameworkErrors, notFoundHandler } from './error-handler';
import { methodOverrideServerFactory, type TlsOptions } from './method-override';
import { registerUtf8Guard } from './utf8-guard';

/**
 * The HTTP conventions of decisions §2 on one app: UTF-8 checks, body parsers, the error and
 * not-found envelopes. Call it first, before any hook or route is added.
 */
export function registerConventions(app: FastifyInstance): void {
  registerUtf8Guard(app);
  registerBodyParsers(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}

/**
 * The conventions that only `fastify(options)` can take: the method-override server (HTTPS when
 * given TLS) and the envelope for requests that fail before routing.
 */
export function conventionServerOptions(tls: TlsOptions | null = null): Pick<FastifyServerOptions, 'serverFactory' | 'frameworkErrors' | 'clientErrorHandler'> {
  return { serverFactory: methodOverrideServerFactory(tls), frameworkErrors, clientErrorHandler };
}
