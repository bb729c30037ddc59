import { portToken } from './port-token';
/**
 * Uploaded files (note images, avatars) by key. Keys are chosen by the application: short ASCII names
 * (letters, digits, `.`, `-`), never paths. A stored blob never changes; a new upload gets a new key.
 */
export interface BlobStore {
  /** Stores `bytes` under `key`, atomically: a reader sees all of them or nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes `key`; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Checks at start that the store can be used; fails with a message naming the setting that is wrong. */
  ready?(): Promise<void>;
}
export const BLOB_STORE = portToken<BlobStore>('BlobStore');

/** A blob key as the application makes them; anything else names no blob (and never a path). */
export const BLOB_KEY = /^[a-z0-9][a-z0-9.-]{0,127}$/u;
