import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { postgresSchema, seedToken, startServerChild, type Storage } from '../support/server-process';

jest.setTimeout(180_000);

const PUBLIC_URL = 'http://notes.test';

// Without SMTP_URL (`npm install && npm start` and nothing else), the server's mail worker writes each mail to
// DATA_DIR/mail/<time>-<id>.eml and logs its links at info, and a SIGTERM stops it cleanly.
describe('mail without SMTP_URL', () => {
  let dataDir: string;
  let schema: Awaited<ReturnType<typeof postgresSchema>> = null;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pn-mail-files-'));
    schema = await postgresSchema('pn_mail');
  });
  afterAll(async () => {
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the reset mail to DATA_DIR/mail as .eml and logs its link, which works', async () => {
    const storage: Storage = { dataDir, ...(schema ? { databaseUrl: schema.databaseUrl } : {}), env: { PUBLIC_URL } };
    await seedToken(storage, 'mailme');
    const server = await startServerChild(storage);
    try {
      const form = await fetch(`${server.url}/forgot-password`);
      const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const csrf = /name="_csrf" value="([^"]+)"/u.exec(await form.text())?.[1] ?? '';
      const posted = await fetch(`${server.url}/forgot-password`, {
        method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, login: 'mailme' }).toString(),
      });
      expect(posted.status).toBe(303);

      const deadline = Date.now() + 20_000;
      while (!/mail written to/u.test(server.log()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const line = server.log().split('\n').find((l) => l.includes('mail written to')) ?? '';
      const logged = JSON.parse(line) as { level: number; file: string; links: string[]; to: string };
      expect(logged).toMatchObject({ level: 30, to: 'mailme@example.com', links: [expect.stringMatching(/^http:\/\/notes\.test\/reset-password\?token=/u)] });

      const files = await readdir(join(dataDir, 'mail'));
      expect(files).toEqual([expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{24}\.eml$/u)]);
      expect(logged.file).toBe(join(dataDir, 'mail', files[0]!));
      const mail = await simpleParser(await readFile(logged.file));
      expect(mail.from?.text).toContain('no-reply@notes.test');
      expect(mail.subject).toBe('Reset your Place Notes password');
      expect(mail.text).toContain(logged.links[0]);

      const page = await fetch(logged.links[0]!.replace(PUBLIC_URL, server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Choose a new password');
    } finally {
      server.child.kill('SIGTERM');
    }
    await expect(server.exited).resolves.toEqual({ code: 0, signal: null });
  });
});
