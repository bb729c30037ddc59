import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOB_KEY, type BlobStore } from '../../application/ports/blob-store';

const isMissing = (error: unknown): boolean => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Blobs as files in one directory (`DATA_DIR/blobs`), created on first write. A write goes to a
 * temporary file that is renamed into place, so a reader (or a crash) never sees half a file.
 */
export class FsBlobStore implements BlobStore {
  constructor(readonly directory: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    // Temporary names start with "." so they can never be a key.
    const temporary = join(this.directory, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx', flush: true });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    if (!BLOB_KEY.test(key)) return null;
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!BLOB_KEY.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  /** The keys held (temporary files left out), for tests and operators. */
  async keys(): Promise<string[]> {
    try {
      return (await readdir(this.directory)).filter((name) => BLOB_KEY.test(name)).sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  private pathOf(key: string): string {
    if (!BLOB_KEY.test(key)) throw new Error(`not a blob key: ${JSON.stringify(key)}`);
    return join(this.directory, key);
  }
}
