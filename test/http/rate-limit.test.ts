import type { LightMyRequestResponse } from 'fastify';
import { WEB_LIMIT_FACTOR } from '../../src/adapters/http/rate-limit';
import { createLimitedApp, type LimitedApp } from './rate-limit-app';

const MAX = 5;
const WINDOW_S = 600;

const nowS = () => Math.floor(Date.now() / 1000);

function limitHeaders(res: LightMyRequestResponse) {
  return {
    limit: res.headers['x-rate-limit-limit'],
    remaining: res.headers['x-rate-limit-remaining'],
    resetsAt: Number(res.headers['x-rate-limit-resets-at']),
  };
}

describe('rate limit (docs/security.md)', () => {
  let t: LimitedApp;
  beforeEach(async () => { t = await createLimitedApp({ rateLimitMax: MAX, rateLimitWindowS: WINDOW_S }); });
  afterEach(() => t.app.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('puts the limit, what remains and the reset time (Unix seconds) on every /v2 response, errors included', async () => {
    const token = await t.newToken();
    const before = nowS();
    const responses = [
      await get('/v2/notes', bearer(token)),
      await get('/v2/notes/999999', bearer(token)),
      await get('/v2/notes?limit=1000', bearer(token)),
      await t.app.inject({ method: 'POST', url: '/v2/notes', headers: bearer(token), payload: {} }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 400, 400]);
    responses.forEach((res, i) => {
      const h = limitHeaders(res);
      expect(h.limit).toBe(String(MAX));
      expect(h.remaining).toBe(String(MAX - 1 - i));
      expect(res.headers['x-rate-limit-resets-at']).toMatch(/^\d+$/);
      expect(h.resetsAt).toBeGreaterThanOrEqual(before + WINDOW_S);
      expect(h.resetsAt).toBeLessThanOrEqual(nowS() + WINDOW_S + 1);
    });
  });

  it('answers 429 past the limit, with Retry-After and the envelope saying when to retry', async () => {
    const token = await t.newToken();
    for (let i = 0; i < MAX; i++) expect((await get('/v2/notes', bearer(token))).statusCode).toBe(200);
    const res = await get('/v2/notes', bearer(token));
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_S - 5);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
    expect(limitHeaders(res)).toMatchObject({ limit: String(MAX), remaining: '0' });
    const body = res.json();
    expect(body.meta.http_status).toBe(429);
    expect(body.meta.error.type).toBe('rate_limited');
    expect(body.meta.error.message).toMatch(
      new RegExp(`^rate limit of ${MAX} requests per ${WINDOW_S} s exceeded; retry after \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(in ${retryAfter} s\\)$`),
    );
    const at = /retry after (\S+)/.exec(body.meta.error.message)?.[1] ?? '';
    expect(Date.parse(at) / 1000).toBe(limitHeaders(res).resetsAt);
  });

  it('counts per access token, whether it comes in the header, the query or a form body', async () => {
    const [one, two] = [await t.newToken(), await t.newToken()];
    for (let i = 0; i < MAX - 2; i++) await get('/v2/notes', bearer(one));
    expect(limitHeaders(await get(`/v2/notes?access_token=${one}`)).remaining).toBe('1');
    const form = await t.app.inject({
      method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${one}&message=hello&latitude=1&longitude=2`,
    });
    expect(form.statusCode).toBe(201);
    expect(limitHeaders(form).remaining).toBe('0');
    expect((await get(`/v2/notes?access_token=${one}`)).statusCode).toBe(429);
    const refusedForm = await t.app.inject({
      method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${one}&message=again&latitude=1&longitude=2`,
    });
    expect(refusedForm.statusCode).toBe(429);
    // The token's owner did not get a second note in.
    expect((await get('/v2/notes', bearer(two))).json().meta.count).toBe(1);
    expect(limitHeaders(await get('/v2/notes', bearer(two))).remaining).toBe(String(MAX - 2));
  });

  it('counts requests without a token per client IP, apart from any token', async () => {
    const token = await t.newToken();
    const from = (ip: string) => t.app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: ip });
    for (let i = 0; i < MAX; i++) expect((await from('192.0.2.1')).statusCode).toBe(200);
    expect((await from('192.0.2.1')).statusCode).toBe(429);
    expect((await from('192.0.2.2')).statusCode).toBe(200);
    const withToken = await t.app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: '192.0.2.1', headers: bearer(token) });
    expect(withToken.statusCode).toBe(200);
  });

  it('counts refused tokens too: a 401 carries the headers and a bad token cannot be retried for ever', async () => {
    for (let i = 0; i < MAX; i++) {
      const res = await get('/v2/notes', bearer('not-a-token'));
      expect(res.statusCode).toBe(401);
      expect(limitHeaders(res).remaining).toBe(String(MAX - 1 - i));
    }
    expect((await get('/v2/notes', bearer('not-a-token'))).statusCode).toBe(429);
  });

  it('counts refused tokens against the client IP too, so made-up tokens cannot multiply the limit', async () => {
    const guess = (i: number, ip = '203.0.113.7') =>
      t.app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: ip, headers: bearer(`guess-${i}`) });
    for (let i = 0; i < MAX; i++) expect((await guess(i)).statusCode).toBe(401);
    const refused = await guess(MAX);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().meta.error.type).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitHeaders(refused)).toMatchObject({ limit: String(MAX), remaining: '0' });
    // Another address, and a valid token from the same address, are not held back.
    expect((await guess(MAX + 1, '203.0.113.8')).statusCode).toBe(401);
    const token = await t.newToken();
    const valid = await t.app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: '203.0.113.7', headers: bearer(token) });
    expect(valid.statusCode).toBe(200);
  });

  it('puts the headers on 404s for unknown paths and 415s, which fail before the route runs', async () => {
    const unknown = await get('/v2/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(limitHeaders(unknown).limit).toBe(String(MAX));
    const unsupported = await t.app.inject({ method: 'POST', url: '/v2/notes', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(unsupported.statusCode).toBe(415);
    expect(limitHeaders(unsupported).limit).toBe(String(MAX));
  });

  it('never limits /healthz, /readyz and /metrics', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      for (let i = 0; i < MAX + 2; i++) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-rate-limit-limit']).toBeUndefined();
      }
    }
    // And they used nothing of the caller's budget.
    expect(limitHeaders(await get('/v2/notes')).remaining).toBe(String(MAX - 1));
  });

  it('gives the OAuth and web routes their own, looser limit per IP', async () => {
    const web = WEB_LIMIT_FACTOR * MAX;
    for (let i = 0; i < MAX; i++) await get('/v2/notes');
    expect((await get('/v2/notes')).statusCode).toBe(429);
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(limitHeaders(login)).toMatchObject({ limit: String(web), remaining: String(web - 1) });
    for (let i = 1; i < web - 1; i++) await get('/login');
    const token = await t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'password' } });
    expect(token.statusCode).toBe(400);
    expect(token.headers['x-rate-limit-remaining']).toBe('0');
    const refused = await get('/signup');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().meta.error.type).toBe('rate_limited');
  });
});

describe('rate limit window', () => {
  it('starts a new count when the window has passed', async () => {
    const t = await createLimitedApp({ rateLimitMax: 2, rateLimitWindowS: 1 });
    try {
      const get = () => t.app.inject({ method: 'GET', url: '/v2/notes' });
      await get();
      await get();
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      // Wait until just past the advertised reset.
      const wait = Number(refused.headers['x-rate-limit-resets-at']) * 1000 - Date.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
      const again = await get();
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-rate-limit-remaining']).toBe('1');
    } finally {
      await t.app.close();
    }
  });
});

describe('rate limit behind a proxy (TRUST_PROXY)', () => {
  it('counts the client named by X-Forwarded-For, not the proxy', async () => {
    const t = await createLimitedApp({ rateLimitMax: 1, trustProxy: true });
    try {
      const from = (ip: string) => t.app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': ip } });
      expect((await from('198.51.100.1')).statusCode).toBe(200);
      expect((await from('198.51.100.1')).statusCode).toBe(429);
      expect((await from('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
