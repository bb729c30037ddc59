import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { DependencyContainer } from 'tsyringe';
import { createRateLimitRedis, RATE_LIMIT_REDIS, rateLimitStoreState } from '../../src/adapters/http/rate-limit-redis';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import type { ServerOptions } from '../../src/adapters/http/server';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config-types';
import { buildContainer, type Storage } from '../../src/container';
import { parseScopes } from '../../src/domain/scopes';
import { testConfig } from '../support/test-config';

export interface LimitedApp {
  app: FastifyInstance;
  container: DependencyContainer;
  /** A new member and a token of theirs with the given scopes. */
  newToken(scope?: string): Promise<string>;
}

/**
 * The whole service with a rate-limit configuration of the test's own (testConfig's limit is too high
 * to reach). `prepare` may replace registrations, such as the Redis client, before the server is built.
 */
export async function createLimitedApp(
  overrides: Partial<Config>,
  options: { storage?: Storage; prepare?: (container: DependencyContainer) => void; listen?: boolean; server?: ServerOptions } = {},
): Promise<LimitedApp> {
  const container = buildContainer(testConfig(overrides), options.storage ?? { kind: 'memory' });
  options.prepare?.(container);
  const app = await buildApp(container, options.server);
  await app.ready();
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  let users = 0;
  return {
    app,
    container,
    async newToken(scope = 'read write notes') {
      const token = newSecret();
      users += 1;
      const username = `limited${users}_${newSecret().slice(0, 6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
      await uow.run(async ({ users: repo, clients, tokens }) => {
        const userId = await repo.create({
          username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', name: null, avatarHash: sha256Hex(username).slice(0, 32),
        }, new Date());
        const clientId = await clients.create({
          clientId: `test-${newSecret()}`, secretHash: null, name: 'tests', ownerId: userId,
          redirectUris: ['http://localhost/cb'], allowImplicit: false,
        }, new Date());
        await tokens.create({ tokenHash: sha256Hex(token), userId, clientId, scopes: parseScopes(scope), expiresAt: null }, new Date());
      });
      return token;
    },
  };
}

/** The Redis the shared-counter tests use when one answers on this machine. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url`; the tests that need one are skipped (with the reason) otherwise. */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Waits until the rate limit counts in Redis: connected, and the circuit breaker closed. Not `once(redis,
 * 'ready')`, which rejects at the first 'error': on a loaded machine the ready check (an INFO) can time out
 * while the app is being built, and ioredis then reports "Command timed out" and reconnects by itself.
 */
export async function redisReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (rateLimitStoreState(redis) !== 'up') {
    if (Date.now() > deadline) throw new Error(`Redis did not become usable within ${timeoutMs} ms (status ${redis.status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type CounterStore = 'memory' | 'redis';

/**
 * createLimitedApp with its counters in this process or in the test Redis, under a key prefix of its own
 * (connected before it answers). The command timeout is generous: these tests are about the limit, not
 * about a slow Redis, and a loaded test machine can stall the event loop past the production 500 ms.
 */
export async function createLimitedAppOn(store: CounterStore, overrides: Partial<Config>): Promise<LimitedApp> {
  if (store === 'memory') return createLimitedApp(overrides);
  const redis = createRateLimitRedis(TEST_REDIS_URL, { keyPrefix: `pn-test-${randomBytes(6).toString('hex')}:`, commandTimeoutMs: 5_000 });
  const limited = await createLimitedApp({ ...overrides, redisUrl: TEST_REDIS_URL }, {
    prepare: (container) => container.register(RATE_LIMIT_REDIS, { useValue: redis }),
  });
  await redisReady(redis);
  return limited;
}

/** Listens on a free port of 127.0.0.1 and returns it (for tests whose bytes `inject` would not send as written). */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}
