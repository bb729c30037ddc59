import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import type { Clock } from '../../src/application/ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { VIEW_COUNTER, type ViewCounter } from '../../src/application/ports/view-counter';
import { buildApp } from '../../src/app';
import type { ServerOptions } from '../../src/adapters/http/server';
import { buildContainer } from '../../src/container';
import { ACCESS_TOKEN_CACHE, type AccessTokenCache } from '../../src/adapters/persistence/kysely/access-token-cache';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import type { Config } from '../../src/config-types';
import { parseScopes } from '../../src/domain/scopes';
import { appContainers } from './app-containers';
import { createTestDatabase } from './test-database';
import { testConfig } from './test-config';

/** `database`: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export type TestStorage = 'database' | 'pglite' | 'memory';

/**
 * Every storage a behaviour suite runs on: the database (PGlite by default, PostgreSQL with TEST_DATABASE_URL)
 * and the in-memory adapters. With TEST_DATABASE_URL the behaviour suites do not run a third time on PGlite:
 * the adapters' contract suites (test/contract) still run on PGlite there, and `npm test` without it runs every
 * behaviour suite on PGlite. The third pass doubled the database suites' time and pushed CI toward its limit.
 */
export const ALL_STORAGES: TestStorage[] = ['database', 'memory'];

export interface TestUser {
  id: number;
  username: string;
}

export interface TestApp {
  app: FastifyInstance;
  container: DependencyContainer;
  /** The database under the app (null on memory storage). */
  database: Database | null;
  /** This app's DATA_DIR (uploaded files are in `blobs/` under it, with database storage). */
  dataDir: string;
  /** SQL statements run since the last `resetQueries()` (database storage only). */
  queries: string[];
  resetQueries(): void;
  createUser(username: string, fields?: { name?: string; email?: string }): Promise<TestUser>;
  /** A bearer token for `user` with the given space-separated scopes. */
  token(user: TestUser, scope: string): Promise<string>;
  /** `inject` with a bearer token when one is given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  flushViews(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole service over a fresh database for one test file: PGlite in memory, or a fresh schema in
 * TEST_DATABASE_URL. `storage: 'memory'` runs it over the in-memory adapters instead, `'pglite'` on PGlite
 * even when TEST_DATABASE_URL is set. `config` overrides settings of testConfig() (the browser tests' tile server).
 */
export async function createTestApp(
  options: { storage?: TestStorage; onRoute?: ServerOptions['onRoute']; clock?: Clock; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  const database = options.storage === 'memory'
    ? null
    : await createTestDatabase({ onQuery, kind: options.storage === 'pglite' ? 'pglite' : undefined });
  // Uploaded files go to a directory of this app's own, made only when a test uploads one.
  const dataDir = join(tmpdir(), `place-notes-test-${randomBytes(8).toString('hex')}`);
  const container = buildContainer(testConfig({ ...options.config, dataDir }), database ? { kind: 'database', database } : { kind: 'memory' }, { clock: options.clock });
  const app = await buildApp(container, { onRoute: options.onRoute });
  appContainers.set(app, container);
  await app.ready();
  // Token look-ups are cached once the database's notifications listen: wait for it, so statement counts and
  // revocations behave the same in every test whatever the timing.
  if (database) await withinSeconds(5, container.resolve<AccessTokenCache>(ACCESS_TOKEN_CACHE).whenLive(), 'the token cache never listened');
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  // One application owns every test token; made once, even when the first tokens are asked for concurrently.
  let client: Promise<number> | null = null;

  return {
    app,
    container,
    database,
    dataDir,
    queries,
    resetQueries: () => { queries.length = 0; },
    async createUser(username, fields = {}) {
      const id = await uow.run(({ users }) => users.create({
        username,
        email: fields.email ?? `${username}@example.com`,
        passwordHash: 'not-a-real-hash',
        name: fields.name ?? null,
        avatarHash: sha256Hex(username).slice(0, 32),
        // Accounts made here stand for the operator's and those made before verification existed.
        emailVerifiedAt: new Date(),
      }, new Date()));
      return { id, username };
    },
    async token(user, scope) {
      const token = newSecret();
      client ??= uow.run(({ clients }) => clients.create({
        clientId: `test-${newSecret()}`, secretHash: null, name: 'tests', ownerId: user.id,
        redirectUris: ['http://localhost/cb'], allowImplicit: false,
      }, new Date()));
      const clientId = await client;
      await uow.run(({ tokens }) =>
        tokens.create({ tokenHash: sha256Hex(token), userId: user.id, clientId, scopes: parseScopes(scope), expiresAt: null }, new Date()));
      return token;
    },
    request({ token, headers, ...rest }) {
      const auth = token === undefined ? {} : { authorization: `Bearer ${token}` };
      return app.inject({ ...rest, headers: { ...headers, ...auth } });
    },
    flushViews: () => container.resolve<ViewCounter>(VIEW_COUNTER).flush(),
    async close() {
      await app.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withinSeconds<T>(seconds: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), seconds * 1000);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
