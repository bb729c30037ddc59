import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';

/** The uploaded avatar of the user with this avatar hash (its blob key names the version); 404 when there is none. */
@injectable()
export class ReadAvatar {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(hash: string): Promise<{ key: string; bytes: Uint8Array }> {
    const key = /^[0-9a-f]{32}$/u.test(hash) ? await this.users.findAvatarKey(hash) : null;
    const bytes = key === null ? null : await this.blobs.get(key);
    if (key === null || bytes === null) throw DomainError.notFound('avatar', hash);
    return { key, bytes };
  }
}
