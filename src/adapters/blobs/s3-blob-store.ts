import type { S3Client } from '@aws-sdk/client-s3';
import { BLOB_KEY, type BlobStore } from '../../application/ports/blob-store';

// The AWS SDK weighs some 30 MB in memory once loaded: it is loaded by the first use of an S3 store, never by a
// process that keeps its files elsewhere.
type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => (sdk ??= import('@aws-sdk/client-s3'));

/** Where the blobs live in an S3-compatible object store (docs/configuration.md, BLOB_STORE=s3). */
export interface S3BlobStoreOptions {
  bucket: string;
  /** The store's URL (MinIO, R2, …); null for AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Credentials; absent, the SDK's default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const notFound = (error: unknown): boolean => {
  const failure = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs as objects of one bucket, so that instances share no disk. An object is written whole by one PUT (a reader
 * sees all of it or none) and read whole: images are at most 20 MiB. Checksums are sent only where S3 requires them,
 * which every S3-compatible store understands.
 */
export class S3BlobStore implements BlobStore {
  private connected: Promise<{ client: S3Client; sdk: Sdk }> | null = null;

  constructor(private readonly options: S3BlobStoreOptions) {}

  /** The SDK and one client, made at the first use. */
  private connect(): Promise<{ client: S3Client; sdk: Sdk }> {
    const { options } = this;
    this.connected ??= loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        ...(options.endpoint === null ? {} : { endpoint: options.endpoint }),
        ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      }),
    }));
    return this.connected;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!BLOB_KEY.test(key)) throw new Error(`not a blob key: ${JSON.stringify(key)}`);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }));
  }

  async get(key: string): Promise<Uint8Array | null> {
    if (!BLOB_KEY.test(key)) return null;
    const { client, sdk } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (object.Body === undefined) return null;
      return await object.Body.transformToByteArray();
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!BLOB_KEY.test(key)) return;
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** At start: the bucket must answer. A failure names the setting to look at. */
  async ready(): Promise<void> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      const where = this.options.endpoint ?? `AWS S3 in ${this.options.region}`;
      const why = notFound(error) ? 'names no bucket' : `cannot be reached (${error instanceof Error ? error.name : String(error)})`;
      throw new Error(`S3_BUCKET ${JSON.stringify(this.options.bucket)} ${why} at S3_ENDPOINT ${where}`, { cause: error });
    }
  }
}
