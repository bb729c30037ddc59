import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { KYSELY } from '../../src/adapters/persistence/kysely/database';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { databaseFingerprinter } from '../support/database-fingerprint';
import { rawHttpRequest, sendRaw } from '../support/raw-client';
import { createTestApp, type TestApp } from '../support/test-app';

// Inputs the fuzzers (fuzz-*.test.ts) found answering 500 or never answering, kept as plain examples.
describe('hostile inputs the fuzzers found', () => {
  let t: TestApp;
  let token: string;
  let port: number;
  let fingerprint: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser('probe');
    token = await t.token(user, 'read readall write contacts notes delete');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    fingerprint = await databaseFingerprinter(t.container.resolve<Kysely<Schema>>(KYSELY));
  });
  afterAll(() => t.close());

  it.each([
    '/v2/users/by_username/%00', '/v2/users/by_username/a%00b', '/v2/notes/1%00', '/v2/tags/%00/notes',
  ])('answers 404 to a path with a NUL character: %s', async (url) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(404);
    expect(res.json().meta.error.type).toBe('not_found');
  });

  it.each([
    '/v2/notes?q=%00', '/v2/notes?q=a%00b&sort=popular', '/v2/notes?near=1,2&q=%00', '/v2/places?city=%00', '/v2/places?country=a%00b',
  ])('answers 400 to a query with a NUL character: %s', async (url) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.type).toBe('bad_request');
  });

  it.each([
    '/v2/notes?offset=Infinity', '/v2/notemaps?limit=1e400', '/v2/users/1/followers?offset=-Infinity', '/v2/places?offset=Infinity',
    '/v2/notes?since=Infinity',
  ])('answers 400 naming the field to a number that is not finite: %s', async (url) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([{ name: /[?&](\w+)=/.exec(url)?.[1], problem: 'must be a finite number' }]);
  });

  it.each([
    ['at the top of the body', '{"message":"m","latitude":1e400,"longitude":2}', 'latitude'],
    ['nested in the body', '{"message":"m","latitude":1,"longitude":2,"location":{"zoomLevel":-1e400}}', 'location.zoomLevel'],
  ])('answers 400 naming the field to a JSON number that is not finite %s', async (_where, payload, field) => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token, headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    // The schema or the finite check names it; never a 500.
    expect(res.json().meta.error.fields).toEqual([expect.objectContaining({ name: field })]);
  });

  it.each([
    ['/v2/notes', { message: 'a\u0000b', latitude: 1, longitude: 2 }, 'message'],
    ['/v2/notes', { message: 'ok', latitude: 1, longitude: 2, city: 'x\u0000' }, 'city'],
    ['/v2/notes', { message: 'ok', latitude: 1, longitude: 2, location: { street: 'x\u0000' } }, 'location.street'],
    ['/v2/notes', { message: 'ok', latitude: 1, longitude: 2, visibility: 'recipients', recipients: ['a\u0000'] }, 'recipients[0]'],
    ['/v2/notes', { message: 'lone \ud800 surrogate', latitude: 1, longitude: 2 }, 'message'],
    ['/v2/notemaps', { name: 'a\u0000' }, 'name'],
    ['/v2/notemaps', { name: 'ok', description: '\udfff' }, 'description'],
  ])('answers 400 naming the field to POST %s %j, and stores nothing', async (url, payload, field) => {
    const before = await fingerprint();
    const res = await t.request({ method: 'POST', url, token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error).toMatchObject({ type: 'bad_request', fields: [expect.objectContaining({ name: field })] });
    expect(await fingerprint()).toBe(before);
  });

  it('answers 400 to a JSON body nested 20,000 levels deep (the NUL check walks it without recursion)', async () => {
    const depth = 20_000;
    const res = await t.request({
      method: 'POST', url: '/v2/notes', token, headers: { 'content-type': 'application/json' },
      payload: `{"message":${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)},"latitude":1,"longitude":2}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields[0].name).toMatch(/^message\.a\.a\.a/);
  });

  it('refuses a NUL character in a form field too', async () => {
    const res = await t.request({
      method: 'POST', url: '/v2/notemaps', token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=a%00b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'name' })]);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers a POST declared %s that has no body (no Content-Length), instead of waiting forever',
    async (type) => {
      const reply = await sendRaw(port, rawHttpRequest('POST', Buffer.from('/v2/notemaps'), { authorization: `Bearer ${token}`, 'content-type': type }, null), 5_000);
      expect(reply.status).toBe(400);
    },
  );
});
