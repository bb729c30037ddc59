import type { LightMyRequestResponse } from 'fastify';
import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { distanceMetres } from '../../src/domain/geo';
import { LOCATION_PRECISIONS, snapToCell, type LocationPrecision } from '../../src/domain/location-precision';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { signInAs, WebAgent } from '../support/web-agent';
import { startReceiver, startWorker, until, type Receiver } from '../support/webhook-receiver';

// Location precision (decisions `precision-grid`, `precision-everywhere`): everyone but the author sees a coarse note at the centre of its grid cell,
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

  it('shows anyone else the cell centre, no street, street number, street address, postcode or neighbourhood, and no precision', async () => {
    for (const token of [undefined, bobAll]) {
      const note = (await get(`/v2/notes/${noteId}`, token)).json().data;
      expect(note.location).toMatchObject({
        ...centre, street: null, streetNumber: null, streetAddress: null, neighborhood: null, postalCode: null, city: 'Lisbon',
      });
      expect(note.displayAddress).toBe('Lisbon, Portugal');
      expect(note).not.toHaveProperty('locationPrecision');
    }
  });

  it('shows the street precision at its 100 m cell, keeping the street but not the house number', async () => {
    const note = (await get(`/v2/notes/${streetId}`)).json().data;
    expect(note.location).toMatchObject({ ...snapToCell(exact, 'street'), street: 'Rua de Belém', streetNumber: null, streetAddress: null });
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

interface SeenNote {
  id: number;
  location: Record<string, unknown>;
  displayAddress: string;
  locationPrecision?: string;
}

/** The JSON-LD of a page. */
function jsonLd(page: LightMyRequestResponse): { contentLocation: Record<string, unknown> } {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/u.exec(page.body);
  if (match?.[1] === undefined) throw new Error('no JSON-LD on the page');
  return JSON.parse(match[1]);
}

// docs/privacy.md: the address fields that would pin a note closer than its cell are null (never "") for everyone but
// its author, and displayAddress and the pages are built from the fields shown, in every answer: the note, its lists,
// the change feed, webhook payloads and the web page with its JSON-LD. The author sees every field.
describe.each(ALL_STORAGES)('the address fields each location precision hides, over %s storage', (storage) => {
  const position = { latitude: 38.697612, longitude: -9.203301 };
  const address = {
    street: 'Rua Vieira Portuense', streetNumber: '84B', streetAddress: '84B Rua Vieira Portuense', neighborhood: 'Santa Maria de Belém',
    postalCode: '1300-610', city: 'Lisbon', state: 'Lisboa', country: 'Portugal', isoCountryCode: 'PT',
  };
  type Field = keyof typeof address;
  const HIDDEN: Record<LocationPrecision, Field[]> = {
    exact: [],
    street: ['streetNumber', 'streetAddress'],
    neighborhood: ['streetNumber', 'streetAddress', 'street', 'postalCode'],
    city: ['streetNumber', 'streetAddress', 'street', 'postalCode', 'neighborhood'],
  };
  const DISPLAYED: Record<LocationPrecision, string> = {
    exact: '84B Rua Vieira Portuense, Lisbon, Lisboa, Portugal',
    // At street, the street's name stands where the street address would have been.
    street: 'Rua Vieira Portuense, Lisbon, Lisboa, Portugal',
    neighborhood: 'Lisbon, Lisboa, Portugal',
    city: 'Lisbon, Lisboa, Portugal',
  };
  /** What a note of `precision` shows to `who`: every field of the location object, and the display address. */
  const expected = (precision: LocationPrecision, who: 'author' | 'others') => {
    const hidden = who === 'author' ? [] : HIDDEN[precision];
    const fields = Object.fromEntries(Object.entries(address).map(([field, value]) => [field, hidden.includes(field as Field) ? null : value]));
    const at = who === 'author' ? position : snapToCell(position, precision);
    return { location: { ...fields, ...at, zoomLevel: 15 }, displayAddress: DISPLAYED[who === 'author' ? 'exact' : precision] };
  };
  const expectSeen = (note: SeenNote | undefined, precision: LocationPrecision, who: 'author' | 'others', where: string) => {
    expect({ where, precision, who, location: note?.location, displayAddress: note?.displayAddress })
      .toEqual({ where, precision, who, ...expected(precision, who) });
    expect({ where, precision, who, locationPrecision: note?.locationPrecision })
      .toEqual({ where, precision, who, locationPrecision: who === 'author' ? precision : undefined });
  };

  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let ada: TestUser;
  let adaNotes: string;
  let bobAll: string;
  const ids = {} as Record<LocationPrecision, number>;
  const errors: unknown[] = [];
  /** The readers of a note: anyone (no token), another member with `readall`, and the author. */
  const readers = (): [string | undefined, 'author' | 'others'][] => [[undefined, 'others'], [bobAll, 'others'], [adaNotes, 'author']];
  const get = async (url: string, token?: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ storage, config: { webhookAllowPrivate: true } });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);
    ada = await t.createUser('ada');
    const bob = await t.createUser('bob');
    adaNotes = await t.token(ada, 'read notes readall');
    bobAll = await t.token(bob, 'read notes readall');
    for (const [token, path] of [[bobAll, '/bob'], [adaNotes, '/ada']] as const) {
      const res = await t.request({ method: 'POST', url: '/v2/webhooks', token, payload: { url: `${receiver.url}${path}`, events: ['note.created'] } });
      expect(res.statusCode).toBe(201);
    }
    for (const precision of LOCATION_PRECISIONS) {
      const res = await t.request({
        method: 'POST', url: '/v2/notes', token: adaNotes,
        payload: { message: `At ${precision} precision`, ...position, ...address, locationPrecision: precision },
      });
      expect(res.statusCode).toBe(201);
      ids[precision] = res.json().data.id;
      // The answer to the author: every field.
      expectSeen(res.json().data, precision, 'author', 'POST');
    }
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await t.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('gives others null for the hidden fields in the note read, and the author every field', async () => {
    for (const precision of LOCATION_PRECISIONS) {
      for (const [token, who] of readers()) expectSeen((await get(`/v2/notes/${ids[precision]}`, token)).data, precision, who, 'GET note');
    }
  });

  it('gives others null for the hidden fields in lists, JSON and GeoJSON, and the author every field', async () => {
    for (const [token, who] of readers()) {
      for (const url of [`/v2/notes?author=${ada.id}&limit=100`, `/v2/users/${ada.id}/notes?limit=100`]) {
        const listed = (await get(url, token)).data as SeenNote[];
        for (const precision of LOCATION_PRECISIONS) expectSeen(listed.find((n) => n.id === ids[precision]), precision, who, url);
      }
      const features = (await get(`/v2/notes?author=${ada.id}&limit=100&format=geojson`, token)).features as { id: number; properties: SeenNote }[];
      for (const precision of LOCATION_PRECISIONS) {
        expectSeen(features.find((f) => f.id === ids[precision])?.properties, precision, who, 'GeoJSON');
      }
    }
  });

  it('gives others null for the hidden fields in the change feed\'s items, and the author every field', async () => {
    for (const [token, who] of readers()) {
      const items = (await get(`/v2/changes?author=${ada.id}&limit=100`, token)).data as { id: number; kind: string; note?: SeenNote }[];
      for (const precision of LOCATION_PRECISIONS) {
        const item = items.find((i) => i.id === ids[precision]);
        expect(item?.kind).toBe('upsert');
        expectSeen(item?.note, precision, who, 'GET /v2/changes');
      }
    }
  });

  it('builds the web page and its JSON-LD from the fields shown: none hidden on others\' page, all on the author\'s', async () => {
    const author = new WebAgent(t.app);
    await signInAs(author, t.container, ada.id);
    const stranger = new WebAgent(t.app);
    for (const precision of LOCATION_PRECISIONS) {
      for (const [agent, who] of [[stranger, 'others'], [author, 'author']] as const) {
        const page = await agent.get(`/notes/${ids[precision]}`);
        expect(page.statusCode).toBe(200);
        const { location, displayAddress } = expected(precision, who);
        const where = { precision, who };
        expect({ ...where, place: jsonLd(page).contentLocation }).toEqual({
          ...where,
          place: {
            '@type': 'Place', name: displayAddress, address: displayAddress,
            geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
          },
        });
        expect({ ...where, shown: page.body.includes(`${displayAddress} · `) }).toEqual({ ...where, shown: true });
        for (const field of who === 'author' ? [] : HIDDEN[precision]) {
          expect({ ...where, field, onPage: page.body.includes(address[field]) }).toEqual({ ...where, field, onPage: false });
        }
      }
    }
  });

  it('gives others null for the hidden fields in webhook payloads, and the author every field', async () => {
    const payloads = (path: string) => receiver.received.filter((r) => r.path === path)
      .map((r) => JSON.parse(r.body) as { type: string; data: SeenNote });
    await until(worker, () => payloads('/bob').length >= 4 && payloads('/ada').length >= 4);
    for (const [path, who] of [['/bob', 'others'], ['/ada', 'author']] as const) {
      for (const precision of LOCATION_PRECISIONS) {
        const event = payloads(path).find((p) => p.data.id === ids[precision]);
        expect(event?.type).toBe('note.created');
        expectSeen(event?.data, precision, who, `webhook ${path}`);
      }
    }
  });
});
