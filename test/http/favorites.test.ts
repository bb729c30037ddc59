import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const HERE = { latitude: 48.85, longitude: 2.35 };

describe.each(ALL_STORAGES)('favorites over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceNotes: string;
  let aliceRead: string;
  let bobWrite: string;
  let bobRead: string;
  let carolWrite: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice', { name: 'Alice A.' });
    bob = await t.createUser('bob', { name: 'Bob B.' });
    carol = await t.createUser('carol');
    aliceNotes = await t.token(alice, 'notes');
    aliceRead = await t.token(alice, 'read');
    bobWrite = await t.token(bob, 'write');
    bobRead = await t.token(bob, 'read');
    carolWrite = await t.token(carol, 'write');
  });
  afterAll(() => t.close());

  const newNote = async (fields: object = {}): Promise<number> => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload: { message: 'A café', ...HERE, ...fields } });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  };
  const favorite = (noteId: number | string, token?: string) =>
    t.request({ method: 'POST', url: `/v2/notes/${noteId}/favoriters`, token });
  const unfavorite = (noteId: number | string, userId: number | string, token?: string, segment = 'favoriters') =>
    t.request({ method: 'DELETE', url: `/v2/notes/${noteId}/${segment}/${userId}`, token });
  const favoriters = (noteId: number | string, token?: string, query = '') =>
    t.request({ method: 'GET', url: `/v2/notes/${noteId}/favoriters${query}`, token });
  const getNote = async (noteId: number, token?: string) => (await t.request({ method: 'GET', url: `/v2/notes/${noteId}`, token })).json().data;

  describe('POST /v2/notes/:note_id/favoriters', () => {
    it('answers 201 with meta only the first time and 200 on a repeat, adding nothing twice', async () => {
      const note = await newNote();
      const first = await favorite(note, bobWrite);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await favorite(note, bobWrite);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const seen = await getNote(note, bobWrite);
      expect(seen.favoriters).toEqual({ meta: { count: 1, nextUrl: `/v2/notes/${note}/favoriters` } });
      expect(seen.currentUserData).toMatchObject({ isFavorited: true, isFound: false, canFavorite: true });
      expect((await getNote(note, carolWrite)).currentUserData.isFavorited).toBe(false);
      expect((await getNote(note)).currentUserData.isFavorited).toBe(false);
      expect((await favoriters(note)).json().meta.count).toBe(1);
    });

    it('takes the token as a form field', async () => {
      const note = await newNote();
      const res = await t.request({
        method: 'POST', url: `/v2/notes/${note}/favoriters`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `access_token=${encodeURIComponent(carolWrite)}`,
      });
      expect(res.statusCode).toBe(201);
      expect((await favoriters(note)).json().data.map((u: { id: number }) => u.id)).toEqual([carol.id]);
    });

    it('answers 401 without a token or with an unknown one', async () => {
      const note = await newNote();
      const none = await favorite(note);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      expect((await favorite(note, 'not-a-token')).statusCode).toBe(401);
    });

    it('answers 403 insufficient_scope to a token without write', async () => {
      const note = await newNote();
      const res = await favorite(note, bobRead);
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="write"');
      expect((await favoriters(note)).json().meta.count).toBe(0);
    });

    it('answers 404 for a note that does not exist, a malformed id, or a note the caller may not read', async () => {
      const hidden = await newNote({ visibility: 'self' });
      for (const id of [2_000_000_000, 'abc', '0', hidden]) {
        const res = await favorite(id, bobWrite);
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
      expect((await favorite(hidden, await t.token(alice, 'write'))).statusCode).toBe(201);
    });
  });

  describe('DELETE /v2/notes/:note_id/favoriters/:id (and …/favorites/:id)', () => {
    it('answers 200 with meta only, then 404 once the favorite is gone; the alias does the same', async () => {
      const note = await newNote();
      await favorite(note, bobWrite);
      await favorite(note, carolWrite);
      const res = await unfavorite(note, bob.id, bobWrite);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await getNote(note, bobWrite)).currentUserData.isFavorited).toBe(false);
      const again = await unfavorite(note, bob.id, bobWrite);
      expect(again.statusCode).toBe(404);
      expect(again.json().meta.error.type).toBe('not_found');

      expect((await unfavorite(note, carol.id, carolWrite, 'favorites')).statusCode).toBe(200);
      expect((await unfavorite(note, carol.id, carolWrite, 'favorites')).statusCode).toBe(404);
      expect((await getNote(note)).favoriters.meta.count).toBe(0);
      expect((await favoriters(note)).json()).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
    });

    it('answers 403 when :id is another user, and to a token without write', async () => {
      const note = await newNote();
      await favorite(note, bobWrite);
      const other = await unfavorite(note, bob.id, carolWrite);
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await unfavorite(note, bob.id, bobRead)).statusCode).toBe(403);
      expect((await favoriters(note)).json().meta.count).toBe(1);
    });

    it('answers 401 without a token', async () => {
      const note = await newNote();
      expect((await unfavorite(note, bob.id)).statusCode).toBe(401);
      expect((await unfavorite(note, bob.id, undefined, 'favorites')).statusCode).toBe(401);
    });

    it('answers 404 for an unknown or hidden note and a malformed user id', async () => {
      const hidden = await newNote({ visibility: 'self' });
      expect((await unfavorite(2_000_000_000, bob.id, bobWrite)).statusCode).toBe(404);
      expect((await unfavorite(hidden, bob.id, bobWrite)).statusCode).toBe(404);
      expect((await unfavorite(await newNote(), 'me', bobWrite)).statusCode).toBe(404);
    });
  });

  describe('GET /v2/notes/:note_id/favoriters', () => {
    it('lists the users who favorited, newest first, as user list items, paged', async () => {
      const note = await newNote();
      for (const token of [aliceNotes, bobWrite, carolWrite]) expect((await favorite(note, token)).statusCode).toBe(201);

      const all = await favoriters(note);
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.meta).toEqual({ http_status: 200, count: 3, nextUrl: null });
      // The latest favorite first (on a tie in time, the higher user id: the same order here).
      expect(body.data.map((u: { id: number }) => u.id)).toEqual([carol.id, bob.id, alice.id]);
      expect(body.data[1]).toEqual({
        avatar: { hasAvatar: false, hash: expect.stringMatching(/^[0-9a-f]{32}$/), urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\//) },
        description: null,
        id: bob.id,
        link: `${TEST_PUBLIC_URL}/users/bob`,
        name: 'Bob B.',
        username: 'bob',
      });

      const first = (await favoriters(note, undefined, '?limit=2&x=1')).json();
      expect(first.data).toHaveLength(2);
      expect(first.meta).toEqual({ http_status: 200, count: 3, nextUrl: `/v2/notes/${note}/favoriters?x=1&offset=2&limit=2` });
      const second = (await t.request({ method: 'GET', url: first.meta.nextUrl })).json();
      expect(second.data.map((u: { id: number }) => u.id)).toEqual([alice.id]);
      expect(second.meta.nextUrl).toBeNull();
      expect((await getNote(note)).favoriters.meta.count).toBe(3);
    });

    it('shows the favoriters of a non-public note only to a reader holding readall', async () => {
      const hidden = await newNote({ visibility: 'recipients', recipients: [bob.id] });
      expect((await favorite(hidden, bobWrite)).statusCode).toBe(201);
      expect((await favoriters(hidden, bobWrite)).json().meta.count).toBe(1);
      expect((await favoriters(hidden, aliceNotes)).json().meta.count).toBe(1);
      for (const token of [undefined, bobRead, aliceRead, carolWrite]) {
        const res = await favoriters(hidden, token);
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
    });

    it('answers 404 for an unknown note and 400 for a bad page', async () => {
      expect((await favoriters(2_000_000_000)).statusCode).toBe(404);
      expect((await favoriters('12x')).statusCode).toBe(404);
      const note = await newNote();
      expect((await favoriters(note, undefined, '?limit=101')).statusCode).toBe(400);
      expect((await favoriters(note, undefined, '?offset=-1')).json().meta.error.type).toBe('bad_request');
    });

    it('answers 401 for an unknown token', async () => {
      expect((await favoriters(await newNote(), 'not-a-token')).statusCode).toBe(401);
    });
  });

  describe('GET /v2/users/:user_id/favorites', () => {
    it('lists the notes a user favorited that the caller may read, counted as the User counts them', async () => {
      const dan = await t.createUser(`dan_${storage}`);
      const danWrite = await t.token(dan, 'write');
      const visible = await newNote({ message: 'open' });
      const addressed = await newNote({ message: 'for dan', visibility: 'recipients', recipients: [dan.id] });
      await newNote({ message: 'not favorited' });
      expect((await favorite(visible, danWrite)).statusCode).toBe(201);
      expect((await favorite(addressed, danWrite)).statusCode).toBe(201);

      for (const [token, ids] of [[undefined, [visible]], [danWrite, [addressed, visible]], [carolWrite, [visible]], [aliceNotes, [addressed, visible]]] as const) {
        const res = await t.request({ method: 'GET', url: `/v2/users/${dan.id}/favorites`, token });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.data.map((n: { id: number }) => n.id)).toEqual(ids);
        expect(body.meta).toEqual({ http_status: 200, count: ids.length, nextUrl: null });
        const user = (await t.request({ method: 'GET', url: `/v2/users/${dan.id}`, token })).json().data;
        expect(user.favorites).toEqual({ meta: { count: ids.length, nextUrl: `/v2/users/${dan.id}/favorites` } });
      }
      const own = (await t.request({ method: 'GET', url: `/v2/users/${dan.id}/favorites?limit=1`, token: danWrite })).json();
      expect(own.data[0]).toMatchObject({ id: addressed, currentUserData: { isFavorited: true }, favoriters: { meta: { count: 1 } } });
      expect(own.meta.nextUrl).toMatch(new RegExp(`^/v2/users/${dan.id}/favorites\\?offset=1&limit=1&cursor=[A-Za-z0-9_-]+$`));
    });

    it('answers 404 for an unknown user or a malformed id, 400 for a bad page, 401 for a bad token', async () => {
      expect((await t.request({ method: 'GET', url: '/v2/users/2000000000/favorites' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/v2/users/alice/favorites' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/v2/users/${alice.id}/favorites?limit=0` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: `/v2/users/${alice.id}/favorites`, token: 'nope' })).statusCode).toBe(401);
    });

    it('drops a deleted note from every list and count', async () => {
      const note = await newNote();
      await favorite(note, bobWrite);
      const before = (await t.request({ method: 'GET', url: `/v2/users/${bob.id}/favorites?limit=100` })).json().meta.count;
      const deleter = await t.token(alice, 'delete');
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${note}`, token: deleter })).statusCode).toBe(200);
      const after = (await t.request({ method: 'GET', url: `/v2/users/${bob.id}/favorites?limit=100` })).json();
      expect(after.meta.count).toBe(before - 1);
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}` })).json().data.favorites.meta.count).toBe(before - 1);
      expect((await favoriters(note)).statusCode).toBe(404);
    });
  });

  it('keeps favoriters.count equal to the list after 50 concurrent favorites and unfavorites by distinct users', async () => {
    const note = await newNote({ message: 'popular' });
    const fans = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const user = await t.createUser(`fan${i}_${storage}`);
      return { user, token: await t.token(user, 'write') };
    }));
    // Every fan favorites; every other fan then unfavorites; all fans run at once, interleaving.
    const outcomes = await Promise.all(fans.map(async ({ user, token }, i) => {
      const added = await favorite(note, token);
      const removed = i % 2 === 0 ? await unfavorite(note, user.id, token) : null;
      return [added.statusCode, removed?.statusCode ?? null];
    }));
    expect(outcomes.filter(([added]) => added === 201)).toHaveLength(50);
    expect(outcomes.filter(([, removed]) => removed === 200)).toHaveLength(25);

    const count = (await getNote(note)).favoriters.meta.count;
    const listed = (await favoriters(note, undefined, '?limit=100')).json();
    expect(count).toBe(25);
    expect(listed.meta.count).toBe(count);
    expect(listed.data).toHaveLength(count);
    expect(new Set(listed.data.map((u: { id: number }) => u.id))).toEqual(new Set(fans.filter((_, i) => i % 2 === 1).map((f) => f.user.id)));
  });

  if (storage === 'database') {
    it('a page of favoriters costs as many SQL statements for 20 users as for 1', async () => {
      const note = await newNote();
      for (const token of [bobWrite, carolWrite, aliceNotes]) await favorite(note, token);
      const statementsFor = async (limit: number) => {
        t.resetQueries();
        const res = await favoriters(note, bobWrite, `?limit=${limit}`);
        expect(res.statusCode).toBe(200);
        return t.queries.length;
      };
      const one = await statementsFor(1);
      expect(await statementsFor(20)).toBe(one);
      expect(one).toBeLessThanOrEqual(4);
    });
  }
});
