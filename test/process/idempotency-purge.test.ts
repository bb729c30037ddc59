import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_STORE, type IdempotencyStore } from '../../src/application/ports/idempotency-store';
import { loadConfig } from '../../src/config';
import { buildContainer } from '../../src/container';
import { openStore } from '../../src/runtime/open-store';
import { postgresSchema, serverEnvironment, startServerChild, type Storage } from '../support/server-process';

// Three starts of the embedded database (a store, the server, a store) took 51 s on a loaded two-core machine.
jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60 * 1000;

// A server deletes the idempotency keys first used over 24 hours ago when it starts, and every hour after.
describe('the idempotency-key purge of a running server', () => {
  let dataDir: string;
  let schema: Awaited<ReturnType<typeof postgresSchema>> = null;
  // PostgreSQL when TEST_DATABASE_URL names one (CI), else the embedded database: the purge is the same code on
  // both, and the store's own contract suite checks it on every adapter.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pn-purge-'));
    schema = await postgresSchema('pn_purge');
  });
  afterAll(async () => {
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const withStore = async <T>(storage: Storage, work: (store: IdempotencyStore) => Promise<T>): Promise<T> => {
    const config = loadConfig(serverEnvironment(storage));
    const opened = await openStore(config, 'cli');
    try {
      return await work(buildContainer(config, { kind: 'database', database: opened.database }).resolve<IdempotencyStore>(IDEMPOTENCY_STORE));
    } finally {
      await opened.close();
    }
  };

  it('purges the expired keys at start and keeps the others', async () => {
    const storage: Storage = schema ? { dataDir, databaseUrl: schema.databaseUrl } : { dataDir };
    const limits = (now: Date) => ({ expiresBefore: new Date(now.getTime() - DAY_MS), staleBefore: new Date(now.getTime() - 300_000) });
    await withStore(storage, async (store) => {
      const old = new Date(Date.now() - 2 * DAY_MS);
      const recent = new Date(Date.now() - 60_000);
      await store.begin('user:1:client:1', 'old-key', 'f', old, limits(old));
      await store.begin('user:1:client:1', 'recent-key', 'f', recent, limits(recent));
    });
    const server = await startServerChild(storage);
    try {
      const deadline = Date.now() + 10_000;
      while (!/purged expired idempotency keys/u.test(server.log()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.log()).toMatch(/"count":1,?[^\n]*purged expired idempotency keys/u);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await withStore(storage, async (store) => {
      const now = new Date();
      // The old key is free again; the recent one is still held.
      expect((await store.begin('user:1:client:1', 'old-key', 'g', now, limits(now))).begun).toBe(true);
      expect((await store.begin('user:1:client:1', 'recent-key', 'g', now, limits(now))).begun).toBe(false);
    });
  });
});
