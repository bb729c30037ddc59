import { S3BlobStore } from '../../src/adapters/blobs/s3-blob-store';
import { fields, filePart, makeImage, multipart } from '../support/multipart';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '../support/s3-server';
import { createTestApp, type TestApp } from '../support/test-app';

// BLOB_STORE=s3 (docs/configuration.md): uploads land in the bucket, not in DATA_DIR, and are served from it through
// /images and /avatars with the same headers and 304s; deleting a note deletes its object after the commit.
describe('images in an S3-compatible object store', () => {
  let s3: S3Server;
  let t: TestApp;
  let bucket: S3BlobStore;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    const blobStore = { kind: 's3' as const, bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS };
    t = await createTestApp({ storage: 'database', config: { blobStore } });
    bucket = new S3BlobStore(blobStore);
    token = await t.token(await t.createUser('pic'), 'write notes delete');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores a note image in the bucket and serves it from there, with ETag and 304', async () => {
    const jpeg = await makeImage('jpeg', 32, 24);
    const posted = await t.request({
      method: 'POST', url: '/v2/notes', token, ...multipart([...fields({ message: 'In the bucket', latitude: 1, longitude: 2 }), filePart('image_file', 'jpeg', jpeg)]),
    });
    expect(posted.statusCode).toBe(201);
    const note = posted.json().data;
    const key = String(note.image.urlRoot).split('/').pop()!;
    const stored = await bucket.get(key);
    expect(stored).not.toBeNull();

    const served = await t.request({ method: 'GET', url: `/images/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(Buffer.from(stored!))).toBe(true);
    const again = await t.request({ method: 'GET', url: `/images/${key}`, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);

    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${note.id}`, token })).statusCode).toBe(200);
    await expect(bucket.get(key)).resolves.toBeNull();
    expect((await t.request({ method: 'GET', url: `/images/${key}` })).statusCode).toBe(404);
  });

  it('stores an avatar in the bucket and serves it by its hash', async () => {
    const png = await makeImage('png', 16, 16);
    const res = await t.request({ method: 'PUT', url: '/v2/users/me/avatar', token, ...multipart([filePart('avatar', 'png', png)]) });
    expect(res.statusCode).toBe(200);
    const served = await t.request({ method: 'GET', url: new URL(res.json().data.avatar.urlRoot).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
