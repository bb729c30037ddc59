import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { AVATAR_MAX_PIXELS } from '../../domain/image';
import { discardBlobs, recordOrDiscard, storeUpload, type ImageUpload } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Uploads the actor's avatar (scope `write`), replacing the one they had; the old file goes after the commit. */
@injectable()
export class SetAvatar {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
    @inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
  ) {}

  async execute(actor: Actor, upload: ImageUpload): Promise<number> {
    const userId = requireScope(actor, 'write');
    const image = await storeUpload(this.images, this.blobs, upload, AVATAR_MAX_PIXELS);
    const replaced = await recordOrDiscard(this.blobs, image.key, () => this.uow.run(async ({ users }) => {
      if ((await users.findById(userId)) === null) throw DomainError.notFound('user', userId);
      return users.setAvatar(userId, image.key);
    }));
    await discardBlobs(this.blobs, [replaced]);
    return userId;
  }
}
