import { MailWorker } from '../../src/adapters/mail/mail-worker';
import { SendQueuedMail, type MailAttempt } from '../../src/application/mail/send-queued-mail';
import { HandClock } from './hand-clock';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';
import { createTestApp, type TestApp, type TestStorage } from './test-app';

/** The service with SMTP_URL pointing at a test SMTP server, a hand clock, and the mail worker main.ts would run. */
export interface MailTestApp {
  t: TestApp;
  smtp: SmtpTestServer;
  clock: HandClock;
  worker: MailWorker;
  /** Every attempt the worker made, in order. */
  attempts: MailAttempt[];
  errors: unknown[];
  /** Sends what is due now, as the worker's next turn would, and waits until it is done. */
  deliver(): Promise<void>;
  close(): Promise<void>;
}

export async function createMailTestApp(options: { storage?: TestStorage; smtpUrl?: string } = {}): Promise<MailTestApp> {
  const smtp = await startSmtpTestServer();
  // The real time to start with: session cookies expire by it in the agent.
  const clock = new HandClock(new Date().toISOString());
  const t = await createTestApp({ storage: options.storage, clock, config: { smtpUrl: options.smtpUrl ?? smtp.url } });
  const attempts: MailAttempt[] = [];
  const errors: unknown[] = [];
  // Never polls by itself: the tests say when a turn happens.
  const worker = new MailWorker(t.container.resolve(SendQueuedMail), {
    pollMs: 3_600_000, onAttempt: (attempt) => attempts.push(attempt), onError: (error) => errors.push(error),
  });
  return {
    t, smtp, clock, worker, attempts, errors,
    async deliver() {
      worker.kick();
      await worker.idle();
    },
    async close() {
      await worker.stop();
      await t.close();
      await smtp.close();
    },
  };
}
