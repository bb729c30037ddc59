import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Fastify keeps a reply's headers in a plain object, one keyed store per header. V8 keeps such an object in its
 * fast mode up to 19 properties and turns it into a hash table at the 20th; from then on every header set, read
 * and written costs more. An anonymous note read that carried 21 headers cost the server 12 % more CPU than the
 * same read with 15 (docs/benchmarks.md). This test counts the fields the server itself sets on the hot answers
 * (Node adds Date, Connection and Keep-Alive as it writes them, outside that object) and fails if one goes past 19.
 */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const FAST_PROPERTIES = 19;

describe('header fields per hot answer', () => {
  let t: TestApp;
  let token: string;
  let noteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser('hera');
    token = await t.token(user, 'notes');
    for (let n = 0; n < 25; n++) {
      await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: `note ${n} with some words to compress #hot`, latitude: 1, longitude: 2 } });
    }
    noteId = (await t.request({ method: 'GET', url: '/v2/notes?limit=1' })).json().data[0].id;
  });
  afterAll(() => t.close());

  const fieldsSet = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => !ADDED_BY_NODE.has(name));

  it.each([
    { name: 'GET /v2/notes/:id', method: 'GET', url: () => `/v2/notes/${noteId}`, withToken: false, status: 200 },
    { name: 'GET /v2/notes/:id with a token', method: 'GET', url: () => `/v2/notes/${noteId}`, withToken: true, status: 200 },
    { name: 'GET /v2/notes (a page with a next one)', method: 'GET', url: () => '/v2/notes', withToken: false, status: 200 },
    { name: 'GET /v2/notes, compressed', method: 'GET', url: () => '/v2/notes', withToken: true, status: 200, gzip: true },
    { name: 'GET /v2/notes/:id revalidated', method: 'GET', url: () => `/v2/notes/${noteId}`, withToken: false, status: 304, revalidate: true },
    { name: 'POST /v2/notes', method: 'POST', url: () => '/v2/notes', withToken: true, status: 201 },
  ] as const)('$name: at most 19 set by the server', async ({ method, url, withToken, status, ...rest }) => {
    const headers: Record<string, string> = {};
    if ('gzip' in rest) headers['accept-encoding'] = 'gzip';
    if ('revalidate' in rest) headers['if-none-match'] = String((await t.request({ method: 'GET', url: url() })).headers.etag);
    const res = await t.request({
      method, url: url(), headers, token: withToken ? token : undefined,
      ...(method === 'POST' ? { payload: { message: 'one more #hot', latitude: 1, longitude: 2 } } : {}),
    });
    expect(res.statusCode).toBe(status);
    if ('gzip' in rest) expect(res.headers['content-encoding']).toBe('gzip');
    expect(fieldsSet(res.headers).length).toBeLessThanOrEqual(FAST_PROPERTIES);
  });
});
