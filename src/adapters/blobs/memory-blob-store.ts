import { BLOB_KEY, type BlobStore } from '../../application/ports/blob-store';

/** Blobs in process memory (tests, experiments); copies in and out, so callers cannot change what is stored. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!BLOB_KEY.test(key)) throw new Error(`not a blob key: ${JSON.stringify(key)}`);
    this.blobs.set(key, Uint8Array.from(bytes));
  }

  async get(key: string): Promise<Uint8Array | null> {
    const bytes = this.blobs.get(key);
    return bytes === undefined ? null : Uint8Array.from(bytes);
  }

  async delete(key: string): Promise<void> {
    this.blobs.delete(key);
  }

  /** The keys held, for tests that check nothing was left behind. */
  keys(): string[] {
    return [...this.blobs.keys()].sort();
  }
}
