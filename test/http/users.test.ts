import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const at = (city: string, country: string) => ({ latitude: 10, longitude: 10, city, country });

describe('users', () => {
  let t: TestApp;
  let dora: TestUser;
  let eve: TestUser;
  let doraNotes: string;

  beforeAll(async () => {
    t = await createTestApp();
    dora = await t.createUser('Dora', { name: 'Dora Explorer', email: ' Dora@Example.COM ' });
    eve = await t.createUser('eve');
    doraNotes = await t.token(dora, 'notes');
    const post = (payload: object) => t.request({ method: 'POST', url: '/v2/notes', token: doraNotes, payload });
    await post({ message: 'one', ...at('Lima', 'Peru') });
    await post({ message: 'two', ...at('lima', 'peru') });
    await post({ message: 'three', ...at('Cusco', 'Peru') });
    await post({ message: 'hidden', visibility: 'self', ...at('Quito', 'Ecuador') });
  });
  afterAll(() => t.close());

  it('GET /v2/users/:id answers every field of the User with its type', async () => {
    const res = await t.request({ method: 'GET', url: `/v2/users/${dora.id}` });
    expect(res.statusCode).toBe(200);
    const list = (name: string, count: number) => ({ meta: { count, nextUrl: `/v2/users/${dora.id}/${name}` } });
    expect(res.json()).toEqual({
      data: {
        avatar: {
          hasAvatar: false,
          hash: expect.stringMatching(/^[0-9a-f]{32}$/),
          urlRoot: expect.stringMatching(/^http:\/\/pn\.test\/avatars\/[0-9a-f]{32}$/),
        },
        blogUrl: '',
        description: '',
        favorites: list('favorites', 0),
        followedNotemaps: list('followed_notemaps', 0),
        followedPlaces: list('followed_places', 0),
        followers: list('followers', 0),
        following: list('following', 0),
        hometown: '',
        id: dora.id,
        link: `${TEST_PUBLIC_URL}/users/Dora`,
        name: 'Dora Explorer',
        notemaps: list('notemaps', 0),
        notes: list('notes', 3),
        publicPlacesCount: 2,
        twitter: '',
        username: 'Dora',
      },
      meta: { http_status: 200 },
    });
  });

  it('counts the non-public notes only for the user holding readall', async () => {
    const own = (await t.request({ method: 'GET', url: `/v2/users/${dora.id}`, token: doraNotes })).json().data;
    expect(own.notes.meta.count).toBe(4);
    expect(own.publicPlacesCount).toBe(2);
    const other = (await t.request({ method: 'GET', url: `/v2/users/${dora.id}`, token: await t.token(eve, 'readall') })).json().data;
    expect(other.notes.meta.count).toBe(3);
  });

  it('answers only the basic fields with associations=none', async () => {
    const res = await t.request({ method: 'GET', url: `/v2/users/${dora.id}?associations=none` });
    expect(Object.keys(res.json().data).sort()).toEqual(['avatar', 'description', 'id', 'link', 'name', 'username']);
  });

  it('finds a user by username, case-insensitively, and 404s unknown users and garbage ids', async () => {
    const res = await t.request({ method: 'GET', url: '/v2/users/by_username/dORA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(dora.id);
    expect((await t.request({ method: 'GET', url: '/v2/users/by_username/nobody' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/v2/users/424242' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/v2/users/dora' })).statusCode).toBe(404);
  });

  it('lists a user\'s notes the caller may read, newest first, with paging', async () => {
    const anonymous = (await t.request({ method: 'GET', url: `/v2/users/${dora.id}/notes?limit=2` })).json();
    expect(anonymous.meta.count).toBe(3);
    expect(anonymous.data.map((n: { message: string }) => n.message)).toEqual(['three', 'two']);
    const next = new URL(anonymous.meta.nextUrl, 'http://x');
    expect(next.pathname).toBe(`/v2/users/${dora.id}/notes`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ offset: '2', limit: '2', cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    const own = (await t.request({ method: 'GET', url: `/v2/users/${dora.id}/notes`, token: doraNotes })).json();
    expect(own.meta.count).toBe(4);
    expect(own.data.every((n: { author: { id: number } }) => n.author.id === dora.id)).toBe(true);
    expect((await t.request({ method: 'GET', url: `/v2/users/${eve.id}/notes` })).json()).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
    expect((await t.request({ method: 'GET', url: '/v2/users/999999/notes' })).statusCode).toBe(404);
  });
});
