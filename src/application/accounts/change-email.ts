import { inject, injectable } from 'tsyringe';
import { validateEmail } from '../../domain/account-fields';
import { DomainError } from '../../domain/domain-error';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { emailChangeNotice, HOUR_MS, MAILS_PER_HOUR, queueLinkMail, verificationMail } from './account-mails';
import { CheckPassword } from './check-password';

export type ChangeEmailResult =
  | { kind: 'link_sent'; email: string }
  /** Too many wrong passwords lately (the log-in's throttle). */
  | { kind: 'throttled'; retryAfterS: number }
  /** 3 changes asked within the hour already: no more mail to new addresses for now. */
  | { kind: 'too_many_links'; retryAfterS: number };

/**
 * Asks to change a member's e-mail address (password required): a verification link goes to the new address, which
 * becomes the account's only when it is used (VerifyEmail); the old address gets a notice now. An address another
 * account has is `invalid` (400). Wrong passwords count with the log-in's; at most 3 changes asked an hour.
 */
@injectable()
export class ChangeEmail {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(CheckPassword) private readonly checkPassword: CheckPassword,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
  ) {}

  async execute(userId: number, input: { password: string; email: string }): Promise<ChangeEmailResult> {
    const contact = await this.users.findContact({ id: userId });
    if (contact === null) throw DomainError.notFound('user', userId);
    const email = validateEmail(input.email);
    const check = await this.checkPassword.execute(userId, input.password);
    if (check.kind === 'throttled') return check;
    this.checkPassword.forgetFailures(userId);
    if (email.toLowerCase() === contact.email.toLowerCase()) throw DomainError.invalid([{ name: 'email', problem: 'is already your address' }]);
    if (await this.users.emailTaken(email, userId)) throw DomainError.invalid([{ name: 'email', problem: 'is used by another account' }]);
    const now = this.clock.now();
    return this.uow.run(async (repositories): Promise<ChangeEmailResult> => {
      if (!await repositories.accountTokens.lockAccount(userId)) throw DomainError.notFound('user', userId);
      // A signed-in account must not become a way to mail any address at will.
      if (await repositories.mail.countSince(userId, 'email-change', new Date(now.getTime() - HOUR_MS)) >= MAILS_PER_HOUR) {
        return { kind: 'too_many_links', retryAfterS: HOUR_MS / 1000 };
      }
      await queueLinkMail(repositories, {
        userId, purpose: 'verify_email', email, kind: 'email-change', publicUrl: this.links.publicUrl, now,
      }, verificationMail(contact.username, true));
      await repositories.mail.enqueue({ to: contact.email, ...emailChangeNotice(contact.username, email), kind: 'email-change-notice', userId }, now);
      return { kind: 'link_sent', email };
    });
  }
}
