import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

describe.each(ALL_STORAGES)('places over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceNotes: string;
  let bobWrite: string;
  let lisbon: number;
  let secret: number;
  const publicIds: number[] = [];
  let privateId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    aliceNotes = await t.token(alice, 'notes');
    bobWrite = await t.token(bob, 'write');
    const post = async (payload: object) => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as number;
    };
    publicIds.push(await post({ message: 'Tram 28', latitude: 38.71, longitude: -9.13, city: 'Lisbon', country: 'Portugal', isoCountryCode: 'pt' }));
    publicIds.push(await post({ message: 'Pastéis', latitude: 38.69, longitude: -9.21, city: 'LISBON', country: 'portugal' }));
    privateId = await post({ message: 'My flat', latitude: 38.8, longitude: -9.1, city: 'Lisbon', country: 'Portugal', visibility: 'self' });
    await post({ message: 'Hidden', latitude: 1, longitude: 1, city: 'Secretville', visibility: 'self' });
    lisbon = (await t.request({ method: 'GET', url: '/v2/places?city=lisbon' })).json().data[0].id;
    secret = (await t.request({ method: 'GET', url: '/v2/places?city=Secretville', token: aliceNotes })).json().data[0].id;
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const follow = (placeId: number | string, token?: string) => t.request({ method: 'POST', url: `/v2/places/${placeId}/followers`, token });
  const unfollow = (placeId: number | string, userId: number | string, token?: string) =>
    t.request({ method: 'DELETE', url: `/v2/places/${placeId}/followers/${userId}`, token });
  const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

  describe('GET /v2/places/:id', () => {
    it('answers the place with its name, centre, country code, link and associations, over the notes the caller may read', async () => {
      const res = await get(`/v2/places/${lisbon}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        data: {
          id: lisbon,
          name: 'Lisbon, Portugal',
          city: 'Lisbon',
          state: null,
          country: 'Portugal',
          isoCountryCode: 'PT',
          latitude: expect.any(Number),
          longitude: expect.any(Number),
          link: `${TEST_PUBLIC_URL}/places/${lisbon}`,
          notes: { meta: { count: 2, nextUrl: `/v2/places/${lisbon}/notes` } },
          followers: { meta: { count: 0, nextUrl: `/v2/places/${lisbon}/followers` } },
        },
        meta: { http_status: 200 },
      });
      expect(body.data.latitude).toBeCloseTo(38.7, 9);
      expect(body.data.longitude).toBeCloseTo(-9.17, 9);
      const forAuthor = (await get(`/v2/places/${lisbon}`, aliceNotes)).json().data;
      expect(forAuthor.notes.meta.count).toBe(3);
      expect(forAuthor.latitude).toBeCloseTo((38.71 + 38.69 + 38.8) / 3, 9);
    });

    it('answers 404 for a place whose notes the caller may not read, an unknown id, or a malformed one', async () => {
      expect((await get(`/v2/places/${secret}`)).statusCode).toBe(404);
      expect((await get(`/v2/places/${secret}`, bobWrite)).statusCode).toBe(404);
      expect((await get(`/v2/places/${secret}`, await t.token(alice, 'read'))).statusCode).toBe(404);
      expect((await get(`/v2/places/${secret}`, aliceNotes)).json().data.name).toBe('Secretville');
      for (const id of ['999999', 'abc', '-1']) {
        const res = await get(`/v2/places/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
    });
  });

  describe('GET /v2/places', () => {
    it('finds places by city, state and country ignoring case, only those the caller may see, with paging', async () => {
      const found = (await get('/v2/places?city=LISBON&country=portugal&state=')).json();
      expect(found.meta).toEqual({ http_status: 200, count: 1, nextUrl: null });
      expect(ids(found)).toEqual([lisbon]);
      const anonymous = (await get('/v2/places?limit=1')).json();
      expect(anonymous.meta).toEqual({ http_status: 200, count: 1, nextUrl: null });
      const mine = (await get('/v2/places?limit=1', aliceNotes)).json();
      expect(mine.meta).toEqual({ http_status: 200, count: 2, nextUrl: '/v2/places?offset=1&limit=1' });
      // Newest place first (docs/api.md: places are listed newest first): Secretville was first noted after Lisbon.
      expect(ids(mine)).toEqual([secret]);
      expect(ids((await get('/v2/places?offset=1&limit=1', aliceNotes)).json())).toEqual([lisbon]);
      expect((await get('/v2/places?city=Porto')).json()).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
      expect((await get('/v2/places?limit=0')).statusCode).toBe(400);
    });
  });

  describe('GET /v2/places with q, near and bbox', () => {
    const found = async (query: string, token?: string) => {
      const res = await get(`/v2/places?${query}`, token);
      expect(res.statusCode).toBe(200);
      return { ids: ids(res.json()), count: res.json().meta.count as number };
    };

    it('finds places by words of their name, ignoring case', async () => {
      await expect(found('q=lis')).resolves.toEqual({ ids: [lisbon], count: 1 });
      await expect(found('q=PORTUGAL%20lisbon')).resolves.toEqual({ ids: [lisbon], count: 1 });
      await expect(found('q=madrid')).resolves.toEqual({ ids: [], count: 0 });
      // Only places the caller may see.
      await expect(found('q=secretville')).resolves.toEqual({ ids: [], count: 0 });
      await expect(found('q=secretville', aliceNotes)).resolves.toEqual({ ids: [secret], count: 1 });
    });

    it('keeps the places whose centre, as the caller sees it, lies within near+radius or inside bbox', async () => {
      // The public notes centre Lisbon at 38.70, -9.17; Alice's private note moves it to about 38.733, -9.147 for her.
      await expect(found('near=38.70,-9.17&radius=500')).resolves.toEqual({ ids: [lisbon], count: 1 });
      await expect(found('near=38.70,-9.17&radius=500', aliceNotes)).resolves.toEqual({ ids: [], count: 0 });
      await expect(found('near=38.7333,-9.1467&radius=500', aliceNotes)).resolves.toEqual({ ids: [lisbon], count: 1 });
      await expect(found('bbox=0,0,2,2', aliceNotes)).resolves.toEqual({ ids: [secret], count: 1 });
      await expect(found('bbox=0,0,2,2')).resolves.toEqual({ ids: [], count: 0 });
      await expect(found('bbox=-10,38,-9,39&q=lisbon&country=portugal')).resolves.toEqual({ ids: [lisbon], count: 1 });
    });

    it('names every bad parameter in one 400', async () => {
      const res = await get('/v2/places?q=%20&near=north&bbox=1,2,3&radius=10');
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error.fields.map((f: { name: string }) => f.name).sort()).toEqual(['bbox', 'near', 'q']);
      const orphan = await get('/v2/places?radius=10');
      expect(orphan.statusCode).toBe(400);
      expect(orphan.json().meta.error.fields).toEqual([{ name: 'radius', problem: 'needs near' }]);
    });
  });

  describe('GET /v2/places/:id/notes', () => {
    it('lists the notes at the place the caller may read, newest first, as many as the place counts', async () => {
      const anonymous = (await get(`/v2/places/${lisbon}/notes`)).json();
      expect(ids(anonymous)).toEqual([...publicIds].reverse());
      expect(anonymous.meta).toEqual({ http_status: 200, count: 2, nextUrl: null });
      const mine = (await get(`/v2/places/${lisbon}/notes?limit=2`, aliceNotes)).json();
      expect(mine.meta).toEqual({ http_status: 200, count: 3, nextUrl: expect.stringMatching(new RegExp(`^/v2/places/${lisbon}/notes\\?offset=2&limit=2&cursor=[A-Za-z0-9_-]+$`)) });
      expect(ids(mine)).toEqual([privateId, publicIds[1]]);
      expect(mine.data[0].location).toMatchObject({ city: 'Lisbon', country: 'Portugal' });
    });

    it('answers 404 for a place the caller cannot see', async () => {
      expect((await get(`/v2/places/${secret}/notes`)).statusCode).toBe(404);
      expect((await get('/v2/places/999999/notes')).statusCode).toBe(404);
      expect((await get(`/v2/places/${secret}/notes`, aliceNotes)).json().meta.count).toBe(1);
    });
  });

  describe('followers', () => {
    it('follows a place: 201 the first time, 200 on a repeat; the followers list, the count and the user\'s followed places agree', async () => {
      const first = await follow(lisbon, bobWrite);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await follow(lisbon, bobWrite);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const followers = (await get(`/v2/places/${lisbon}/followers`)).json();
      expect(followers.meta).toEqual({ http_status: 200, count: 1, nextUrl: null });
      expect(followers.data).toEqual([expect.objectContaining({ id: bob.id, username: 'bob', description: null, link: `${TEST_PUBLIC_URL}/users/bob` })]);
      expect((await get(`/v2/places/${lisbon}`)).json().data.followers.meta.count).toBe(1);

      const profile = (await get(`/v2/users/${bob.id}`)).json().data;
      expect(profile.followedPlaces.meta).toEqual({ count: 1, nextUrl: `/v2/users/${bob.id}/followed_places` });
      const followed = (await get(profile.followedPlaces.meta.nextUrl)).json();
      expect(followed.meta).toEqual({ http_status: 200, count: 1, nextUrl: null });
      expect(followed.data).toEqual([(await get(`/v2/places/${lisbon}`)).json().data]);
    });

    it('answers 401 without a token, 403 without the write scope, 404 for a place the caller cannot see', async () => {
      const none = await follow(lisbon);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      const contacts = await follow(lisbon, await t.token(bob, 'contacts'));
      expect(contacts.statusCode).toBe(403);
      expect(contacts.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="insufficient_scope", scope="write"');
      expect((await follow(secret, bobWrite)).statusCode).toBe(404);
      expect((await follow(999999, bobWrite)).statusCode).toBe(404);
      expect((await get(`/v2/places/${secret}/followers`)).statusCode).toBe(404);
    });

    it('unfollows for the token\'s own user only: 403 for another user, 404 once the follow is gone', async () => {
      await follow(lisbon, aliceNotes);
      const other = await unfollow(lisbon, alice.id, bobWrite);
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await unfollow(lisbon, alice.id)).statusCode).toBe(401);
      expect((await unfollow(lisbon, alice.id, await t.token(alice, 'readall'))).statusCode).toBe(403);
      const res = await unfollow(lisbon, alice.id, aliceNotes);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await unfollow(lisbon, alice.id, aliceNotes)).statusCode).toBe(404);
      expect((await unfollow(999999, alice.id, aliceNotes)).statusCode).toBe(404);
      expect((await unfollow(lisbon, 'x', aliceNotes)).statusCode).toBe(404);
      expect(ids((await get(`/v2/places/${lisbon}/followers`)).json())).toEqual([bob.id]);
    });

    it('shows a followed place only to callers who may read one of its notes, and the counts agree for each', async () => {
      expect((await follow(secret, aliceNotes)).statusCode).toBe(201);
      for (const token of [undefined, bobWrite, aliceNotes]) {
        const association = (await get(`/v2/users/${alice.id}`, token)).json().data.followedPlaces.meta;
        const listed = (await get(`/v2/users/${alice.id}/followed_places`, token)).json();
        expect(listed.meta.count).toBe(association.count);
        expect(listed.data).toHaveLength(association.count);
        expect(ids(listed)).toEqual(token === aliceNotes ? [secret] : []);
      }
      expect((await unfollow(secret, alice.id, aliceNotes)).statusCode).toBe(200);
    });

    it('answers 404 to /users/:user_id/followed_places for an unknown user', async () => {
      expect((await get('/v2/users/999999/followed_places')).statusCode).toBe(404);
      expect((await get('/v2/users/abc/followed_places')).statusCode).toBe(404);
    });
  });
});

describe('places: SQL statements per page', () => {
  let t: TestApp;
  let author: TestUser;
  let fan: TestUser;
  let place: number;

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.createUser('author');
    fan = await t.createUser('fan');
    const authorToken = await t.token(author, 'notes');
    const fanToken = await t.token(fan, 'write');
    for (let i = 0; i < 22; i++) {
      const note = await t.request({
        method: 'POST', url: '/v2/notes', token: authorToken,
        payload: { message: `note ${i}`, latitude: i, longitude: i, city: `City ${i}`, country: 'Chile', visibility: i % 3 === 0 ? 'self' : 'public' },
      });
      expect(note.statusCode).toBe(201);
    }
    const places = (await t.request({ method: 'GET', url: '/v2/places?limit=100', token: authorToken })).json().data;
    for (const { id } of places) await t.request({ method: 'POST', url: `/v2/places/${id}/followers`, token: authorToken });
    place = places[1].id;
    for (let i = 0; i < 22; i++) {
      const user = await t.createUser(`user${i}`);
      await t.request({ method: 'POST', url: `/v2/places/${place}/followers`, token: await t.token(user, 'write') });
    }
    await t.request({ method: 'POST', url: `/v2/places/${place}/followers`, token: fanToken });
  });
  afterAll(() => t.close());

  const statementsFor = async (url: string) => {
    t.resetQueries();
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return t.queries.length;
  };

  it.each([
    ['/v2/places'],
    ['/v2/users/:author/followed_places'],
    ['/v2/places/:place/followers'],
    ['/v2/places/:place/notes'],
  ])('a page of %s costs as much for 20 items as for 1', async (path) => {
    const url = path.replace(':place', String(place)).replace(':author', String(author.id));
    const one = await statementsFor(`${url}?limit=1`);
    const twenty = await statementsFor(`${url}?limit=20`);
    expect(twenty).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it('gets a place in one statement', async () => {
    await expect(statementsFor(`/v2/places/${place}`)).resolves.toBe(1);
  });
});
