import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type Redis from 'ioredis';
import { portToken } from '../../application/ports/port-token';
import { LocalCounterStore, RedisCounterStore, routeOf, type ChildOptions, type StoreCallback } from './rate-limit-stores';

/** Injection token of the Redis client that holds the rate-limit counters; null without REDIS_URL. */
export const RATE_LIMIT_REDIS = portToken<Redis | null>('RateLimitRedis');

/** Where the counters live, as `/readyz` reports it. */
export type RateLimitStoreState = 'memory' | 'up' | 'unavailable';

/**
 * A client that fails fast instead of queueing: a request must not wait for a Redis that is away (the
 * circuit breaker then counts in this process), and a hung Redis costs at most COMMAND_TIMEOUT_MS, once.
 */
const COMMAND_TIMEOUT_MS = 500;

/** How long the breaker stops asking Redis after a failure, before one background probe (a PING). */
export const BREAKER_COOLDOWN_MS = 30_000;

/** Each client's circuit breaker, which the limiter and `/readyz` share. */
const breakers = new WeakMap<Redis, RedisCircuitBreaker>();

export interface RateLimitRedisOptions {
  keyPrefix?: string;
  commandTimeoutMs?: number;
  breakerCooldownMs?: number;
}

/**
 * ioredis, loaded with the first client: a service without REDIS_URL never loads it (about 2 MB of heap and 50
 * modules a process without Redis would carry for nothing).
 */
function redisClass(): typeof Redis {
  return (createRequire(__filename)('ioredis') as { default: typeof Redis }).default;
}

export function createRateLimitRedis(url: string, options: RateLimitRedisOptions = {}): Redis {
  const RedisClient = redisClass();
  const redis = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    // A LAN connect takes milliseconds; a short timeout also keeps a stop quick while Redis is away.
    connectTimeout: 500,
    // How long a stop waits for a dead socket to close (ioredis waits 2 s, even for one that never opened).
    disconnectTimeout: 500,
    // Reconnect for ever, at most every 2 s: the service keeps serving meanwhile.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
  });
  breakers.set(redis, new RedisCircuitBreaker(redis, options.breakerCooldownMs ?? BREAKER_COOLDOWN_MS));
  return redis;
}

/** The one breaker of a client (created with the default cool-down for a client made elsewhere). */
export function redisBreaker(redis: Redis): RedisCircuitBreaker {
  let breaker = breakers.get(redis);
  if (breaker === undefined) breakers.set(redis, breaker = new RedisCircuitBreaker(redis, BREAKER_COOLDOWN_MS));
  return breaker;
}

export function rateLimitStoreState(redis: Redis | null): RateLimitStoreState {
  if (redis === null) return 'memory';
  return redis.status === 'ready' && !redisBreaker(redis).isOpen ? 'up' : 'unavailable';
}

/**
 * Stops asking a Redis that failed or hung (docs/security.md): the first failed or timed-out command (or a
 * lost connection) opens it; while open the counters are kept in this process; a background PING every
 * cool-down (and at once when the client reconnects) closes it again. No request waits for the probe.
 * One log line when it opens and one when it closes, however many failures and probes happen between.
 */
export class RedisCircuitBreaker {
  private open = false;
  private closings = 0;
  private probing = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private log: FastifyBaseLogger | null = null;

  constructor(private readonly redis: Redis, private readonly cooldownMs: number) {
    // A lost connection shows as errors of the reconnection attempts (ECONNREFUSED…), one per attempt.
    redis.on('error', (error: Error) => this.trip(error.message));
    redis.on('ready', () => {
      if (this.open) void this.probe();
    });
  }

  /** True while requests are counted in this process instead of Redis. */
  get isOpen(): boolean {
    return this.open;
  }

  /** How many outages have ended: counts kept in this process during an earlier one are stale. */
  get recoveries(): number {
    return this.closings;
  }

  /** Whether a request may ask Redis now. */
  get admits(): boolean {
    return !this.open && this.redis.status === 'ready';
  }

  /** Where outages are logged. */
  reportTo(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** A command failed or timed out, or the connection failed: stop asking Redis for a while. */
  trip(reason: string): void {
    if (this.open || this.stopped) return;
    this.open = true;
    this.log?.warn({ reason }, 'redis is unavailable: each instance counts the rate limit on its own until it is back');
    this.schedule();
  }

  /** The server is closing: no more probes or log lines. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probe(), this.cooldownMs);
    // A pending probe must not keep a stopping process alive.
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    if (!this.open || this.probing || this.stopped) return;
    this.probing = true;
    try {
      await this.redis.ping();
      if (this.stopped) return;
      this.open = false;
      this.closings += 1;
      if (this.timer) clearTimeout(this.timer);
      this.log?.info('redis is back: the rate limit is shared again');
    } catch {
      if (!this.stopped) this.schedule();
    } finally {
      this.probing = false;
    }
  }
}

/** A counter store of the plugin: counts one more request under `key` and calls back with the count and its window's rest. */
export interface CounterStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}

/** Counters in this process, the least recently counted of `cache` keys forgotten first. */
export function localCounterStore(cache: number): CounterStore {
  return new LocalCounterStore(cache);
}

/**
 * The counters in Redis (under `namespace`) while the breaker admits requests, else in this process (counted
 * afresh from the moment of each outage: better than no limit, though each instance then counts alone). A
 * request never fails because of Redis.
 */
export function circuitBreakerStore(redis: Redis, namespace: string, cache: number): CounterStore {
  return new CircuitBreakerStore(redisBreaker(redis), new RedisCounterStore(redis, namespace), cache);
}

class CircuitBreakerStore implements FastifyRateLimitStore {
  #local: LocalCounterStore;
  #localSince: number;

  constructor(private readonly breaker: RedisCircuitBreaker, private readonly shared: RedisCounterStore, private readonly cache: number) {
    this.#local = new LocalCounterStore(cache);
    this.#localSince = breaker.recoveries;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    if (!this.breaker.admits) return this.#fallback().incr(key, callback, timeWindow);
    this.shared.incr(key, (error, result) => {
      if (error === null) return callback(null, result);
      this.breaker.trip(error.message);
      this.#fallback().incr(key, callback, timeWindow);
    }, timeWindow);
  }

  child(routeOptions: ChildOptions): CircuitBreakerStore {
    return new CircuitBreakerStore(this.breaker, this.shared.child(routeOptions), routeOf(routeOptions).cache ?? this.cache);
  }

  #fallback(): LocalCounterStore {
    // Each outage starts its own counts: an earlier outage's are stale.
    if (this.#localSince !== this.breaker.recoveries) {
      this.#local = new LocalCounterStore(this.cache);
      this.#localSince = this.breaker.recoveries;
    }
    return this.#local;
  }
}

/** Closes the client whatever state it is in (a quit would wait for a connection that may never come). */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
