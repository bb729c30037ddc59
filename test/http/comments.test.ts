import { COMMENT_BODY_LIMIT } from '../../src/adapters/http/comments/comment-body-limit';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const BERLIN = { latitude: 52.52, longitude: 13.405 };
// ASCII, Latin-1, CJK, emoji outside the BMP, a combining mark, quotes, a backslash and control characters.
const MIX = [...'a\u00e9\u4e2d\u{1F600}e\u0301\n"\\\t\u{10FFFF}\u0001 '];
const mixed = (codePoints: number) => Array.from({ length: codePoints }, (_, i) => MIX[i % MIX.length]).join('');

describe.each(ALL_STORAGES)('comments over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceAll: string;
  let bobWrite: string;
  let carolWrite: string;
  let bobRead: string;
  let publicNote: number;
  let privateNote: number;

  const note = async (fields: object = {}) =>
    (await t.request({ method: 'POST', url: '/v2/notes', token: aliceAll, payload: { message: 'A place', ...BERLIN, ...fields } })).json().data.id as number;
  const comments = (noteId: number) => `/v2/notes/${noteId}/comments`;
  const post = (noteId: number, token: string | undefined, payload: object | string | Buffer, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: comments(noteId), token, payload, headers });
  const commentOn = async (noteId: number, token: string, text = 'Nice spot') => {
    const res = await post(noteId, token, { comment: text });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  const listOf = async (noteId: number, token?: string, query = '') =>
    (await t.request({ method: 'GET', url: `${comments(noteId)}${query}`, token })).json();
  const noteCount = async (noteId: number, token?: string) =>
    (await t.request({ method: 'GET', url: `/v2/notes/${noteId}`, token })).json().data.comments.meta.count as number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice', { name: 'Alice A.' });
    bob = await t.createUser('bob');
    carol = await t.createUser('carol');
    aliceAll = await t.token(alice, 'notes delete');
    bobWrite = await t.token(bob, 'write');
    carolWrite = await t.token(carol, 'write');
    bobRead = await t.token(bob, 'read contacts');
    publicNote = await note();
    privateNote = await note({ visibility: 'self' });
  });
  afterAll(() => t.close());

  describe('POST /v2/notes/:id/comments', () => {
    it('answers 201 with every field of the Comment, and the note counts it', async () => {
      const before = await noteCount(publicNote);
      const res = await post(publicNote, bobWrite, { comment: 'Great coffee here', title: 'Coffee' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.meta).toEqual({ http_status: 201 });
      expect(body.data).toEqual({
        author: {
          avatar: { hasAvatar: false, hash: expect.any(String), urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\//) },
          id: bob.id,
          link: `${TEST_PUBLIC_URL}/users/bob`,
          name: null,
          username: 'bob',
        },
        comment: 'Great coffee here',
        createdAt: expect.any(Number),
        currentUserData: { canFavorite: true, isFavorited: false },
        favoritersCount: 0,
        id: expect.any(Number),
        title: 'Coffee',
        updatedAt: body.data.createdAt,
      });
      expect(Number.isInteger(body.data.createdAt)).toBe(true);
      expect(Math.abs(body.data.createdAt - Date.now() / 1000)).toBeLessThan(60);
      expect(await noteCount(publicNote)).toBe(before + 1);
    });

    it('takes a form body, the token in it, and gives no title when none is sent', async () => {
      const res = await post(publicNote, undefined, `comment=From+a+form+%E2%9C%93&access_token=${encodeURIComponent(bobWrite)}`,
        { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ comment: 'From a form \u2713', title: null, author: { id: bob.id } });
    });

    it('answers 401 without a token or with an unknown one', async () => {
      const none = await post(publicNote, undefined, { comment: 'x' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      expect((await post(publicNote, 'not-a-token', { comment: 'x' })).statusCode).toBe(401);
    });

    it('answers 403 insufficient_scope to a token without write', async () => {
      const res = await post(publicNote, bobRead, { comment: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="write"');
    });

    it('answers 404 for a note that does not exist, one the caller may not see, or a bad id', async () => {
      for (const url of [comments(2_000_000_000), comments(privateNote), '/v2/notes/abc/comments', '/v2/notes/0/comments']) {
        const res = await t.request({ method: 'POST', url, token: bobWrite, payload: { comment: 'x' } });
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
      expect(await noteCount(privateNote, aliceAll)).toBe(0);
    });

    it.each([
      [{}, 'comment'],
      [{ comment: '   ' }, 'comment'],
      [{ comment: 'x', title: 't'.repeat(51) }, 'title'],
      [{ comment: { text: 'x' } }, 'comment'],
      [{ comment: 'x', title: ['a', 'b'] }, 'title'],
      [{ comment: 'nul \u0000 inside' }, 'comment'],
    ])('answers 400 naming the field for %j, and stores nothing', async (payload, field) => {
      const before = await noteCount(publicNote);
      const res = await post(publicNote, bobWrite, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error).toMatchObject({ type: 'bad_request', fields: [expect.objectContaining({ name: field })] });
      expect(await noteCount(publicNote)).toBe(before);
    });

    it('accepts a title of 50 characters (code points)', async () => {
      const title = '\u{1F600}'.repeat(50);
      const res = await post(publicNote, bobWrite, { comment: 'x', title });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.title).toBe(title);
    });

    it('stores a 2,000,000-character comment and reads it back byte for byte', async () => {
      const text = mixed(2_000_000);
      const res = await post(publicNote, bobWrite, { comment: text });
      expect(res.statusCode).toBe(201);
      const read = await t.request({ method: 'GET', url: `${comments(publicNote)}/${res.json().data.id}` });
      expect(read.statusCode).toBe(200);
      const back: string = read.json().data.comment;
      expect([...back].length).toBe(2_000_000);
      expect(Buffer.from(back, 'utf8').equals(Buffer.from(text, 'utf8'))).toBe(true);
    });

    it('refuses 16,777,216 characters with 400', async () => {
      const res = await post(publicNote, bobWrite, `{"comment":"${'x'.repeat(16_777_216)}"}`, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error.fields).toEqual([{ name: 'comment', problem: 'must be at most 16777215 characters' }]);
    });

    it('refuses a body over the limit with 413 payload_too_large', async () => {
      const body = Buffer.alloc(COMMENT_BODY_LIMIT + 1, 'x');
      body.write('{"comment":"');
      body.write('"}', COMMENT_BODY_LIMIT - 1);
      const res = await post(publicNote, bobWrite, body, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(413);
      expect(res.json().meta).toMatchObject({ http_status: 413, error: { type: 'payload_too_large' } });
    });
  });

  describe('GET /v2/notes/:id/comments and /v2/notes/:id/comments/:id', () => {
    let noteId: number;
    let ids: number[];

    beforeAll(async () => {
      noteId = await note();
      ids = [];
      for (const [i, token] of [bobWrite, carolWrite, bobWrite, aliceAll, carolWrite].entries()) {
        ids.push(await commentOn(noteId, token, `comment ${i}`));
      }
    });

    it('lists the comments oldest first, paged, with count equal to the note’s comments count', async () => {
      const first = await listOf(noteId, undefined, '?limit=2');
      expect(first.meta).toEqual({ http_status: 200, count: 5, nextUrl: `/v2/notes/${noteId}/comments?offset=2&limit=2` });
      expect(first.data.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
      const last = await listOf(noteId, undefined, '?offset=4&limit=2');
      expect(last.meta.nextUrl).toBeNull();
      expect(last.data.map((c: { comment: string }) => c.comment)).toEqual(['comment 4']);
      expect(await noteCount(noteId)).toBe(5);
    });

    it('gets one comment, with the caller’s flags', async () => {
      const res = await t.request({ method: 'GET', url: `${comments(noteId)}/${ids[1]}`, token: bobWrite });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: ids[1], comment: 'comment 1', author: { id: carol.id }, currentUserData: { canFavorite: true } });
      const anonymous = await t.request({ method: 'GET', url: `${comments(noteId)}/${ids[1]}` });
      expect(anonymous.json().data.currentUserData).toEqual({ canFavorite: false, isFavorited: false });
    });

    it('answers 404 for a comment of another note, an unknown comment, and a note the caller may not see', async () => {
      for (const url of [
        `${comments(publicNote)}/${ids[0]}`, `${comments(noteId)}/2000000000`, `${comments(noteId)}/x`,
        comments(privateNote), `${comments(privateNote)}/${ids[0]}`, comments(2_000_000_000),
      ]) {
        const res = await t.request({ method: 'GET', url, token: bobWrite });
        expect(res.statusCode).toBe(404);
      }
    });

    it('shows the comments of a non-public note to its author holding readall', async () => {
      const id = await commentOn(privateNote, aliceAll, 'note to self');
      expect((await listOf(privateNote, aliceAll)).meta.count).toBe(await noteCount(privateNote, aliceAll));
      expect((await t.request({ method: 'GET', url: `${comments(privateNote)}/${id}`, token: aliceAll })).statusCode).toBe(200);
      const aliceRead = await t.token(alice, 'read');
      expect((await t.request({ method: 'GET', url: comments(privateNote), token: aliceRead })).statusCode).toBe(404);
    });

    it('answers 400 for a page too large and 401 for an unknown token', async () => {
      expect((await t.request({ method: 'GET', url: `${comments(noteId)}?limit=101` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: comments(noteId), token: 'nope' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `${comments(noteId)}/${ids[0]}`, token: 'nope' })).statusCode).toBe(401);
    });
  });

  describe('PUT /v2/notes/:note_id/comments/:id', () => {
    it('lets the author edit the text and title, keeping the title when none is sent', async () => {
      const id = (await post(publicNote, bobWrite, { comment: 'first', title: 'T' })).json().data.id;
      const url = `${comments(publicNote)}/${id}`;
      const res = await t.request({ method: 'PUT', url, token: bobWrite, payload: { comment: 'second' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ meta: { http_status: 200 }, data: { id, comment: 'second', title: 'T' } });
      const cleared = await t.request({ method: 'PUT', url, token: bobWrite, payload: { comment: 'third', title: null } });
      expect(cleared.json().data).toMatchObject({ comment: 'third', title: null });
    });

    it('answers 401, 403 (scope or another author), 404 and 400 as the case may be', async () => {
      const id = await commentOn(publicNote, bobWrite, 'mine');
      const url = `${comments(publicNote)}/${id}`;
      const put = (token: string | undefined, payload: object, at = url) => t.request({ method: 'PUT', url: at, token, payload });
      expect((await put(undefined, { comment: 'x' })).statusCode).toBe(401);
      expect((await put(bobRead, { comment: 'x' })).statusCode).toBe(403);
      const other = await put(aliceAll, { comment: 'x' });
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await put(bobWrite, { comment: 'x' }, `${comments(publicNote)}/2000000000`)).statusCode).toBe(404);
      expect((await put(bobWrite, { comment: 'x' }, `${comments(privateNote)}/${id}`)).statusCode).toBe(404);
      expect((await put(bobWrite, {})).statusCode).toBe(400);
      expect((await put(bobWrite, { comment: 'x', title: 'y'.repeat(51) })).statusCode).toBe(400);
      const unchanged = await t.request({ method: 'GET', url });
      expect(unchanged.json().data.comment).toBe('mine');
    });
  });

  describe('DELETE /v2/notes/:note_id/comments/:id', () => {
    it('lets the comment’s author or the note’s author delete it, and the count follows', async () => {
      const noteId = await note();
      const [byBob, byCarol] = [await commentOn(noteId, bobWrite), await commentOn(noteId, carolWrite)];
      const mine = await t.request({ method: 'DELETE', url: `${comments(noteId)}/${byBob}`, token: bobWrite });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ meta: { http_status: 200 } });
      const asNoteAuthor = await t.request({ method: 'DELETE', url: `${comments(noteId)}/${byCarol}`, token: aliceAll });
      expect(asNoteAuthor.statusCode).toBe(200);
      expect(await noteCount(noteId)).toBe(0);
      expect((await listOf(noteId)).meta.count).toBe(0);
      expect((await t.request({ method: 'DELETE', url: `${comments(noteId)}/${byBob}`, token: bobWrite })).statusCode).toBe(404);
    });

    it('answers 401, 403 (scope, or neither author) and 404', async () => {
      const id = await commentOn(publicNote, bobWrite);
      const url = `${comments(publicNote)}/${id}`;
      expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'DELETE', url, token: bobRead })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url, token: carolWrite })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `${comments(privateNote)}/${id}`, token: bobWrite })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `${comments(publicNote)}/2000000000`, token: bobWrite })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    });
  });

  describe('favoriting a comment', () => {
    let id: number;
    let url: string;

    beforeAll(async () => {
      id = await commentOn(publicNote, aliceAll, 'favorite me');
      url = `${comments(publicNote)}/${id}`;
    });

    it('answers 201 the first time and 200 on a repeat, counting one favorite', async () => {
      const first = await t.request({ method: 'POST', url: `${url}/favoriters`, token: bobWrite });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await t.request({ method: 'POST', url: `${url}/favoriters`, token: bobWrite });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });
      const read = (await t.request({ method: 'GET', url, token: bobWrite })).json().data;
      expect(read).toMatchObject({ favoritersCount: 1, currentUserData: { canFavorite: true, isFavorited: true } });
      expect((await t.request({ method: 'GET', url, token: carolWrite })).json().data.currentUserData.isFavorited).toBe(false);
    });

    it('unfavorites for the token’s user only: 403 for another, 404 when not favorited', async () => {
      await t.request({ method: 'POST', url: `${url}/favoriters`, token: carolWrite });
      const forOther = await t.request({ method: 'DELETE', url: `${url}/favoriters/${bob.id}`, token: carolWrite });
      expect(forOther.statusCode).toBe(403);
      const removed = await t.request({ method: 'DELETE', url: `${url}/favoriters/${carol.id}`, token: carolWrite });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ meta: { http_status: 200 } });
      expect((await t.request({ method: 'DELETE', url: `${url}/favoriters/${carol.id}`, token: carolWrite })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url })).json().data.favoritersCount).toBe(1);
      await t.request({ method: 'POST', url: `${url}/favoriters`, token: carolWrite });
      expect((await t.request({ method: 'DELETE', url: `${url}/favorites/${carol.id}`, token: carolWrite })).statusCode).toBe(200);
    });

    it('answers 401 and 403 (scope) and 404 for comments and notes that are not there', async () => {
      expect((await t.request({ method: 'POST', url: `${url}/favoriters` })).statusCode).toBe(401);
      expect((await t.request({ method: 'DELETE', url: `${url}/favoriters/${bob.id}` })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: `${url}/favoriters`, token: bobRead })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `${url}/favoriters/${bob.id}`, token: bobRead })).statusCode).toBe(403);
      for (const at of [`${comments(publicNote)}/2000000000`, `${comments(privateNote)}/${id}`, `${comments(2_000_000_000)}/${id}`]) {
        expect((await t.request({ method: 'POST', url: `${at}/favoriters`, token: bobWrite })).statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `${at}/favoriters/${bob.id}`, token: bobWrite })).statusCode).toBe(404);
      }
      expect((await t.request({ method: 'DELETE', url: `${url}/favoriters/nobody`, token: bobWrite })).statusCode).toBe(404);
    });

    it('counts every one of many concurrent favorites and unfavorites', async () => {
      const target = await commentOn(publicNote, aliceAll, 'popular');
      const at = `${comments(publicNote)}/${target}/favoriters`;
      const fans = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
        const user = await t.createUser(`fan${i}`);
        return { user, token: await t.token(user, 'write') };
      }));
      const favorites = await Promise.all(fans.map(({ token }) => t.request({ method: 'POST', url: at, token })));
      expect(favorites.map((r) => r.statusCode)).toEqual(fans.map(() => 201));
      const removals = await Promise.all(fans.slice(0, 8).flatMap(({ user, token }) => [
        t.request({ method: 'DELETE', url: `${at}/${user.id}`, token }),
        t.request({ method: 'POST', url: at, token: fans[19]?.token }),
      ]));
      expect(removals.filter((r) => r.statusCode === 200)).toHaveLength(16);
      expect((await t.request({ method: 'GET', url: `${comments(publicNote)}/${target}` })).json().data.favoritersCount).toBe(12);
    });
  });

  describe('deleting the note', () => {
    it('removes its comments and their favorites', async () => {
      const noteId = await note();
      const id = await commentOn(noteId, bobWrite);
      await t.request({ method: 'POST', url: `${comments(noteId)}/${id}/favoriters`, token: carolWrite });
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${noteId}`, token: aliceAll })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: comments(noteId) })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `${comments(noteId)}/${id}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `${comments(noteId)}/${id}/favoriters/${carol.id}`, token: carolWrite })).statusCode).toBe(404);
    });
  });
});

describe('the largest legal comment', () => {
  let t: TestApp;
  let token: string;
  let noteId: number;

  beforeAll(async () => {
    // The body limit is the HTTP layer's: memory storage keeps this test about it.
    t = await createTestApp({ storage: 'memory' });
    const user = await t.createUser('max');
    token = await t.token(user, 'notes');
    noteId = (await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'm', ...BERLIN } })).json().data.id;
  });
  afterAll(() => t.close());

  it('fits the body limit when every one of its 16,777,215 characters takes 4 bytes of UTF-8', async () => {
    const comment = '\u{1F600}'.repeat(16_777_215);
    const payload = Buffer.from(JSON.stringify({ comment, title: '\u{1F600}'.repeat(50) }), 'utf8');
    expect(payload.length).toBeLessThanOrEqual(COMMENT_BODY_LIMIT);
    const res = await t.request({ method: 'POST', url: `/v2/notes/${noteId}/comments`, token, payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.comment === comment).toBe(true);
  });
});

describe('SQL statements of a page of comments', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await Promise.all(['ann', 'ben', 'cid'].map((name) => t.createUser(name)));
    const tokens = await Promise.all(users.map((user) => t.token(user, 'notes')));
    const noteId = (await t.request({ method: 'POST', url: '/v2/notes', token: tokens[0], payload: { message: 'm', ...BERLIN } })).json().data.id;
    url = `/v2/notes/${noteId}/comments`;
    for (let i = 0; i < 24; i++) {
      await t.request({ method: 'POST', url, token: tokens[i % 3], payload: { comment: `c${i}` } });
    }
  });
  afterAll(() => t.close());

  it.each([false, true])('costs as much for 20 comments as for 1 (token: %s)', async (withToken) => {
    const token = withToken ? await t.token({ id: 1, username: 'ann' }, 'write') : undefined;
    const cost = async (limit: number) => {
      // A token used a moment ago is answered from the cache: use it once first, so both sides count alike.
      if (token) await t.request({ method: 'GET', url: `${url}?limit=1`, token });
      t.resetQueries();
      const res = await t.request({ method: 'GET', url: `${url}?limit=${limit}`, token });
      expect(res.json().data).toHaveLength(limit);
      return t.queries.length;
    };
    const one = await cost(1);
    expect(await cost(20)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });
});
