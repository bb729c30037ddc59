import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runScript } from '../support/run-script';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '../support/s3-server';

const ROOT = resolve(__dirname, '../..');

// BLOB_STORE=s3 checks the bucket at start: a bucket that is not there, or a store that does not answer, stops the
// process before it listens, with one line naming the variable to fix (docs/configuration.md).
describe('starting with an object store that cannot be used', () => {
  let dir: string;
  let s3: S3Server;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-s3-start-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = (extra: NodeJS.ProcessEnv) => runScript('src/main.ts', [], {
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, HOME: process.env.HOME, DATA_DIR: join(dir, 'data'), PORT: '0',
    BLOB_STORE: 's3', AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, ...extra,
  });

  it('names S3_BUCKET when the bucket is not there, and S3_ENDPOINT when nothing answers', async () => {
    const missing = await start({ S3_BUCKET: 'not-there', S3_ENDPOINT: s3.endpoint });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`error: S3_BUCKET "not-there" names no bucket at S3_ENDPOINT ${s3.endpoint}\n`);
    const dead = await start({ S3_BUCKET: s3.bucket, S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(dead.code).toBe(1);
    expect(dead.stderr).toMatch(/^error: S3_BUCKET "place-notes-test" cannot be reached \(.+\) at S3_ENDPOINT http:\/\/127\.0\.0\.1:9\n$/u);
  }, 60_000);

  it('names S3_BUCKET when it is missing altogether', async () => {
    const result = await start({ S3_ENDPOINT: s3.endpoint });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('S3_BUCKET must be set when BLOB_STORE=s3\n');
  }, 30_000);
});
