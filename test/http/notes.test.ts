import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const BERLIN = { latitude: 52.52, longitude: 13.405 };

describe.each(ALL_STORAGES)('notes over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceNotes: string;
  let aliceAll: string;
  let bobNotes: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice', { name: 'Alice A.' });
    bob = await t.createUser('bob');
    carol = await t.createUser('carol');
    aliceNotes = await t.token(alice, 'notes');
    aliceAll = await t.token(alice, 'notes delete contacts');
    bobNotes = await t.token(bob, 'notes');
  });
  afterAll(() => t.close());

  const post = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/v2/notes', token, payload });

  describe('POST /v2/notes', () => {
    it('creates a note and answers 201 with every field of the Note, typed as specified', async () => {
      const res = await post(aliceNotes, {
        message: 'Best coffee in town\nThe flat white is great. #coffee #Berlin',
        tags: ['Cafe', '#espresso'],
        ...BERLIN,
        streetAddress: 'Alexanderplatz 1',
        city: 'Berlin',
        country: 'Germany',
        isoCountryCode: 'de',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.meta).toEqual({ http_status: 201 });
      const note = body.data;
      expect(note).toEqual({
        author: {
          avatar: { hasAvatar: false, hash: expect.stringMatching(/^[0-9a-f]{32}$/), urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\/[0-9a-f]{32}$/) },
          id: alice.id,
          link: `${TEST_PUBLIC_URL}/users/alice`,
          name: 'Alice A.',
          username: 'alice',
        },
        comments: { meta: { count: 0, nextUrl: `/v2/notes/${note.id}/comments` } },
        createdAt: expect.any(Number),
        currentUserData: { canComment: true, canFavorite: true, isFavorited: false, isFound: false },
        depiction: null,
        displayAddress: 'Alexanderplatz 1, Berlin, Germany',
        favoriters: { meta: { count: 0, nextUrl: `/v2/notes/${note.id}/favoriters` } },
        finders: { meta: { count: 0, nextUrl: `/v2/notes/${note.id}/finders` } },
        id: expect.any(Number),
        image: null,
        implicit_title: 'Best coffee in town',
        link: `${TEST_PUBLIC_URL}/notes/${note.id}`,
        location: {
          city: 'Berlin', country: 'Germany', isoCountryCode: 'DE', latitude: 52.52, longitude: 13.405,
          neighborhood: null, postalCode: null, state: '', street: null, streetAddress: 'Alexanderplatz 1',
          streetNumber: null, zoomLevel: 15,
        },
        // Given to the author only (docs/api.md, location precision).
        locationPrecision: 'exact',
        message: 'Best coffee in town\nThe flat white is great. #coffee #Berlin',
        notemaps: { meta: { count: 0, nextUrl: `/v2/notes/${note.id}/notemaps` } },
        place: { id: expect.any(Number), name: 'Berlin, Germany', link: `${TEST_PUBLIC_URL}/places/${note.place.id}` },
        publicViewsCount: 0,
        tags: { meta: { count: 4, nextUrl: `/v2/notes/${note.id}/tags` } },
        title: 'Best coffee in town',
        updatedAt: note.createdAt,
        visibility: 'public',
      });
      expect(Number.isInteger(note.createdAt)).toBe(true);
      expect(Math.abs(note.createdAt - Date.now() / 1000)).toBeLessThan(60);

      const read = await t.request({ method: 'GET', url: `/v2/notes/${note.id}` });
      expect(read.statusCode).toBe(200);
      const { locationPrecision: _authorsOnly, ...seenByOthers } = note;
      expect(read.json().data).toEqual({ ...seenByOthers, currentUserData: { canComment: false, canFavorite: false, isFavorited: false, isFound: false } });
    });

    it('accepts a form body with location[...] keys and a comma-separated tags field', async () => {
      const res = await t.request({
        method: 'POST', url: '/v2/notes', token: aliceNotes,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'message=Form+note&location%5Blatitude%5D=-33.8&location%5Blongitude%5D=151.2&location%5Bcity%5D=Sydney&tags=beach,%23Surf&zoomLevel=12',
      });
      expect(res.statusCode).toBe(201);
      const note = res.json().data;
      expect(note.location).toMatchObject({ latitude: -33.8, longitude: 151.2, city: 'Sydney', zoomLevel: 12 });
      const tags = await t.request({ method: 'GET', url: `/v2/notes/${note.id}/tags` });
      expect(tags.json().data.map((tag: { name: string }) => tag.name)).toEqual(['beach', 'surf']);
    });

    it('accepts the location as a nested JSON object and the token as a form field', async () => {
      const nested = await post(aliceNotes, { message: 'nested', location: { ...BERLIN, city: 'Berlin' } });
      expect(nested.statusCode).toBe(201);
      expect(nested.json().data.location).toMatchObject({ ...BERLIN, city: 'Berlin' });
      const form = await t.request({
        method: 'POST', url: '/v2/notes', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `message=token+in+body&latitude=1&longitude=2&access_token=${encodeURIComponent(aliceNotes)}`,
      });
      expect(form.statusCode).toBe(201);
      expect(form.json().data.author.id).toBe(alice.id);
    });

    it('derives title and implicit_title, cutting at a word boundary with an ellipsis', async () => {
      const longLine = 'word '.repeat(20).trim();
      const res = await post(aliceNotes, { message: `${longLine}\nsecond line`, ...BERLIN });
      const note = res.json().data;
      expect(note.implicit_title).toBe(`${'word '.repeat(12).trim()}\u2026`);
      expect(note.title).toBe(note.implicit_title);
      const titled = (await post(aliceNotes, { message: 'body text', title: '  My   own title ', ...BERLIN })).json().data;
      expect(titled.title).toBe('My own title');
      expect(titled.implicit_title).toBe('body text');
    });

    it('answers 401 without a token and for an unknown token, with WWW-Authenticate', async () => {
      const none = await post(undefined, { message: 'x', ...BERLIN });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      expect(none.json().meta).toMatchObject({ http_status: 401, error: { type: 'unauthorized' } });
      const bad = await post('not-a-token', { message: 'x', ...BERLIN });
      expect(bad.statusCode).toBe(401);
      expect(bad.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="invalid_token"');
    });

    it('answers 403 insufficient_scope to a token without the notes scope', async () => {
      const readOnly = await t.token(alice, 'read write');
      const res = await post(readOnly, { message: 'x', ...BERLIN });
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="notes"');
      expect(res.json().meta.error.type).toBe('forbidden');
    });

    it.each([
      [{}, ['message', 'latitude', 'longitude']],
      [{ message: 'x', latitude: 91, longitude: 0 }, ['latitude']],
      [{ message: 'x', latitude: 0, longitude: -180.5 }, ['longitude']],
      [{ message: 'x', latitude: 'north', longitude: 0 }, ['latitude']],
      [{ message: '   ', ...BERLIN }, ['message']],
      [{ message: 'x'.repeat(20_001), ...BERLIN }, ['message']],
      [{ message: 'x', title: 't'.repeat(101), ...BERLIN }, ['title']],
      [{ message: 'x', visibility: 'friends', ...BERLIN }, ['visibility']],
      [{ message: 'x', tags: ['no spaces allowed'], ...BERLIN }, ['tags']],
      [{ message: 'x', isoCountryCode: 'DEU', ...BERLIN }, ['isoCountryCode']],
      [{ message: 'x', zoomLevel: 23, ...BERLIN }, ['zoomLevel']],
      [{ message: 'x', visibility: 'recipients', recipients: ['nobody-here'], ...BERLIN }, ['recipients']],
    ])('answers 400 naming the bad fields for %j', async (payload, fields) => {
      const before = (await t.request({ method: 'GET', url: '/v2/notes', token: aliceNotes })).json().meta.count;
      const res = await post(aliceNotes, payload);
      expect(res.statusCode).toBe(400);
      const error = res.json().meta.error;
      expect(error.type).toBe('bad_request');
      expect(error.fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(fields));
      const after = (await t.request({ method: 'GET', url: '/v2/notes', token: aliceNotes })).json().meta.count;
      expect(after).toBe(before);
    });

    it('counts the 20,000-character message limit in code points', async () => {
      const res = await post(aliceNotes, { message: '\u{1F600}'.repeat(20_000), ...BERLIN });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('visibility', () => {
    let selfId: number;
    let recipientsId: number;

    beforeAll(async () => {
      selfId = (await post(aliceNotes, { message: 'only me', visibility: 'private', ...BERLIN })).json().data.id;
      recipientsId = (await post(aliceNotes, { message: 'for bob', visibility: 'recipients', recipients: ['BOB'], ...BERLIN })).json().data.id;
    });

    it('stores private as self and shows non-public notes only to allowed readers holding readall', async () => {
      const carolRead = await t.token(carol, 'readall');
      const bobRead = await t.token(bob, 'readall');
      const bobPublicOnly = await t.token(bob, 'read');
      const aliceRead = await t.token(alice, 'read');
      const status = async (id: number, token?: string) => (await t.request({ method: 'GET', url: `/v2/notes/${id}`, token })).statusCode;

      expect(await status(selfId)).toBe(404);
      expect(await status(selfId, aliceNotes)).toBe(200);
      expect(await status(selfId, aliceRead)).toBe(404);
      expect(await status(selfId, bobRead)).toBe(404);
      expect(await status(recipientsId, bobRead)).toBe(200);
      expect(await status(recipientsId, bobPublicOnly)).toBe(404);
      expect(await status(recipientsId, carolRead)).toBe(404);
      expect(await status(recipientsId)).toBe(404);
      const self = await t.request({ method: 'GET', url: `/v2/notes/${selfId}`, token: aliceNotes });
      expect(self.json().data.visibility).toBe('self');
    });

    it('counts in lists only the notes the caller may read', async () => {
      const anonymous = (await t.request({ method: 'GET', url: '/v2/notes?limit=100' })).json();
      const mine = (await t.request({ method: 'GET', url: '/v2/notes?limit=100', token: aliceNotes })).json();
      expect(anonymous.data.map((n: { id: number }) => n.id)).not.toEqual(expect.arrayContaining([selfId]));
      expect(mine.data.map((n: { id: number }) => n.id)).toEqual(expect.arrayContaining([selfId, recipientsId]));
      expect(mine.meta.count).toBe(anonymous.meta.count + 2);
    });

    it('answers 404, not 403, when someone edits or deletes a note they cannot see', async () => {
      const bobDelete = await t.token(bob, 'delete notes');
      expect((await t.request({ method: 'PUT', url: `/v2/notes/${selfId}`, token: bobDelete, payload: { message: 'mine now' } })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${selfId}`, token: bobDelete })).statusCode).toBe(404);
    });
  });

  describe('GET /v2/notes paging', () => {
    it('pages newest first with count, nextUrl keeping other parameters, and null on the last page', async () => {
      const all = (await t.request({ method: 'GET', url: '/v2/notes?limit=100' })).json();
      const total = all.meta.count;
      expect(total).toBeGreaterThan(3);
      expect(all.data.length).toBe(total);
      const ids = all.data.map((n: { id: number }) => n.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);

      const first = (await t.request({ method: 'GET', url: '/v2/notes?limit=2&foo=bar' })).json();
      expect(first.meta).toEqual({ http_status: 200, count: total, nextUrl: expect.any(String) });
      const next = new URL(first.meta.nextUrl, 'http://x');
      expect(next.pathname).toBe('/v2/notes');
      expect(Object.fromEntries(next.searchParams)).toEqual({ foo: 'bar', offset: '2', limit: '2', cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      const second = (await t.request({ method: 'GET', url: first.meta.nextUrl })).json();
      expect(second.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(2, 4));
      const last = (await t.request({ method: 'GET', url: `/v2/notes?offset=${total - 1}&limit=5` })).json();
      expect(last.data).toHaveLength(1);
      expect(last.meta.nextUrl).toBeNull();
    });

    it('defaults to 20 per page and refuses a limit over 100 or a negative offset', async () => {
      for (let i = 0; i < 21; i++) await post(bobNotes, { message: `filler ${i}`, ...BERLIN });
      const page = (await t.request({ method: 'GET', url: '/v2/notes' })).json();
      expect(page.data).toHaveLength(20);
      expect(page.meta.nextUrl).toMatch(/offset=20/);
      expect((await t.request({ method: 'GET', url: '/v2/notes?limit=101' })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: '/v2/notes?offset=-1' })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: '/v2/notes?limit=abc' })).statusCode).toBe(400);
    });
  });

  describe('PUT /v2/notes/:id', () => {
    it('lets the author change some fields and keeps the others', async () => {
      const created = (await post(aliceNotes, { message: 'before #old', tags: ['kept'], ...BERLIN, city: 'Berlin' })).json().data;
      const res = await t.request({ method: 'PUT', url: `/v2/notes/${created.id}`, token: aliceNotes, payload: { message: 'after #new' } });
      expect(res.statusCode).toBe(200);
      const note = res.json().data;
      expect(note).toMatchObject({ id: created.id, message: 'after #new', location: { city: 'Berlin', ...BERLIN } });
      expect(note.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
      const tags = (await t.request({ method: 'GET', url: `/v2/notes/${created.id}/tags` })).json().data;
      expect(tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['kept', 'new']);
    });

    it('answers 403 to another user, 400 to bad fields and 404 to unknown ids', async () => {
      const created = (await post(aliceNotes, { message: 'alice owns this', ...BERLIN })).json().data;
      const other = await t.request({ method: 'PUT', url: `/v2/notes/${created.id}`, token: bobNotes, payload: { message: 'hijack' } });
      expect(other.statusCode).toBe(403);
      const bad = await t.request({ method: 'PUT', url: `/v2/notes/${created.id}`, token: aliceNotes, payload: { latitude: 100 } });
      expect(bad.statusCode).toBe(400);
      expect((await t.request({ method: 'PUT', url: '/v2/notes/99999', token: aliceNotes, payload: { message: 'x' } })).statusCode).toBe(404);
      const unchanged = (await t.request({ method: 'GET', url: `/v2/notes/${created.id}` })).json().data;
      expect(unchanged.message).toBe('alice owns this');
    });
  });

  describe('DELETE /v2/notes/:id', () => {
    it('needs the delete scope and the author, answers meta only, and the note is gone', async () => {
      const created = (await post(aliceNotes, { message: 'to delete #gone', ...BERLIN })).json().data;
      const url = `/v2/notes/${created.id}`;
      expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(401);
      const noScope = await t.request({ method: 'DELETE', url, token: aliceNotes });
      expect(noScope.statusCode).toBe(403);
      expect(noScope.headers['www-authenticate']).toContain('scope="delete"');
      const bobDelete = await t.token(bob, 'delete');
      expect((await t.request({ method: 'DELETE', url, token: bobDelete })).statusCode).toBe(403);
      const ok = await t.request({ method: 'DELETE', url, token: aliceAll });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ meta: { http_status: 200 } });
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url, token: aliceAll })).statusCode).toBe(404);
    });
  });

  describe('ids and bodies', () => {
    it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3', '%20'])('answers 404 for the id %s', async (id) => {
      const res = await t.request({ method: 'GET', url: `/v2/notes/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().meta.error.type).toBe('not_found');
    });

    it('answers 415 to a body of another content type', async () => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      expect(res.statusCode).toBe(415);
      expect(res.json().meta.error.type).toBe('unsupported_media_type');
    });

    it('answers 400 to invalid UTF-8 and stores nothing', async () => {
      const before = (await t.request({ method: 'GET', url: '/v2/notes', token: aliceNotes })).json().meta.count;
      const json = Buffer.concat([Buffer.from('{"message":"caf'), Buffer.from([0xe9]), Buffer.from('","latitude":1,"longitude":1}')]);
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, headers: { 'content-type': 'application/json' }, payload: json });
      expect(res.statusCode).toBe(400);
      const form = await t.request({
        method: 'POST', url: '/v2/notes', token: aliceNotes,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'message=caf%E9&latitude=1&longitude=1',
      });
      expect(form.statusCode).toBe(400);
      const after = (await t.request({ method: 'GET', url: '/v2/notes', token: aliceNotes })).json().meta.count;
      expect(after).toBe(before);
    });

    it('answers 400 to malformed JSON', async () => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, headers: { 'content-type': 'application/json' }, payload: '{"message":' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('publicViewsCount', () => {
    it('counts views of a public note by others, not by its author, once flushed', async () => {
      const created = (await post(aliceNotes, { message: 'popular', ...BERLIN })).json().data;
      const url = `/v2/notes/${created.id}`;
      await t.request({ method: 'GET', url });
      await t.request({ method: 'GET', url, token: bobNotes });
      await t.request({ method: 'GET', url, token: aliceNotes });
      await t.flushViews();
      const note = (await t.request({ method: 'GET', url, token: aliceNotes })).json().data;
      expect(note.publicViewsCount).toBe(2);
    });
  });
});
