import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Mail, MailReceipt, MailSender } from '../../application/ports/mail-sender';
import { loadNodemailer } from './nodemailer-module';

/**
 * Writes each mail to `<dir>/<time>-<id>.eml` (the default without SMTP_URL, so one machine with nothing else
 * installed still works). nodemailer's stream transport builds the message as the SMTP adapter would send it; it is
 * written to a temporary name, then renamed, so a reader never sees half a mail.
 */
export class FileMailSender implements MailSender {
  #transport: Nodemailer.Transporter<StreamTransport.SentMessageInfo> | null = null;

  constructor(private readonly dir: string, private readonly from: string) {}

  async send(mail: Mail): Promise<MailReceipt> {
    this.#transport ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const { message } = await this.#transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    if (!Buffer.isBuffer(message)) throw new Error('nodemailer answered a stream where a buffer was asked for');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time: 20261208T031500123Z.
    const time = new Date().toISOString().replace(/[-:.]/gu, '');
    const file = join(this.dir, `${time}-${randomBytes(12).toString('hex')}.eml`);
    await writeFile(`${file}.tmp`, message, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { file };
  }
}
