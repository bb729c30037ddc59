import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received and parsed it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** An SMTP server on 127.0.0.1 for one test file: collects every mail, parsed by mailparser. */
export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  mails: ReceivedMail[];
  /** Refuse every mail (451) until set back to false: a mail server that has trouble. */
  refusing: boolean;
  /** The mails to `to` received so far. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` mails to `to` have arrived (5 s at most). */
  waitFor(address: string, count?: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        if (state.refusing) {
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : parsed.to?.text ?? '';
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: parsed.from?.text ?? '',
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      }, (error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  // Addresses compare without case, as the service's do.
  const toOf = (address: string) => mails.filter((m) => m.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refusing() { return state.refusing; },
    set refusing(value: boolean) { state.refusing = value; },
    to: toOf,
    async waitFor(address, count = 1, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (toOf(address).length < count) {
        if (Date.now() > deadline) throw new Error(`${toOf(address).length} of ${count} mails to ${address} arrived within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return toOf(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/u).find((word) => word.startsWith(prefix));
  if (link === undefined) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return link;
}
