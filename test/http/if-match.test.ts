import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';

interface Resource {
  name: string;
  /** Makes one and returns its URL. */
  create(): Promise<string>;
  edit: Record<string, unknown>;
  read(body: { data: Record<string, unknown> }): unknown;
}

// If-Match on PUT and DELETE of notes, comments and notemaps (docs/api.md, Caching).
describe.each(ALL_STORAGES)('If-Match over %s storage', (storage) => {
  let t: TestApp;
  let token: string;
  let noteId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const user = await t.createUser('matcher');
    token = await t.token(user, 'notes write delete');
    noteId = (await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'host', latitude: 1, longitude: 1 } })).json().data.id;
  });
  afterAll(() => t.close());

  const resources: Resource[] = [
    {
      name: 'a note',
      create: async () => `/v2/notes/${(await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'first', latitude: 1, longitude: 2 } })).json().data.id}`,
      edit: { message: 'second' },
      read: (body) => body.data.message,
    },
    {
      name: 'a comment',
      create: async () => `/v2/notes/${noteId}/comments/${(await t.request({ method: 'POST', url: `/v2/notes/${noteId}/comments`, token, payload: { comment: 'first' } })).json().data.id}`,
      edit: { comment: 'second' },
      read: (body) => body.data.comment,
    },
    {
      name: 'a notemap',
      create: async () => `/v2/notemaps/${(await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name: `first ${Math.random()}` } })).json().data.id}`,
      edit: { name: 'second' },
      read: (body) => body.data.name,
    },
  ];

  const get = (url: string) => t.request({ method: 'GET', url, token });
  const put = (url: string, payload: Record<string, unknown>, ifMatch?: string) =>
    t.request({ method: 'PUT', url, token, payload, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const del = (url: string, ifMatch?: string) =>
    t.request({ method: 'DELETE', url, token, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

  describe.each(resources)('$name', (resource) => {
    it('is changed when If-Match holds its current tag; the answer carries the new tag a GET then shows', async () => {
      const url = await resource.create();
      const etag = String((await get(url)).headers.etag);
      const res = await put(url, resource.edit, etag);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeDefined();
      expect(res.headers.etag).not.toBe(etag);
      const after = await get(url);
      expect(res.headers.etag).toBe(after.headers.etag);
      expect(resource.read(after.json())).toBe('second');
    });

    it('is left alone with 412 precondition_failed and the current tag when If-Match is stale', async () => {
      const url = await resource.create();
      const stale = String((await get(url)).headers.etag);
      expect((await put(url, resource.edit)).statusCode).toBe(200);
      const current = await get(url);
      const refused = await put(url, { ...resource.edit, ...Object.fromEntries(Object.keys(resource.edit).map((k) => [k, 'third'])) }, stale);
      expect(refused.statusCode).toBe(412);
      expect(refused.json().meta.error.type).toBe('precondition_failed');
      expect(refused.headers.etag).toBe(current.headers.etag);
      expect(resource.read((await get(url)).json())).toBe('second');
      const gone = await del(url, stale);
      expect(gone.statusCode).toBe(412);
      expect((await get(url)).statusCode).toBe(200);
    });

    it('takes * for any existing version, refuses a weak tag, and deletes with a matching one', async () => {
      const url = await resource.create();
      expect((await put(url, resource.edit, '*')).statusCode).toBe(200);
      const etag = String((await get(url)).headers.etag);
      expect((await put(url, resource.edit, `W/${etag}`)).statusCode).toBe(412);
      expect((await put(url, resource.edit, `"other", ${etag}`)).statusCode).toBe(200);
      const now = String((await get(url)).headers.etag);
      expect((await del(url, now)).statusCode).toBe(200);
      expect((await get(url)).statusCode).toBe(404);
      // Gone: a condition on it cannot hold; it is 404 as without one.
      expect((await del(url, '*')).statusCode).toBe(404);
    });

    it('lets exactly one of two edits made under the same tag at once through', async () => {
      const url = await resource.create();
      const etag = String((await get(url)).headers.etag);
      const [a, b] = await Promise.all([
        put(url, Object.fromEntries(Object.keys(resource.edit).map((k) => [k, 'from a'])), etag),
        put(url, Object.fromEntries(Object.keys(resource.edit).map((k) => [k, 'from b'])), etag),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
      const winner = a.statusCode === 200 ? 'from a' : 'from b';
      expect(resource.read((await get(url)).json())).toBe(winner);
    });
  });

  it('checks who may change it before the condition: another user gets 403, not 412', async () => {
    const url = await resources[0]!.create();
    const other = await t.createUser(`other${Math.floor(Math.random() * 1e9)}`);
    const otherToken = await t.token(other, 'notes write delete');
    const res = await t.request({ method: 'PUT', url, token: otherToken, payload: { message: 'x' }, headers: { 'if-match': '"stale"' } });
    expect(res.statusCode).toBe(403);
  });
});
