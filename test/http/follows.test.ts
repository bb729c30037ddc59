import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

describe.each(ALL_STORAGES)('following users over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceContacts: string;
  let bobContacts: string;
  let carolContacts: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice', { name: 'Alice A.' });
    bob = await t.createUser('bob');
    carol = await t.createUser('carol');
    aliceContacts = await t.token(alice, 'contacts');
    bobContacts = await t.token(bob, 'contacts');
    carolContacts = await t.token(carol, 'contacts');
  });
  afterAll(() => t.close());

  const follow = (userId: number | string, token?: string) =>
    t.request({ method: 'POST', url: `/v2/users/${userId}/followers`, token });
  const unfollow = (userId: number | string, followerId: number | string, token?: string) =>
    t.request({ method: 'DELETE', url: `/v2/users/${userId}/followers/${followerId}`, token });
  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const ids = (body: { data: { id: number }[] }) => body.data.map((user) => user.id);
  /** A user's association counts and the lengths and counts of the lists they point to, for one caller. */
  const countsAgree = async (user: TestUser, token?: string) => {
    const profile = (await get(`/v2/users/${user.id}`, token)).json().data;
    for (const name of ['followers', 'following'] as const) {
      const association = profile[name].meta;
      expect(association.nextUrl).toBe(`/v2/users/${user.id}/${name}`);
      const listed = (await get(`${association.nextUrl}?limit=100`, token)).json();
      expect(listed.meta.count).toBe(association.count);
      expect(listed.data).toHaveLength(association.count);
    }
    return { followers: profile.followers.meta.count as number, following: profile.following.meta.count as number };
  };

  describe('POST /v2/users/:user_id/followers', () => {
    it('follows: 201 meta only the first time, 200 on a repeat, and nothing is duplicated', async () => {
      const first = await follow(bob.id, aliceContacts);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await follow(bob.id, aliceContacts);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const followers = await get(`/v2/users/${bob.id}/followers`);
      expect(followers.statusCode).toBe(200);
      expect(followers.json()).toEqual({
        data: [{
          avatar: { hasAvatar: false, hash: expect.stringMatching(/^[0-9a-f]{32}$/), urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\//) },
          description: null,
          id: alice.id,
          link: `${TEST_PUBLIC_URL}/users/alice`,
          name: 'Alice A.',
          username: 'alice',
        }],
        meta: { http_status: 200, count: 1, nextUrl: null },
      });
      expect(ids((await get(`/v2/users/${alice.id}/following`)).json())).toEqual([bob.id]);
      await expect(countsAgree(bob)).resolves.toEqual({ followers: 1, following: 0 });
      await expect(countsAgree(alice)).resolves.toEqual({ followers: 0, following: 1 });
    });

    it('takes the token as a form field', async () => {
      const res = await t.request({
        method: 'POST', url: `/v2/users/${carol.id}/followers`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `access_token=${encodeURIComponent(bobContacts)}`,
      });
      expect(res.statusCode).toBe(201);
      expect(ids((await get(`/v2/users/${carol.id}/followers`)).json())).toContain(bob.id);
    });

    it('answers 400 to following yourself', async () => {
      const res = await follow(alice.id, aliceContacts);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error).toMatchObject({ type: 'bad_request', fields: [{ name: 'user_id' }] });
    });

    it('answers 401 without a token, with WWW-Authenticate', async () => {
      const res = await follow(carol.id);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
    });

    it('answers 403 to a token without the contacts scope', async () => {
      const res = await follow(carol.id, await t.token(alice, 'notes delete'));
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="contacts"');
    });

    it.each(['999999', 'abc', '0'])('answers 404 for the user %s', async (id) => {
      const res = await follow(id, aliceContacts);
      expect(res.statusCode).toBe(404);
      expect(res.json().meta.error.type).toBe('not_found');
    });
  });

  describe('DELETE /v2/users/:user_id/followers/:id', () => {
    it('lets the follower unfollow, then answers 404 as the follow is gone', async () => {
      await follow(carol.id, aliceContacts);
      const res = await unfollow(carol.id, alice.id, aliceContacts);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect(ids((await get(`/v2/users/${carol.id}/followers`)).json())).not.toContain(alice.id);
      const again = await unfollow(carol.id, alice.id, aliceContacts);
      expect(again.statusCode).toBe(404);
      expect(again.json().meta.error.type).toBe('not_found');
    });

    it('lets the followed user remove a follower', async () => {
      await follow(alice.id, carolContacts);
      const res = await unfollow(alice.id, carol.id, aliceContacts);
      expect(res.statusCode).toBe(200);
      expect(ids((await get(`/v2/users/${carol.id}/following`)).json())).not.toContain(alice.id);
    });

    it('answers 403 to anyone else, and keeps the follow', async () => {
      await follow(alice.id, bobContacts);
      const res = await unfollow(alice.id, bob.id, carolContacts);
      expect(res.statusCode).toBe(403);
      expect(res.json().meta.error.type).toBe('forbidden');
      expect(ids((await get(`/v2/users/${alice.id}/followers`)).json())).toContain(bob.id);
    });

    it('answers 401 without a token and 403 without the contacts scope', async () => {
      expect((await unfollow(alice.id, bob.id)).statusCode).toBe(401);
      expect((await unfollow(alice.id, bob.id, await t.token(bob, 'write'))).statusCode).toBe(403);
    });

    it('answers 404 for an unknown user or follower id', async () => {
      expect((await unfollow(999999, alice.id, aliceContacts)).statusCode).toBe(404);
      expect((await unfollow('x', alice.id, aliceContacts)).statusCode).toBe(404);
      expect((await unfollow(alice.id, 'x', aliceContacts)).statusCode).toBe(404);
    });
  });

  describe('GET /v2/users/:user_id/followers and /following', () => {
    it('pages most recent follow first, keeping other query parameters in nextUrl', async () => {
      const star = await t.createUser('star');
      const fans = [];
      for (let i = 0; i < 5; i++) {
        const fan = await t.createUser(`fan${i}`);
        expect((await follow(star.id, await t.token(fan, 'contacts'))).statusCode).toBe(201);
        fans.push(fan.id);
      }
      const first = (await get(`/v2/users/${star.id}/followers?limit=2&x=1`)).json();
      expect(first.meta).toEqual({ http_status: 200, count: 5, nextUrl: `/v2/users/${star.id}/followers?x=1&offset=2&limit=2` });
      const second = (await get(first.meta.nextUrl)).json();
      const third = (await get(second.meta.nextUrl)).json();
      expect(third.meta.nextUrl).toBeNull();
      expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([...fans].reverse());
      await expect(countsAgree(star)).resolves.toEqual({ followers: 5, following: 0 });
    });

    it('gives empty lists for a user nobody follows', async () => {
      const loner = await t.createUser('loner');
      for (const name of ['followers', 'following']) {
        expect((await get(`/v2/users/${loner.id}/${name}`)).json()).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
      }
    });

    it.each(['followers', 'following'])('/%s answers 404 for an unknown user and 400 for a bad limit', async (name) => {
      expect((await get(`/v2/users/999999/${name}`)).statusCode).toBe(404);
      expect((await get(`/v2/users/abc/${name}`)).statusCode).toBe(404);
      expect((await get(`/v2/users/${alice.id}/${name}?limit=101`)).statusCode).toBe(400);
    });
  });

  it('keeps the follower count equal to the list after 50 concurrent follows and unfollows from distinct users', async () => {
    const star = await t.createUser('celebrity');
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => t.createUser(`crowd${i}`)));
    const tokens = await Promise.all(users.map((user) => t.token(user, 'contacts')));
    // Half of them follow; the other half follow, repeat the follow and then unfollow, all interleaved.
    const statuses = await Promise.all(users.map(async (user, i) => {
      const token = tokens[i];
      const codes = [(await follow(star.id, token)).statusCode];
      if (i % 2 === 1) {
        codes.push((await follow(star.id, token)).statusCode);
        codes.push((await unfollow(star.id, user.id, token)).statusCode);
      }
      return codes;
    }));
    for (const [i, codes] of statuses.entries()) expect(codes).toEqual(i % 2 === 1 ? [201, 200, 200] : [201]);

    const profile = (await get(`/v2/users/${star.id}`)).json().data;
    const listed = (await get(`/v2/users/${star.id}/followers?limit=100`)).json();
    expect(profile.followers.meta.count).toBe(25);
    expect(listed.meta.count).toBe(profile.followers.meta.count);
    expect(listed.data).toHaveLength(profile.followers.meta.count);
    expect(new Set(ids(listed))).toEqual(new Set(users.filter((_, i) => i % 2 === 0).map((u) => u.id)));
  });
});

describe('following users: SQL statements per page', () => {
  let t: TestApp;
  let star: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    star = await t.createUser('star');
    fan = await t.createUser('fan');
    const fanToken = await t.token(fan, 'contacts');
    for (let i = 0; i < 22; i++) {
      const user = await t.createUser(`user${i}`);
      await t.request({ method: 'POST', url: `/v2/users/${star.id}/followers`, token: await t.token(user, 'contacts') });
      await t.request({ method: 'POST', url: `/v2/users/${user.id}/followers`, token: fanToken });
    }
  });
  afterAll(() => t.close());

  const statementsFor = async (url: string) => {
    t.resetQueries();
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return t.queries.length;
  };

  it.each([
    ['followers', () => star.id],
    ['following', () => fan.id],
  ])('a page of /%s costs as much for 20 users as for 1', async (name, userId) => {
    const one = await statementsFor(`/v2/users/${userId()}/${name}?limit=1`);
    const twenty = await statementsFor(`/v2/users/${userId()}/${name}?limit=20`);
    expect(twenty).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });
});
