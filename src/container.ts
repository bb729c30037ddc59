import { join } from 'node:path';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { LogInThrottle } from './application/accounts/log-in-throttle';
import { ACCOUNT_EXPORT_VIEWS, EXPORT_SINKS } from './application/ports/account-export';
import { CHANGE_FEED } from './application/ports/change-feed';
import { ACCESS_TOKEN_REPOSITORY } from './application/ports/access-token-repository';
import { AUTHORIZATION_CODE_REPOSITORY } from './application/ports/authorization-code-repository';
import { AUTHORIZATION_VIEWS } from './application/ports/authorization-views';
import { SESSION_REPOSITORY } from './application/ports/session-repository';
import { TWO_STEP_REPOSITORY } from './application/ports/two-step-repository';
import { ONE_TIME_CODES } from './application/ports/one-time-codes';
import { CLIENT_REPOSITORY } from './application/ports/client-repository';
import { BLOB_STORE } from './application/ports/blob-store';
import { CLOCK, type Clock } from './application/ports/clock';
import { IMAGE_PROCESSOR } from './application/ports/image-processor';
import { COMMENT_VIEWS } from './application/ports/comment-views';
import { DATABASE_HEALTH } from './application/ports/database-health';
import { FOLLOW_VIEWS } from './application/ports/follow-views';
import { BLOCK_VIEWS } from './application/ports/block-views';
import { SITEMAP_VIEWS } from './application/ports/sitemap-views';
import { NOTE_PAGE_VIEWS } from './application/ports/note-page-views';
import { NOTE_USER_LIST_VIEWS } from './application/ports/note-user-list-views';
import { NOTE_VIEWS } from './application/ports/note-views';
import { NOTE_INSERTS } from './application/ports/note-inserts';
import { NOTEMAP_USER_VIEWS } from './application/ports/notemap-user-views';
import { NOTEMAP_VIEWS } from './application/ports/notemap-views';
import { PASSWORD_HASHER } from './application/ports/password-hasher';
import type { PortToken } from './application/ports/port-token';
import { SIGN_UP_POLICY } from './application/ports/sign-up-policy';
import { TOKEN_POLICY } from './application/ports/token-policy';
import { PLACE_VIEWS } from './application/ports/place-views';
import { TAG_VIEWS } from './application/ports/tag-views';
import { UNIT_OF_WORK } from './application/ports/unit-of-work';
import { USER_REPOSITORY } from './application/ports/user-repository';
import { USER_VIEWS } from './application/ports/user-views';
import { VIEW_COUNTER } from './application/ports/view-counter';
import { IDEMPOTENCY_STORE } from './application/ports/idempotency-store';
import { KyselyIdempotencyStore } from './adapters/persistence/kysely/kysely-idempotency-store';
import { MemoryIdempotencyStore } from './adapters/persistence/memory/memory-idempotency-store';
import { ZipExportSinks } from './adapters/archive/zip-export-sinks';
import { FsBlobStore } from './adapters/blobs/fs-blob-store';
import { S3BlobStore } from './adapters/blobs/s3-blob-store';
import { MemoryBlobStore } from './adapters/blobs/memory-blob-store';
import { SharpImageProcessor } from './adapters/images/sharp-image-processor';
import { Links } from './adapters/http/links';
import { createRateLimitRedis, RATE_LIMIT_REDIS } from './adapters/http/rate-limit-redis';
import { ACCESS_TOKEN_CACHE, AccessTokenCache } from './adapters/persistence/kysely/access-token-cache';
import { KYSELY, REQUEST_TRANSACTIONS, type Database } from './adapters/persistence/kysely/database';
import { KyselyAccountExportViews } from './adapters/persistence/kysely/kysely-account-export-views';
import { KyselyChangeFeed } from './adapters/persistence/kysely/kysely-change-feed';
import { KyselyAccessTokenRepository } from './adapters/persistence/kysely/kysely-access-token-repository';
import { KyselyAuthorizationCodeRepository } from './adapters/persistence/kysely/kysely-authorization-code-repository';
import { KyselyAuthorizationViews } from './adapters/persistence/kysely/kysely-authorization-views';
import { KyselySessionRepository } from './adapters/persistence/kysely/kysely-session-repository';
import { KyselyTwoStepRepository } from './adapters/persistence/kysely/kysely-two-step-repository';
import { KyselyClientRepository } from './adapters/persistence/kysely/kysely-client-repository';
import { KyselyCommentViews } from './adapters/persistence/kysely/kysely-comment-views';
import { KyselyDatabaseHealth } from './adapters/persistence/kysely/kysely-database-health';
import { KyselyFollowViews } from './adapters/persistence/kysely/kysely-follow-views';
import { KyselyBlockViews } from './adapters/persistence/kysely/kysely-block-views';
import { KyselySitemapViews } from './adapters/persistence/kysely/kysely-sitemap-views';
import { KyselyNotePageViews } from './adapters/persistence/kysely/kysely-note-page-views';
import { KyselyNoteUserListViews } from './adapters/persistence/kysely/kysely-note-user-list-views';
import { KyselyNoteViews } from './adapters/persistence/kysely/kysely-note-views';
import { KyselyNoteInserts } from './adapters/persistence/kysely/kysely-note-inserts';
import { KyselyNotemapUserViews } from './adapters/persistence/kysely/kysely-notemap-user-views';
import { KyselyNotemapViews } from './adapters/persistence/kysely/kysely-notemap-views';
import { KyselyPlaceViews } from './adapters/persistence/kysely/kysely-place-views';
import { KyselyTagViews } from './adapters/persistence/kysely/kysely-tag-views';
import { KyselyUnitOfWork } from './adapters/persistence/kysely/kysely-unit-of-work';
import { KyselyUserRepository } from './adapters/persistence/kysely/kysely-user-repository';
import { KyselyUserViews } from './adapters/persistence/kysely/kysely-user-views';
import { KyselyViewCounter } from './adapters/persistence/kysely/kysely-view-counter';
import { MemoryAccountExportViews } from './adapters/persistence/memory/memory-account-export-views';
import { MemoryChangeFeed } from './adapters/persistence/memory/memory-change-feed';
import { MemoryAccessTokenRepository } from './adapters/persistence/memory/memory-access-token-repository';
import { MemoryAuthorizationCodeRepository } from './adapters/persistence/memory/memory-authorization-code-repository';
import { MemoryAuthorizationViews } from './adapters/persistence/memory/memory-authorization-views';
import { MemorySessionRepository } from './adapters/persistence/memory/memory-session-repository';
import { MemoryTwoStepRepository } from './adapters/persistence/memory/memory-two-step-repository';
import { MemoryClientRepository } from './adapters/persistence/memory/memory-client-repository';
import { MemoryCommentViews } from './adapters/persistence/memory/memory-comment-views';
import { MemoryDatabaseHealth } from './adapters/persistence/memory/memory-database-health';
import { MemoryFollowViews } from './adapters/persistence/memory/memory-follow-views';
import { MemoryBlockViews } from './adapters/persistence/memory/memory-block-views';
import { MemorySitemapViews } from './adapters/persistence/memory/memory-sitemap-views';
import { MemoryNotePageViews } from './adapters/persistence/memory/memory-note-page-views';
import { MemoryNoteUserListViews } from './adapters/persistence/memory/memory-note-user-list-views';
import { MemoryNoteViews } from './adapters/persistence/memory/memory-note-views';
import { MemoryNoteInserts } from './adapters/persistence/memory/memory-note-inserts';
import { MemoryNotemapUserViews } from './adapters/persistence/memory/memory-notemap-user-views';
import { MemoryNotemapViews } from './adapters/persistence/memory/memory-notemap-views';
import { MemoryPlaceViews } from './adapters/persistence/memory/memory-place-views';
import { MEMORY_STORE, MemoryStore } from './adapters/persistence/memory/memory-store';
import { MemoryTagViews } from './adapters/persistence/memory/memory-tag-views';
import { MemoryUnitOfWork } from './adapters/persistence/memory/memory-unit-of-work';
import { MemoryUserRepository } from './adapters/persistence/memory/memory-user-repository';
import { MemoryUserViews } from './adapters/persistence/memory/memory-user-views';
import { MemoryViewCounter } from './adapters/persistence/memory/memory-view-counter';
import { Argon2PasswordHasher } from './adapters/security/argon2-password-hasher';
import { OtpauthOneTimeCodes } from './adapters/security/otpauth-one-time-codes';
import { SystemClock } from './adapters/system/system-clock';
import { KyselyWebhookOutbox } from './adapters/persistence/kysely/kysely-webhook-outbox';
import { KyselyWebhookSubscriptions } from './adapters/persistence/kysely/kysely-webhook-subscriptions';
import { NOTIFICATIONS } from './adapters/persistence/kysely/notifications';
import { MemoryWebhookOutbox } from './adapters/persistence/memory/memory-webhook-outbox';
import { MemoryWebhookSubscriptions } from './adapters/persistence/memory/memory-webhook-subscriptions';
import { HttpWebhookPayloads } from './adapters/http/webhooks/webhook-payloads';
import { GuardedWebhookUrlCheck, WebhookSender } from './adapters/webhooks/webhook-sender';
import { WEBHOOK_PAYLOADS, WEBHOOK_SENDER, WEBHOOK_URL_CHECK } from './application/ports/webhook-delivery';
import { WEBHOOK_OUTBOX, WEBHOOK_SUBSCRIPTIONS } from './application/ports/webhook-store';
import { MAIL_OUTBOX } from './application/ports/mail-outbox';
import { MAIL_SENDER } from './application/ports/mail-sender';
import { ACCOUNT_LINKS } from './application/ports/account-links';
import { KyselyMailOutbox } from './adapters/persistence/kysely/kysely-mail-outbox';
import { MemoryMailOutbox } from './adapters/persistence/memory/memory-mail-outbox';
import { FileMailSender } from './adapters/mail/file-mail-sender';
import { MemoryMailSender } from './adapters/mail/memory-mail-sender';
import { SmtpMailSender } from './adapters/mail/smtp-mail-sender';
import { CONFIG, type Config } from './config-types';

/** Where state lives: a PostgreSQL/PGlite database, or process memory (tests, experiments). */
export type Storage = { kind: 'database'; database: Database } | { kind: 'memory' };

export interface ContainerOptions {
  clock?: Clock;
}

/** A class the container can build (tsyringe's own `constructor<T>` type is not exported from its entry point). */
type Constructor<T> = new (...args: never[]) => T;

/** One port bound to the class that implements it; `bind` lets the compiler check that it does. */
export interface Binding {
  port: PortToken<unknown>;
  adapter: Constructor<unknown>;
}

function bind<T>(port: PortToken<T>, adapter: Constructor<T>): Binding {
  return { port, adapter };
}

/** Every storage port over Kysely (PostgreSQL or PGlite); each adapter takes the KYSELY instance. */
export const KYSELY_ADAPTERS: readonly Binding[] = [
  bind(USER_REPOSITORY, KyselyUserRepository),
  bind(CLIENT_REPOSITORY, KyselyClientRepository),
  bind(ACCESS_TOKEN_REPOSITORY, KyselyAccessTokenRepository),
  bind(AUTHORIZATION_CODE_REPOSITORY, KyselyAuthorizationCodeRepository),
  bind(SESSION_REPOSITORY, KyselySessionRepository),
  bind(TWO_STEP_REPOSITORY, KyselyTwoStepRepository),
  bind(UNIT_OF_WORK, KyselyUnitOfWork),
  bind(NOTE_VIEWS, KyselyNoteViews),
  bind(NOTE_INSERTS, KyselyNoteInserts),
  bind(USER_VIEWS, KyselyUserViews),
  bind(TAG_VIEWS, KyselyTagViews),
  bind(FOLLOW_VIEWS, KyselyFollowViews),
  bind(BLOCK_VIEWS, KyselyBlockViews),
  bind(SITEMAP_VIEWS, KyselySitemapViews),
  bind(NOTE_PAGE_VIEWS, KyselyNotePageViews),
  bind(PLACE_VIEWS, KyselyPlaceViews),
  bind(COMMENT_VIEWS, KyselyCommentViews),
  bind(NOTEMAP_VIEWS, KyselyNotemapViews),
  bind(NOTEMAP_USER_VIEWS, KyselyNotemapUserViews),
  bind(NOTE_USER_LIST_VIEWS, KyselyNoteUserListViews),
  bind(AUTHORIZATION_VIEWS, KyselyAuthorizationViews),
  bind(VIEW_COUNTER, KyselyViewCounter),
  bind(IDEMPOTENCY_STORE, KyselyIdempotencyStore),
  bind(DATABASE_HEALTH, KyselyDatabaseHealth),
  bind(ACCOUNT_EXPORT_VIEWS, KyselyAccountExportViews),
  bind(CHANGE_FEED, KyselyChangeFeed),
  bind(WEBHOOK_SUBSCRIPTIONS, KyselyWebhookSubscriptions),
  bind(WEBHOOK_OUTBOX, KyselyWebhookOutbox),
  bind(MAIL_OUTBOX, KyselyMailOutbox),
];

/** The same ports in process memory; each adapter takes the container's one MEMORY_STORE. */
export const MEMORY_ADAPTERS: readonly Binding[] = [
  bind(USER_REPOSITORY, MemoryUserRepository),
  bind(CLIENT_REPOSITORY, MemoryClientRepository),
  bind(ACCESS_TOKEN_REPOSITORY, MemoryAccessTokenRepository),
  bind(AUTHORIZATION_CODE_REPOSITORY, MemoryAuthorizationCodeRepository),
  bind(SESSION_REPOSITORY, MemorySessionRepository),
  bind(TWO_STEP_REPOSITORY, MemoryTwoStepRepository),
  bind(UNIT_OF_WORK, MemoryUnitOfWork),
  bind(NOTE_VIEWS, MemoryNoteViews),
  bind(NOTE_INSERTS, MemoryNoteInserts),
  bind(USER_VIEWS, MemoryUserViews),
  bind(TAG_VIEWS, MemoryTagViews),
  bind(FOLLOW_VIEWS, MemoryFollowViews),
  bind(BLOCK_VIEWS, MemoryBlockViews),
  bind(SITEMAP_VIEWS, MemorySitemapViews),
  bind(NOTE_PAGE_VIEWS, MemoryNotePageViews),
  bind(PLACE_VIEWS, MemoryPlaceViews),
  bind(COMMENT_VIEWS, MemoryCommentViews),
  bind(NOTEMAP_VIEWS, MemoryNotemapViews),
  bind(NOTEMAP_USER_VIEWS, MemoryNotemapUserViews),
  bind(NOTE_USER_LIST_VIEWS, MemoryNoteUserListViews),
  bind(AUTHORIZATION_VIEWS, MemoryAuthorizationViews),
  bind(VIEW_COUNTER, MemoryViewCounter),
  bind(IDEMPOTENCY_STORE, MemoryIdempotencyStore),
  bind(DATABASE_HEALTH, MemoryDatabaseHealth),
  bind(ACCOUNT_EXPORT_VIEWS, MemoryAccountExportViews),
  bind(CHANGE_FEED, MemoryChangeFeed),
  bind(WEBHOOK_SUBSCRIPTIONS, MemoryWebhookSubscriptions),
  bind(WEBHOOK_OUTBOX, MemoryWebhookOutbox),
  bind(MAIL_OUTBOX, MemoryMailOutbox),
];

/** An attempt to deliver a webhook ends after 10 s whatever the receiver does (docs/events.md). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** THE composition root: every registration of the service, in a child of tsyringe's root container. */
export function buildContainer(config: Config, storage: Storage, options: ContainerOptions = {}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(CONFIG, { useValue: config });
  c.register(CLOCK, { useValue: options.clock ?? new SystemClock() });
  c.register(TOKEN_POLICY, { useValue: { accessTokenTtlS: config.accessTokenTtlS } });
  c.register(SIGN_UP_POLICY, { useValue: { limitPerHour: config.signUpLimitPerHour } });
  c.registerSingleton(Links);
  // One count of failed log-ins per container, whoever resolves LogIn.
  c.registerSingleton(LogInThrottle);
  c.registerSingleton(PASSWORD_HASHER, Argon2PasswordHasher);
  c.register(ONE_TIME_CODES, { useValue: new OtpauthOneTimeCodes() });
  c.register(IMAGE_PROCESSOR, { useValue: new SharpImageProcessor() });
  c.register(EXPORT_SINKS, { useValue: new ZipExportSinks() });
  c.register(WEBHOOK_SENDER, { useValue: new WebhookSender({ allowPrivate: config.webhookAllowPrivate, timeoutMs: WEBHOOK_TIMEOUT_MS }) });
  c.register(WEBHOOK_URL_CHECK, { useValue: new GuardedWebhookUrlCheck(config.webhookAllowPrivate) });
  c.registerSingleton(WEBHOOK_PAYLOADS, HttpWebhookPayloads);
  c.register(ACCOUNT_LINKS, { useValue: { publicUrl: config.publicUrl } });
  // Mail goes to the SMTP server of SMTP_URL; without one, to files in DATA_DIR/mail (with a database) or memory.
  c.register(MAIL_SENDER, {
    useValue: config.smtpUrl !== null
      ? new SmtpMailSender(config.smtpUrl, config.mailFrom)
      : storage.kind === 'database' ? new FileMailSender(join(config.dataDir, 'mail'), config.mailFrom) : new MemoryMailSender(),
  });
  // Connects when first resolved (by the HTTP server), so the CLI never opens a Redis connection.
  const redisUrl = config.redisUrl;
  c.register(RATE_LIMIT_REDIS, {
    useFactory: redisUrl === null ? () => null : instanceCachingFactory(() => createRateLimitRedis(redisUrl)),
  });

  // Uploaded files live beside the data they belong to: in DATA_DIR (or the S3 bucket configured) with a database,
  // in memory without one.
  if (storage.kind === 'database') {
    c.register(KYSELY, { useValue: storage.database.kysely });
    c.register(REQUEST_TRANSACTIONS, { useValue: storage.database.transactions });
    c.register(NOTIFICATIONS, { useValue: storage.database.notifications });
    c.register(ACCESS_TOKEN_CACHE, { useValue: new AccessTokenCache(storage.database.notifications) });
    const blobs = config.blobStore;
    c.register(BLOB_STORE, {
      useValue: blobs.kind === 's3' ? new S3BlobStore(blobs) : new FsBlobStore(join(config.dataDir, 'blobs')),
    });
  } else {
    c.register(MEMORY_STORE, { useFactory: instanceCachingFactory(() => new MemoryStore()) });
    c.register(BLOB_STORE, { useValue: new MemoryBlobStore() });
  }
  for (const { port, adapter } of storage.kind === 'database' ? KYSELY_ADAPTERS : MEMORY_ADAPTERS) {
    c.registerSingleton(port, adapter as new (...args: unknown[]) => unknown);
  }
  return c;
}
