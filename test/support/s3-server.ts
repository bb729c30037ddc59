import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, its files in a temporary directory. */
export async function startS3Server(bucket = 'place-notes-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'pn-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
