import { randomBytes } from 'node:crypto';
import { DomainError } from '../../domain/domain-error';
import type { NoteImage } from '../../domain/note';
import type { BlobStore } from '../ports/blob-store';
import type { ImageFormat, ImageProcessor } from '../ports/image-processor';

/** An uploaded file and the request field it came in (named in a 400). */
export interface ImageUpload {
  bytes: Uint8Array;
  field: string;
}

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Checks and stores an upload under a new random key (128 bits, with the format's extension): random
 * rather than content-addressed so that two notes never share a blob that one of them deletes.
 * A file that is not a whole JPEG, PNG or WebP image, or that has more than `maxPixels`, is a 400 and
 * nothing is stored.
 */
export async function storeUpload(
  processor: ImageProcessor, blobs: BlobStore, upload: ImageUpload, maxPixels: number,
): Promise<NoteImage> {
  const image = await processor.normalize(upload.bytes, maxPixels);
  if (image === 'not_an_image') {
    throw DomainError.invalid([{ name: upload.field, problem: 'must be a whole JPEG, PNG or WebP image' }]);
  }
  if (image === 'too_many_pixels') {
    throw DomainError.invalid([{ name: upload.field, problem: `must have at most ${maxPixels / 1_000_000} megapixels` }]);
  }
  const key = `${randomBytes(16).toString('hex')}.${EXTENSIONS[image.format]}`;
  await blobs.put(key, image.bytes);
  return { key, width: image.width, height: image.height };
}

/** Runs the transaction that records a new blob; when it fails the blob is removed, so no orphan is left. */
export async function recordOrDiscard<T>(blobs: BlobStore, key: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (key !== null) await blobs.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes the blobs a committed change no longer references. It runs after the commit, so a failure
 * here leaves an unreferenced file behind, never a note or user pointing at a missing one.
 */
export async function discardBlobs(blobs: BlobStore, keys: readonly (string | null)[]): Promise<void> {
  await Promise.all(keys.filter((key): key is string => key !== null).map((key) => blobs.delete(key).catch(() => undefined)));
}
