import { BLOB_STORE, type BlobStore } from '../../src/application/ports/blob-store';
import type { TestApp } from './test-app';

/** The keys in the app's blob store (files under DATA_DIR/blobs, or the memory store's). */
export async function blobKeys(t: TestApp): Promise<string[]> {
  const store = t.container.resolve<BlobStore & { keys(): string[] | Promise<string[]> }>(BLOB_STORE);
  return store.keys();
}
