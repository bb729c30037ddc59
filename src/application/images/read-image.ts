import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { BLOB_KEY, BLOB_STORE, type BlobStore } from '../ports/blob-store';

/**
 * The stored file of a note image, by the key in its URL. Keys are random (128 bits), so the URL is
 * the capability: like a CDN link, whoever was shown the note may fetch its image.
 */
@injectable()
export class ReadImage {
  constructor(@inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async execute(key: string): Promise<Uint8Array> {
    const bytes = BLOB_KEY.test(key) ? await this.blobs.get(key) : null;
    if (bytes === null) throw DomainError.notFound('image', key);
    return bytes;
  }
}
