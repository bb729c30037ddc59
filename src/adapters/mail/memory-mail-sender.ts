import type { Mail, MailReceipt, MailSender } from '../../application/ports/mail-sender';

/** Keeps every mail in a list (tests); `failing` makes it refuse, as a server that is down would. */
export class MemoryMailSender implements MailSender {
  readonly sent: Mail[] = [];
  failing = false;

  async send(mail: Mail): Promise<MailReceipt> {
    if (this.failing) throw new Error('the memory mail sender is set to fail');
    this.sent.push({ ...mail });
    return { file: null };
  }
}
