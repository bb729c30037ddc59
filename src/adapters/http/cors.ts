import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './request-facts';

/** The OAuth endpoints a browser application calls itself (the token exchange and revocation). */
const BROWSER_OAUTH_PATHS = new Set(['/oauth/access_token', '/oauth/revoke']);

/** What a browser may send to the API and read from it (docs/api.md, Browsers). Lists as strings: joined once. */
const API_CORS: FastifyCorsOptions = {
  // Credentials are bearer tokens, never cookies: any origin may call, and nothing is sent with credentials.
  origin: '*',
  credentials: false,
  methods: 'GET, HEAD, POST, PUT, DELETE',
  allowedHeaders: 'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, X-HTTP-Method-Override',
  exposedHeaders: 'ETag, Location, Link, Retry-After, Idempotent-Replayed, X-Request-Id, '
    + 'X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Resets-At',
  // A browser may keep a preflight's answer for 10 minutes instead of asking before every call.
  maxAge: 600,
};
const NO_CORS: FastifyCorsOptions = { origin: false };

/** Whether a request's path (raw, before routing: a preflight has no route of its own) takes CORS. */
function takesCors(request: FastifyRequest): boolean {
  const url = request.url;
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  return isApiPath(path) || BROWSER_OAUTH_PATHS.has(path);
}

/**
 * CORS with `@fastify/cors`, for `/v2` and the two OAuth endpoints browsers call; web pages and
 * `/oauth/authorize` send no CORS headers. Preflights are answered 204 in `onRequest`, before the rate limit
 * and authentication see them. Register before the routes.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => callback(null, takesCors(request) ? API_CORS : NO_CORS),
  });
}
