import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';

const EXPOSED = [
  'ETag', 'Location', 'Link', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id',
  'X-Rate-Limit-Limit', 'X-Rate-Limit-Remaining', 'X-Rate-Limit-Resets-At',
];
const ALLOWED = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key', 'X-HTTP-Method-Override'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
const list = (value: unknown) => String(value ?? '').split(',').map((name) => name.trim()).filter(Boolean);

// Browsers, bandwidth and tracing (docs/api.md): CORS, compression and request ids.
describe.each(ALL_STORAGES)('browsers, bandwidth and tracing over %s storage', (storage) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const user = await t.createUser('corsica');
    token = await t.token(user, 'notes');
    for (let i = 0; i < 12; i++) {
      await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: `note ${i} with enough words to make a page of notes longer than a kilobyte`, latitude: 1, longitude: i } });
    }
  });
  afterAll(() => t.close());

  const preflight = (url: string, method = 'POST') => t.app.inject({
    method: 'OPTIONS', url,
    headers: { origin: 'https://app.example', 'access-control-request-method': method, 'access-control-request-headers': 'authorization, idempotency-key' },
  });

  describe('CORS', () => {
    it.each(['/v2/notes', '/v2/notes/1', '/oauth/access_token', '/oauth/revoke'])('answers a preflight for %s with 204 and what a browser may send', async (url) => {
      const res = await preflight(url, url === '/v2/notes/1' ? 'DELETE' : 'POST');
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(list(res.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(list(res.headers['access-control-allow-headers'])).toEqual(ALLOWED);
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      // A preflight is not an API call: the rate limit does not count it.
      expect(res.headers['x-rate-limit-remaining']).toBeUndefined();
    });

    it('lets a browser read the headers it needs from an API answer, for any origin', async () => {
      const res = await t.request({ method: 'GET', url: '/v2/notes', token, headers: { origin: 'https://elsewhere.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(list(res.headers['access-control-expose-headers'])).toEqual(EXPOSED);
    });

    it('sends CORS headers on API errors too, so a browser can read them', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v2/notes/99999999', headers: { origin: 'https://app.example' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });

    it.each(['/', '/oauth/authorize', '/login', '/settings/applications'])('sends no CORS headers from %s', async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://app.example' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await preflight(url);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.statusCode).not.toBe(204);
    });
  });

  describe('compression', () => {
    it.each([
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const)('compresses an answer over 1 KiB with %s, to the same bytes', async (encoding, decompress) => {
      const plain = await t.request({ method: 'GET', url: '/v2/notes?limit=12' });
      expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const res = await t.request({ method: 'GET', url: '/v2/notes?limit=12', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
      expect(decompress(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(list(res.headers.vary).map((name) => name.toLowerCase())).toEqual(['authorization', 'accept', 'accept-encoding']);
    });

    it('prefers brotli when both are accepted, and leaves small answers alone', async () => {
      const big = await t.request({ method: 'GET', url: '/v2/notes?limit=12', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(big.headers['content-encoding']).toBe('br');
      const small = await t.request({ method: 'GET', url: '/v2/notes/99999999', headers: { 'accept-encoding': 'gzip, br' } });
      expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json().meta.http_status).toBe(404);
    });

    it.each(['/v2/notes?limit=1', '/v2/notemaps', '/v2/users/by_username/corsica', '/v2/notes/99999999'])(
      'says %s varies with Authorization, Accept and Accept-Encoding (not Origin: any origin is allowed alike)', async (url) => {
        for (const headers of [{}, { origin: 'https://app.example' }]) {
          const res = await t.request({ method: 'GET', url, headers });
          expect(res.headers.vary).toBe('Authorization, Accept, Accept-Encoding');
        }
      });
  });

  describe('request ids', () => {
    it('gives every answer an X-Request-Id, new when none came', async () => {
      const a = await t.request({ method: 'GET', url: '/v2/notes?limit=1' });
      const b = await t.request({ method: 'GET', url: '/v2/notes?limit=1' });
      expect(a.headers['x-request-id']).toMatch(UUID);
      expect(b.headers['x-request-id']).toMatch(UUID);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
      const page = await t.app.inject({ method: 'GET', url: '/login' });
      expect(page.headers['x-request-id']).toMatch(UUID);
    });

    it.each(['abc', 'trace.1_2-3', 'x'.repeat(64)])('keeps a well-formed incoming id: %s', async (id) => {
      const res = await t.request({ method: 'GET', url: '/v2/notes?limit=1', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    });

    it.each(['x'.repeat(65), 'has space', 'semi;colon', 'ünï'])('replaces an ill-formed incoming id: %s', async (id) => {
      const res = await t.request({ method: 'GET', url: '/v2/notes?limit=1', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it('puts the id in error bodies', async () => {
      const missing = await t.request({ method: 'GET', url: '/v2/notes/99999999', headers: { 'x-request-id': 'err-404' } });
      expect(missing.json().meta.error).toMatchObject({ type: 'not_found', requestId: 'err-404' });
      const unrouted = await t.request({ method: 'GET', url: '/v2/nothing-here', headers: { 'x-request-id': 'err-route' } });
      expect(unrouted.json().meta.error.requestId).toBe('err-route');
      const invalid = await t.request({ method: 'POST', url: '/v2/notes', token, payload: {}, headers: { 'x-request-id': 'err-400' } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().meta.error.requestId).toBe('err-400');
      expect(invalid.headers['x-request-id']).toBe('err-400');
    });
  });
});

describe('request ids in the log', () => {
  it('are on every line a request logs', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const app = await buildApp(buildContainer(testConfig(), { kind: 'memory' }), { logLevel: 'info', logStream });
    try {
      await app.inject({ method: 'GET', url: '/v2/notes/99999999', headers: { 'x-request-id': 'logged-1' } });
      const mine = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((line) => line.reqId === 'logged-1');
      // The incoming request, the refusal, the completed request.
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(lines.filter((line) => line.includes('99999999')).every((line) => line.includes('"reqId":"logged-1"'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
