import { inject, injectable } from 'tsyringe';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { HOUR_MS, MAILS_PER_HOUR, queueLinkMail, resetMail } from './account-mails';

/**
 * "Forgot your password?": records the name as typed, one row whatever it names, and answers nothing, so neither the
 * answer nor its time can tell whether an account matched (decision `reset-answer-is-a-redirect`). The mail worker
 * turns the request into a mail (PrepareResetMails).
 */
@injectable()
export class RequestPasswordReset {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(login: string): Promise<void> {
    const now = this.clock.now();
    await this.uow.run(({ resetRequests }) => resetRequests.add(login.trim(), now));
  }
}

/**
 * The mail worker's side of a reset request: the account named by username or e-mail address (any case) gets a reset
 * link (1 hour, once), unless 3 reset mails went to it in the last hour however it was named (counted under the
 * account's row lock, in the database, so across instances). A name no account has comes to nothing.
 */
@injectable()
export class PrepareResetMails {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
  ) {}

  /** Handles up to `limit` waiting requests, each in its own transaction; answers how many there were. */
  async execute(limit: number): Promise<number> {
    let handled = 0;
    while (handled < limit && await this.handleOne()) handled += 1;
    return handled;
  }

  private handleOne(): Promise<boolean> {
    const now = this.clock.now();
    return this.uow.run(async (repositories) => {
      const request = await repositories.resetRequests.takeOne();
      if (request === null) return false;
      const contact = request.login === '' ? null : await repositories.users.findContact({ login: request.login });
      if (contact === null || !await repositories.accountTokens.lockAccount(contact.id)) return true;
      if (await repositories.mail.countSince(contact.id, 'reset-password', new Date(now.getTime() - HOUR_MS)) >= MAILS_PER_HOUR) return true;
      await queueLinkMail(repositories, {
        userId: contact.id, purpose: 'reset_password', email: contact.email, kind: 'reset-password', publicUrl: this.links.publicUrl, now,
      }, resetMail(contact.username));
      return true;
    });
  }
}
