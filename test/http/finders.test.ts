import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const HERE = { latitude: -22.95, longitude: -43.21 };

describe.each(ALL_STORAGES)('finders over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceNotes: string;
  let bobWrite: string;
  let bobRead: string;
  let carolWrite: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob', { name: 'Bob B.' });
    carol = await t.createUser('carol');
    aliceNotes = await t.token(alice, 'notes');
    bobWrite = await t.token(bob, 'write');
    bobRead = await t.token(bob, 'read readall');
    carolWrite = await t.token(carol, 'write');
  });
  afterAll(() => t.close());

  const newNote = async (fields: object = {}): Promise<number> => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload: { message: 'A viewpoint', ...HERE, ...fields } });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  };
  const mark = (noteId: number | string, token?: string) => t.request({ method: 'POST', url: `/v2/notes/${noteId}/finders`, token });
  const unmark = (noteId: number | string, userId: number | string, token?: string) =>
    t.request({ method: 'DELETE', url: `/v2/notes/${noteId}/finders/${userId}`, token });
  const finders = (noteId: number | string, token?: string, query = '') =>
    t.request({ method: 'GET', url: `/v2/notes/${noteId}/finders${query}`, token });
  const getNote = async (noteId: number, token?: string) => (await t.request({ method: 'GET', url: `/v2/notes/${noteId}`, token })).json().data;

  describe('POST /v2/notes/:id/finders', () => {
    it('marks the note found for the token\'s user: 201 the first time, 200 on a repeat', async () => {
      const note = await newNote();
      const first = await mark(note, bobWrite);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await mark(note, bobWrite);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const seen = await getNote(note, bobWrite);
      expect(seen.finders).toEqual({ meta: { count: 1, nextUrl: `/v2/notes/${note}/finders` } });
      expect(seen.favoriters.meta.count).toBe(0);
      expect(seen.currentUserData).toMatchObject({ isFound: true, isFavorited: false });
      expect((await getNote(note, carolWrite)).currentUserData.isFound).toBe(false);
    });

    it('answers 401 without a token, 403 without write, 404 for a note the caller cannot see', async () => {
      const note = await newNote();
      const hidden = await newNote({ visibility: 'self' });
      expect((await mark(note)).statusCode).toBe(401);
      const readOnly = await mark(note, bobRead);
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="write"');
      for (const id of [hidden, 2_000_000_000, 'x']) expect((await mark(id, bobWrite)).statusCode).toBe(404);
      expect((await finders(note)).json().meta.count).toBe(0);
    });
  });

  describe('DELETE /v2/notes/:id/finders/:user_id', () => {
    it('unmarks with 200 and meta only, then 404 when it is no longer marked', async () => {
      const note = await newNote();
      await mark(note, bobWrite);
      const res = await unmark(note, bob.id, bobWrite);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await unmark(note, bob.id, bobWrite)).statusCode).toBe(404);
      expect((await getNote(note)).finders.meta.count).toBe(0);
    });

    it('answers 403 for another user\'s mark or without write, 401 without a token, 404 for a hidden note', async () => {
      const note = await newNote();
      await mark(note, bobWrite);
      const other = await unmark(note, bob.id, carolWrite);
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await unmark(note, bob.id, bobRead)).statusCode).toBe(403);
      expect((await unmark(note, bob.id)).statusCode).toBe(401);
      expect((await unmark(await newNote({ visibility: 'self' }), bob.id, bobWrite)).statusCode).toBe(404);
      expect((await unmark(note, 'bob', bobWrite)).statusCode).toBe(404);
      expect((await finders(note)).json().meta.count).toBe(1);
    });
  });

  describe('GET /v2/notes/:note_id/finders', () => {
    it('lists the finders newest first as user list items, paged, counted as the Note counts them', async () => {
      const note = await newNote();
      // Marked in one millisecond they tie on time, and the higher user id comes first: either way carol leads.
      for (const token of [bobWrite, carolWrite]) await mark(note, token);

      const body = (await finders(note, undefined, '?limit=1')).json();
      expect(body.meta).toEqual({ http_status: 200, count: 2, nextUrl: `/v2/notes/${note}/finders?offset=1&limit=1` });
      expect(body.data.map((u: { id: number }) => u.id)).toEqual([carol.id]);
      const rest = (await t.request({ method: 'GET', url: body.meta.nextUrl })).json();
      expect(rest.data).toEqual([{
        avatar: { hasAvatar: false, hash: expect.stringMatching(/^[0-9a-f]{32}$/), urlRoot: expect.any(String) },
        description: null,
        id: bob.id,
        link: `${TEST_PUBLIC_URL}/users/bob`,
        name: 'Bob B.',
        username: 'bob',
      }]);
      expect(rest.meta.nextUrl).toBeNull();
      expect((await getNote(note)).finders.meta.count).toBe(2);
    });

    it('needs readall for a non-public note, else 404; 400 for a bad page', async () => {
      const addressed = await newNote({ visibility: 'recipients', recipients: [bob.id] });
      await mark(addressed, bobWrite);
      expect((await finders(addressed, bobRead)).json().meta.count).toBe(1);
      expect((await finders(addressed)).statusCode).toBe(404);
      expect((await finders(addressed, carolWrite)).statusCode).toBe(404);
      expect((await finders(addressed, await t.token(bob, 'read'))).statusCode).toBe(404);
      expect((await finders(2_000_000_000)).statusCode).toBe(404);
      expect((await finders(addressed, bobRead, '?limit=500')).statusCode).toBe(400);
    });
  });

  it('keeps finders.count equal to the list after concurrent marks and unmarks', async () => {
    const note = await newNote();
    const users = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const user = await t.createUser(`finder${i}_${storage}`);
      return { user, token: await t.token(user, 'write') };
    }));
    await Promise.all(users.map(async ({ user, token }, i) => {
      expect((await mark(note, token)).statusCode).toBe(201);
      if (i % 4 === 0) expect((await unmark(note, user.id, token)).statusCode).toBe(200);
    }));
    const listed = (await finders(note, undefined, '?limit=100')).json();
    expect(listed.meta.count).toBe(15);
    expect(listed.data).toHaveLength(15);
    expect((await getNote(note)).finders.meta.count).toBe(15);
  });

  if (storage === 'database') {
    it('a page of finders costs as many SQL statements for 20 users as for 1', async () => {
      const note = await newNote();
      for (const token of [bobWrite, carolWrite, aliceNotes]) await mark(note, token);
      const statementsFor = async (limit: number) => {
        t.resetQueries();
        expect((await finders(note, undefined, `?limit=${limit}`)).statusCode).toBe(200);
        return t.queries.length;
      };
      const one = await statementsFor(1);
      expect(await statementsFor(20)).toBe(one);
      expect(one).toBeLessThanOrEqual(3);
    });
  }
});
