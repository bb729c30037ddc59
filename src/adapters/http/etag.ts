import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Precondition } from '../../application/precondition';
import { isApiPath, routedPath } from './request-facts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A PUT or DELETE of a resource that takes `If-Match` (docs/api.md, Caching). A PUT's 200 answer is the resource as a
     * GET by the same caller would show it, so it carries that ETag; the OpenAPI document lists its 412.
     */
    conditional?: boolean;
  }
}

// Views are counted in memory and flushed every few seconds: a count that moved must not defeat caches, so the
// tag is computed with every count read as 0. The body is the service's own JSON, where a string value cannot
// hold an unescaped quote, so only real keys match.
const VIEWS = /"publicViewsCount":\d+/gu;
const VIEWS_KEY = '"publicViewsCount":';

/** The strong entity tag of a JSON body (docs/api.md, Caching): SHA-256 over it with view counts left out. */
export function entityTag(body: string | Buffer): string {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const normalized = text.includes(VIEWS_KEY) ? text.replace(VIEWS, `${VIEWS_KEY}0`) : text;
  return `"${hash('sha256', normalized, 'base64url').slice(0, 32)}"`;
}

/** The tags of an `If-None-Match` or `If-Match` list (`*` stays `*`); weak tags keep their `W/`. */
function listedTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/** `If-None-Match` (RFC 9110 §13.1.2): weak comparison, so `W/"x"` matches `"x"`. */
export function noneMatch(header: string, etag: string): boolean {
  return listedTags(header).some((tag) => tag === '*' || tag.replace(/^W\//u, '') === etag);
}

/** `If-Match` (RFC 9110 §13.1.1): strong comparison, so a weak tag never matches; `*` matches any resource. */
export function ifMatch(header: string, etag: string): boolean {
  return listedTags(header).some((tag) => tag === '*' || tag === etag);
}

/**
 * ETag on every 200 answer to a GET (or HEAD) under /v2, and on the PUTs that answer with the resource; a GET
 * whose `If-None-Match` holds it is answered 304 with no body, keeping every other header (the rate limit's,
 * Cache-Control, Vary). Runs as an `onSend` hook, over the serialised body, before compression.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || !tagged(request) || !isApiPath(routedPath(request))) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = entityTag(payload);
    reply.header('etag', etag);
    const condition = request.headers['if-none-match'];
    if (condition === undefined || request.method === 'PUT' || !noneMatch(condition, etag)) return done(null, payload);
    notModified(reply);
    done(null, null);
  });
}

function tagged(request: FastifyRequest): boolean {
  const method = request.method;
  return method === 'GET' || method === 'HEAD' || (method === 'PUT' && request.routeOptions.config.conditional === true);
}

function notModified(reply: FastifyReply): void {
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
}

/**
 * The request's `If-Match` as a condition on what a GET of the resource by the same caller would answer now:
 * `render` builds that answer's body and `schema` is the GET route's 200 schema, serialised the same way, so the
 * tags compare exactly. Undefined without `If-Match`. When it fails, the 412 carries the current tag.
 */
export function ifMatchPrecondition<T>(
  request: FastifyRequest, reply: FastifyReply, schema: TSchema, render: (current: T) => unknown,
): Precondition<T> | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  // Compiled once per route (Fastify caches it by the schema object).
  const serialize = reply.compileSerializationSchema(schema as unknown as Record<string, unknown>);
  return (current) => {
    const etag = entityTag(serialize(render(current) as Record<string, unknown>));
    if (ifMatch(header, etag)) return true;
    reply.header('etag', etag);
    return false;
  };
}
