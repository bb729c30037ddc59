import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { createRateLimitRedis, RATE_LIMIT_REDIS } from '../../src/adapters/http/rate-limit-redis';
import { buildApp } from '../../src/app';
import { redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../http/rate-limit-app';
import { openDatabase, type Database } from '../../src/adapters/persistence/kysely/database';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/migrate';
import { buildContainer } from '../../src/container';
import { parseScopes } from '../../src/domain/scopes';
import { testConfig } from '../support/test-config';

// Two listening servers, as two instances behind a proxy would be: one PostgreSQL schema, one Redis.
const DATABASE_URL = process.env.TEST_DATABASE_URL || null;
const MAX = 6;

interface Instance {
  app: FastifyInstance;
  origin: string;
  database: Database;
}

describe('two instances on one PostgreSQL and one Redis', () => {
  const schema = `test_${randomBytes(8).toString('hex')}`;
  const prefix = `pn-two-${randomBytes(6).toString('hex')}:`;
  let skipped: string | null = null;
  const instances: Instance[] = [];

  async function start(first: boolean): Promise<Instance> {
    const url = DATABASE_URL as string;
    const database = await openDatabase({ url, schema, dropSchemaOnClose: first });
    if (first) await migrateToLatest(database.kysely);
    const container = buildContainer(testConfig({ databaseUrl: url, redisUrl: REDIS_URL, rateLimitMax: MAX }), { kind: 'database', database });
    // Each run counts under a prefix of its own, so runs and other users of this Redis never meet. This test is about
    // sharing the counts, not about a slow Redis (rate-limit-redis-freeze.test.ts is): a command that passed the
    // service's 500 ms on a loaded CI machine tripped the breaker (or failed the test with "Command timed out").
    const redis = createRateLimitRedis(REDIS_URL, { keyPrefix: prefix, commandTimeoutMs: 5_000 });
    container.register(RATE_LIMIT_REDIS, { useValue: redis });
    const app = await buildApp(container);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    if (redis.status !== 'ready') await once(redis, 'ready');
    return { app, origin, database };
  }

  beforeAll(async () => {
    if (!DATABASE_URL) skipped = 'TEST_DATABASE_URL is not set';
    else if (!(await redisAnswers())) skipped = `no Redis answers at ${REDIS_URL}`;
    if (skipped) return;
    instances.push(await start(true));
    instances.push(await start(false));
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.app.close()));
    // The second leaves the schema; the first drops it.
    for (const instance of [...instances].reverse()) await instance.database.close();
    if (skipped) return;
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it(`gives a token exactly RATE_LIMIT_MAX requests across both, then 429 on both; a note written on one is read on the other`, async () => {
    if (skipped) {
      console.warn(`two-instances test skipped: ${skipped}`);
      return;
    }
    const [a, b] = instances as [Instance, Instance];
    const token = newSecret();
    await createTokenHolder(a, token);
    const auth = { authorization: `Bearer ${token}` };

    const created = await fetch(`${a.origin}/v2/notes`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'written on A', latitude: 48.85, longitude: 2.35 }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const read = await fetch(`${b.origin}/v2/notes/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { message: string } }).data.message).toBe('written on A');
    expect(read.headers.get('x-rate-limit-remaining')).toBe(String(MAX - 2));

    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 2; i < MAX + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.origin}/v2/notes`, { headers: auth });
      statuses.push(res.status);
      remaining.push(res.headers.get('x-rate-limit-remaining'));
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array<number>(MAX - 2).fill(200), 429, 429]);
    expect(remaining).toEqual([...Array.from({ length: MAX - 2 }, (_, k) => String(MAX - 3 - k)), '0', '0']);
  });
});

/** A member with a token, stored through the first instance's container. */
async function createTokenHolder(instance: Instance, token: string): Promise<void> {
  const container = buildContainer(testConfig(), { kind: 'database', database: instance.database });
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  const username = `two_${randomBytes(4).toString('hex')}`;
  await uow.run(async ({ users, clients, tokens }) => {
    const userId = await users.create({
      username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', name: null, avatarHash: sha256Hex(username).slice(0, 32),
    }, new Date());
    const clientId = await clients.create({
      clientId: `test-${newSecret()}`, secretHash: null, name: 'tests', ownerId: userId, redirectUris: ['http://localhost/cb'], allowImplicit: false,
    }, new Date());
    await tokens.create({ tokenHash: sha256Hex(token), userId, clientId, scopes: parseScopes('read write notes'), expiresAt: null }, new Date());
  });
}
