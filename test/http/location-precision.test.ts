import { distanceMetres } from '../../src/domain/geo';
import { snapToCell } from '../../src/domain/location-precision';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

// Location precision (docs/decisions.md): everyone but the author sees a coarse note at the centre of its grid cell,
// without street details for the large cells, in every answer; near, bbox and distance use that position for them.
describe.each(ALL_STORAGES)('location precision over %s storage', (storage) => {
  const exact = { latitude: 38.697612, longitude: -9.203301 };
  const centre = snapToCell(exact, 'city');
  const address = {
    street: 'Rua de Belém', streetNumber: '84', streetAddress: '84 Rua de Belém', neighborhood: 'Belém',
    city: 'Lisbon', country: 'Portugal', isoCountryCode: 'PT', postalCode: '1300-085',
  };
  let t: TestApp;
  let ada: TestUser;
  let adaNotes: string;
  let bobAll: string;
  let noteId: number;
  let streetId: number;

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const listed = async (url: string, token?: string): Promise<{ id: number; location: { latitude: number; longitude: number }; distance?: number }[]> => {
    const res = await get(url, token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const idsOf = async (url: string, token?: string) => (await listed(url, token)).map((note) => note.id);

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ada = await t.createUser('ada');
    const bob = await t.createUser('bob');
    adaNotes = await t.token(ada, 'notes');
    bobAll = await t.token(bob, 'notes contacts');
    const post = async (payload: object) => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: adaNotes, payload: { ...exact, ...address, ...payload } });
      expect(res.statusCode).toBe(201);
      return res.json().data;
    };
    const created = await post({ message: 'Home, more or less #home', locationPrecision: 'city' });
    noteId = created.id;
    // The answer to the author: exact, with the precision.
    expect(created.location).toMatchObject({ ...exact, street: 'Rua de Belém', streetNumber: '84' });
    expect(created.locationPrecision).toBe('city');
    streetId = (await post({ message: 'Round the corner', locationPrecision: 'street' })).id;
    expect((await t.request({ method: 'POST', url: `/v2/users/${ada.id}/followers`, token: bobAll })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('is far enough from the exact position for the searches below to tell them apart', () => {
    expect(distanceMetres(exact, centre)).toBeGreaterThan(200);
  });

  it('shows anyone else the cell centre, no street, street number or street address, and no precision', async () => {
    for (const token of [undefined, bobAll]) {
      const note = (await get(`/v2/notes/${noteId}`, token)).json().data;
      expect(note.location).toMatchObject({ ...centre, street: null, streetNumber: null, streetAddress: '', neighborhood: 'Belém', city: 'Lisbon' });
      expect(note.displayAddress).toBe('Lisbon, Portugal');
      expect(note).not.toHaveProperty('locationPrecision');
    }
  });

  it('shows the street precision at its 100 m cell, keeping the street', async () => {
    const note = (await get(`/v2/notes/${streetId}`)).json().data;
    expect(note.location).toMatchObject({ ...snapToCell(exact, 'street'), street: 'Rua de Belém', streetNumber: '84' });
  });

  it('shows the author the exact position and the precision', async () => {
    const note = (await get(`/v2/notes/${noteId}`, adaNotes)).json().data;
    expect(note.location).toMatchObject({ ...exact, street: 'Rua de Belém', streetNumber: '84', streetAddress: '84 Rua de Belém' });
    expect(note.locationPrecision).toBe('city');
  });

  it('lists it at the centre for others, in JSON and GeoJSON, the user\'s notes and the feed', async () => {
    for (const [url, token] of [['/v2/notes', undefined], [`/v2/users/${ada.id}/notes`, undefined], ['/v2/feed', bobAll]] as const) {
      const note = (await listed(url, token)).find((n) => n.id === noteId);
      expect(note?.location).toMatchObject(centre);
    }
    const geo = (await get('/v2/notes?format=geojson')).json();
    const feature = geo.features.find((f: { id: number }) => f.id === noteId);
    expect(feature.geometry.coordinates).toEqual([centre.longitude, centre.latitude]);
    expect(feature.properties.location).toMatchObject({ ...centre, street: null });
    expect(JSON.stringify(geo)).not.toContain(String(exact.latitude));
  });

  it('finds it near and in a box around the centre for others, and not around the exact position; the author by the exact one', async () => {
    const nearExact = `/v2/notes?near=${exact.latitude},${exact.longitude}&radius=150`;
    const nearCentre = `/v2/notes?near=${centre.latitude},${centre.longitude}&radius=150`;
    const boxExact = `/v2/notes?bbox=${exact.longitude - 0.001},${exact.latitude - 0.001},${exact.longitude + 0.001},${exact.latitude + 0.001}`;
    expect(await idsOf(nearExact)).not.toContain(noteId);
    expect(await idsOf(nearExact, bobAll)).not.toContain(noteId);
    expect(await idsOf(boxExact)).not.toContain(noteId);
    const near = (await listed(nearCentre)).find((n) => n.id === noteId);
    expect(near?.distance).toBe(0);
    expect(await idsOf(nearExact, adaNotes)).toContain(noteId);
    expect(await idsOf(boxExact, adaNotes)).toContain(noteId);
    expect(await idsOf(nearCentre, adaNotes)).not.toContain(noteId);
  });

  it('places the note\'s place at the positions others see', async () => {
    const note = (await get(`/v2/notes/${noteId}`)).json().data;
    const place = (await get(`/v2/places/${note.place.id}`)).json().data;
    // The place holds the city note and the street one: the mean of the two public positions.
    const street = snapToCell(exact, 'street');
    expect(place.latitude).toBeCloseTo((centre.latitude + street.latitude) / 2, 6);
    expect(place.longitude).toBeCloseTo((centre.longitude + street.longitude) / 2, 6);
  });

  it('never puts the exact position or the street on the note\'s web page for others', async () => {
    const res = await get(`/notes/${noteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(exact.latitude.toFixed(5));
    expect(res.body).not.toContain(String(exact.latitude));
    expect(res.body).not.toContain('Rua de Bel');
    expect(res.body).toContain(centre.latitude.toFixed(5));
  });

  it('refuses an unknown precision with 400, and an edit changes what others see', async () => {
    const bad = await t.request({ method: 'POST', url: '/v2/notes', token: adaNotes, payload: { ...exact, message: 'x', locationPrecision: 'block' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('locationPrecision');
    const edit = await t.request({ method: 'PUT', url: `/v2/notes/${streetId}`, token: adaNotes, payload: { locationPrecision: 'exact' } });
    expect(edit.statusCode).toBe(200);
    expect((await get(`/v2/notes/${streetId}`)).json().data.location).toMatchObject({ ...exact, streetNumber: '84' });
  });
});
