import { portToken } from './port-token';

/** One plain-text mail to one recipient (the From is the service's, MAIL_FROM). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What became of a mail handed over: `file` is where it was written when it went to a file rather than a server. */
export interface MailReceipt {
  file: string | null;
}

/** Hands mail to the world: an SMTP server, files in DATA_DIR/mail, or memory. */
export interface MailSender {
  /** Sends one mail; rejects when it could not be handed over (the outbox tries again later). */
  send(mail: Mail): Promise<MailReceipt>;
  /** Lets go of connections; nothing is sent after it. */
  close?(): Promise<void>;
}
export const MAIL_SENDER = portToken<MailSender>('MailSender');
