import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An incoming id is kept when it is 1–64 characters of these; anything else is replaced. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/u;

/**
 * Fastify's own request id, fed from `X-Request-Id` (docs/api.md, Tracing): the caller's when it is well
 * formed, else a new UUID. Fastify puts it in every log line of the request (`reqId`).
 */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every response carries the request's id, errors included. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
