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
import { fields, filePart, makeImage, multipart } from '../support/multipart';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '../support/s3-server';
import { testConfig } from '../support/test-config';
import { startReceiver, startWorker } from '../support/webhook-receiver';
import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { unavailable } from '../support/required';
import { eventually } from '../support/eventually';

// Two listening servers, as two instances behind a proxy would be: one PostgreSQL schema, one Redis, one S3-compatible
// object store (docs/scaling.md, what holds across instances).
const DATABASE_URL = process.env.TEST_DATABASE_URL || null;
const MAX = 6;

interface Instance {
  app: FastifyInstance;
  origin: string;
  database: Database;
  /** The webhook worker main.ts would run beside the server. */
  worker: WebhookWorker;
}

describe('two instances on one PostgreSQL and one Redis', () => {
  const schema = `test_${randomBytes(8).toString('hex')}`;
  const prefix = `pn-two-${randomBytes(6).toString('hex')}:`;
  let skipped: string | null = null;
  const instances: Instance[] = [];
  let s3: S3Server;
  const workerErrors: unknown[] = [];

  async function start(first: boolean): Promise<Instance> {
    const url = DATABASE_URL as string;
    const database = await openDatabase({ url, schema, dropSchemaOnClose: first });
    if (first) await migrateToLatest(database.kysely);
    const blobStore = { kind: 's3' as const, bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS };
    const config = testConfig({ databaseUrl: url, redisUrl: REDIS_URL, rateLimitMax: MAX, blobStore, webhookAllowPrivate: true });
    const container = buildContainer(config, { kind: 'database', database });
    // Each run counts under a prefix of its own, so runs and other users of this Redis never meet. This test is about
    // sharing the counts, not about a slow Redis (rate-limit-redis-freeze.test.ts is): a command that passed the
    // service's 500 ms on a loaded CI machine tripped the breaker (or failed the test with "Command timed out").
    const redis = createRateLimitRedis(REDIS_URL, { keyPrefix: prefix, commandTimeoutMs: 5_000 });
    container.register(RATE_LIMIT_REDIS, { useValue: redis });
    const app = await buildApp(container);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    if (redis.status !== 'ready') await once(redis, 'ready');
    return { app, origin, database, worker: startWorker(container, workerErrors) };
  }

  beforeAll(async () => {
    if (!DATABASE_URL) skipped = 'TEST_DATABASE_URL is not set';
    else if (!(await redisAnswers())) skipped = `no Redis answers at ${REDIS_URL}`;
    if (skipped) {
      unavailable(skipped);
      return;
    }
    s3 = await startS3Server();
    instances.push(await start(true));
    instances.push(await start(false));
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.worker.stop()));
    await Promise.all(instances.map((i) => i.app.close()));
    // The second leaves the schema; the first drops it.
    for (const instance of [...instances].reverse()) await instance.database.close();
    if (skipped) return;
    await s3.close();
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

  it('serves on one an image uploaded through the other, replays an idempotent POST retried on the other, and refuses at once a token revoked on the other', async () => {
    if (skipped) return;
    const [a, b] = instances as [Instance, Instance];
    const token = newSecret();
    const holder = await createTokenHolder(a, token);
    const auth = { authorization: `Bearer ${token}` };

    const body = multipart([...fields({ message: 'pictured on A', latitude: 1, longitude: 2 }), filePart('image_file', 'jpeg', await makeImage('jpeg', 24, 16))]);
    const uploaded = await fetch(`${a.origin}/v2/notes`, { method: 'POST', headers: { ...auth, ...body.headers }, body: body.payload });
    expect(uploaded.status).toBe(201);
    const imagePath = new URL(((await uploaded.json()) as { data: { image: { urlRoot: string } } }).data.image.urlRoot).pathname;
    const onA = await fetch(`${a.origin}${imagePath}`);
    const onB = await fetch(`${b.origin}${imagePath}`);
    expect(onB.status).toBe(200);
    expect(Buffer.from(await onB.arrayBuffer()).equals(Buffer.from(await onA.arrayBuffer()))).toBe(true);

    const key = randomBytes(8).toString('hex');
    const post = (origin: string) => fetch(`${origin}/v2/notes`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ message: 'sent twice', latitude: 3, longitude: 4 }),
    });
    const first = await post(a.origin);
    expect(first.status).toBe(201);
    const again = await post(b.origin);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());

    // B has the token in its cache of look-ups; A revokes it.
    expect((await fetch(`${b.origin}/v2/notes?limit=1`, { headers: auth })).status).toBe(200);
    const container = buildContainer(testConfig(), { kind: 'database', database: a.database });
    await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ tokens }) => tokens.revokeForUserAndClient(holder.userId, holder.clientId, new Date()));
    await eventually(async () => (await fetch(`${b.origin}/v2/notes?limit=1`, { headers: auth })).status === 401, 'B refuses the revoked token');
  });

  it('delivers each webhook event once, whichever instance the write went through, with both workers running', async () => {
    if (skipped) return;
    const [a, b] = instances as [Instance, Instance];
    const receiver = await startReceiver();
    try {
      const token = newSecret();
      await createTokenHolder(a, token);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const hook = await fetch(`${b.origin}/v2/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `${receiver.url}/once`, events: ['note.created'] }) });
      expect(hook.status).toBe(201);
      const subscription = ((await hook.json()) as { data: { id: number } }).data.id;
      // Five writers (the rate limit is small here), four notes each, every other one through each instance.
      const notes = 20;
      const writers = await Promise.all(Array.from({ length: 5 }, async () => {
        const writer = newSecret();
        await createTokenHolder(a, writer);
        return { authorization: `Bearer ${writer}`, 'content-type': 'application/json' };
      }));
      for (let i = 0; i < notes; i++) {
        const origin = (i % 2 === 0 ? a : b).origin;
        const res = await fetch(`${origin}/v2/notes`, { method: 'POST', headers: writers[i % 5], body: JSON.stringify({ message: `hook ${i}`, latitude: 5, longitude: 6 }) });
        expect(res.status).toBe(201);
      }
      await eventually(async () => receiver.received.length >= notes, 'every event delivered');
      // Both workers keep looking: nothing comes twice.
      for (let i = 0; i < 5; i++) {
        for (const instance of instances) instance.worker.kick();
        await Promise.all(instances.map((instance) => instance.worker.idle()));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(ids).toHaveLength(notes);
      expect(new Set(ids).size).toBe(notes);
      const log = await fetch(`${a.origin}/v2/webhooks/${subscription}/deliveries?limit=100`, { headers });
      expect(((await log.json()) as { data: { attempt: number; status: number }[] }).data.map((d) => `${d.attempt} ${d.status}`)).toEqual(Array<string>(notes).fill('1 200'));
      expect(workerErrors).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});


/** A member with a token, stored through the first instance's container; returns the user's and the client's ids. */
async function createTokenHolder(instance: Instance, token: string): Promise<{ userId: number; clientId: number }> {
  const container = buildContainer(testConfig(), { kind: 'database', database: instance.database });
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  const username = `two_${randomBytes(4).toString('hex')}`;
  return uow.run(async ({ users, clients, tokens }) => {
    const userId = await users.create({
      username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', name: null, avatarHash: sha256Hex(username).slice(0, 32),
    }, new Date());
    const clientId = await clients.create({
      clientId: `test-${newSecret()}`, secretHash: null, name: 'tests', ownerId: userId, redirectUris: ['http://localhost/cb'], allowImplicit: false,
    }, new Date());
    await tokens.create({ tokenHash: sha256Hex(token), userId, clientId, scopes: parseScopes('read write notes'), expiresAt: null }, new Date());
    return { userId, clientId };
  });
}
