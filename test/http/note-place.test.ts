import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

// Every Note carries `place: {id, name, link} | null` (docs/api.md, Notes), so a client can go from a note to its place.
describe.each(ALL_STORAGES)('the place of a note over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceNotes: string;
  let bobAll: string;
  let lisbon: { id: number; name: string; link: string };
  let porto: { id: number; name: string; link: string };
  const notes: Record<string, number> = {};

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });

  /** The place as `GET /v2/places/:id` answers it: what a note's `place` must repeat. */
  const placeFound = async (query: string) => {
    const id = (await get(`/v2/places?${query}`)).json().data[0].id as number;
    const res = await get(`/v2/places/${id}`);
    expect(res.statusCode).toBe(200);
    const { name, link } = res.json().data;
    return { id, name, link };
  };

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    aliceNotes = await t.token(alice, 'notes');
    bobAll = await t.token(bob, 'notes contacts');
    const post = async (key: string, payload: object) => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload: { message: `${key} #here`, ...payload } });
      expect(res.statusCode).toBe(201);
      notes[key] = res.json().data.id;
    };
    await post('tram', { latitude: 38.71, longitude: -9.13, city: 'Lisbon', country: 'Portugal' });
    // The same place written otherwise: the place keeps its first spelling.
    await post('pasteis', { latitude: 38.69, longitude: -9.21, city: 'LISBON', country: 'portugal' });
    await post('bridge', { latitude: 41.14, longitude: -8.61, city: 'Porto', country: 'Portugal' });
    // A street and a postal code name no place.
    await post('nowhere', { latitude: 1, longitude: 2, streetAddress: 'Somewhere 1', postalCode: '1000' });
    lisbon = await placeFound('city=lisbon');
    porto = await placeFound('city=porto');
  });
  afterAll(() => t.close());

  it('gives a note at an address the place GET /v2/places/:id answers (id, name, link), and null without one', async () => {
    expect(lisbon).toEqual({ id: expect.any(Number), name: 'Lisbon, Portugal', link: `${TEST_PUBLIC_URL}/places/${lisbon.id}` });
    for (const key of ['tram', 'pasteis']) {
      const res = await get(`/v2/notes/${notes[key]}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.place).toEqual(lisbon);
    }
    expect((await get(`/v2/notes/${notes.bridge}`)).json().data.place).toEqual(porto);
    const nowhere = (await get(`/v2/notes/${notes.nowhere}`)).json().data;
    expect(nowhere).toHaveProperty('place', null);
    expect(Object.keys(nowhere)).toContain('place');
  });

  it('is in every list of notes and in the properties of their GeoJSON features', async () => {
    const expected = [[notes.nowhere, null], [notes.bridge, porto], [notes.pasteis, lisbon], [notes.tram, lisbon]];
    const places = (body: { data: { id: number; place: unknown }[] }) => body.data.map((note) => [note.id, note.place]);
    expect(places((await get('/v2/notes')).json())).toEqual(expected);
    expect(places((await get(`/v2/users/${alice.id}/notes`)).json())).toEqual(expected);
    expect(places((await get('/v2/tags/here/notes')).json())).toEqual(expected);
    expect(places((await get(`/v2/places/${lisbon.id}/notes`)).json())).toEqual(expected.slice(2));
    expect(places((await get('/v2/notes?near=38.71,-9.13&radius=2000')).json())).toEqual([[notes.tram, lisbon]]);

    const geojson = await get('/v2/notes?format=geojson');
    expect(geojson.statusCode).toBe(200);
    expect(geojson.json().features.map((feature: { id: number; properties: { place: unknown } }) => [feature.id, feature.properties.place]))
      .toEqual(expected);
  });

  it('is in the feed, in a user\'s favorites and in a notemap\'s notes', async () => {
    expect((await t.request({ method: 'POST', url: `/v2/users/${alice.id}/followers`, token: bobAll })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: `/v2/notes/${notes.bridge}/favoriters`, token: bobAll })).statusCode).toBe(201);
    const notemap = await t.request({ method: 'POST', url: '/v2/notemaps', token: bobAll, payload: { name: 'Portugal' } });
    expect(notemap.statusCode).toBe(201);
    const notemapId = notemap.json().data.id as number;
    for (const key of ['tram', 'nowhere']) {
      const added = await t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/notes`, token: bobAll, payload: { note_id: notes[key] } });
      expect(added.statusCode).toBe(201);
    }
    const places = (body: { data: { id: number; place: unknown }[] }) => body.data.map((note) => [note.id, note.place]);
    expect(places((await get('/v2/feed?limit=2', bobAll)).json())).toEqual([[notes.nowhere, null], [notes.bridge, porto]]);
    expect(places((await get(`/v2/users/${bob.id}/favorites`)).json())).toEqual([[notes.bridge, porto]]);
    expect(places((await get(`/v2/notemaps/${notemapId}/notes`)).json())).toEqual([[notes.nowhere, null], [notes.tram, lisbon]]);
  });

  it('moves with an edit of the address: to the other place, to a new one, to none; other edits keep it', async () => {
    const put = async (payload: object) => {
      const res = await t.request({ method: 'PUT', url: `/v2/notes/${notes.pasteis}`, token: aliceNotes, payload });
      expect(res.statusCode).toBe(200);
      return res.json().data.place as unknown;
    };
    await expect(put({ city: 'Porto' })).resolves.toEqual(porto);
    expect((await get(`/v2/notes/${notes.pasteis}`)).json().data.place).toEqual(porto);
    await expect(put({ message: 'Pastéis, still in Porto' })).resolves.toEqual(porto);

    // A new place, named as this note first wrote it (its country was sent as 'portugal').
    const braga = await put({ city: 'Braga' });
    expect(braga).toEqual(await placeFound('city=braga'));
    expect(braga).toMatchObject({ name: 'Braga, portugal' });

    await expect(put({ city: '', country: null })).resolves.toBeNull();
    expect((await get(`/v2/notes/${notes.pasteis}`)).json().data.place).toBeNull();
    await expect(put({ city: 'lisbon', country: 'PORTUGAL' })).resolves.toEqual(lisbon);
  });

  it('shows a non-public note\'s place to whoever may read the note', async () => {
    const res = await t.request({
      method: 'POST', url: '/v2/notes', token: aliceNotes,
      payload: { message: 'My flat', latitude: 45.76, longitude: 4.84, city: 'Lyon', country: 'France', visibility: 'self' },
    });
    expect(res.statusCode).toBe(201);
    const { id, place } = res.json().data;
    const lyon = (await get('/v2/places?city=lyon', aliceNotes)).json().data[0];
    expect(place).toEqual({ id: lyon.id, name: 'Lyon, France', link: `${TEST_PUBLIC_URL}/places/${lyon.id}` });
    expect((await get(`/v2/notes/${id}`, aliceNotes)).json().data.place).toEqual(place);
    expect((await get(`/v2/places/${lyon.id}`, aliceNotes)).json().data).toMatchObject(place);
  });
});
