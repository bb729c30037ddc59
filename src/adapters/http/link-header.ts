import type { FastifyInstance } from 'fastify';

/**
 * `Link: <nextUrl>; rel="next"` (RFC 8288) on every list whose `meta.nextUrl` is not null, so a client can page
 * from the headers alone. Read from the envelope before it is serialised.
 */
export function registerLinkHeader(app: FastifyInstance): void {
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    const next = (payload as { meta?: { nextUrl?: unknown } } | null)?.meta?.nextUrl;
    if (typeof next === 'string' && next !== '') reply.header('link', `<${next}>; rel="next"`);
    done(null, payload);
  });
}
