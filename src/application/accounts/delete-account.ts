import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { discardBlobs } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { CheckPassword } from './check-password';

/** A deletion done, or refused before the password was even checked (too many wrong ones lately). */
export type DeleteAccountResult = { kind: 'deleted' } | { kind: 'throttled'; retryAfterS: number };

/**
 * Deletes a member's account for good, once they have typed their password again (docs/privacy.md): everything
 * theirs goes in one transaction, the counts of what stays are right at its commit, every token and session of
 * theirs stops working at once, and their image files are deleted after the commit. Wrong passwords are counted
 * with the log-in's, so the form cannot be used to guess one.
 */
@injectable()
export class DeleteAccount {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(CheckPassword) private readonly checkPassword: CheckPassword,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** Throws `invalid` (field `password`) for a wrong password, `not_found` when the account is already gone. */
  async execute(userId: number, password: string): Promise<DeleteAccountResult> {
    const user = await this.users.findById(userId);
    if (user === null) throw DomainError.notFound('user', userId);
    const check = await this.checkPassword.execute(userId, password);
    if (check.kind === 'throttled') return check;
    this.checkPassword.forgetFailures(userId);
    const blobKeys = await this.uow.run(({ users }) => users.delete(userId));
    if (blobKeys === null) throw DomainError.notFound('user', userId);
    await discardBlobs(this.blobs, blobKeys);
    return { kind: 'deleted' };
  }
}
