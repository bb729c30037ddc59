import { inject, injectable } from 'tsyringe';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { avatarHashOf } from './account-mails';
import { linkStatus, type LinkStatus } from './account-link-status';

/** The outcome of pressing "Verify": the address verified, the link no good, or the address taken by another account meanwhile. */
export type VerifyEmailResult = { kind: 'verified'; email: string } | { kind: Exclude<LinkStatus, 'valid'> } | { kind: 'taken' };

/**
 * E-mail verification (docs/security.md): the link's token, once, within 24 hours. A link sent for a new address
 * makes that address the account's when it is used (the change of address), if no other account took it meanwhile.
 */
@injectable()
export class VerifyEmail {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** What the link is worth now, without using it (the page behind the link shows it before "Verify" is pressed). */
  check(token: string): Promise<LinkStatus> {
    const now = this.clock.now();
    return this.uow.run(async ({ accountTokens }) => linkStatus(await accountTokens.findByHash(sha256Hex(token), 'verify_email'), now));
  }

  execute(token: string): Promise<VerifyEmailResult> {
    const now = this.clock.now();
    return this.uow.run(async ({ accountTokens, users }) => {
      const found = await accountTokens.findByHash(sha256Hex(token), 'verify_email');
      const status = linkStatus(found, now);
      if (found === null || status !== 'valid') return { kind: status === 'valid' ? 'unknown' : status };
      if (await users.emailTaken(found.email, found.userId)) return { kind: 'taken' };
      await users.setVerifiedEmail(found.userId, found.email, avatarHashOf(found.email), now);
      await accountTokens.markUsed(found.id, now);
      return { kind: 'verified', email: found.email };
    });
  }
}
