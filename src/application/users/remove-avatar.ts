import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { discardBlobs } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Removes the actor's avatar (scope `write`); 404 when they have none. */
@injectable()
export class RemoveAvatar {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(actor: Actor): Promise<void> {
    const userId = requireScope(actor, 'write');
    const removed = await this.uow.run(({ users }) => users.setAvatar(userId, null));
    if (removed === null) throw new DomainError('not_found', 'you have no avatar');
    await discardBlobs(this.blobs, [removed]);
  }
}
