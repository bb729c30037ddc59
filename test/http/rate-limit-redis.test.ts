import { EventEmitter, once } from 'node:events';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import Redis from 'ioredis';
import { createRateLimitRedis, RATE_LIMIT_REDIS, RedisCircuitBreaker } from '../../src/adapters/http/rate-limit-redis';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { testConfig } from '../support/test-config';
import { createLimitedApp, redisAnswers, redisReady as ready, TEST_REDIS_URL as REDIS_URL, type LimitedApp } from './rate-limit-app';
import { unavailable } from '../support/required';

/**
 * A generous command timeout for the tests that are not about a slow Redis: the production 500 ms can pass
 * while a loaded machine builds an app, and a timed-out command opens the circuit breaker.
 */
const PATIENT = { commandTimeoutMs: 5_000 };

/** A TCP relay to Redis that the test can cut and restore, as a network failure or a Redis restart would. */
class RedisRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(6379, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => { this.sockets.delete(socket); client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

/** A stand-in client: events, a status, and a PING that answers as told. */
class FakeRedis extends EventEmitter {
  status = 'ready';
  answers = false;
  pings = 0;
  async ping(): Promise<string> {
    this.pings += 1;
    if (!this.answers) throw new Error('Command timed out');
    return 'PONG';
  }
}

describe('the circuit breaker logs each outage once', () => {
  it('opens at the first failure, not at every retry, probes in the background, and says when Redis is back', async () => {
    const redis = new FakeRedis();
    const warn = jest.fn();
    const info = jest.fn();
    const breaker = new RedisCircuitBreaker(redis as unknown as Redis, 60_000);
    breaker.reportTo({ warn, info } as unknown as FastifyBaseLogger);
    expect(breaker.admits).toBe(true);
    redis.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    breaker.trip('Command timed out');
    redis.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/redis is unavailable/);
    expect(breaker.admits).toBe(false);
    // A reconnection is probed at once; a probe that fails keeps it open, silently.
    redis.emit('ready');
    await new Promise(setImmediate);
    expect(redis.pings).toBe(1);
    expect(breaker.isOpen).toBe(true);
    redis.answers = true;
    redis.emit('ready');
    await new Promise(setImmediate);
    expect(breaker.isOpen).toBe(false);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toMatch(/redis is back/);
    redis.emit('error', new Error('read ECONNRESET'));
    expect(warn).toHaveBeenCalledTimes(2);
    breaker.stop();
  });
});

describe('rate limit without a reachable Redis', () => {
  let t: LimitedApp;
  // Port 1: nothing listens there, so every connection attempt is refused.
  beforeAll(async () => { t = await createLimitedApp({ rateLimitMax: 2, redisUrl: 'redis://127.0.0.1:1' }); });
  afterAll(() => t.app.close());

  it('keeps serving with a limit counted in this process, and /readyz stays 200 but reports redis unavailable', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v2/notes' });
      statuses.push(res.statusCode);
      expect(res.headers['x-rate-limit-limit']).toBe('2');
    }
    expect(statuses).toEqual([200, 200, 429]);
    const readyz = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toEqual({ status: 'ready', database: 'up', redis: 'unavailable' });
  });
});

describe('rate limit counters in Redis', () => {
  let available = false;
  const prefix = `pn-test-${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => { available = await redisAnswers(); });
  afterAll(async () => {
    if (!available) return;
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  /** An app whose Redis client writes under this run's prefix, connected before it answers. */
  async function appOnRedis(max: number): Promise<LimitedApp> {
    const redis = createRateLimitRedis(REDIS_URL, { keyPrefix: prefix, ...PATIENT });
    const app = await createLimitedApp({ rateLimitMax: max, redisUrl: REDIS_URL }, {
      prepare: (container) => container.register(RATE_LIMIT_REDIS, { useValue: redis }),
    });
    await ready(redis);
    return app;
  }

  it('serves through a Redis outage with a limit of its own, logs it once, reports it in /readyz, and shares the count again once Redis is back', async () => {
    if (!available) {
      unavailable(`no Redis answers at ${REDIS_URL}`);
      return;
    }
    const relay = new RedisRelay();
    await relay.open();
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const redis = createRateLimitRedis(`redis://127.0.0.1:${relay.port}`, { keyPrefix: prefix, ...PATIENT });
    const container = buildContainer(testConfig({ rateLimitMax: 3, redisUrl: REDIS_URL }), { kind: 'memory' });
    container.register(RATE_LIMIT_REDIS, { useValue: redis });
    const app = await buildApp(container, { logLevel: 'info', logStream });
    try {
      await ready(redis);
      const get = () => app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: '203.0.113.9' });
      expect((await get()).headers['x-rate-limit-remaining']).toBe('2');
      expect((await get()).headers['x-rate-limit-remaining']).toBe('1');

      // Lines since the cut only: a ready check that timed out while a loaded machine built the app is not this outage.
      const since = lines.length;
      await relay.cut();
      await until(() => redis.status !== 'ready', 'the client notices');
      // Counted in this process meanwhile, from the start of the outage.
      const during = [await get(), await get(), await get(), await get()];
      expect(during.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      const readyz = await app.inject({ method: 'GET', url: '/readyz' });
      expect(readyz.statusCode).toBe(200);
      expect(readyz.json()).toMatchObject({ status: 'ready', redis: 'unavailable' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines.slice(since).filter((l) => l.includes('redis is unavailable'))).toHaveLength(1);

      await relay.open();
      // The reconnection is probed at once: no cool-down to wait for.
      await ready(redis);
      expect(lines.slice(since).filter((l) => l.includes('redis is back'))).toHaveLength(1);
      // The count kept in Redis through the outage: one request left, then 429.
      expect((await get()).headers['x-rate-limit-remaining']).toBe('0');
      expect((await get()).statusCode).toBe(429);
    } finally {
      await app.close();
      await relay.cut();
    }
  });

  it('shares one count between two servers, and /readyz reports redis up', async () => {
    if (!available) {
      unavailable(`no Redis answers at ${REDIS_URL}`);
      return;
    }
    const [a, b] = [await appOnRedis(4), await appOnRedis(4)];
    try {
      const token = 'shared-token-that-names-no-one';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 === 0 ? a : b;
        const res = await server.app.inject({ method: 'GET', url: '/v2/notes', headers: { authorization: `Bearer ${token}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const readyz = await a.app.inject({ method: 'GET', url: '/readyz' });
      expect(readyz.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
      // The key holds a hash of the token, never the token.
      const admin = new Redis(REDIS_URL);
      const keys = await admin.keys(`${prefix}*`);
      await admin.quit();
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toContain(token);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});
