import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { HOUR_MS, MAILS_PER_HOUR, queueLinkMail, verificationMail } from './account-mails';

export type ResendVerificationResult = { kind: 'sent' } | { kind: 'already_verified' } | { kind: 'throttled'; retryAfterS: number };

/**
 * Sends the verification link again (a new link cancels the earlier): at most 3 an hour per account, counted in the
 * database under the account's row lock, so the limit holds across instances.
 */
@injectable()
export class ResendVerification {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
  ) {}

  execute(userId: number): Promise<ResendVerificationResult> {
    const now = this.clock.now();
    return this.uow.run(async (repositories) => {
      if (!await repositories.accountTokens.lockAccount(userId)) throw DomainError.notFound('user', userId);
      const contact = await repositories.users.findContact({ id: userId });
      if (contact === null) throw DomainError.notFound('user', userId);
      if (contact.emailVerified) return { kind: 'already_verified' };
      if (await repositories.mail.countSince(userId, 'verify-email-again', new Date(now.getTime() - HOUR_MS)) >= MAILS_PER_HOUR) {
        return { kind: 'throttled', retryAfterS: HOUR_MS / 1000 };
      }
      await queueLinkMail(repositories, {
        userId, purpose: 'verify_email', email: contact.email, kind: 'verify-email-again', publicUrl: this.links.publicUrl, now,
      }, verificationMail(contact.username, false));
      return { kind: 'sent' };
    });
  }
}
