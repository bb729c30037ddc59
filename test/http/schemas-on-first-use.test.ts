import { createTestApp, type TestApp } from '../support/test-app';

// Which routes had their schemas compiled: the compilers Fastify is given, counted (decision `schemas-compiled-on-first-use`).
const serialisers: string[] = [];
const validators: string[] = [];

jest.mock('@fastify/fast-json-stringify-compiler', () => {
  const real = jest.requireActual<() => (...args: unknown[]) => (route: { url: string }) => unknown>('@fastify/fast-json-stringify-compiler');
  const counted = () => {
    const factory = real();
    return (...args: unknown[]) => {
      const compile = factory(...args);
      return (route: { url: string; method: string }) => {
        serialisers.push(`${route.method} ${route.url}`);
        return compile(route);
      };
    };
  };
  return Object.assign(counted, { default: counted, SerializerSelector: counted });
});

jest.mock('@fastify/ajv-compiler', () => {
  const real = jest.requireActual<() => (...args: unknown[]) => (route: { url: string; method: string }) => unknown>('@fastify/ajv-compiler');
  const counted = () => {
    const factory = real();
    return (...args: unknown[]) => {
      const compile = factory(...args);
      return (route: { url: string; method: string }) => {
        validators.push(`${route.method} ${route.url}`);
        return compile(route);
      };
    };
  };
  return Object.assign(counted, { default: counted });
});

describe('route schemas compiled at their first use', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('compiles no route\'s validators or serialisers at start, and a route\'s own at its first request, once', async () => {
    expect(serialisers).toEqual([]);
    expect(validators).toEqual([]);

    const user = await t.createUser('first');
    const token = await t.token(user, 'notes');
    const created = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'compiled when first posted', latitude: 38.7, longitude: -9.1 },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;
    for (let i = 0; i < 2; i++) expect((await t.request({ method: 'GET', url: `/v2/notes/${id}` })).statusCode).toBe(200);

    expect(new Set(serialisers)).toEqual(new Set(['POST /v2/notes', 'GET /v2/notes/:id']));
    expect(serialisers.filter((route) => route === 'GET /v2/notes/:id')).toHaveLength(1);
    expect(validators).toContain('GET /v2/notes/:id');
    expect(validators).not.toContain('GET /v2/notes');
    expect(validators).not.toContain('PUT /v2/notes/:id');
  });

  it('still refuses what a schema refuses, with the field named, and still shapes answers by their schema', async () => {
    const user = await t.createUser('second');
    const token = await t.token(user, 'notes');
    const refused = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'no position', latitude: null, longitude: -9.1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('latitude');
    const posted = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'shaped by its schema', latitude: 1, longitude: 2 },
    });
    expect(posted.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: '/v2/notes?limit=1' });
    expect(list.statusCode).toBe(200);
    expect(Object.keys((list.json() as { data: Record<string, unknown>[] }).data[0] ?? {})).toContain('implicit_title');
  });
});
