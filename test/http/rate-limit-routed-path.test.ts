import { rawHttpRequest, sendRaw, type RawReply } from '../support/raw-client';
import { createLimitedAppOn, listenLocally, redisAnswers, type CounterStore, type LimitedApp } from './rate-limit-app';
import { unavailable } from '../support/required';

/**
 * The rate limit and authentication follow the route the router matched, not the raw request target:
 * percent-encoding (`/%762/notes` is `/v2/notes`) and absolute-form targets (`GET http://host/v2/notes`)
 * reach the same handler and must meet the same limit and the same token check. Raw bytes on a
 * listening server, since `inject` normalises the target.
 */

const MAX = 3;

function header(reply: RawReply, name: string): string | undefined {
  const line = reply.head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe.each<CounterStore>(['memory', 'redis'])('the limit and the token check follow the routed path (%s counters)', (store) => {
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

  const get = (target: string, headers: Record<string, string> = {}) =>
    sendRaw(port, rawHttpRequest('GET', Buffer.from(target), headers, null));

  it('counts percent-encoded and absolute-form targets of /v2 with the API limit', async () => {
    if (skip) return;
    for (const target of ['/%762/notes', `http://127.0.0.1:${port}/v2/notes`, '/v2/%6Eotes']) {
      const reply = await get(target);
      expect(reply.status).toBe(200);
      expect(header(reply, 'x-rate-limit-limit')).toBe(String(MAX));
    }
    const refused = await get('/v2/notes');
    expect(refused.status).toBe(429);
  });

  it('refuses an address over its limit however the path is spelt', async () => {
    if (skip) return;
    for (let i = 0; i < MAX; i++) expect((await get('/v2/notes')).status).toBe(200);
    for (const target of ['/v2/notes', '/%762/notes', '/%76%32/%6e%6f%74%65%73', `http://127.0.0.1:${port}/v2/notes`, 'http://elsewhere.example/v2/notes?limit=1']) {
      const reply = await get(target);
      expect({ target, status: reply.status }).toEqual({ target, status: 429 });
      expect(header(reply, 'x-rate-limit-limit')).toBe(String(MAX));
      expect(JSON.parse(reply.body).meta.error.type).toBe('rate_limited');
    }
  });

  it('counts an unknown /v2 path (404) under the API limit, decoded', async () => {
    if (skip) return;
    const reply = await get('/%762/no-such-thing');
    expect(reply.status).toBe(404);
    expect(header(reply, 'x-rate-limit-limit')).toBe(String(MAX));
  });

  it('leaves the probes unlimited however they are spelt', async () => {
    if (skip) return;
    for (let i = 0; i < MAX + 1; i++) {
      const reply = await get('/%68ealthz');
      expect(reply.status).toBe(200);
      expect(header(reply, 'x-rate-limit-limit')).toBeUndefined();
    }
  });

  it('authenticates a token on a percent-encoded or absolute-form /v2 path', async () => {
    if (skip) return;
    const token = await t.newToken('read');
    for (const target of ['/%762/feed', '/v2/%66eed', `http://127.0.0.1:${port}/v2/feed`]) {
      const reply = await get(target, { Authorization: `Bearer ${token}` });
      expect({ target, status: reply.status }).toEqual({ target, status: 200 });
    }
    // And a route that needs a scope still refuses an anonymous request spelt that way.
    const anonymous = await get('/%762/feed');
    expect(anonymous.status).toBe(401);
    expect(header(anonymous, 'www-authenticate')).toBe('Bearer realm="place-notes"');
  });
});
