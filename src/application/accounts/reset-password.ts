import { inject, injectable } from 'tsyringe';
import { validatePassword } from '../../domain/account-fields';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { linkStatus, type LinkStatus } from './account-link-status';
import { LogInThrottle } from './log-in-throttle';

export type ResetPasswordResult = { kind: 'reset'; userId: number } | { kind: Exclude<LinkStatus, 'valid'> };

/**
 * Sets a new password through a reset link (1 hour, once). It ends every web session of the account and every
 * other reset link, and clears the account's count of failed log-ins; OAuth grants stay (docs/security.md).
 */
@injectable()
export class ResetPassword {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
  ) {}

  /** What the link is worth now, without using it. */
  check(token: string): Promise<LinkStatus> {
    const now = this.clock.now();
    return this.uow.run(async ({ accountTokens }) => linkStatus(await accountTokens.findByHash(sha256Hex(token), 'reset_password'), now));
  }

  /** Throws `invalid` (field `password`) for a password too short, before the link is used. */
  async execute(token: string, password: string): Promise<ResetPasswordResult> {
    const status = await this.check(token);
    if (status !== 'valid') return { kind: status };
    validatePassword(password);
    // Hashing is slow on purpose: before the transaction, which checks the link again under its lock.
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    const result = await this.uow.run(async ({ accountTokens, users, sessions }): Promise<ResetPasswordResult> => {
      const found = await accountTokens.findByHash(sha256Hex(token), 'reset_password');
      const again = linkStatus(found, now);
      if (found === null || again !== 'valid') return { kind: again === 'valid' ? 'unknown' : again };
      await users.setPasswordHash(found.userId, passwordHash);
      await accountTokens.markUsed(found.id, now);
      await accountTokens.replaceOpen(found.userId, 'reset_password', now);
      await sessions.deleteAllOfUser(found.userId);
      return { kind: 'reset', userId: found.userId };
    });
    // Whoever spent the account's failed log-ins, its owner may log in with the new password at once.
    if (result.kind === 'reset') this.throttle.reset(`account:${result.userId}`);
    return result;
  }
}
