import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

const T0 = 1_700_000_000;

interface ListBody {
  data: { id: number }[];
  meta: { http_status: number; count: number; nextUrl: string | null; error?: { type: string; fields?: { name: string; problem: string }[] } };
}

/** The paging of lists of notes by cursor (docs/api.md, Conventions): nextUrl's shape, bad cursors, filters. */
describe.each(ALL_STORAGES)('paging notes by cursor over %s storage', (storage) => {
  let t: TestApp;
  let ada: TestUser;
  let adaToken: string;
  let now = T0;
  const ids: number[] = [];

  const list = async (url: string, token?: string): Promise<{ status: number; body: ListBody }> => {
    const res = await t.request({ method: 'GET', url, ...(token ? { token } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  /** Every id met by following nextUrl from `url`, and every nextUrl followed. */
  async function walk(url: string): Promise<{ ids: number[]; urls: string[] }> {
    const seen: number[] = [];
    const urls: string[] = [];
    let next: string | null = url;
    while (next !== null) {
      const { status, body } = await list(next);
      expect(status).toBe(200);
      seen.push(...body.data.map((note) => note.id));
      next = body.meta.nextUrl;
      if (next !== null) urls.push(next);
    }
    return { ids: seen, urls };
  }

  beforeAll(async () => {
    t = await createTestApp({ storage, clock: { now: () => new Date(now * 1000) } });
    ada = await t.createUser('ada');
    adaToken = await t.token(ada, 'notes');
    // Seven notes, created in pairs at the same second (ties in created_at), two of them tagged.
    for (let index = 0; index < 7; index++) {
      now = T0 + Math.floor(index / 2) * 60;
      const payload = { message: `note ${index}${index % 3 === 0 ? ' #cursor' : ''}`, latitude: 48.85 + index / 1000, longitude: 2.35 };
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: adaToken, payload });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
  });
  afterAll(() => t.close());

  it('puts offset, limit and a cursor in nextUrl, after every other parameter', async () => {
    const { body } = await list(`/v2/users/${ada.id}/notes?limit=2&x=1`);
    expect(body.meta.count).toBe(7);
    expect(body.meta.nextUrl).toMatch(new RegExp(`^/v2/users/${ada.id}/notes\\?x=1&offset=2&limit=2&cursor=[A-Za-z0-9_-]+$`));
    const second = await list(body.meta.nextUrl ?? '');
    expect(second.body.meta.nextUrl).toMatch(/\?x=1&offset=4&limit=2&cursor=[A-Za-z0-9_-]+$/);
    // The cursor of the request is replaced, never repeated.
    expect(second.body.meta.nextUrl?.match(/cursor=/g)).toHaveLength(1);
  });

  it('walks the same notes by nextUrl as by offsets alone, newest first, ties by id', async () => {
    const newestFirst = [...ids].reverse().sort((a, b) => Math.floor((ids.indexOf(b)) / 2) - Math.floor((ids.indexOf(a)) / 2) || b - a);
    const byCursor = await walk(`/v2/users/${ada.id}/notes?limit=3`);
    expect(byCursor.ids).toEqual(newestFirst);
    expect(byCursor.urls.every((url) => url.includes('cursor='))).toBe(true);
    const byOffset: number[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      byOffset.push(...(await list(`/v2/users/${ada.id}/notes?limit=3&offset=${offset}`)).body.data.map((note) => note.id));
    }
    expect(byOffset).toEqual(newestFirst);
  });

  it('keeps the filters with the cursor: the next pages hold only what the filters allow', async () => {
    const tagged = ids.filter((_id, index) => index % 3 === 0).reverse();
    const { ids: seen, urls } = await walk(`/v2/notes?tag=cursor&author=ada&limit=1`);
    expect(seen).toEqual(tagged);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/v2\/notes\?tag=cursor&author=ada&offset=\d&limit=1&cursor=/);
    const nearest = await walk('/v2/notes?near=48.85,2.35&radius=5000&author=ada&limit=2');
    expect(nearest.ids).toEqual(ids);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('not json').toString('base64url')],
    ['the wrong shape', Buffer.from(JSON.stringify({ o: 'recent', k: [], t: 1, i: 0 })).toString('base64url')],
    ['an extra member', Buffer.from(JSON.stringify({ o: 'recent', k: [], t: 1, i: 1, x: 1 })).toString('base64url')],
    ['another order', Buffer.from(JSON.stringify({ o: 'popular', k: [0, 0], t: 1, i: 1 })).toString('base64url')],
    ['a non-canonical spelling', `${Buffer.from(JSON.stringify({ o: 'recent', k: [], t: 1, i: 1 })).toString('base64url')}=`],
  ])('answers 400 naming cursor for a cursor that is %s', async (_name, cursor) => {
    const { status, body } = await list(`/v2/notes?cursor=${encodeURIComponent(cursor)}`);
    expect(status).toBe(400);
    expect(body.meta.error?.type).toBe('bad_request');
    expect(body.meta.error?.fields).toEqual([{ name: 'cursor', problem: expect.any(String) }]);
  });

  // Numbers a cursor carries that the database's types cannot hold: a 400 like any other bad cursor, never a 500.
  it.each([
    ['favoriters past the 32-bit range', 'sort=popular', { o: 'popular', k: [2_147_483_648, 0], t: 1, i: 1 }],
    ['a rank past the range of a real', 'q=note', { o: 'relevance', k: [1e300], t: 1, i: 1 }],
    ['a rank too small for a real', 'q=note', { o: 'relevance', k: [1e-300], t: 1, i: 1 }],
  ])('answers 400 naming cursor for a cursor with %s', async (_name, query, body) => {
    const cursor = Buffer.from(JSON.stringify(body)).toString('base64url');
    const { status, body: answer } = await list(`/v2/notes?${query}&cursor=${cursor}`);
    expect({ status, fields: answer.meta.error?.fields?.map((field) => field.name) }).toEqual({ status: 400, fields: ['cursor'] });
  });

  it('names a bad cursor together with the other bad parameters', async () => {
    const { status, body } = await list('/v2/notes?cursor=x&bbox=1');
    expect(status).toBe(400);
    expect(body.meta.error?.fields?.map((field) => field.name).sort()).toEqual(['bbox', 'cursor']);
  });

  it('refuses a cursor of one order used with another (recent → popular)', async () => {
    const { body } = await list(`/v2/users/${ada.id}/notes?limit=2`);
    const cursor = new URL(body.meta.nextUrl ?? '', 'http://x').searchParams.get('cursor');
    expect((await list(`/v2/users/${ada.id}/notes?limit=2&sort=popular&cursor=${cursor}`)).status).toBe(400);
    expect((await list(`/v2/users/${ada.id}/notes?limit=2&cursor=${cursor}`)).status).toBe(200);
  });
});
