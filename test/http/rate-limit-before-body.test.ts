import net from 'node:net';
import { createLimitedAppOn, listenLocally, redisAnswers, type CounterStore, type LimitedApp } from './rate-limit-app';
import { unavailable } from '../support/required';

/**
 * decisions in docs/security.md (rate limit): the limit is decided in `onRequest`, before any body is read.
 * Each request below declares a large body and sends only its start; an answer that comes anyway was given
 * without reading (let alone parsing) the body. Before the fix these requests waited for the rest of the body.
 */

const MAX = 3;
const DECLARED = 64 * 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends the head and `sent` (the start of a body declared much longer) and resolves with the complete answer;
 * never sends the rest. Fails when no complete answer arrives within `timeoutMs`.
 */
function sendStart(port: number, head: string, sent: Buffer, timeoutMs = 5_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head), sent])));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: the server waited for the body`));
    }, timeoutMs);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, split).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = text.slice(split + 4);
      if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(text.slice(9, 12)), headers, body });
    });
  });
}

function connections(t: LimitedApp): Promise<number> {
  return new Promise((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

function head(method: string, target: string, headers: Record<string, string>): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function expectRefusedEarly(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(JSON.parse(answer.body).meta.error.type).toBe('rate_limited');
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.headers['x-rate-limit-limit']).toBe(String(MAX));
  expect(answer.headers['x-rate-limit-remaining']).toBe('0');
  expect(answer.headers['x-rate-limit-resets-at']).toMatch(/^\d+$/);
}

describe.each<CounterStore>(['memory', 'redis'])('the rate limit decides before the body is read (%s counters)', (store) => {
  let t: LimitedApp;
  let port: number;
  let skip = false;

  beforeAll(async () => {
    skip = store === 'redis' && !(await redisAnswers());
    if (skip) unavailable('no Redis answers at 127.0.0.1:6379');
  });
  beforeEach(async () => {
    if (skip) return;
    t = await createLimitedAppOn(store, { rateLimitMax: MAX });
    port = await listenLocally(t.app);
  });
  afterEach(async () => {
    if (!skip) await t.app.close();
  });

  /** Spends this address's (127.0.0.1's) count with anonymous reads. */
  async function spendAddress(): Promise<void> {
    for (let i = 0; i < MAX; i++) expect((await t.app.inject({ method: 'GET', url: '/v2/notes' })).statusCode).toBe(200);
  }

  const json = { 'Content-Type': 'application/json', 'Content-Length': String(DECLARED) };
  const start = Buffer.from('{"message":"' + 'x'.repeat(64 * 1024));

  it('refuses an anonymous JSON body from an address over its limit without reading it', async () => {
    if (skip) return;
    await spendAddress();
    expectRefusedEarly(await sendStart(port, head('POST', '/v2/notes/1/comments', json), start));
  });

  it('refuses a made-up bearer token from an address over its limit without reading the body', async () => {
    if (skip) return;
    await spendAddress();
    for (let i = 0; i < 3; i++) {
      const answer = await sendStart(port, head('POST', '/v2/notes/1/comments', { ...json, Authorization: `Bearer made-up-${i}` }), start);
      expectRefusedEarly(answer);
    }
  });

  it('refuses a made-up token in the query from an address over its limit without reading the body', async () => {
    if (skip) return;
    await spendAddress();
    expectRefusedEarly(await sendStart(port, head('POST', '/v2/notes/1/comments?access_token=made-up', json), start));
  });

  it('refuses a form body (which could carry the token) from an address over its limit without reading it', async () => {
    if (skip) return;
    await spendAddress();
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(DECLARED) };
    expectRefusedEarly(await sendStart(port, head('POST', '/v2/notes/1/comments', form), Buffer.from(`message=${'x'.repeat(64 * 1024)}`)));
  });

  it('refuses a multipart body from an address over its limit without parsing it', async () => {
    if (skip) return;
    await spendAddress();
    const boundary = 'pn-boundary-early';
    const type = { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(DECLARED) };
    // The method override reads up to 1 MiB of a multipart body looking for `_method` before Fastify sees the request.
    const sent = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(2 * 1024 * 1024, 1),
    ]);
    expectRefusedEarly(await sendStart(port, head('POST', '/v2/notes', type), sent));
    // The client hung up after the answer: the server lets go of the connection instead of waiting for the body.
    await until(async () => (await connections(t)) === 0, 'the server closes the connection');
  });

  it('still reads the body of a valid token from that address, which has a count of its own', async () => {
    if (skip) return;
    await spendAddress();
    const token = await t.newToken();
    const answer = await t.app.inject({
      method: 'POST', url: '/v2/notes', headers: { authorization: `Bearer ${token}` }, payload: { message: 'hello', latitude: 1, longitude: 2 },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['x-rate-limit-remaining']).toBe(String(MAX - 1));
  });

  it('counts a request whose token is in a form body against the address too, and against the token once parsed', async () => {
    if (skip) return;
    const token = await t.newToken();
    const post = (i: number) => t.app.inject({
      method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${token}&message=form${i}&latitude=1&longitude=2`,
    });
    const first = await post(0);
    expect(first.statusCode).toBe(201);
    // The headers show the tighter of the two counts the request was charged to.
    expect(first.headers['x-rate-limit-remaining']).toBe(String(MAX - 1));
    expect((await t.app.inject({ method: 'GET', url: '/v2/notes' })).headers['x-rate-limit-remaining']).toBe(String(MAX - 2));
    expect((await t.app.inject({ method: 'GET', url: '/v2/notes', headers: { authorization: `Bearer ${token}` } }))
      .headers['x-rate-limit-remaining']).toBe(String(MAX - 2));
  });
});
