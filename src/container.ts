import { join } from 'node:path';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { ACCESS_TOKEN_REPOSITORY } from './application/ports/access-token-repository';
import { AUTHORIZATION_CODE_REPOSITORY } from './application/ports/authorization-code-repository';
import { AUTHORIZATION_VIEWS } from './application/ports/authorization-views';
import { REFRESH_TOKEN_REPOSITORY } from './application/ports/refresh-token-repository';
import { SESSION_REPOSITORY } from './application/ports/session-repository';
import { CLIENT_REPOSITORY } from './application/ports/client-repository';
import { BLOB_STORE } from './application/ports/blob-store';
import { CLOCK, type Clock } from './application/ports/clock';
import { IMAGE_PROCESSOR } from './application/ports/image-processor';
import { COMMENT_VIEWS } from './application/ports/comment-views';
import { DATABASE_HEALTH } from './application/ports/database-health';
import { FOLLOW_VIEWS } from './application/ports/follow-views';
import { NOTE_REPOSITORY } from './application/ports/note-repository';
import { NOTE_USER_LIST_VIEWS } from './application/ports/note-user-list-views';
import { NOTE_VIEWS } from './application/ports/note-views';
import { NOTEMAP_REPOSITORY } from './application/ports/notemap-repository';
import { NOTEMAP_USER_VIEWS } from './application/ports/notemap-user-views';
import { NOTEMAP_VIEWS } from './application/ports/notemap-views';
import { PASSWORD_HASHER } from './application/ports/password-hasher';
import { PLACE_VIEWS } from './application/ports/place-views';
import { TAG_VIEWS } from './application/ports/tag-views';
import { UNIT_OF_WORK } from './application/ports/unit-of-work';
import { USER_REPOSITORY } from './application/ports/user-repository';
import { USER_VIEWS } from './application/ports/user-views';
import { VIEW_COUNTER } from './application/ports/view-counter';
import { FsBlobStore } from './adapters/blobs/fs-blob-store';
import { MemoryBlobStore } from './adapters/blobs/memory-blob-store';
import { SharpImageProcessor } from './adapters/images/sharp-image-processor';
import { Links } from './adapters/http/links';
import { createRateLimitRedis, RATE_LIMIT_REDIS } from './adapters/http/rate-limit-redis';
import { KYSELY, type Database } from './adapters/persistence/kysely/database';
import { KyselyAccessTokenRepository } from './adapters/persistence/kysely/kysely-access-token-repository';
import { KyselyAuthorizationCodeRepository } from './adapters/persistence/kysely/kysely-authorization-code-repository';
import { KyselyAuthorizationViews } from './adapters/persistence/kysely/kysely-authorization-views';
import { KyselyRefreshTokenRepository } from './adapters/persistence/kysely/kysely-refresh-token-repository';
import { KyselySessionRepository } from './adapters/persistence/kysely/kysely-session-repository';
import { KyselyClientRepository } from './adapters/persistence/kysely/kysely-client-repository';
import { KyselyCommentViews } from './adapters/persistence/kysely/kysely-comment-views';
import { KyselyDatabaseHealth } from './adapters/persistence/kysely/kysely-database-health';
import { KyselyFollowViews } from './adapters/persistence/kysely/kysely-follow-views';
import { KyselyNoteRepository } from './adapters/persistence/kysely/kysely-note-repository';
import { KyselyNoteUserListViews } from './adapters/persistence/kysely/kysely-note-user-list-views';
import { KyselyNoteViews } from './adapters/persistence/kysely/kysely-note-views';
import { KyselyNotemapRepository } from './adapters/persistence/kysely/kysely-notemap-repository';
import { KyselyNotemapUserViews } from './adapters/persistence/kysely/kysely-notemap-user-views';
import { KyselyNotemapViews } from './adapters/persistence/kysely/kysely-notemap-views';
import { KyselyPlaceViews } from './adapters/persistence/kysely/kysely-place-views';
import { KyselyTagViews } from './adapters/persistence/kysely/kysely-tag-views';
import { KyselyUnitOfWork } from './adapters/persistence/kysely/kysely-unit-of-work';
import { KyselyUserRepository } from './adapters/persistence/kysely/kysely-user-repository';
import { KyselyUserViews } from './adapters/persistence/kysely/kysely-user-views';
import { KyselyViewCounter } from './adapters/persistence/kysely/kysely-view-counter';
import { MemoryAccessTokenRepository } from './adapters/persistence/memory/memory-access-token-repository';
import { MemoryAuthorizationCodeRepository } from './adapters/persistence/memory/memory-authorization-code-repository';
import { MemoryAuthorizationViews } from './adapters/persistence/memory/memory-authorization-views';
import { MemoryRefreshTokenRepository } from './adapters/persistence/memory/memory-refresh-token-repository';
import { MemorySessionRepository } from './adapters/persistence/memory/memory-session-repository';
import { MemoryClientRepository } from './adapters/persistence/memory/memory-client-repository';
import { MemoryCommentViews } from './adapters/persistence/memory/memory-comment-views';
import { MemoryDatabaseHealth } from './adapters/persistence/memory/memory-database-health';
import { MemoryFollowViews } from './adapters/persistence/memory/memory-follow-views';
import { MemoryNoteRepository } from './adapters/persistence/memory/memory-note-repository';
import { MemoryNoteUserListViews } from './adapters/persistence/memory/memory-note-user-list-views';
import { MemoryNoteViews } from './adapters/persistence/memory/memory-note-views';
import { MemoryNotemapRepository } from './adapters/persistence/memory/memory-notemap-repository';
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
import { SystemClock } from './adapters/system/system-clock';
import { CONFIG, type Config } from './config-types';

/** Where state lives: a PostgreSQL/PGlite database, or process memory (tests, experiments). */
export type Storage = { kind: 'database'; database: Database } | { kind: 'memory' };

export interface ContainerOptions {
  clock?: Clock;
}

/** THE composition root: every registration of the service, in a child of tsyringe's root container. */
export function buildContainer(config: Config, storage: Storage, options: ContainerOptions = {}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(CONFIG, { useValue: config });
  c.register(CLOCK, { useValue: options.clock ?? new SystemClock() });
  c.registerSingleton(Links);
  c.registerSingleton(PASSWORD_HASHER, Argon2PasswordHasher);
  c.register(IMAGE_PROCESSOR, { useValue: new SharpImageProcessor() });
  // Uploaded files live beside the data they belong to: in DATA_DIR with a database, in memory without one.
  c.register(BLOB_STORE, {
    useValue: storage.kind === 'database' ? new FsBlobStore(join(config.dataDir, 'blobs')) : new MemoryBlobStore(),
  });
  // Connects when first resolved (by the HTTP server), so the CLI never opens a Redis connection.
  const redisUrl = config.redisUrl;
  c.register(RATE_LIMIT_REDIS, {
    useFactory: redisUrl === null ? () => null : instanceCachingFactory(() => createRateLimitRedis(redisUrl)),
  });

  if (storage.kind === 'database') {
    c.register(KYSELY, { useValue: storage.database.kysely });
    c.registerSingleton(USER_REPOSITORY, KyselyUserRepository);
    c.registerSingleton(NOTE_REPOSITORY, KyselyNoteRepository);
    c.registerSingleton(CLIENT_REPOSITORY, KyselyClientRepository);
    c.registerSingleton(ACCESS_TOKEN_REPOSITORY, KyselyAccessTokenRepository);
    c.registerSingleton(UNIT_OF_WORK, KyselyUnitOfWork);
    c.registerSingleton(NOTE_VIEWS, KyselyNoteViews);
    c.registerSingleton(USER_VIEWS, KyselyUserViews);
    c.registerSingleton(TAG_VIEWS, KyselyTagViews);
    c.registerSingleton(VIEW_COUNTER, KyselyViewCounter);
    c.registerSingleton(DATABASE_HEALTH, KyselyDatabaseHealth);
    c.registerSingleton(FOLLOW_VIEWS, KyselyFollowViews);
    c.registerSingleton(PLACE_VIEWS, KyselyPlaceViews);
    c.registerSingleton(COMMENT_VIEWS, KyselyCommentViews);
    c.registerSingleton(NOTEMAP_REPOSITORY, KyselyNotemapRepository);
    c.registerSingleton(NOTEMAP_VIEWS, KyselyNotemapViews);
    c.registerSingleton(NOTEMAP_USER_VIEWS, KyselyNotemapUserViews);
    c.registerSingleton(NOTE_USER_LIST_VIEWS, KyselyNoteUserListViews);
    c.registerSingleton(AUTHORIZATION_CODE_REPOSITORY, KyselyAuthorizationCodeRepository);
    c.registerSingleton(REFRESH_TOKEN_REPOSITORY, KyselyRefreshTokenRepository);
    c.registerSingleton(SESSION_REPOSITORY, KyselySessionRepository);
    c.registerSingleton(AUTHORIZATION_VIEWS, KyselyAuthorizationViews);
  } else {
    c.register(MEMORY_STORE, { useFactory: instanceCachingFactory(() => new MemoryStore()) });
    c.registerSingleton(USER_REPOSITORY, MemoryUserRepository);
    c.registerSingleton(NOTE_REPOSITORY, MemoryNoteRepository);
    c.registerSingleton(CLIENT_REPOSITORY, MemoryClientRepository);
    c.registerSingleton(ACCESS_TOKEN_REPOSITORY, MemoryAccessTokenRepository);
    c.registerSingleton(UNIT_OF_WORK, MemoryUnitOfWork);
    c.registerSingleton(NOTE_VIEWS, MemoryNoteViews);
    c.registerSingleton(USER_VIEWS, MemoryUserViews);
    c.registerSingleton(TAG_VIEWS, MemoryTagViews);
    c.registerSingleton(VIEW_COUNTER, MemoryViewCounter);
    c.registerSingleton(DATABASE_HEALTH, MemoryDatabaseHealth);
    c.registerSingleton(FOLLOW_VIEWS, MemoryFollowViews);
    c.registerSingleton(PLACE_VIEWS, MemoryPlaceViews);
    c.registerSingleton(COMMENT_VIEWS, MemoryCommentViews);
    c.registerSingleton(NOTEMAP_REPOSITORY, MemoryNotemapRepository);
    c.registerSingleton(NOTEMAP_VIEWS, MemoryNotemapViews);
    c.registerSingleton(NOTEMAP_USER_VIEWS, MemoryNotemapUserViews);
    c.registerSingleton(NOTE_USER_LIST_VIEWS, MemoryNoteUserListViews);
    c.registerSingleton(AUTHORIZATION_CODE_REPOSITORY, MemoryAuthorizationCodeRepository);
    c.registerSingleton(REFRESH_TOKEN_REPOSITORY, MemoryRefreshTokenRepository);
    c.registerSingleton(SESSION_REPOSITORY, MemorySessionRepository);
    c.registerSingleton(AUTHORIZATION_VIEWS, MemoryAuthorizationViews);
  }
  return c;
}
