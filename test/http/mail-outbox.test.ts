import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MailWorker } from '../../src/adapters/mail/mail-worker';
import { SendQueuedMail, type MailAttempt } from '../../src/application/mail/send-queued-mail';
import { buildContainer } from '../../src/container';
import { createMailTestApp, type MailTestApp } from '../support/mail-app';
import { testConfig } from '../support/test-config';
import { signUp, WebAgent } from '../support/web-agent';

// The outbox (§18): a request only queues its mail, so a mail server that is slow, down or refusing never holds it;
// a failed mail is tried again (the first retry within a minute, then with growing delays) and given up after a day;
// and with several instances each mail goes out once.
jest.setTimeout(120_000);

async function ask(app: MailTestApp, login: string) {
  const agent = new WebAgent(app.t.app);
  return agent.post('/forgot-password', { login }, await agent.get('/forgot-password'));
}

describe('the mail outbox', () => {
  it('answers requests while the mail server holds the connection without a word', async () => {
    // A "mail server" that accepts connections and never speaks.
    const sockets: Socket[] = [];
    let hangingUp = false;
    const silent = createServer((socket) => {
      if (hangingUp) socket.destroy();
      else sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const m = await createMailTestApp({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      await m.t.createUser('patient');
      expect((await ask(m, 'patient')).statusCode).toBe(303);
      m.worker.kick();
      while (sockets.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // The attempt is under way, stuck on the server: requests, mail-making ones included, answer meanwhile.
      expect((await ask(m, 'patient')).statusCode).toBe(303);
      expect((await signUp(new WebAgent(m.t.app), 'newcomer', 'a long password', { verified: false })).statusCode).toBe(303);
      expect((await m.t.request({ method: 'GET', url: '/v2/notes' })).statusCode).toBe(200);
      expect(m.attempts).toEqual([]);
      // The server hangs up (on every connection from now on): the attempts fail and the mails wait for their retry,
      // within a minute.
      hangingUp = true;
      for (const socket of sockets) socket.destroy();
      await m.worker.idle();
      const failed = m.attempts.filter((a): a is Extract<MailAttempt, { kind: 'retry' }> => a.kind === 'retry');
      expect(failed.length).toBeGreaterThanOrEqual(1);
      for (const attempt of failed) {
        expect(attempt.retryAt.getTime() - m.clock.now().getTime()).toBeGreaterThan(0);
        expect(attempt.retryAt.getTime() - m.clock.now().getTime()).toBeLessThanOrEqual(60_000);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await m.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  describe('retries', () => {
    let m: MailTestApp;
    beforeAll(async () => { m = await createMailTestApp(); });
    afterAll(() => m.close());

    it('sends a mail the server refused once it is due again, within a minute', async () => {
      await m.t.createUser('retried');
      m.smtp.refusing = true;
      await ask(m, 'retried');
      await m.deliver();
      expect(m.attempts.at(-1)).toMatchObject({ kind: 'retry', mail: { to: 'retried@example.com', attempts: 1 } });
      m.smtp.refusing = false;
      // Not due yet: nothing is tried.
      const before = m.attempts.length;
      await m.deliver();
      expect(m.attempts).toHaveLength(before);
      m.clock.advance(30);
      await m.deliver();
      expect(m.attempts.at(-1)).toMatchObject({ kind: 'sent', mail: { to: 'retried@example.com', attempts: 2 } });
      expect(m.smtp.to('retried@example.com')).toHaveLength(1);
    });

    it('tries again with growing delays for a day, then gives up for good', async () => {
      await m.t.createUser('unlucky');
      m.smtp.refusing = true;
      try {
        const queuedAt = m.clock.now().getTime();
        await ask(m, 'unlucky');
        const delays: number[] = [];
        let last: MailAttempt | undefined;
        for (let turn = 0; turn < 30; turn += 1) {
          await m.deliver();
          last = m.attempts.at(-1);
          if (last?.kind !== 'retry') break;
          const delay = last.retryAt.getTime() - m.clock.now().getTime();
          delays.push(delay / 1000);
          m.clock.advance(delay / 1000);
        }
        expect(last).toMatchObject({ kind: 'given_up', mail: { to: 'unlucky@example.com' } });
        expect(delays[0]).toBeLessThanOrEqual(60);
        for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
        expect(delays.at(-1)).toBeGreaterThan(delays[0]!);
        // The last attempt falls within the day, and nothing is tried after it.
        expect(m.clock.now().getTime() - queuedAt).toBeLessThanOrEqual(24 * 3600 * 1000);
        const count = m.attempts.length;
        m.clock.advance(3 * 24 * 3600);
        m.smtp.refusing = false;
        await m.deliver();
        expect(m.attempts).toHaveLength(count);
        expect(m.smtp.to('unlucky@example.com')).toEqual([]);
      } finally {
        m.smtp.refusing = false;
      }
    });
  });

  it('sends each mail once when several instances send from one database', async () => {
    const m = await createMailTestApp();
    const others = [1, 2].map(() => buildContainer(testConfig({ smtpUrl: m.smtp.url }), m.t.database
      ? { kind: 'database', database: m.t.database } : { kind: 'memory' }, { clock: m.clock }));
    const workers = [m.worker, ...others.map((c) => new MailWorker(c.resolve(SendQueuedMail), {
      pollMs: 3_600_000, maxInFlight: 2, onAttempt: (attempt) => m.attempts.push(attempt), onError: (error) => m.errors.push(error),
    }))];
    try {
      const names = Array.from({ length: 12 }, (_, i) => `crowd${i}`);
      for (const name of names) await m.t.createUser(name);
      for (const name of names) await ask(m, name);
      for (const worker of workers) worker.kick();
      await Promise.all(workers.map((worker) => worker.idle()));
      for (const worker of workers) worker.kick();
      await Promise.all(workers.map((worker) => worker.idle()));
      const received = m.smtp.mails.map((mail) => mail.envelopeTo[0]).sort();
      expect(received).toEqual(names.map((name) => `${name}@example.com`).sort());
      expect(m.errors).toEqual([]);
    } finally {
      for (const worker of workers.slice(1)) await worker.stop();
      await m.close();
    }
  });
});
