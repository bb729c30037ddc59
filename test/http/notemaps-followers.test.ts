import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';
import { addToNotemap, postNote, postNotemap } from '../support/notemap-helpers';

const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

describe.each(ALL_STORAGES)('followers and authors of notemaps over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceWrite: string;
  let bobWrite: string;
  let bobRead: string;
  let carolWrite: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob', { name: 'Bob B.' });
    carol = await t.createUser('carol');
    aliceWrite = await t.token(alice, 'write');
    bobWrite = await t.token(bob, 'write');
    bobRead = await t.token(bob, 'read readall contacts');
    carolWrite = await t.token(carol, 'write');
  });
  afterAll(() => t.close());

  const get = async (url: string, token?: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const follow = (token: string | undefined, id: number | string) => t.request({ method: 'POST', url: `/v2/notemaps/${id}/followers`, token });
  const unfollow = (token: string | undefined, id: number | string, userId: number | string) =>
    t.request({ method: 'DELETE', url: `/v2/notemaps/${id}/followers/${userId}`, token });

  describe('POST /v2/notemaps/:id/followers', () => {
    it('follows (201, meta only), a repeat is 200 and adds nothing; every list and count agrees', async () => {
      const map = await postNotemap(t, aliceWrite, 'Followed');
      const first = await follow(bobWrite, map);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await follow(bobWrite, map);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const followers = await get(`/v2/notemaps/${map}/followers`);
      expect(followers).toEqual({
        data: [{
          avatar: { hasAvatar: false, hash: expect.any(String), urlRoot: expect.any(String) },
          description: null, id: bob.id, link: `${TEST_PUBLIC_URL}/users/bob`, name: 'Bob B.', username: 'bob',
        }],
        meta: { http_status: 200, count: 1, nextUrl: null },
      });
      expect((await get(`/v2/notemaps/${map}`, bobWrite)).data).toMatchObject({
        currentUserData: { isFollowing: true }, followers: { meta: { count: 1 } },
      });
      expect((await get(`/v2/notemaps/${map}`, aliceWrite)).data.currentUserData).toEqual({ isFollowing: false });
      expect((await get(`/v2/notemaps/${map}`)).data.currentUserData).toEqual({ isFollowing: false });

      for (const path of ['followed_notemaps', 'followed_maps']) {
        const followed = await get(`/v2/users/${bob.id}/${path}`);
        expect(ids(followed)).toContain(map);
        expect(followed.meta.count).toBe(followed.data.length);
      }
      const user = (await get(`/v2/users/${bob.id}`)).data;
      expect(user.followedNotemaps).toEqual({ meta: { count: (await get(`/v2/users/${bob.id}/followed_notemaps`)).meta.count, nextUrl: `/v2/users/${bob.id}/followed_notemaps` } });
    });

    it('answers 401 without a token, 403 to a token without write, 404 for no notemap', async () => {
      const map = await postNotemap(t, aliceWrite, 'Guarded follows');
      expect((await follow(undefined, map)).statusCode).toBe(401);
      const scoped = await follow(bobRead, map);
      expect(scoped.statusCode).toBe(403);
      expect(scoped.headers['www-authenticate']).toContain('scope="write"');
      expect((await follow(bobWrite, 999999)).statusCode).toBe(404);
      expect((await follow(bobWrite, 'x')).statusCode).toBe(404);
    });
  });

  describe('DELETE /v2/notemaps/:id/followers/:user_id', () => {
    it('unfollows (200, meta only); a second time is 404', async () => {
      const map = await postNotemap(t, aliceWrite, 'Unfollowed');
      await follow(bobWrite, map);
      const res = await unfollow(bobWrite, map, bob.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await get(`/v2/notemaps/${map}/followers`)).meta.count).toBe(0);
      expect((await unfollow(bobWrite, map, bob.id)).statusCode).toBe(404);
    });

    it('answers 401 without a token, 403 for another user\'s follow or without write, 404 for no notemap', async () => {
      const map = await postNotemap(t, aliceWrite, 'Guarded unfollows');
      await follow(bobWrite, map);
      expect((await unfollow(undefined, map, bob.id)).statusCode).toBe(401);
      expect((await unfollow(bobRead, map, bob.id)).statusCode).toBe(403);
      const other = await unfollow(aliceWrite, map, bob.id);
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await unfollow(bobWrite, 999999, bob.id)).statusCode).toBe(404);
      expect((await unfollow(bobWrite, map, 'x')).statusCode).toBe(404);
      expect((await get(`/v2/notemaps/${map}/followers`)).meta.count).toBe(1);
    });
  });

  describe('GET /v2/notemaps/:id/followers', () => {
    it('lists followers, the most recent first, with paging', async () => {
      const map = await postNotemap(t, aliceWrite, 'Popular');
      for (const token of [bobWrite, carolWrite, aliceWrite]) {
        await follow(token, map);
        // Follows in the same millisecond would tie; the order is by follow time.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const page = await get(`/v2/notemaps/${map}/followers?limit=2`);
      expect(ids(page)).toEqual([alice.id, carol.id]);
      expect(page.meta).toEqual({ http_status: 200, count: 3, nextUrl: `/v2/notemaps/${map}/followers?offset=2&limit=2` });
      expect(ids(await get(page.meta.nextUrl))).toEqual([bob.id]);
    });
  });

  describe('GET /v2/notemaps/:id/authors', () => {
    it('lists the creator first, then the distinct authors of the notes the caller may read', async () => {
      const map = await postNotemap(t, carolWrite, 'Many hands');
      const carolNotes = await t.token(carol, 'notes');
      const bobNotes = await t.token(bob, 'notes');
      const aliceNotes = await t.token(alice, 'notes');
      const byBob = [await postNote(t, bobNotes), await postNote(t, bobNotes)];
      // Alice's note is for her and Carol only: Carol (the creator) may read and add it.
      const byAlice = await postNote(t, aliceNotes, { visibility: 'recipients', recipients: [carol.id] });
      const byCarol = await postNote(t, carolNotes);
      for (const note of [...byBob, byAlice, byCarol]) expect(await addToNotemap(t, carolWrite, map, note)).toBe(201);

      const forAnyone = await get(`/v2/notemaps/${map}/authors`);
      expect(ids(forAnyone)).toEqual([carol.id, bob.id]);
      expect(forAnyone.meta).toEqual({ http_status: 200, count: 2, nextUrl: null });
      expect(forAnyone.data[1]).toMatchObject({ username: 'bob', name: 'Bob B.', description: null });
      expect((await get(`/v2/notemaps/${map}`)).data.authors.meta.count).toBe(2);

      const forCarol = await get(`/v2/notemaps/${map}/authors`, carolWrite);
      expect(ids(forCarol)).toEqual([carol.id, alice.id, bob.id]);
      expect((await get(`/v2/notemaps/${map}`, carolWrite)).data.authors.meta.count).toBe(3);
    });
  });

  describe('GET /v2/users/:user_id/followed_notemaps', () => {
    it('answers an empty list for a user who follows nothing', async () => {
      const dave = await t.createUser('dave');
      for (const path of ['followed_notemaps', 'followed_maps']) {
        expect(await get(`/v2/users/${dave.id}/${path}`)).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
      }
    });

    it.each(['followed_notemaps', 'followed_maps'])('/v2/users/:user_id/%s answers 400, 401 and 404', async (path) => {
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}/${path}?offset=-1` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}/${path}`, token: 'not-a-token' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `/v2/users/999999/${path}` })).statusCode).toBe(404);
    });
  });

  describe('concurrency', () => {
    it('50 concurrent follows and unfollows from distinct users leave the followers count equal to the list', async () => {
      const map = await postNotemap(t, aliceWrite, 'Rush');
      const users = await Promise.all(Array.from({ length: 50 }, (_, i) => t.createUser(`fan${i}`)));
      const tokens = await Promise.all(users.map((user) => t.token(user, 'write')));
      // Half of them follow first, so their unfollow has something to remove while others follow.
      await Promise.all(tokens.slice(0, 25).map((token) => follow(token, map)));
      const results = await Promise.all(users.map((user, i) => (i < 25 ? unfollow(tokens[i], map, user.id) : follow(tokens[i], map))));
      expect(results.map((res) => res.statusCode)).toEqual([...Array(25).fill(200), ...Array(25).fill(201)]);
      const followers = await get(`/v2/notemaps/${map}/followers?limit=100`);
      expect(followers.meta.count).toBe(25);
      expect(followers.data).toHaveLength(25);
      expect((await get(`/v2/notemaps/${map}`)).data.followers.meta.count).toBe(25);
    });
  });
});
