import { inject, injectable } from 'tsyringe';
import { PrepareResetMails } from '../accounts/request-password-reset';
import { CLOCK, type Clock } from '../ports/clock';
import { MAIL_OUTBOX, type MailOutbox, type QueuedMail } from '../ports/mail-outbox';
import { MAIL_SENDER, type MailReceipt, type MailSender } from '../ports/mail-sender';

/** A claimed mail is another instance's to try again only after this long (an attempt ends within 40 s). */
export const MAIL_LEASE_MS = 2 * 60 * 1000;
/** Delays after each failed attempt: the first retry within a minute, then growing; nothing is tried after a day. */
export const RETRY_DELAYS_S = [30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800];
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** Mails sent or given up are kept a week (the throttles count the last hour), then purged. */
export const KEEP_MAIL_MS = 7 * 24 * 60 * 60 * 1000;

/** What became of one attempt, for the worker's log. */
export type MailAttempt =
  | { kind: 'sent'; mail: QueuedMail; receipt: MailReceipt }
  | { kind: 'retry'; mail: QueuedMail; error: string; retryAt: Date }
  | { kind: 'given_up'; mail: QueuedMail; error: string };

/** When to try a mail again after its `attempts`-th failure, or null once a day has passed since it was queued. */
export function nextAttemptAt(mail: Pick<QueuedMail, 'attempts' | 'createdAt'>, now: Date): Date | null {
  const delayS = RETRY_DELAYS_S[Math.min(mail.attempts, RETRY_DELAYS_S.length) - 1] ?? RETRY_DELAYS_S[0]!;
  const at = new Date(now.getTime() + delayS * 1000);
  return at.getTime() > mail.createdAt.getTime() + GIVE_UP_AFTER_MS ? null : at;
}

/** Sends the outbox's mails (the mail worker drives it): each claimed by one instance, retried, given up after a day. */
@injectable()
export class SendQueuedMail {
  constructor(
    @inject(MAIL_OUTBOX) private readonly outbox: MailOutbox,
    @inject(MAIL_SENDER) private readonly sender: MailSender,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(PrepareResetMails) private readonly resetMails: PrepareResetMails,
  ) {}

  /** Turns up to `limit` waiting password reset requests into mails (or into nothing); answers how many it handled. */
  prepare(limit: number): Promise<number> {
    return this.resetMails.execute(limit);
  }

  /** Claims up to `limit` due mails. */
  claim(limit: number): Promise<QueuedMail[]> {
    return this.outbox.claimDue(this.clock.now(), limit, MAIL_LEASE_MS);
  }

  /** One attempt at one claimed mail, recorded. */
  async attempt(mail: QueuedMail): Promise<MailAttempt> {
    let receipt: MailReceipt;
    try {
      receipt = await this.sender.send({ to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.clock.now();
      const retryAt = nextAttemptAt(mail, now);
      await this.outbox.markFailed(mail.id, message, retryAt, now);
      return retryAt === null ? { kind: 'given_up', mail, error: message } : { kind: 'retry', mail, error: message, retryAt };
    }
    await this.outbox.markSent(mail.id, this.clock.now());
    return { kind: 'sent', mail, receipt };
  }

  /** Deletes mails sent or given up more than a week ago. */
  purge(): Promise<number> {
    return this.outbox.purge(new Date(this.clock.now().getTime() - KEEP_MAIL_MS));
  }

  close(): Promise<void> {
    return this.sender.close?.() ?? Promise.resolve();
  }
}
