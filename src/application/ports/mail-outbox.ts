import type { Mail } from './mail-sender';
import { portToken } from './port-token';

/** Why a mail is sent; the throttles count mails of a kind per account. */
export type MailKind = 'verify-email' | 'verify-email-again' | 'reset-password' | 'email-change' | 'email-change-notice';

/** A mail to queue: what it says, and the account it is about (null once that account is deleted). */
export interface OutgoingMail extends Mail {
  kind: MailKind;
  userId: number | null;
}

/** A queued mail claimed for sending; `attempts` counts this one. */
export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
  createdAt: Date;
}

/** Mail waiting to be sent: queued inside the write's transaction, sent by the mail worker, each once across instances. */
export interface MailOutbox {
  /** Queues a mail, due at once. */
  enqueue(mail: OutgoingMail, now: Date): Promise<number>;
  /** How many mails of this kind about this account were queued at or after `since`. */
  countSince(userId: number, kind: MailKind, since: Date): Promise<number>;
  /** Takes up to `limit` due mails for `leaseMs` (no other claim sees them meanwhile) and counts an attempt for each. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<QueuedMail[]>;
  /** Records a mail as handed over; it is never sent again. */
  markSent(id: number, now: Date): Promise<void>;
  /** Records a failed attempt: tried again at `retryAt`, or given up for good when it is null. */
  markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void>;
  /** Deletes mails sent or given up that were queued before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}
export const MAIL_OUTBOX = portToken<MailOutbox>('MailOutbox');
