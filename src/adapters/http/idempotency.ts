import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyStore, KeptAnswer, KeyedRequest } from '../../application/ports/idempotency-store';
import { DomainError } from '../../domain/domain-error';
import { failure } from './envelope';
import { isApiPath, routedPath } from './request-facts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, and the transaction it runs in (null: none, or not claimed). */
    idempotency: KeyedRequest | null;
  }
}

/** 1–255 printable ASCII characters. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/u;
/** How long an answer is kept (docs/api.md, Safe retries). */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** A first request still unanswered after this is taken to have died with its process; a retry runs it again. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** The headers a repeat gets again. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'] as const;

export interface IdempotencyOptions {
  store: IdempotencyStore;
  now: () => Date;
}

/**
 * `Idempotency-Key` on every POST under /v2 (IETF draft `Idempotency-Key` header, as docs/api.md describes):
 * the first request with a key claims it for the caller and its answer is kept for 24 hours; a repeat of the same
 * request gets that answer again with `Idempotent-Replayed: true` and changes nothing; the same key with another
 * request is 422 `idempotency_key_reused`; a repeat while the first is still in flight is 409. 5xx answers are not
 * kept. Claimed in `preValidation`, once the body is parsed and a token in it is known, so 4xx answers from
 * validation on are kept too. The rest of the request runs in one transaction that also keeps its answer
 * (KeyedRequest): a process that dies after the write committed has kept its answer too, and one that dies before
 * leaves neither, so a retry never writes twice.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { store, now } = options;
  app.decorateRequest('idempotency', null);

  app.addHook('preValidation', (request, reply, done) => {
    if (request.method !== 'POST') return done();
    const header = request.headers['idempotency-key'];
    if (header === undefined || !isApiPath(routedPath(request))) return done();
    const key = Array.isArray(header) ? null : header;
    if (key === null || !VALID_KEY.test(key)) {
      return done(DomainError.invalid([{ name: 'Idempotency-Key', problem: 'must be 1 to 255 printable ASCII characters' }]));
    }
    const caller = callerOf(request);
    const fingerprint = fingerprintOf(request);
    const at = now();
    store.begin(caller, key, fingerprint, at, {
      expiresBefore: new Date(at.getTime() - KEEP_MS),
      staleBefore: new Date(at.getTime() - ABANDONED_AFTER_MS),
    }).then((begun) => {
      if (begun.begun) {
        store.transact(caller, key).then((keyed) => {
          request.idempotency = keyed;
          keyed.enter(() => done());
        }, (error: unknown) => {
          // No transaction, so nothing runs: the key is not left in flight.
          store.release(caller, key).then(() => done(error as Error), () => done(error as Error));
        });
        return;
      }
      const { entry } = begun;
      if (entry.fingerprint !== fingerprint) {
        reply.code(422).send(failure(422, 'idempotency_key_reused',
          'this Idempotency-Key was used with another request (method, path or body); use a new key for a new request',
          { requestId: request.id }));
      } else if (entry.answer === null) {
        reply.code(409).send(failure(409, 'conflict',
          'a request with this Idempotency-Key is still being processed; retry once it has been answered', { requestId: request.id }));
      } else {
        replay(reply, entry.answer);
      }
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const keyed = request.idempotency;
    if (keyed === null) return done(null, payload);
    request.idempotency = null;
    if (reply.statusCode >= 500) {
      discard(request, keyed).then(() => done(null, payload), done);
      return;
    }
    const answer = typeof payload === 'string' || Buffer.isBuffer(payload) ? answerOf(reply, payload) : null;
    keyed.keep(answer).then(() => done(null, payload), (error: unknown) => {
      // Neither the write nor its answer landed: say so, as for any failed write; a retry runs again.
      request.log.error({ err: error }, 'committing the request of an Idempotency-Key failed');
      const unavailable = error instanceof DomainError && error.kind === 'unavailable';
      const status = unavailable ? 503 : 500;
      reply.code(status).removeHeader('location').removeHeader('etag').header('content-type', 'application/json; charset=utf-8');
      done(null, JSON.stringify(failure(status, unavailable ? 'unavailable' : 'internal',
        unavailable ? 'the database is unavailable; try again in a few seconds' : 'the request could not be completed; it changed nothing, retry it',
        { requestId: request.id })));
    });
  });

  // A request that ended without an answer (its connection closed) still ends its transaction.
  app.addHook('onResponse', (request, _reply, done) => {
    const keyed = request.idempotency;
    if (keyed === null) return done();
    request.idempotency = null;
    discard(request, keyed).then(() => done(), done);
  });
}

/** Rolls a keyed request back; a failure is logged (the answer goes out whatever happens). */
async function discard(request: FastifyRequest, keyed: KeyedRequest): Promise<void> {
  try {
    await keyed.discard();
  } catch (error) {
    request.log.error({ err: error }, 'rolling back the request of an Idempotency-Key failed');
  }
}

/** Whose keys these are: the token's user and application, or the client's address when anonymous. */
function callerOf(request: FastifyRequest): string {
  const { userId, clientId } = request.actor;
  return userId === null ? `ip:${request.ip}` : `user:${userId}:client:${clientId ?? '-'}`;
}

function answerOf(reply: FastifyReply, payload: string | Buffer): KeptAnswer {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { status: reply.statusCode, headers, body: typeof payload === 'string' ? payload : payload.toString('utf8') };
}

function replay(reply: FastifyReply, answer: KeptAnswer): void {
  reply.code(answer.status).headers(answer.headers).header('idempotent-replayed', 'true').send(answer.body);
}

// Markers of the walk below: they close an object or an array, or name the key whose value follows.
const CLOSE_OBJECT = Symbol('}');
const CLOSE_ARRAY = Symbol(']');
class KeyMark {
  constructor(readonly key: string) {}
}

/**
 * The request as a repeat must match it: method, path with query, and the body's content (parsed: its fields in a
 * fixed order, uploaded files by their bytes' SHA-256). A walk with its own stack: bodies are not validated yet and
 * may nest deeply.
 */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const pending: unknown[] = [request.body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === CLOSE_OBJECT) hash.update('}');
    else if (value === CLOSE_ARRAY) hash.update(']');
    else if (value instanceof KeyMark) hash.update(`${JSON.stringify(value.key)}:`);
    else if (Buffer.isBuffer(value)) hash.update(`bytes:${createHash('sha256').update(value).digest('hex')},`);
    else if (Array.isArray(value)) {
      hash.update('[');
      pending.push(CLOSE_ARRAY);
      for (let i = value.length - 1; i >= 0; i--) pending.push(value[i]);
    } else if (typeof value === 'object' && value !== null) {
      hash.update('{');
      pending.push(CLOSE_OBJECT);
      const keys = Object.keys(value).sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push((value as Record<string, unknown>)[key], new KeyMark(key));
      }
    } else {
      hash.update(`${value === undefined ? 'undefined' : JSON.stringify(value)},`);
    }
  }
  return hash.digest('base64url');
}

