import { createTestApp, type TestApp } from '../support/test-app';

// The note and note-list answers are written by JSON.stringify (src/adapters/http/presented-json.ts); under the tests
// each is also written by the schema's serialiser and compared, so every test that reads a note checks the presenter's
// order. This file checks that the marked schemas do reach the serialiser compiler (Fastify could have copied them).
describe('note answers written by JSON.stringify', () => {
  let t: TestApp;
  let stringify: jest.SpiedFunction<typeof JSON.stringify>;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());
  beforeEach(() => { stringify = jest.spyOn(JSON, 'stringify'); });
  afterEach(() => stringify.mockRestore());

  /** Whether JSON.stringify was handed the answer's envelope itself (status and data) during the request. */
  const stringifiedEnvelope = (status: number) => stringify.mock.calls.some(([value]) => {
    const meta = (value as { meta?: { http_status?: unknown } } | null)?.meta;
    return meta?.http_status === status && 'data' in (value as object);
  });

  it('writes a posted note, a read note and a page of notes by JSON.stringify, the author\'s fields in the schema\'s order', async () => {
    const user = await t.createUser('stringified');
    const token = await t.token(user, 'notes');
    const posted = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'written as presented', latitude: 38.7, longitude: -9.1, locationPrecision: 'street' },
    });
    expect(posted.statusCode).toBe(201);
    expect(stringifiedEnvelope(201)).toBe(true);
    const id = (posted.json() as { data: { id: number } }).data.id;
    // The author's own view ends with the one optional field, as the serialiser writes optional fields last.
    expect(Object.keys((posted.json() as { data: Record<string, unknown> }).data).at(-1)).toBe('locationPrecision');

    stringify.mockClear();
    const read = await t.request({ method: 'GET', url: `/v2/notes/${id}`, token });
    expect(read.statusCode).toBe(200);
    expect(stringifiedEnvelope(200)).toBe(true);
    expect(read.body).toBe(posted.body.replace('"http_status":201', '"http_status":200'));

    stringify.mockClear();
    const page = await t.request({ method: 'GET', url: '/v2/notes?near=38.7,-9.1&radius=1000', token });
    expect(page.statusCode).toBe(200);
    expect(stringifiedEnvelope(200)).toBe(true);
    const listed = (page.json() as { data: Record<string, unknown>[] }).data[0] ?? {};
    expect(Object.keys(listed).slice(-2)).toEqual(['locationPrecision', 'distance']);
  });

  it('leaves GeoJSON to the schema\'s serialiser', async () => {
    stringify.mockClear();
    const page = await t.request({ method: 'GET', url: '/v2/notes?format=geojson' });
    expect(page.statusCode).toBe(200);
    expect(stringify.mock.calls.some(([value]) => (value as { type?: unknown } | null)?.type === 'FeatureCollection')).toBe(false);
  });
});
