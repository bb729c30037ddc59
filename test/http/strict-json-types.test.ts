import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';

// JSON bodies are typed strictly (docs/api.md, "Conventions"): a value of another JSON type is a 400 naming
// the field, never converted; forms and multipart fields are text and keep being read as numbers.
describe.each(ALL_STORAGES)('strict JSON types over %s storage', (storage) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const alice = await t.createUser('alice');
    token = await t.token(alice, 'notes write');
  });
  afterAll(() => t.close());

  const postJson = (url: string, payload: object) => t.request({ method: 'POST', url, token, payload });
  const fieldsOf = (body: { meta: { error: { fields?: { name: string; problem: string }[] } } }) =>
    (body.meta.error.fields ?? []).map((f) => f.name).sort();

  it('refuses a null latitude and longitude instead of placing the note at (0, 0)', async () => {
    const res = await postJson('/v2/notes', { message: 'here', latitude: null, longitude: null });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['latitude', 'longitude']);
    const list = await t.request({ method: 'GET', url: '/v2/notes' });
    expect(list.json().meta.count).toBe(0);
  });

  it('refuses booleans, strings and objects for numbers', async () => {
    const res = await postJson('/v2/notes', { message: 'here', latitude: true, longitude: '13.4' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['latitude', 'longitude']);
    const nested = await postJson('/v2/notes', { message: 'here', latitude: { value: 1 }, longitude: 2 });
    expect(fieldsOf(nested.json())).toEqual(['latitude']);
  });

  it('refuses an array or a number for a string', async () => {
    const res = await postJson('/v2/notes', { message: ['a'], latitude: 1, longitude: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([{ name: 'message', problem: 'must be a string' }]);
    const notemap = await postJson('/v2/notemaps', { name: 1 });
    expect(notemap.statusCode).toBe(400);
    expect(fieldsOf(notemap.json())).toEqual(['name']);
  });

  it('still reads numbers out of a form body, whose values are text', async () => {
    const res = await t.request({
      method: 'POST', url: '/v2/notes', token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=from+a+form&latitude=52.5&longitude=13.4&zoomLevel=12',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.location).toMatchObject({ latitude: 52.5, longitude: 13.4 });
  });

  it('still coerces query strings', async () => {
    const res = await t.request({ method: 'GET', url: '/v2/notes?limit=5&offset=0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.nextUrl).toBeNull();
  });
});
