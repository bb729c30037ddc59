import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SERVER_TIMEOUTS } from '../../src/adapters/http/build-conventions';
import { HSTS } from '../../src/adapters/http/security-headers';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { createConfiguredApp } from '../support/configured-app';
import { testConfig } from '../support/test-config';
import { rawHttpRequest, sendRaw } from '../support/raw-client';
import { createLimitedApp, listenLocally } from './rate-limit-app';

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => { app = await createConfiguredApp({}); });
  afterAll(() => app.close());

  it('sends nosniff, no framing and no referrer on JSON API responses, errors included', async () => {
    for (const url of ['/v2/notes', '/v2/notes/999999', '/v2/notes?limit=1000']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('sends nosniff even on requests refused before routing or by the UTF-8 guard', async () => {
    for (const url of ['/v2/notes/%E0%A4%A', '/v2/notes?q=%FF']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps the web pages\' own policy: the log-in and consent pages cannot be framed', async () => {
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(login.headers['x-frame-options']).toBe('DENY');
    expect(login.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the browsable reference at /docs load its own scripts, and nothing from elsewhere', async () => {
    const docs = await app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    const csp = docs.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|https?:|\*)/);
  });

  it('lets other sites embed note images and avatars (Cross-Origin-Resource-Policy)', async () => {
    for (const url of ['/images/none.jpg', '/avatars/6502003c2fd84bdc791f46b9e878cf41']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('keeps the headers that only govern documents off JSON API answers, and on pages', async () => {
    const pageOnly = ['x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
      'origin-agent-cluster', 'cross-origin-resource-policy'];
    const api = await app.inject({ method: 'GET', url: '/v2/notes' });
    expect(api.statusCode).toBe(200);
    for (const name of pageOnly) expect(api.headers[name]).toBeUndefined();
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await app.inject({ method: 'GET', url: '/login' });
    for (const name of pageOnly) expect(page.headers[name]).toBeDefined();
  });

  it('sends no Cross-Origin-Opener-Policy on the authorization page, so sign-in popups keep their opener', async () => {
    const res = await app.inject({ method: 'GET', url: '/oauth/authorize?client_id=none&response_type=code&redirect_uri=http://localhost/cb' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await app.inject({ method: 'GET', url: '/v2/notes' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await app.inject({ method: 'GET', url: '/v2/notes', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses an offset beyond 1,000,000 and a limit beyond 100 with 400', async () => {
    const deep = await app.inject({ method: 'GET', url: '/v2/notes?offset=1000001' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().meta.error.fields).toEqual([{ name: 'offset', problem: 'must be at most 1000000' }]);
    expect((await app.inject({ method: 'GET', url: '/v2/notes?offset=1000000' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v2/users/1/notes?limit=101' })).statusCode).toBe(400);
  });

  it('answers a body over the limit with 413 in the error envelope', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 1), latitude: 1, longitude: 2 });
    const res = await app.inject({ method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ meta: { http_status: 413, error: { type: 'payload_too_large', message: 'the request body is too large', requestId: res.headers['x-request-id'] } } });
  });

  it('bounds how long a request may take to arrive and how long idle sockets stay open', () => {
    expect(app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(app.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(app.server.timeout).toBe(SERVER_TIMEOUTS.connectionTimeout);
  });
});

describe('HSTS behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  it('is sent when the proxy says the request came over HTTPS', async () => {
    const app = await createConfiguredApp({ trustProxy: true });
    try {
      const https = await app.inject({ method: 'GET', url: '/v2/notes', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe(HSTS);
      const http = await app.inject({ method: 'GET', url: '/v2/notes', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never carry tokens, codes, client secrets, passwords or cookies', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const app = await buildApp(buildContainer(testConfig(), { kind: 'memory' }), { logLevel: 'trace', logStream });
    await app.ready();
    const secrets = {
      token: 'tok3nVALUEthatmustnotappear', code: 'c0deVALUEthatmustnotappear', secret: 's3cretVALUEthatmustnotappear',
      verifier: 'v3rifierVALUEthatmustnotappear', password: 'passw0rdVALUEthatmustnotappear', cookie: 'c00kieVALUEthatmustnotappear',
      refresh: 'r3freshVALUEthatmustnotappear',
    };
    try {
      await app.inject({ method: 'GET', url: `/v2/notes?access_token=${secrets.token}` });
      await app.inject({ method: 'GET', url: `/v2/notes?ACCESS%5Ftoken=${secrets.token}&limit=1000` });
      await app.inject({ method: 'GET', url: '/v2/notes', headers: { authorization: `Bearer ${secrets.token}`, cookie: `pn_session=${secrets.cookie}` } });
      await app.inject({
        method: 'POST', url: `/oauth/access_token?code=${secrets.code}&client_secret=${secrets.secret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=authorization_code&code=${secrets.code}&client_id=x&client_secret=${secrets.secret}&code_verifier=${secrets.verifier}`,
      });
      await app.inject({
        method: 'POST', url: '/oauth/access_token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${secrets.refresh}`,
      });
      await app.inject({
        method: 'POST', url: `/login?password=${secrets.password}`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `pn_csrf=${secrets.cookie}` },
        payload: `username=someone&password=${secrets.password}`,
      });
    } finally {
      await app.close();
    }
    const text = lines.join('');
    expect(text).toContain('/v2/notes?access_token=[redacted]');
    expect(text).toContain('code=[redacted]&client_secret=[redacted]');
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
  });

  it('never carry a query token the router accepted after a #, which string scanning stopped at', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const t = await createLimitedApp({}, { server: { logLevel: 'info', logStream } });
    try {
      const token = await t.newToken('read');
      // A listening server: `inject` would cut the target at the `#`.
      const port = await listenLocally(t.app);
      for (const target of [`/v2/feed?a=#&access_token=${token}`, `/v2/feed?x=1#&access_token=${token}`]) {
        const reply = await sendRaw(port, rawHttpRequest('GET', Buffer.from(target), {}, null));
        // The parser read the token: it was used.
        expect(reply.status).toBe(200);
      }
    } finally {
      await t.app.close();
    }
    const text = lines.join('');
    expect(text).toContain('access_token=[redacted]');
    expect(text).not.toMatch(/access_token=(?!\[redacted\])/);
  });
});
