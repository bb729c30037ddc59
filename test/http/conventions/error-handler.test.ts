import { buildConventionsApp, SQL_MESSAGE, type ConventionsApp } from './conventions-app';

describe('error handler and not-found handler', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('DomainError kinds, one table', () => {
    it.each([
      ['invalid', 400, 'bad_request'],
      ['unauthenticated', 401, 'unauthorized'],
      ['invalid_token', 401, 'unauthorized'],
      ['forbidden', 403, 'forbidden'],
      ['insufficient_scope', 403, 'forbidden'],
      ['not_found', 404, 'not_found'],
      ['conflict', 409, 'conflict'],
    ])('%s → %i %s in the error envelope', async (kind, status, type) => {
      const response = await get(`/v2/errors/${kind}`);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(body.meta.http_status).toBe(status);
      expect(body.meta.error.type).toBe(type);
      expect(typeof body.meta.error.message).toBe('string');
      expect(Object.keys(body)).toEqual(['meta']);
    });

    it('invalid carries its fields', async () => {
      const body = (await get('/v2/errors/invalid')).json();
      expect(body.meta.error).toEqual({ type: 'bad_request', message: 'message is required', fields: [{ name: 'message', problem: 'is required' }], requestId: expect.any(String) });
    });

    it('a kind without fields has no `fields` key', async () => {
      const body = (await get('/v2/errors/not_found')).json();
      expect(body).toEqual({ meta: { http_status: 404, error: { type: 'not_found', message: 'a not_found error', requestId: expect.any(String) } } });
    });

    it('unauthenticated challenges with the realm', async () => {
      expect((await get('/v2/errors/unauthenticated')).headers['www-authenticate']).toBe('Bearer realm="place-notes"');
    });

    it('invalid_token adds error="invalid_token"', async () => {
      expect((await get('/v2/errors/invalid_token')).headers['www-authenticate'])
        .toBe('Bearer realm="place-notes", error="invalid_token"');
    });

    it('insufficient_scope names the scope', async () => {
      expect((await get('/v2/errors/insufficient_scope')).headers['www-authenticate'])
        .toBe('Bearer realm="place-notes", error="insufficient_scope", scope="notes"');
    });

    it('forbidden, not_found and conflict carry no challenge', async () => {
      for (const kind of ['forbidden', 'not_found', 'conflict']) {
        expect((await get(`/v2/errors/${kind}`)).headers['www-authenticate']).toBeUndefined();
      }
    });
  });

  describe('validation errors', () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/v2/things', payload });

    it('a missing property is "is required", named by the property', async () => {
      const response = await post({});
      expect(response.statusCode).toBe(400);
      expect(response.json().meta.error).toEqual({
        type: 'bad_request',
        message: 'name is required',
        fields: [{ name: 'name', problem: 'is required' }],
        requestId: expect.any(String),
      });
    });

    it('lists every failing field, nested names with dots and indexes', async () => {
      const response = await post({ name: '', count: -1, location: { latitude: 91 }, tags: ['a', 'b', 'c', 'd'], visibility: 'secret' });
      expect(response.statusCode).toBe(400);
      const fields = response.json().meta.error.fields;
      expect(fields).toEqual(expect.arrayContaining([
        { name: 'name', problem: 'must not be empty' },
        { name: 'count', problem: 'must be at least 0' },
        { name: 'location.latitude', problem: 'must be at most 90' },
        { name: 'tags', problem: 'must have at most 3 items' },
        { name: 'visibility', problem: 'must be one of: public, self' },
      ]));
      expect(fields).toHaveLength(5);
    });

    it('a wrong type reads as a type, and a union collapses to one line', async () => {
      const response = await post({ name: 'x', count: 'many', title: { a: 1 } });
      expect(response.json().meta.error.fields).toEqual([
        { name: 'count', problem: 'must be an integer' },
        { name: 'title', problem: 'must be a string or null' },
      ]);
    });

    it('an array element is named with its index', async () => {
      const response = await post({ name: 'x', tags: ['ok', { no: true }] });
      expect(response.json().meta.error.fields).toEqual([{ name: 'tags[1]', problem: 'must be a string' }]);
    });

    it('a missing body is named "body"', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/v2/things' });
      expect(response.statusCode).toBe(400);
      expect(response.json().meta.error.fields).toEqual([{ name: 'body', problem: 'must be an object' }]);
    });

    it('a query parameter is named as such', async () => {
      const response = await get('/v2/things?limit=abc');
      expect(response.statusCode).toBe(400);
      expect(response.json().meta.error.fields).toEqual([{ name: 'limit', problem: 'must be an integer' }]);
    });
  });

  describe('faults', () => {
    it('a plain Error is a 500 `internal` with no stack and no SQL, and is logged in full', async () => {
      t.logs.length = 0;
      const response = await get('/v2/crash');
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body.meta).toEqual({ http_status: 500, error: { type: 'internal', message: expect.stringMatching(/^internal error \(request .+\)$/), requestId: expect.any(String) } });
      expect(response.body).not.toMatch(/SELECT|password|FROM|at .*\.ts|stack/i);
      const logged = t.logs.find((line) => (line.err as { message?: string } | undefined)?.message === SQL_MESSAGE);
      expect(logged).toBeDefined();
      expect((logged?.err as { stack?: string }).stack).toContain('conventions-app');
    });

    it('a response that breaks its schema is a 500 `internal`', async () => {
      const response = await get('/v2/bad-output');
      expect(response.statusCode).toBe(500);
      expect(response.json().meta.error.type).toBe('internal');
    });

    it('a 429 keeps its headers and its message', async () => {
      const response = await get('/v2/rate-limited');
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.headers['x-rate-limit-resets-at']).toBe('1700000000');
      expect(response.json()).toEqual({ meta: { http_status: 429, error: { type: 'rate_limited', message: 'rate limit exceeded, retry in 1 minute', requestId: expect.any(String) } } });
    });

    it('another 4xx keeps its status as a bad_request', async () => {
      const response = await get('/v2/teapot');
      expect(response.statusCode).toBe(418);
      expect(response.json().meta.error).toEqual({ type: 'bad_request', message: 'no coffee here', requestId: expect.any(String) });
    });
  });

  describe('unknown routes', () => {
    it('are a 404 envelope naming the method and path, never the query', async () => {
      const response = await get('/v2/nowhere?access_token=secret');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ meta: { http_status: 404, error: { type: 'not_found', message: 'GET /v2/nowhere does not exist', requestId: expect.any(String) } } });
      expect(response.body).not.toContain('secret');
    });

    it('never echo what follows a # either (the router reads a query there too)', async () => {
      const response = await get('/v2/nowhere#&access_token=secret');
      expect(response.statusCode).toBe(404);
      expect(response.json().meta.error.message).toBe('GET /v2/nowhere does not exist');
      expect(response.body).not.toContain('secret');
    });

    it('an unrouted method is a 404 envelope too', async () => {
      const response = await t.app.inject({ method: 'PATCH', url: '/v2/things' });
      expect(response.statusCode).toBe(404);
      expect(response.json().meta.error.type).toBe('not_found');
    });

    it('a path whose escapes are not UTF-8 fails before routing, in the envelope (frameworkErrors)', async () => {
      const response = await get('/v2/things/caf%E9');
      expect(response.statusCode).toBe(400);
      expect(response.json().meta.error.type).toBe('bad_request');
    });
  });
});
