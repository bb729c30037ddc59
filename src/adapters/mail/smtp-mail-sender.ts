import type * as Nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mail, MailReceipt, MailSender } from '../../application/ports/mail-sender';
import { loadNodemailer } from './nodemailer-module';

/** How long a mail server may take before an attempt fails (and the outbox tries again later). */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** nodemailer's SMTP options from SMTP_URL: `smtps:` speaks TLS from the start, `smtp:` upgrades with STARTTLS when offered. */
export function smtpOptions(smtpUrl: string, tls: SmtpTls = {}): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/gu, ''),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    ...(user === '' ? {} : { auth: { user, pass: decodeURIComponent(url.password) } }),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    ...(tls.ca === undefined ? {} : { tls: { ca: tls.ca } }),
  };
}

/** TLS settings beyond the system's: the certificate authority a private mail server's certificate comes from (tests). */
export interface SmtpTls {
  ca?: Buffer;
}

/** Sends through an SMTP server with nodemailer, one connection per mail. */
export class SmtpMailSender implements MailSender {
  #transport: Nodemailer.Transporter<SMTPTransport.SentMessageInfo> | null = null;

  constructor(private readonly smtpUrl: string, private readonly from: string, private readonly tls: SmtpTls = {}) {}

  async send(mail: Mail): Promise<MailReceipt> {
    this.#transport ??= loadNodemailer().createTransport(smtpOptions(this.smtpUrl, this.tls));
    await this.#transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    return { file: null };
  }

  async close(): Promise<void> {
    this.#transport?.close();
    this.#transport = null;
  }
}
