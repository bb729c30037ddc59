import type { FastifyBaseLogger } from 'fastify';
import Redis from 'ioredis';
import { portToken } from '../../application/ports/port-token';

/** Injection token of the Redis client that holds the rate-limit counters; null without REDIS_URL. */
export const RATE_LIMIT_REDIS = portToken<Redis | null>('RateLimitRedis');

/** Where the counters live, as `/readyz` reports it. */
export type RateLimitStoreState = 'memory' | 'up' | 'unavailable';

/**
 * A client that fails fast instead of queueing: without Redis a request must not wait for it
 * (the limiter then lets it through, `skipOnError`), and a hung Redis costs at most COMMAND_TIMEOUT_MS.
 */
const COMMAND_TIMEOUT_MS = 500;

export function createRateLimitRedis(url: string, options: { keyPrefix?: string } = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A LAN connect takes milliseconds; a short timeout also keeps a stop quick while Redis is away.
    connectTimeout: 500,
    // How long a stop waits for a dead socket to close (ioredis waits 2 s, even for one that never opened).
    disconnectTimeout: 500,
    // Reconnect for ever, at most every 2 s: the service keeps serving meanwhile.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    ...options,
  });
}

export function rateLimitStoreState(redis: Redis | null): RateLimitStoreState {
  if (redis === null) return 'memory';
  return redis.status === 'ready' ? 'up' : 'unavailable';
}

/** One log line when Redis goes away and one when it is back, however many requests and retries happen between. */
export function logRedisOutages(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  const lost = (reason: string) => {
    if (down) return;
    down = true;
    log.warn({ reason }, 'redis is unavailable: requests are served without a rate limit until it is back');
  };
  // A lost connection shows as errors of the reconnection attempts (ECONNREFUSED…), one per attempt.
  redis.on('error', (error: Error) => lost(error.message));
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('redis is back: the rate limit is enforced again');
  });
}

/** Closes the client whatever state it is in (a quit would wait for a connection that may never come). */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
