import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Mail, MailSender } from '../../../../src/application/ports/mail-sender';
import { FileMailSender } from '../../../../src/adapters/mail/file-mail-sender';
import { MemoryMailSender } from '../../../../src/adapters/mail/memory-mail-sender';
import { SmtpMailSender, smtpOptions } from '../../../../src/adapters/mail/smtp-mail-sender';
import { selfSigned } from '../../../support/self-signed';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';

const FROM = 'Place Notes <no-reply@pn.test>';
/** mailparser shows a display name in quotes: `"Place Notes" <…>`. */
const unquoted = (address: string) => address.replace(/^"([^"]*)"/u, '$1');

/** A sender and a way to read back what it sent, as { to, from, subject, text }. */
interface Harness {
  sender: MailSender;
  received(): Promise<{ to: string; from: string; subject: string; text: string }[]>;
  /** Makes the next sends fail as a server that is down or refuses would. */
  breakIt(): Promise<void>;
  close(): Promise<void>;
}

const harnesses: [string, () => Promise<Harness>][] = [
  ['memory', async () => {
    const sender = new MemoryMailSender();
    return {
      sender,
      received: async () => sender.sent.map((m) => ({ ...m, from: FROM })),
      breakIt: async () => { sender.failing = true; },
      close: async () => {},
    };
  }],
  ['.eml files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pn-mail-'));
    let target = join(dir, 'mail');
    const sender = { send: (mail: Mail) => new FileMailSender(target, FROM).send(mail) };
    return {
      sender,
      received: async () => {
        const files = (await readdir(join(dir, 'mail'))).sort();
        return Promise.all(files.map(async (file) => {
          const parsed = await simpleParser(await readFile(join(dir, 'mail', file)));
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text ?? '' : parsed.to?.text ?? '';
          return { to, from: unquoted(parsed.from?.text ?? ''), subject: parsed.subject ?? '', text: (parsed.text ?? '').replace(/\n$/u, '') };
        }));
      },
      // A path under a file cannot be a directory.
      breakIt: async () => { target = join(dir, 'mail', (await readdir(join(dir, 'mail')))[0] ?? 'x', 'sub'); },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }],
  ['SMTP (smtp-server)', async () => {
    const server: SmtpTestServer = await startSmtpTestServer();
    const sender = new SmtpMailSender(server.url, FROM);
    return {
      sender,
      received: async () => server.mails.map((m) => ({ to: m.to, from: unquoted(m.from), subject: m.subject, text: m.text.replace(/\n$/u, '') })),
      breakIt: async () => { server.refusing = true; },
      close: async () => { await sender.close(); await server.close(); },
    };
  }],
];

describe.each(harnesses)('MailSender contract: %s', (_name, open) => {
  let h: Harness;
  beforeEach(async () => { h = await open(); });
  afterEach(() => h.close());

  it('delivers recipient, subject and text intact, from MAIL_FROM', async () => {
    await h.sender.send({ to: 'ana@example.org', subject: 'Verify your e-mail address', text: 'Open this link:\nhttp://pn.test/verify-email?token=abc' });
    const [mail, ...rest] = await h.received();
    expect(rest).toEqual([]);
    expect(mail).toEqual({
      to: 'ana@example.org', from: FROM, subject: 'Verify your e-mail address', text: 'Open this link:\nhttp://pn.test/verify-email?token=abc',
    });
  });

  it('keeps text beyond ASCII in the subject and the body, and long lines whole', async () => {
    const long = `http://pn.test/reset-password?token=${'x'.repeat(200)}`;
    await h.sender.send({ to: 'zoë@example.org', subject: 'Café, São Paulo — 東京 and a rather long subject line that needs folding', text: `Olá, Zoë!\n${long}` });
    const [mail] = await h.received();
    expect(mail?.subject).toBe('Café, São Paulo — 東京 and a rather long subject line that needs folding');
    expect(mail?.text).toBe(`Olá, Zoë!\n${long}`);
  });

  it('sends several mails in order', async () => {
    for (const n of [1, 2, 3]) await h.sender.send({ to: `p${n}@example.org`, subject: `mail ${n}`, text: `body ${n}` });
    expect((await h.received()).map((m) => m.subject).sort()).toEqual(['mail 1', 'mail 2', 'mail 3']);
  });

  it('rejects when the mail cannot be handed over', async () => {
    await h.sender.send({ to: 'first@example.org', subject: 'first', text: 'ok' });
    await h.breakIt();
    await expect(h.sender.send({ to: 'second@example.org', subject: 'second', text: 'refused' })).rejects.toThrow();
    expect((await h.received()).map((m) => m.subject)).toEqual(['first']);
  });
});

describe('the .eml file adapter', () => {
  it('names files DATA_DIR/mail/<time>-<id>.eml and answers where it wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pn-mail-'));
    try {
      const receipt = await new FileMailSender(join(dir, 'mail'), FROM).send({ to: 'a@example.org', subject: 's', text: 't' });
      expect(receipt.file).toMatch(/\/mail\/\d{8}T\d{9}Z-[0-9a-f]{24}\.eml$/u);
      expect(await readdir(join(dir, 'mail'))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the SMTP adapter over TLS', () => {
  let dir: string;
  let pair: { key: Buffer; cert: Buffer };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-smtp-tls-'));
    pair = selfSigned(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A server that offers STARTTLS (or, `secure`, speaks TLS at once) and records whether each mail came encrypted. */
  async function tlsServer(secure: boolean): Promise<{ port: number; secured: boolean[]; close(): Promise<void> }> {
    const secured: boolean[] = [];
    const server = new SMTPServer({
      ...pair, secure, authOptional: true, logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => { secured.push(session.secure); callback(); });
      },
    });
    // A client that refuses the certificate hangs up mid-handshake: the server reports it, and it is expected here.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.server.address() as AddressInfo).port, secured, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('upgrades smtp: with STARTTLS when the server offers it', async () => {
    const server = await tlsServer(false);
    const sender = new SmtpMailSender(`smtp://127.0.0.1:${server.port}`, FROM, { ca: pair.cert });
    try {
      await sender.send({ to: 'a@example.org', subject: 's', text: 't' });
      expect(server.secured).toEqual([true]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('speaks TLS from the start on smtps:, and refuses a certificate it cannot trust', async () => {
    const server = await tlsServer(true);
    const trusting = new SmtpMailSender(`smtps://127.0.0.1:${server.port}`, FROM, { ca: pair.cert });
    const wary = new SmtpMailSender(`smtps://127.0.0.1:${server.port}`, FROM);
    try {
      await trusting.send({ to: 'a@example.org', subject: 's', text: 't' });
      await expect(wary.send({ to: 'b@example.org', subject: 's', text: 't' })).rejects.toThrow();
      expect(server.secured).toEqual([true]);
    } finally {
      await trusting.close();
      await wary.close();
      await server.close();
    }
  });
});

describe('the SMTP adapter', () => {
  it('reads SMTP_URL: smtps is TLS from the start, smtp upgrades when offered; credentials decoded', () => {
    expect(smtpOptions('smtp://us%40er:p%3Ass@mail.example.org')).toMatchObject({
      host: 'mail.example.org', port: 587, secure: false, auth: { user: 'us@er', pass: 'p:ss' },
    });
    expect(smtpOptions('smtps://mail.example.org')).toMatchObject({ port: 465, secure: true });
    expect(smtpOptions('smtp://mail.example.org:25')).not.toHaveProperty('auth');
    expect(smtpOptions('smtp://mail.example.org:25')).not.toHaveProperty('ignoreTLS');
  });
});
