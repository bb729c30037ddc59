import 'reflect-metadata';
// First: the built server resolves TypeBox and Kysely to their bundles (decision `vendor-bundles`).
import './runtime/vendor-bundles';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { BLOB_STORE, type BlobStore } from './application/ports/blob-store';
import { VIEW_COUNTER, VIEW_FLUSH_EVERY_MS, type ViewCounter } from './application/ports/view-counter';
import { IDEMPOTENCY_STORE, type IdempotencyStore } from './application/ports/idempotency-store';
import { KEEP_MS } from './adapters/http/idempotency';
import { WebhookWorker } from './adapters/webhooks/webhook-worker';
import { linksIn, MailWorker } from './adapters/mail/mail-worker';
import { SendQueuedMail, type MailAttempt } from './application/mail/send-queued-mail';
import { DeliverWebhooks, PurgeWebhookEvents } from './application/webhooks/deliver-webhooks';
import { DispatchWebhookEvents } from './application/webhooks/dispatch-webhook-events';
import { EndLapsedWebhooks } from './application/webhooks/end-lapsed-webhooks';
import { operatorCommands } from './adapters/cli/commands';
import type { ServerOptions } from './adapters/http/server';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config-types';
import { buildContainer } from './container';
import { startAdminSocket, type AdminSocket } from './runtime/admin-socket';
import { oneLine } from './runtime/one-line';
import { openStore } from './runtime/open-store';

// Idempotency keys are kept 24 hours; each instance deletes the expired ones every hour (docs/api.md, Safe retries).
const PURGE_IDEMPOTENCY_EVERY_MS = 60 * 60 * 1000;
// A stop ends within 10 s of the signal whatever clients do (docs/operations.md, Stopping): connections still
// open after CUT_CONNECTIONS_AFTER_MS are cut, and a stop not done by EXIT_DEADLINE_MS exits 1 anyway.
const CUT_CONNECTIONS_AFTER_MS = 8_000;
const EXIT_DEADLINE_MS = 9_500;

/** A listening service and the one way to stop it cleanly. */
export interface RunningService {
  app: FastifyInstance;
  /** Where the server listens, as Fastify reports it (e.g. `http://127.0.0.1:3000`). */
  address: string;
  /**
   * Stops accepting, finishes requests in flight (cutting connections still open after 8 s), flushes view
   * counts, closes the database, releases DATA_DIR.
   */
  stop(): Promise<void>;
}

/** Everything from an open database to a listening server (and, for the embedded database, the admin socket). */
export async function startService(config: Config, options: Pick<ServerOptions, 'clientFeatures'> = {}): Promise<RunningService> {
  const store = await openStore(config, 'server');
  let app: FastifyInstance | null = null;
  let admin: AdminSocket | null = null;
  try {
    const container = buildContainer(config, { kind: 'database', database: store.database });
    // An object store that cannot be used stops the start, with a line naming the setting.
    await container.resolve<BlobStore>(BLOB_STORE).ready?.();
    app = await buildApp(container, { ...options, logLevel: config.logLevel, https: await tlsFiles(config) });
    const address = await app.listen({ host: config.host, port: config.port });
    const log = app.log;
    if (config.databaseUrl === null) {
      admin = await startAdminSocket(operatorCommands(container), config.dataDir, {
        onError: (error) => log.error({ err: error }, 'an admin command failed'),
      });
    }
    if (store.migrations.length > 0) log.info({ migrations: store.migrations }, 'applied migrations');
    log.info(`Place Notes is listening on ${address} and serves ${config.publicUrl}`);
    log.info(`rate limit: ${config.rateLimitMax} requests per ${config.rateLimitWindowS} s per token or IP, counted ${config.redisUrl ? 'in Redis' : 'in this process'}`);
    const flusher = startViewFlusher(container.resolve<ViewCounter>(VIEW_COUNTER), app);
    const purger = startIdempotencyPurge(container.resolve<IdempotencyStore>(IDEMPOTENCY_STORE), app);
    // Webhooks are delivered from every instance; each event and each attempt is taken by one (docs/events.md). The
    // worker yields while requests keep the process busy: it counts them on the server's own event (no hook).
    let requestsSeen = 0;
    app.server.on('request', () => { requestsSeen += 1; });
    const webhooks = new WebhookWorker({
      dispatch: container.resolve(DispatchWebhookEvents), deliver: container.resolve(DeliverWebhooks), purge: container.resolve(PurgeWebhookEvents),
      endLapsed: container.resolve(EndLapsedWebhooks),
    }, { onError: (error, what) => log.error({ err: error }, what), requestsSeen: () => requestsSeen });
    webhooks.start();
    // Mail is sent from every instance too, each queued mail by one (docs/operations.md, Mail).
    const mail = new MailWorker(container.resolve(SendQueuedMail), {
      onAttempt: (attempt) => logMailAttempt(log, attempt), onError: (error, what) => log.error({ err: error }, what),
    });
    mail.start();
    const running = app;
    const socket = admin;
    return {
      app: running,
      address,
      stop: async () => {
        flusher.stop();
        clearInterval(purger);
        const webhooksStopped = webhooks.stop();
        const mailStopped = mail.stop();
        const cut = setTimeout(() => {
          running.server.getConnections((_error, count) => {
            log.warn(`closing ${count} connection${count === 1 ? '' : 's'} still open ${CUT_CONNECTIONS_AFTER_MS / 1000} s after the stop began`);
          });
          running.server.closeAllConnections();
          socket?.closeAllConnections();
        }, CUT_CONNECTIONS_AFTER_MS);
        cut.unref();
        try {
          await Promise.all([running.close(), socket?.close()]);
        } finally {
          clearTimeout(cut);
        }
        await Promise.all([flusher.flush(), webhooksStopped, mailStopped]);
        await store.close();
      },
    };
  } catch (error) {
    await admin?.close();
    await app?.close();
    await store.close();
    throw error;
  }
}

/** Each mail attempt in the log: written to a file, with its links (the operator's way to follow them without SMTP). */
function logMailAttempt(log: FastifyInstance['log'], attempt: MailAttempt): void {
  const { id, kind, attempts } = attempt.mail;
  if (attempt.kind === 'sent') {
    if (attempt.receipt.file === null) log.info({ mail: id, kind, attempts }, 'mail sent');
    else log.info({ mail: id, kind, to: attempt.mail.to, file: attempt.receipt.file, links: linksIn(attempt.mail.text) }, `mail written to ${attempt.receipt.file}`);
  } else if (attempt.kind === 'retry') {
    log.warn({ mail: id, kind, attempts, error: attempt.error, retryAt: attempt.retryAt.toISOString() }, 'a mail could not be sent; it is tried again later');
  } else {
    log.error({ mail: id, kind, attempts, error: attempt.error }, 'a mail could not be sent for a day; it is given up');
  }
}

async function tlsFiles(config: Config): Promise<{ cert: Buffer; key: Buffer } | null> {
  if (config.tlsCertFile === null || config.tlsKeyFile === null) return null;
  return { cert: await readFile(config.tlsCertFile), key: await readFile(config.tlsKeyFile) };
}

/** Flushes every few seconds on an unref'd timer; one flush at a time, and a failed flush is logged, not fatal. */
function startViewFlusher(counter: ViewCounter, app: FastifyInstance): { flush(): Promise<void>; stop(): void } {
  let running: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    running ??= counter.flush().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    flush().catch((error: unknown) => app.log.error({ err: error }, 'flushing view counts failed'));
  }, VIEW_FLUSH_EVERY_MS);
  timer.unref();
  return { flush, stop: () => clearInterval(timer) };
}

/** Deletes expired idempotency keys now and every hour, on an unref'd timer; a failure is logged, not fatal. */
function startIdempotencyPurge(store: IdempotencyStore, app: FastifyInstance): NodeJS.Timeout {
  const purge = () => {
    store.purge(new Date(Date.now() - KEEP_MS)).then(
      (count) => { if (count > 0) app.log.info({ count }, 'purged expired idempotency keys'); },
      (error: unknown) => app.log.error({ err: error }, 'purging idempotency keys failed'),
    );
  };
  purge();
  const timer = setInterval(purge, PURGE_IDEMPOTENCY_EVERY_MS);
  timer.unref();
  return timer;
}

/** `npm start`: a bad configuration or a held DATA_DIR is one line on stderr and status 1. */
async function main(): Promise<void> {
  let service: RunningService;
  try {
    service = await startService(loadConfig(process.env));
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? '' : 'error: '}${oneLine(error)}\n`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A second signal while stopping means: give up on a clean stop and exit now.
    if (stopping) process.exit(1);
    stopping = true;
    service.app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      service.app.log.error(`the stop did not finish within ${EXIT_DEADLINE_MS / 1000} s of ${signal}; exiting now`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        service.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) void main();
