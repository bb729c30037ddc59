import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { circuitBreakerStore, closeRateLimitRedis, createRateLimitRedis, redisBreaker } from '../../../../src/adapters/http/rate-limit-redis';
import { LocalCounterStore, RedisCounterStore, type StoreCallback } from '../../../../src/adapters/http/rate-limit-stores';
import { deadPort } from '../../../support/dead-port';

type Count = { current: number; ttl: number };

/** The count a store calls back with, or the error. */
function count(store: { incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void }, key: string, windowMs: number): Promise<Count> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => {
    if (error !== null) reject(error);
    else resolve({ current: result?.current ?? NaN, ttl: result?.ttl ?? NaN });
  }, windowMs, 10));
}

describe('LocalCounterStore', () => {
  let now = 1_000_000;
  beforeEach(() => { jest.spyOn(Date, 'now').mockImplementation(() => now); });
  afterEach(() => jest.restoreAllMocks());

  /** The count, which the store must give before incr returns (the hooks count without a tick). */
  function countNow(store: LocalCounterStore, key: string, windowMs = 1_000): Count {
    let seen: Count | null = null;
    store.incr(key, (error, result) => {
      expect(error).toBeNull();
      seen = { current: result?.current ?? NaN, ttl: result?.ttl ?? NaN };
    }, windowMs);
    if (seen === null) throw new Error('the store did not call back before returning');
    return seen;
  }

  it('counts each key on its own, with the rest of its window', () => {
    const store = new LocalCounterStore(10);
    expect(countNow(store, 'a')).toEqual({ current: 1, ttl: 1_000 });
    now += 300;
    expect(countNow(store, 'a')).toEqual({ current: 2, ttl: 700 });
    expect(countNow(store, 'b')).toEqual({ current: 1, ttl: 1_000 });
    now += 200;
    expect(countNow(store, 'a')).toEqual({ current: 3, ttl: 500 });
  });

  it('starts a key afresh once its window has passed (a fixed window from its first request)', () => {
    const store = new LocalCounterStore(10);
    countNow(store, 'a');
    countNow(store, 'a');
    now += 999;
    expect(countNow(store, 'a')).toEqual({ current: 3, ttl: 1 });
    now += 1;
    expect(countNow(store, 'a')).toEqual({ current: 1, ttl: 1_000 });
    now += 400;
    expect(countNow(store, 'a')).toEqual({ current: 2, ttl: 600 });
  });

  it('keeps at most maxKeys keys, forgetting the least recently counted first', () => {
    const store = new LocalCounterStore(3);
    for (const key of ['a', 'b', 'c']) countNow(store, key);
    countNow(store, 'a');
    countNow(store, 'd');
    expect(store.size).toBe(3);
    // b was the least recently counted: forgotten, so it starts again; a and c were kept.
    expect(countNow(store, 'a').current).toBe(3);
    expect(countNow(store, 'b').current).toBe(1);
    // Counting b again forgot c, the least recent by then.
    expect(countNow(store, 'd').current).toBe(2);
    expect(countNow(store, 'c').current).toBe(1);
    expect(store.size).toBe(3);
  });

  it('refuses a bound that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new LocalCounterStore(bad)).toThrow(RangeError);
  });

  it("gives a route's child counts of its own", () => {
    const store = new LocalCounterStore(10);
    countNow(store, 'a');
    const child = store.child({ routeInfo: { method: 'GET', url: '/x' } } as unknown as Parameters<LocalCounterStore['child']>[0]);
    expect(countNow(child, 'a').current).toBe(1);
    expect(child.maxKeys).toBe(10);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('RedisCounterStore (against the Redis at 127.0.0.1:6379)', () => {
  let redis: Redis;
  let other: Redis;
  let available = false;
  const keyPrefix = `pn-test-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { keyPrefix, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
    other = new Redis(REDIS_URL, { keyPrefix, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
    for (const client of [redis, other]) client.on('error', () => undefined);
    available = await redis.ping().then((pong) => pong === 'PONG', () => false);
    if (!available && process.env.CI === 'true') throw new Error(`no Redis answers at ${REDIS_URL}`);
  });
  afterAll(async () => {
    if (available) {
      // KEYS answers full names, and a client without the prefix deletes them as they are.
      const keys = await redis.keys(`${keyPrefix}*`);
      const plain = new Redis(REDIS_URL);
      if (keys.length > 0) await plain.del(...keys);
      plain.disconnect();
    }
    redis.disconnect();
    other.disconnect();
  });

  /** Runs `body` when Redis answers, else says why it did not. */
  const withRedis = (body: () => Promise<void>) => async () => {
    if (!available) {
      console.warn(`skipped: no Redis answers at ${REDIS_URL}`);
      return;
    }
    await body();
  };

  it('counts in one window set by the first request, under the client prefix and the store prefix', withRedis(async () => {
    const store = new RedisCounterStore(redis, 'counts:');
    const first = await count(store, 'k', 60_000);
    expect(first).toEqual({ current: 1, ttl: 60_000 });
    const second = await count(store, 'k', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.get('counts:k')).toBe('2');
    const pttl = await redis.pttl('counts:k');
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);
  }));

  it('shares one count between clients and instances of the store', withRedis(async () => {
    const a = new RedisCounterStore(redis, 'shared:');
    const b = new RedisCounterStore(other, 'shared:');
    expect((await count(a, 'k', 60_000)).current).toBe(1);
    expect((await count(b, 'k', 60_000)).current).toBe(2);
    expect((await count(a, 'k', 60_000)).current).toBe(3);
    expect((await count(new RedisCounterStore(redis, 'elsewhere:'), 'k', 60_000)).current).toBe(1);
  }));

  it('counts atomically: concurrent requests get every count once', withRedis(async () => {
    const a = new RedisCounterStore(redis, 'atomic:');
    const b = new RedisCounterStore(other, 'atomic:');
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => count(i % 2 === 0 ? a : b, 'k', 60_000)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  }));

  it('starts again at 1 once the window has expired in Redis', withRedis(async () => {
    const store = new RedisCounterStore(redis, 'expiry:');
    await count(store, 'k', 100);
    expect((await count(store, 'k', 100)).current).toBe(2);
    while (await redis.exists('expiry:k') === 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await count(store, 'k', 100)).toEqual({ current: 1, ttl: 100 });
  }));

  it("keys a route's child under the route's method and URL", withRedis(async () => {
    const child = new RedisCounterStore(redis, 'route:').child({ routeInfo: { method: 'POST', url: '/v2/notes' } } as unknown as Parameters<RedisCounterStore['child']>[0]);
    await count(child, 'k', 60_000);
    expect(await redis.get('route:POST/v2/notes-k')).toBe('1');
  }));

  it('calls back with the error, without throwing, when Redis cannot be asked', async () => {
    const away = new Redis(`redis://127.0.0.1:${await deadPort()}`, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    try {
      const store = new RedisCounterStore(away, 'away:');
      await expect(count(store, 'k', 1_000)).rejects.toThrow(Error);
    } finally {
      away.disconnect();
    }
  });
});

describe('circuitBreakerStore', () => {
  it('counts in this process while Redis does not answer', async () => {
    const redis = createRateLimitRedis(`redis://127.0.0.1:${await deadPort()}`);
    try {
      const store = circuitBreakerStore(redis, 'breaker:', 10);
      expect((await count(store, 'k', 60_000)).current).toBe(1);
      expect((await count(store, 'k', 60_000)).current).toBe(2);
      expect((await count(store, 'j', 60_000)).current).toBe(1);
      expect(redisBreaker(redis).admits).toBe(false);
    } finally {
      redisBreaker(redis).stop();
      await closeRateLimitRedis(redis);
    }
  });
});
