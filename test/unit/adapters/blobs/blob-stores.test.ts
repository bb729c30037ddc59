import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../../../../src/adapters/blobs/fs-blob-store';
import { MemoryBlobStore } from '../../../../src/adapters/blobs/memory-blob-store';
import { S3BlobStore } from '../../../../src/adapters/blobs/s3-blob-store';
import type { BlobStore } from '../../../../src/application/ports/blob-store';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '../../../support/s3-server';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (value: Uint8Array | null) => (value === null ? null : Buffer.from(value).toString());

let root: string;
let s3: S3Server;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pn-blobs-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

/** An S3 store on the local S3-compatible server (a bucket of its own per test, so tests stay apart). */
const s3Store = (bucket = s3.bucket) =>
  new S3BlobStore({ bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });

describe.each<[string, () => Promise<BlobStore>]>([
  ['memory', async () => new MemoryBlobStore()],
  ['file system', async () => new FsBlobStore(await mkdtemp(join(root, 'store-')))],
  ['S3', async () => s3Store()],
])('the %s blob store', (_name, open) => {
  let store: BlobStore;
  beforeEach(async () => { store = await open(); });

  it('gives back what was put, by key', async () => {
    await store.put('a1.jpg', bytes('first'));
    await store.put('b2.png', bytes('second'));
    expect(text(await store.get('a1.jpg'))).toBe('first');
    expect(text(await store.get('b2.png'))).toBe('second');
  });

  it('has nothing under a key never put, or deleted; deleting twice is fine', async () => {
    expect(await store.get('missing.jpg')).toBeNull();
    await store.put('gone.webp', bytes('x'));
    await store.delete('gone.webp');
    await store.delete('gone.webp');
    expect(await store.get('gone.webp')).toBeNull();
  });

  it('keeps its own copy: changing the bytes after put or get changes nothing stored', async () => {
    const data = bytes('stable');
    await store.put('c3.jpg', data);
    data.fill(0);
    const read = await store.get('c3.jpg');
    read?.fill(0);
    expect(text(await store.get('c3.jpg'))).toBe('stable');
  });

  it('names no blob for a key that is a path or otherwise not a key', async () => {
    expect(await store.get('../etc/passwd')).toBeNull();
    expect(await store.get('.hidden')).toBeNull();
    await expect(store.delete('../x')).resolves.toBeUndefined();
    await expect(store.put('../escape.jpg', bytes('x'))).rejects.toThrow(/not a blob key/u);
  });
});

describe('the file system blob store', () => {
  it('creates its directory on the first write, owner-only, and leaves one file per blob (no temporary files)', async () => {
    const directory = join(root, 'fresh', 'blobs');
    const store = new FsBlobStore(directory);
    expect(await store.keys()).toEqual([]);
    await Promise.all(['k1.jpg', 'k2.jpg', 'k3.jpg'].map((key) => store.put(key, bytes(key))));
    expect(await readdir(directory)).toEqual(['k1.jpg', 'k2.jpg', 'k3.jpg']);
    expect(await store.keys()).toEqual(['k1.jpg', 'k2.jpg', 'k3.jpg']);
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    expect((await stat(join(directory, 'k1.jpg'))).mode & 0o777).toBe(0o600);
  });

  it('removes its temporary file when the write fails', async () => {
    const directory = join(root, 'failing');
    const store = new FsBlobStore(directory);
    await store.put('k.jpg', bytes('x'));
    // A non-empty directory in the way makes the rename fail after the temporary file is written.
    await mkdir(join(directory, 'blocked.jpg', 'inside'), { recursive: true });
    await expect(store.put('blocked.jpg', bytes('y'))).rejects.toThrow();
    expect((await readdir(directory)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('the S3 blob store', () => {
  it('is ready when its bucket answers', async () => {
    await expect(s3Store().ready()).resolves.toBeUndefined();
  });

  it('names S3_BUCKET when the bucket is not there, and S3_ENDPOINT when nothing answers', async () => {
    await expect(s3Store('no-such-bucket').ready()).rejects.toThrow(/^S3_BUCKET "no-such-bucket" names no bucket at S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+$/u);
    const dead = new S3BlobStore({ bucket: 'b-1', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
    await expect(dead.ready()).rejects.toThrow(/^S3_BUCKET "b-1" cannot be reached \(.+\) at S3_ENDPOINT http:\/\/127\.0\.0\.1:9$/u);
  });

  it('holds a large image whole', async () => {
    const store = s3Store();
    const big = new Uint8Array(5 * 1024 * 1024).map((_, i) => i % 251);
    await store.put('big.jpg', big);
    expect(Buffer.from((await store.get('big.jpg'))!).equals(Buffer.from(big))).toBe(true);
  });
});
