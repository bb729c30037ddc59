import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail, MailReceipt, MailSender } from '../../application/ports/mail-sender';
import { mimeMessage, newMessageId } from './mime';

/**
 * Writes each mail to `<dir>/<time>-<id>.eml` (the default without SMTP_URL, so one machine with nothing else
 * installed still works): written to a temporary name, then renamed, so a reader never sees half a mail.
 */
export class FileMailSender implements MailSender {
  constructor(private readonly dir: string, private readonly from: string) {}

  async send(mail: Mail): Promise<MailReceipt> {
    const now = new Date();
    const id = newMessageId();
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time: 20261208T031500123Z.
    const time = now.toISOString().replace(/[-:.]/gu, '');
    const file = join(this.dir, `${time}-${id}.eml`);
    await writeFile(`${file}.tmp`, mimeMessage(mail, this.from, now, id), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { file };
  }
}
