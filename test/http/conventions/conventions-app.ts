import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { validationOptions } from '../../../src/adapters/http/body-validation';
import { registerConventions, conventionServerOptions } from '../../../src/adapters/http/build-conventions';
import { EmptyEnvelope, ErrorEnvelope, ListEnvelope, SingleEnvelope, empty, list, single } from '../../../src/adapters/http/envelope';
import { parseId } from '../../../src/adapters/http/ids';
import { PagingQuery, nextUrl, toPageRequest } from '../../../src/adapters/http/paging';
import type { TlsOptions } from '../../../src/adapters/http/method-override';
import { DomainError, type DomainErrorKind } from '../../../src/domain/domain-error';

export const THING_COUNT = 45;
export const SQL_MESSAGE = 'syntax error at or near "FROM" in: SELECT password_hash FROM users WHERE id = 1';

const Thing = Type.Object({ id: Type.Integer(), name: Type.String() });
const ThingBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 10 }),
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  location: Type.Optional(Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }) })),
  tags: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
  visibility: Type.Optional(Type.Enum(['public', 'self'])),
  title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
const IdParams = Type.Object({ id: Type.String() });

export interface ConventionsApp {
  app: FastifyInstance;
  /** Every log line written at `error` level or above, parsed. */
  logs: Record<string, unknown>[];
  /** `http://127.0.0.1:<port>` once `listen()` has run. */
  origin: string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** A small app with the conventions and dummy `/v2` routes; `listen()` serves it through the method-override server. */
export function buildConventionsApp(options: { tls?: TlsOptions; bodyLimit?: number } = {}): ConventionsApp {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({
    logger: { level: 'error', stream },
    bodyLimit: options.bodyLimit,
    ...validationOptions(),
    ...conventionServerOptions(options.tls ?? null),
  });
  registerConventions(app);
  addRoutes(app);
  const handle: ConventionsApp = {
    app,
    logs,
    origin: '',
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      handle.origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
      return handle.origin;
    },
    close: () => app.close(),
  };
  return handle;
}

function addRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get('/v2/things', {
    schema: { querystring: Type.Object({ ...PagingQuery, q: Type.Optional(Type.String()) }), response: { 200: ListEnvelope(Thing) } },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const ids = Array.from({ length: THING_COUNT }, (_, i) => i + 1).slice(page.offset, page.offset + page.limit);
    return list(ids.map((id) => ({ id, name: `thing ${id}` })), THING_COUNT, nextUrl(request, page, THING_COUNT));
  });

  typed.get('/v2/things/:id', {
    schema: { params: IdParams, response: { 200: SingleEnvelope(Thing), '4xx': ErrorEnvelope } },
  }, async (request) => single({ id: parseId(request.params.id, 'thing'), name: 'a thing' }));

  typed.post('/v2/things', {
    schema: { body: ThingBody, response: { 201: SingleEnvelope(ThingBody), '4xx': ErrorEnvelope } },
  }, async (request, reply) => {
    reply.code(201);
    return single(request.body, 201);
  });

  typed.delete('/v2/things/:id', { schema: { params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    parseId(request.params.id, 'thing');
    return empty();
  });

  // Echo routes: what the handler saw, with files summarised (a Buffer does not serialise usefully).
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
    typed.route({ method, url: '/v2/echo/:id', handler: async (request) => ({ method: request.method, body: summarise(request.body) }) });
  }

  typed.get('/v2/errors/:kind', async (request) => {
    const kind = (request.params as { kind: DomainErrorKind }).kind;
    if (kind === 'invalid') throw DomainError.invalid([{ name: 'message', problem: 'is required' }]);
    throw new DomainError(kind, `a ${kind} error`, kind === 'insufficient_scope' ? { scope: 'notes' } : {});
  });

  typed.get('/v2/crash', async () => {
    throw new Error(SQL_MESSAGE);
  });

  typed.get('/v2/bad-output', { schema: { response: { 200: SingleEnvelope(Thing) } } }, async () =>
    // A handler bug the types would catch: the response schema turns it into a 500.
    single({ id: 'not a number' } as unknown as { id: number; name: string }));

  typed.get('/v2/rate-limited', async (request, reply) => {
    reply.header('retry-after', '60').header('x-rate-limit-resets-at', '1700000000');
    throw Object.assign(new Error('rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
  });

  typed.get('/v2/teapot', async () => {
    throw Object.assign(new Error('no coffee here'), { statusCode: 418 });
  });
}

function summarise(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return { file: body.toString('utf8') };
  if (Array.isArray(body)) return body.map(summarise);
  if (typeof body === 'object' && body !== null) {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, summarise(value)]));
  }
  return body;
}
