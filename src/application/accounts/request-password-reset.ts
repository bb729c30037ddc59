import { inject, injectable } from 'tsyringe';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { HOUR_MS, MAILS_PER_HOUR, queueLinkMail, resetMail } from './account-mails';

/** The id no account has: an unknown name runs the same statements as a known one, about nobody. */
const NOBODY = 0;

/**
 * "Forgot your password?": queues a reset link to the account named by username or e-mail address. It answers
 * nothing, so a page cannot tell whether an account matched; an unknown name runs the same transaction and
 * count as a known one, and the mail is queued, never sent, in the request. At most 3 reset mails per account in
 * any hour, however it is named (counted under the account's row lock, in the database).
 */
@injectable()
export class RequestPasswordReset {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
  ) {}

  async execute(login: string): Promise<void> {
    const name = login.trim();
    const now = this.clock.now();
    const since = new Date(now.getTime() - HOUR_MS);
    await this.uow.run(async (repositories) => {
      const contact = name === '' ? null : await repositories.users.findContact({ login: name });
      const userId = contact?.id ?? NOBODY;
      await repositories.accountTokens.lockAccount(userId);
      const sent = await repositories.mail.countSince(userId, 'reset-password', since);
      if (contact === null || sent >= MAILS_PER_HOUR) return;
      await queueLinkMail(repositories, {
        userId: contact.id, purpose: 'reset_password', email: contact.email, kind: 'reset-password', publicUrl: this.links.publicUrl, now,
      }, resetMail(contact.username));
    });
  }
}
