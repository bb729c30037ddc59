import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';
import { postNotemap } from '../support/notemap-helpers';

describe.each(ALL_STORAGES)('notemaps over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceWrite: string;
  let aliceRead: string;
  let bobWrite: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice', { name: 'Alice A.' });
    bob = await t.createUser('bob');
    aliceWrite = await t.token(alice, 'write');
    aliceRead = await t.token(alice, 'read readall');
    bobWrite = await t.token(bob, 'write');
  });
  afterAll(() => t.close());

  const post = (token: string | undefined, payload: object) => t.request({ method: 'POST', url: '/v2/notemaps', token, payload });
  const put = (token: string | undefined, id: number | string, payload: object) =>
    t.request({ method: 'PUT', url: `/v2/notemaps/${id}`, token, payload });
  const del = (token: string | undefined, id: number | string) => t.request({ method: 'DELETE', url: `/v2/notemaps/${id}`, token });

  describe('POST /v2/notemaps', () => {
    it('creates a notemap and answers 201 with every field of the Notemap', async () => {
      const res = await post(aliceWrite, { name: '  Coffee in Berlin ', description: 'Where to drink it' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.meta).toEqual({ http_status: 201 });
      const id = body.data.id;
      const list = (name: string) => ({ meta: { count: 0, nextUrl: `/v2/notemaps/${id}/${name}` } });
      expect(body.data).toEqual({
        author: {
          avatar: { hasAvatar: false, hash: expect.any(String), urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\//) },
          id: alice.id, link: `${TEST_PUBLIC_URL}/users/alice`, name: 'Alice A.', username: 'alice',
        },
        authors: { meta: { count: 1, nextUrl: `/v2/notemaps/${id}/authors` } },
        createdAt: expect.any(Number),
        currentUserData: { isFollowing: false },
        description: 'Where to drink it',
        followers: list('followers'),
        id: expect.any(Number),
        image: null,
        lastNoteAddedAt: null,
        link: `${TEST_PUBLIC_URL}/notemaps/${id}`,
        name: 'Coffee in Berlin',
        notes: list('notes'),
        notesWithImages: list('notes_with_images'),
        tags: list('tags'),
      });
      expect(Math.abs(body.data.createdAt - Date.now() / 1000)).toBeLessThan(60);
      const read = await t.request({ method: 'GET', url: `/v2/notemaps/${id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ data: body.data, meta: { http_status: 200 } });
    });

    it('accepts a form body, and gives "" for a description never set', async () => {
      const res = await t.request({
        method: 'POST', url: '/v2/notemaps', token: aliceWrite,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Form+map',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ name: 'Form map', description: '' });
    });

    it.each([
      ['no name', {}, [{ name: 'name', problem: 'is required' }]],
      ['a blank name', { name: '   ' }, [{ name: 'name', problem: 'must not be empty' }]],
      ['a 101-character name', { name: 'n'.repeat(101) }, [{ name: 'name', problem: 'must be at most 100 characters' }]],
      ['a 2,001-character description', { name: 'ok', description: 'd'.repeat(2001) }, [{ name: 'description', problem: 'must be at most 2000 characters' }]],
    ])('answers 400 naming the field for %s', async (_case, payload, fields) => {
      const res = await post(aliceWrite, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error).toMatchObject({ type: 'bad_request', fields });
    });

    it('accepts a name of exactly 100 characters (counted as code points) and a 2,000-character description', async () => {
      const res = await post(aliceWrite, { name: '\u{1F30D}'.repeat(100), description: 'd'.repeat(2000) });
      expect(res.statusCode).toBe(201);
    });

    it('answers 401 without a token and 403 to a token without write', async () => {
      const none = await post(undefined, { name: 'x' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      const readOnly = await post(aliceRead, { name: 'x' });
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="write"');
    });
  });

  describe('GET /v2/notemaps/:id', () => {
    it('answers 404 for a notemap that does not exist and for an id that names nothing', async () => {
      for (const id of ['999999', 'abc', '0', '99999999999']) {
        const res = await t.request({ method: 'GET', url: `/v2/notemaps/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
    });

    it('answers 401 to an unknown token', async () => {
      const id = await postNotemap(t, aliceWrite, 'Seen with a bad token');
      const res = await t.request({ method: 'GET', url: `/v2/notemaps/${id}`, token: 'not-a-token' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /v2/notemaps/:id', () => {
    it('lets the creator rename it and change or keep the description; answers 200 with the Notemap', async () => {
      const id = await postNotemap(t, aliceWrite, 'Old name', 'Old description');
      const renamed = await put(aliceWrite, id, { name: 'New name' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ data: { id, name: 'New name', description: 'Old description' }, meta: { http_status: 200 } });
      const cleared = await put(aliceWrite, id, { name: 'New name', description: '' });
      expect(cleared.json().data.description).toBe('');
    });

    it('answers 400 without a name, 401 without a token, 403 to others and to a token without write, 404 for none', async () => {
      const id = await postNotemap(t, aliceWrite, 'Guarded');
      expect((await put(aliceWrite, id, { description: 'no name' })).json().meta.error.fields).toEqual([{ name: 'name', problem: 'is required' }]);
      expect((await put(undefined, id, { name: 'x' })).statusCode).toBe(401);
      const other = await put(bobWrite, id, { name: 'Taken over' });
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await put(aliceRead, id, { name: 'x' })).statusCode).toBe(403);
      expect((await put(aliceWrite, 999999, { name: 'x' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${id}` })).json().data.name).toBe('Guarded');
    });
  });

  describe('DELETE /v2/notemaps/:id', () => {
    it('lets the creator delete it: 200 with meta only, then 404', async () => {
      const id = await postNotemap(t, aliceWrite, 'Short-lived');
      const res = await del(aliceWrite, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${id}` })).statusCode).toBe(404);
      expect((await del(aliceWrite, id)).statusCode).toBe(404);
    });

    it('answers 401 without a token and 403 to another user or a token without write', async () => {
      const id = await postNotemap(t, aliceWrite, 'Kept');
      expect((await del(undefined, id)).statusCode).toBe(401);
      expect((await del(bobWrite, id)).statusCode).toBe(403);
      expect((await del(aliceRead, id)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${id}` })).statusCode).toBe(200);
    });
  });

  describe('GET /v2/notemaps and /v2/users/:user_id/notemaps', () => {
    it('lists every notemap newest first, with paging and a count equal to the list', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await postNotemap(t, bobWrite, `Bob's map ${i}`));
      const all = await t.request({ method: 'GET', url: '/v2/notemaps?limit=100' });
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.meta).toEqual({ http_status: 200, count: body.data.length, nextUrl: null });
      expect(body.data.slice(0, 3).map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
      const first = await t.request({ method: 'GET', url: '/v2/notemaps?limit=2&foo=bar' });
      expect(first.json().meta).toEqual({ http_status: 200, count: body.data.length, nextUrl: '/v2/notemaps?foo=bar&offset=2&limit=2' });
      expect(first.json().data.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    });

    it("lists a user's notemaps, and the User's notemaps count equals that list", async () => {
      const carol = await t.createUser('carol');
      const carolWrite = await t.token(carol, 'write');
      const a = await postNotemap(t, carolWrite, 'First');
      const b = await postNotemap(t, carolWrite, 'Second');
      const res = await t.request({ method: 'GET', url: `/v2/users/${carol.id}/notemaps` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((m: { id: number }) => m.id)).toEqual([b, a]);
      expect(res.json().meta).toEqual({ http_status: 200, count: 2, nextUrl: null });
      const user = (await t.request({ method: 'GET', url: `/v2/users/${carol.id}` })).json().data;
      expect(user.notemaps).toEqual({ meta: { count: 2, nextUrl: `/v2/users/${carol.id}/notemaps` } });
    });

    it.each(['/v2/notemaps', `/v2/users/1/notemaps`])('%s answers 400 to a limit over 100 and 401 to an unknown token', async (url) => {
      expect((await t.request({ method: 'GET', url: `${url}?limit=101` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url, token: 'not-a-token' })).statusCode).toBe(401);
    });

    it('answers 404 for the notemaps of a user that does not exist', async () => {
      expect((await t.request({ method: 'GET', url: '/v2/users/999999/notemaps' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/v2/users/x/notemaps' })).statusCode).toBe(404);
    });
  });
});
