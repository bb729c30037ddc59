import sharp from 'sharp';
import { blobKeys } from '../support/blobs';
import { fields, filePart, makeImage, multipart } from '../support/multipart';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

describe.each(ALL_STORAGES)('avatars over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let aliceWrite: string;
  let aliceRead: string;
  let hash: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    aliceWrite = await t.token(alice, 'write notes');
    aliceRead = await t.token(alice, 'read');
    hash = (await t.request({ method: 'GET', url: `/v2/users/${alice.id}` })).json().data.avatar.hash;
    png = await makeImage('png', 24, 24);
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, ...parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.request({ method: 'PUT', url: '/v2/users/me/avatar', token, payload: body.payload, headers: body.headers });
  };
  const remove = (token: string | undefined) => t.request({ method: 'DELETE', url: '/v2/users/me/avatar', token });
  const fetchAvatar = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/avatars/${hash}`, headers });
  const avatarOf = async () => (await t.request({ method: 'GET', url: `/v2/users/${alice.id}` })).json().data.avatar;

  it('starts without one: hasAvatar false and GET /avatars/:hash is 404', async () => {
    expect(await avatarOf()).toEqual({ hasAvatar: false, hash, urlRoot: `${TEST_PUBLIC_URL}/avatars/${hash}` });
    const res = await fetchAvatar();
    expect(res.statusCode).toBe(404);
    expect(res.json().meta.error.type).toBe('not_found');
  });

  it('refuses an avatar of more than 16 megapixels by its size alone, naming the field, and stores nothing', async () => {
    const huge = await sharp({ create: { width: 4_001, height: 4_000, channels: 3, background: 'white' } }).withMetadata({ orientation: 6 }).jpeg({ quality: 20 }).toBuffer();
    const keys = await blobKeys(t);
    const res = await upload(aliceWrite, filePart('avatar', 'jpeg', huge));
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([{ name: 'avatar', problem: 'must have at most 16 megapixels' }]);
    expect(await blobKeys(t)).toEqual(keys);
    expect(await avatarOf()).toMatchObject({ hasAvatar: false });
  });

  it('uploads one (field `avatar`): 200 with the User, hasAvatar true, served at urlRoot without metadata', async () => {
    const res = await upload(aliceWrite, filePart('avatar', 'jpeg', await makeImage('jpeg', 40, 30, { gps: true, orientation: 8 })));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: alice.id, avatar: { hasAvatar: true, hash, urlRoot: `${TEST_PUBLIC_URL}/avatars/${hash}` } });
    expect(await avatarOf()).toMatchObject({ hasAvatar: true });

    const served = await fetchAvatar();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/u);
    const meta = await sharp(served.rawPayload).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ width: 30, height: 40, exif: undefined });
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(await blobKeys(t)).toHaveLength(1);

    // Notes show their author's avatar too.
    const note = await t.request({ method: 'POST', url: '/v2/notes', token: aliceWrite, payload: { message: 'Hi', latitude: 1, longitude: 2 } });
    expect(note.json().data.author.avatar.hasAvatar).toBe(true);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const { etag } = (await fetchAvatar()).headers;
    const cached = await fetchAvatar({ 'if-none-match': String(etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  it('replaces it (field `image_file`): the new file is served under a new ETag and the old file is deleted', async () => {
    const before = await fetchAvatar();
    const res = await upload(aliceWrite, filePart('image_file', 'png', png));
    expect(res.statusCode).toBe(200);
    const after = await fetchAvatar();
    expect(after.headers['content-type']).toBe('image/png');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await fetchAvatar({ 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    expect(await blobKeys(t)).toHaveLength(1);
  });

  it('refuses a file that is not an image (400 naming the field) and keeps the avatar it had', async () => {
    const blobs = await blobKeys(t);
    const res = await upload(aliceWrite, { name: 'avatar', value: Buffer.from('GIF89a but not really'), filename: 'me.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error).toMatchObject({ type: 'bad_request', fields: [{ name: 'avatar', problem: expect.any(String) }] });
    expect(await blobKeys(t)).toEqual(blobs);
    expect((await fetchAvatar()).headers['content-type']).toBe('image/png');
  });

  it('is 400 without a file, 401 without a token, 403 without the write scope', async () => {
    const blobs = await blobKeys(t);
    const none = await upload(aliceWrite, ...fields({ note: 'no file' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'avatar' })]);
    const json = await t.request({ method: 'PUT', url: '/v2/users/me/avatar', token: aliceWrite, payload: {} });
    expect(json.statusCode).toBe(400);
    expect((await upload(undefined, filePart('avatar', 'png', png))).statusCode).toBe(401);
    expect((await upload(aliceRead, filePart('avatar', 'png', png))).statusCode).toBe(403);
    expect((await remove(undefined)).statusCode).toBe(401);
    expect((await remove(aliceRead)).statusCode).toBe(403);
    expect(await blobKeys(t)).toEqual(blobs);
  });

  it('is 413 for a file over 20 MiB', async () => {
    const res = await upload(aliceWrite, filePart('avatar', 'png', Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024)])));
    expect(res.statusCode).toBe(413);
    expect(res.json().meta.error.type).toBe('payload_too_large');
  });

  it('DELETE /v2/users/me/avatar removes it and its file; a second DELETE is 404', async () => {
    const res = await remove(aliceWrite);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { http_status: 200 } });
    expect(await avatarOf()).toMatchObject({ hasAvatar: false });
    expect((await fetchAvatar()).statusCode).toBe(404);
    expect(await blobKeys(t)).toEqual([]);
    expect((await remove(aliceWrite)).statusCode).toBe(404);
  });

  it('is 404 for a hash that is not an MD5 in hex', async () => {
    expect((await t.request({ method: 'GET', url: '/avatars/not-a-hash' })).statusCode).toBe(404);
  });
});
