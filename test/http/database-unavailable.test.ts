import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/adapters/persistence/kysely/database';
import { buildContainer } from '../../src/container';
import { testConfig } from '../support/test-config';
import { deadPort } from '../support/dead-port';

// The whole stack over a PostgreSQL that refuses connections: requests that need it answer 503 `unavailable`
// in the error envelope with Retry-After, /readyz is 503, and what needs no database still answers.

describe('while the database cannot be reached', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await deadPort()}/none` });
    app = await buildApp(buildContainer(testConfig(), { kind: 'database', database }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['a list', 'GET', '/v2/notes'],
    ['a resource', 'GET', '/v2/notes/1'],
    ['an authenticated request (the token lookup needs the database)', 'GET', '/v2/users/1'],
  ])('answers %s with 503 unavailable and Retry-After', async (_what, method, url) => {
    const response = await app.inject({
      method: method as 'GET', url, headers: url === '/v2/users/1' ? { authorization: 'Bearer some-token' } : {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/u);
    expect(response.json()).toEqual({
      meta: {
        http_status: 503,
        error: { type: 'unavailable', message: 'the database is unavailable; try again in a few seconds', requestId: response.headers['x-request-id'] },
      },
    });
  });

  it('answers a write with 503 too, and says nothing of the connection', async () => {
    const response = await app.inject({
      method: 'POST', url: '/v2/notes', headers: { authorization: 'Bearer some-token', 'content-type': 'application/json' },
      payload: { message: 'hello', latitude: 1, longitude: 2 },
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|5432/u);
  });

  it('reports itself not ready, with Retry-After, but alive', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toMatch(/^\d+$/u);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
