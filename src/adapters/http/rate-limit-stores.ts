import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type Redis from 'ioredis';

/** What a store calls back with: the error, or the count of the key's window and the rest of that window in ms. */
export type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What `child` receives (README: the rate-limit options merged for a route, the route itself under `routeInfo`). */
export type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The route a child store counts for, and the cache size it may be given. */
export function routeOf(options: ChildOptions): { method: string; url: string; cache: number | undefined } {
  const merged = options as ChildOptions & { routeInfo?: { method?: unknown; url?: unknown }; cache?: number };
  const route = merged.routeInfo ?? options;
  return { method: String(route.method ?? ''), url: String(route.url ?? ''), cache: merged.cache };
}

/** One key's count, in this process. */
interface LocalCount {
  current: number;
  /** The rest of the window at the last count, in ms. */
  ttl: number;
  /** When the window began (Date.now()). */
  startedAt: number;
}

/**
 * Fixed-window counters in this process, for `@fastify/rate-limit`'s documented `store` interface. At most `maxKeys`
 * keys are kept: a count moves a key to the end of the map's insertion order, so the first key is the least
 * recently counted, and it is forgotten first. It calls back before it returns (no promise, no tick).
 */
export class LocalCounterStore implements FastifyRateLimitStore {
  readonly #counts = new Map<string, LocalCount>();

  constructor(readonly maxKeys: number) {
    if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive integer, not ${maxKeys}`);
  }

  /** How many keys are counted now. */
  get size(): number {
    return this.#counts.size;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    const now = Date.now();
    let count = this.#counts.get(key);
    if (count === undefined) {
      count = { current: 1, ttl: timeWindow, startedAt: now };
    } else {
      this.#counts.delete(key);
      if (count.startedAt + timeWindow <= now) {
        count.current = 1;
        count.ttl = timeWindow;
        count.startedAt = now;
      } else {
        count.current += 1;
        count.ttl = timeWindow - (now - count.startedAt);
      }
    }
    this.#counts.set(key, count);
    if (this.#counts.size > this.maxKeys) this.#counts.delete(this.#counts.keys().next().value as string);
    // The callback reads the count before anything else can change it (the hooks do).
    callback(null, count);
  }

  /** A store of its own for one route (the fixed window is the only one counted). */
  child(routeOptions: ChildOptions): LocalCounterStore {
    return new LocalCounterStore(routeOf(routeOptions).cache ?? this.maxKeys);
  }
}

/**
 * One request more under KEYS[1], in one round trip and atomically: the first of a window sets its expiry of
 * ARGV[1] ms; the answer is the count and the rest of the window in ms (what `@fastify/rate-limit`'s own Redis
 * store answers for a fixed window).
 */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
end
return {current, ttl}
`;

/** The name of the script as an ioredis command (its own name, so no other store's `defineCommand` is met). */
const COUNT_COMMAND = 'placeNotesRateLimitCount';

type CountCommand = (key: string, timeWindow: number, callback: (error: Error | null, result?: [number, number]) => void) => void;
type RedisWithCount = Redis & { [COUNT_COMMAND]?: CountCommand };

/**
 * Fixed-window counters in Redis under `prefix` (after the client's own `keyPrefix`), shared by every instance that
 * uses that Redis and prefix. The script goes through ioredis' `defineCommand` (EVALSHA, EVAL once if Redis does not
 * know it yet). An error or a timeout is passed to the callback, never thrown.
 */
export class RedisCounterStore implements FastifyRateLimitStore {
  readonly #count: CountCommand;

  constructor(private readonly redis: Redis, readonly prefix: string) {
    const client = redis as RedisWithCount;
    if (typeof client[COUNT_COMMAND] !== 'function') redis.defineCommand(COUNT_COMMAND, { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.#count = (client[COUNT_COMMAND] as CountCommand).bind(redis);
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.#count(this.prefix + key, timeWindow, (error, result) => {
      if (error) return callback(error);
      const [current, ttl] = result ?? [0, 0];
      callback(null, { current: Number(current), ttl: Number(ttl) });
    });
  }

  /** A store of its own for one route: its keys under the route's method and URL, as the plugin's Redis store keys them. */
  child(routeOptions: ChildOptions): RedisCounterStore {
    const route = routeOf(routeOptions);
    return new RedisCounterStore(this.redis, `${this.prefix}${route.method}${route.url}-`);
  }
}
