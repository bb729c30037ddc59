import { createHash, hash } from 'node:crypto';
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
// hold an unescaped quote, so only real keys match the whole key searched for.
const VIEWS_KEY = Buffer.from('"publicViewsCount":');
const ZERO = Buffer.from('0');
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** The strong entity tag of a JSON body (docs/api.md, Caching): SHA-256 over it with view counts left out. */
export function entityTag(body: string | Buffer): string {
  if (typeof body !== 'string') return tagOfBytes(body);
  // The text's own UTF-8, which the hash would make anyway: in the scratch buffer, or a copy of its own when longer.
  const bytes = body.length * 3 <= scratch.length ? scratch.subarray(0, scratch.write(body, 0, 'utf8')) : Buffer.from(body, 'utf8');
  return quoted(hash('sha256', withCountsBlanked(bytes), 'base64url'));
}

/** Where the next view-count key at or after `from` starts, if it ends by `end`; -1 when there is none. */
function viewsKey(bytes: Buffer, from: number, end: number): number {
  const at = bytes.indexOf(VIEWS_KEY, from);
  return at !== -1 && at + VIEWS_KEY.length <= end ? at : -1;
}

/** Where the digits of a view count whose key ends at `digits` stop (`digits` itself when there are none). */
function countEnd(bytes: Buffer, digits: number, end: number): number {
  let stop = digits;
  while (stop < end && (bytes[stop] ?? 0) >= DIGIT_0 && (bytes[stop] ?? 0) <= DIGIT_9) stop++;
  return stop;
}

/**
 * `bytes` (ours to change) with every view count overwritten by `0` where it lies and the rest moved up: the text
 * normalised without a copy of the text or of its bytes.
 */
function withCountsBlanked(bytes: Buffer): Buffer {
  let end = bytes.length;
  let at = viewsKey(bytes, 0, end);
  // Past `end` lie bytes already moved up: a key found there is not the text's.
  while (at !== -1) {
    const digits = at + VIEWS_KEY.length;
    const stop = countEnd(bytes, digits, end);
    if (stop > digits) {
      bytes[digits] = DIGIT_0;
      bytes.copyWithin(digits + 1, stop, end);
      end -= stop - digits - 1;
    }
    at = viewsKey(bytes, digits + 1, end);
  }
  return bytes.subarray(0, end);
}

/** The same tag over bytes that go out as they are: the parts between view counts are hashed with a `0` for each count, uncopied. */
function tagOfBytes(bytes: Buffer): string {
  let at = viewsKey(bytes, 0, bytes.length);
  if (at === -1) return quoted(hash('sha256', bytes, 'base64url'));
  const digest = createHash('sha256');
  let from = 0;
  while (at !== -1) {
    const digits = at + VIEWS_KEY.length;
    const end = countEnd(bytes, digits, bytes.length);
    if (end > digits) {
      digest.update(bytes.subarray(from, digits)).update(ZERO);
      from = end;
    }
    at = viewsKey(bytes, end, bytes.length);
  }
  return quoted(digest.update(bytes.subarray(from)).digest('base64url'));
}

function quoted(digest: string): string {
  return `"${digest.slice(0, 32)}"`;
}

/**
 * Bodies at least this long (UTF-16 code units) are encoded to UTF-8 once, here, and sent as those bytes. Left as
 * text, a page of 20 notes (30 kB, and held as two-byte text as soon as one character is outside Latin-1, such as a
 * title's `…`) was encoded three times: measured for its length, for the hash, and for the socket, about 100 µs of a
 * 600 µs request. Shorter bodies stay text: encoding them is cheap, and Node writes a text body with its headers in one
 * piece (docs/benchmarks.md).
 */
const ENCODE_ONCE_FROM = 4096;
/** Where large bodies are encoded before being copied out at their exact length: one pass over the text, not two. */
const scratch = Buffer.allocUnsafeSlow(1 << 18);

function utf8(text: string): Buffer {
  if (text.length * 3 > scratch.length) return Buffer.from(text, 'utf8');
  const length = scratch.write(text, 0, 'utf8');
  return Buffer.copyBytesFrom(scratch, 0, length);
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
    const body = typeof payload === 'string' && payload.length >= ENCODE_ONCE_FROM ? utf8(payload) : payload;
    const etag = entityTag(body);
    reply.header('etag', etag);
    const condition = request.headers['if-none-match'];
    if (condition === undefined || request.method === 'PUT' || !noneMatch(condition, etag)) return done(null, body);
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
