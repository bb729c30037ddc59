import type { LightMyRequestResponse } from 'fastify';
import { createLimitedApp, type LimitedApp } from './rate-limit-app';

/**
 * docs/security.md: a `/v2` response to a request that presented a token may hold what only that member
 * may see, so no shared cache may keep it (`private`); an anonymous read is the same for everyone
 * (`public`), and both are revalidated before reuse (`no-cache`). `Vary: Authorization` keeps a cache from
 * answering a request with a token from an anonymous response.
 */
describe('Cache-Control on /v2 responses', () => {
  let t: LimitedApp;
  let token: string;
  beforeAll(async () => {
    t = await createLimitedApp({ rateLimitMax: 1_000 });
    token = await t.newToken();
  });
  afterAll(() => t.app.close());

  const bearer = () => ({ authorization: `Bearer ${token}` });
  const varies = (res: LightMyRequestResponse) =>
    String(res.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());

  it('is private for every response to a request with a token, whatever the status', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/v2/notes', headers: bearer() }),
      await t.app.inject({ method: 'GET', url: `/v2/notes?access_token=${token}` }),
      await t.app.inject({ method: 'GET', url: '/v2/feed', headers: bearer() }),
      await t.app.inject({ method: 'GET', url: '/v2/notes/999999', headers: bearer() }),
      await t.app.inject({ method: 'GET', url: '/v2/notes', headers: { authorization: 'Bearer not-a-token' } }),
      await t.app.inject({ method: 'POST', url: '/v2/notes', headers: bearer(), payload: { message: 'hi', latitude: 1, longitude: 2 } }),
      await t.app.inject({
        method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `access_token=${token}&message=form&latitude=1&longitude=2`,
      }),
      await t.app.inject({ method: 'GET', url: '/%762/notes', headers: bearer() }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 401, 201, 201, 200]);
    for (const res of responses) {
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(varies(res)).toContain('authorization');
    }
  });

  it('is public (and revalidated) for an anonymous read, and varies by Authorization', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/notes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(varies(res)).toContain('authorization');
  });

  it('is never stored for an anonymous error or write', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/v2/notes/999999' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: '/v2/notes', payload: { message: 'hi', latitude: 1, longitude: 2 } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
