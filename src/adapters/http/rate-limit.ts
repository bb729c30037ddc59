import { sha256Hex } from '../../application/auth/secrets';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { bodyMayCarryToken, isApiPath, presentedToken, routedPath } from './request-facts';
import { failure } from './envelope';
import { circuitBreakerStore, closeRateLimitRedis, localCounterStore, redisBreaker, type CounterStore } from './rate-limit-redis';

/** Probes and scrapes answer whatever a client did. */
const UNLIMITED = new Set(['/healthz', '/readyz', '/metrics']);

/** The OAuth and web routes (forms, pages, their assets) allow this many times the API's limit, per client IP. */
export const WEB_LIMIT_FACTOR = 10;

/** The counters of 100,000 clients fit in a few MiB; beyond that the least recent are forgotten. */
const COUNTER_CACHE = 100_000;

/** Counters are shared by every instance pointing at one Redis under this prefix. */
export const RATE_LIMIT_NAMESPACE = 'place-notes:rate-limit:';

export interface RateLimitSettings {
  /** Requests per window for one access token (or one IP without a token) on /v2. */
  max: number;
  windowS: number;
  /** Shared counters; null keeps them in this process. */
  redis: Redis | null;
}

/** What the limiter decided for one request; its headers go on the response whatever the status. */
interface Decision {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  resetsAt: number;
  exceeded: boolean;
  /** Whole seconds until the window ends. */
  retryAfterS: number;
}

/** What one request has been charged so far: each key once, and the decision its headers show. */
interface Charges {
  keys: string[];
  decisions: Decision[];
  shown: Decision | null;
  /** Counted by address in onRequest; a token its form body names is counted once the body is parsed. */
  awaitingBody: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the rate limit has charged this request so far (null until it charges it). */
    rateLimitCharges: Charges | null;
  }
}

/**
 * The rate limit of docs/security.md, counted by our stores (rate-limit-stores.ts: in process, or Redis with
 * REDIS_URL) and decided here. The area (API or web) comes from the route the router matched, never from the
 * raw URL, so percent-encoding and absolute-form targets meet the same limit. The limit is decided in
 * `onRequest`, before any body is read:
 * - a token in the Authorization header or the query counts under its own key (the authentication hook, run
 *   next, refuses a made-up one before the body is read; its 401 then counts against the address as well, and
 *   becomes a 429 once the address is over);
 * - any other API request counts against the client's address at once, so a client over its limit is refused
 *   before its body is read; a token its form body names counts under its key as well, once parsed.
 * An `onSend` hook puts `X-Rate-Limit-*` on every response, errors included. Register it before the
 * authentication hook. The hooks take callbacks and the in-process store answers at once, so a request
 * is counted without a promise or a tick (the plugin's own hook would take several).
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const webMax = settings.max * WEB_LIMIT_FACTOR;
  const windowMs = settings.windowS * 1000;
  const store: CounterStore = settings.redis
    // With Redis, a circuit breaker counts in this process while Redis fails or hangs (rate-limit-redis.ts).
    ? circuitBreakerStore(settings.redis, RATE_LIMIT_NAMESPACE, COUNTER_CACHE)
    : localCounterStore(COUNTER_CACHE);
  app.decorateRequest('rateLimitCharges', null);
  if (settings.redis) {
    const redis = settings.redis;
    const breaker = redisBreaker(redis);
    breaker.reportTo(app.log);
    app.addHook('onClose', async () => {
      breaker.stop();
      await closeRateLimitRedis(redis);
    });
  }

  /** Counts the request under `key` (once per request and key); the headers show the tightest count charged. */
  const charge = (request: FastifyRequest, key: string, then: (decision: Decision) => void): void => {
    const state = request.rateLimitCharges ??= { keys: [], decisions: [], shown: null, awaitingBody: false };
    const known = state.keys.indexOf(key);
    if (known !== -1) return then(state.decisions[known] as Decision);
    const max = key.startsWith('web:') ? webMax : settings.max;
    let decided = false;
    const decide = (error: Error | null, count?: { current: number; ttl: number }): void => {
      decided = true;
      // The store never fails; should it, the request is served rather than refused.
      const current = error === null && count !== undefined ? count.current : 0;
      const ttl = error === null && count !== undefined ? count.ttl : 0;
      const decision: Decision = {
        limit: max, remaining: Math.max(0, max - current), resetsAt: Math.ceil((Date.now() + ttl) / 1000),
        exceeded: current > max, retryAfterS: Math.ceil(ttl / 1000),
      };
      state.keys.push(key);
      state.decisions.push(decision);
      const shown = state.shown;
      if (shown === null || (!shown.exceeded && (decision.exceeded || decision.remaining < shown.remaining))) state.shown = decision;
      then(decision);
    };
    try {
      store.incr(key, decide, windowMs, max);
    } catch (error) {
      // A store that throws instead of calling back; what `then` itself throws is not the store's failure.
      if (decided) throw error;
      decide(error instanceof Error ? error : new Error(String(error)));
    }
  };

  /** The 429 envelope for `decision`, with Retry-After set on `reply`. */
  const refusal = (request: FastifyRequest, reply: FastifyReply, decision: Decision) => {
    const retryAfterS = Math.max(1, decision.retryAfterS);
    const at = new Date(decision.resetsAt * 1000).toISOString().replace('.000Z', 'Z');
    request.log.info({ status: 429 }, 'rate limited');
    reply.code(429).header('retry-after', String(retryAfterS));
    return failure(429, 'rate_limited',
      `rate limit of ${decision.limit} requests per ${settings.windowS} s exceeded; retry after ${at} (in ${retryAfterS} s)`,
      { requestId: request.id });
  };

  /** Counts the request under `key`; over the limit it is answered with a 429 here, else `next` runs. */
  const enforce = (request: FastifyRequest, reply: FastifyReply, key: string, next: () => void): void => {
    charge(request, key, (decision) => {
      if (decision.exceeded) void reply.send(refusal(request, reply, decision));
      else next();
    });
  };

  app.addHook('onRequest', (request, reply, done) => {
    const area = areaOf(routedPath(request));
    if (area === null) return done();
    if (area === 'web') return enforce(request, reply, ipKey('web', request), done);
    const token = tokenKey(request);
    enforce(request, reply, token ?? ipKey('api', request), () => {
      // Requests whose form body may still name a token, counted under it once parsed.
      if (token === null && bodyMayCarryToken(request) && request.rateLimitCharges) request.rateLimitCharges.awaitingBody = true;
      done();
    });
  });

  app.addHook('preValidation', (request, reply, done) => {
    if (request.rateLimitCharges?.awaitingBody !== true) return done();
    const token = tokenKey(request);
    if (token === null) return done();
    enforce(request, reply, token, done);
  });

  app.addHook('onSend', (request, reply, payload: unknown, done) => {
    const area = areaOf(routedPath(request));
    if (area === null) return done(null, payload);
    const finish = (body: unknown): void => {
      const decision = request.rateLimitCharges?.shown;
      if (decision) {
        reply.header('x-rate-limit-limit', String(decision.limit));
        reply.header('x-rate-limit-remaining', String(decision.remaining));
        reply.header('x-rate-limit-resets-at', String(decision.resetsAt));
      }
      done(null, body);
    };
    // A refused token also counts against the client's address, so that made-up tokens (each with a fresh
    // counter of its own) cannot multiply the limit; past it, the guesses are answered 429.
    const refusedToken = (): void => {
      if (area !== 'api' || reply.statusCode !== 401 || tokenKey(request) === null) return finish(payload);
      charge(request, ipKey('api', request), (byAddress) => finish(byAddress.exceeded ? JSON.stringify(refusal(request, reply, byAddress)) : payload));
    };
    // A CORS preflight answered before the limiter ran costs nothing and is not an API call: not counted.
    if (request.rateLimitCharges === null && isAnsweredPreflight(request)) return done(null, payload);
    // Refused before the limiter ran (invalid UTF-8 in the URL): it still counts.
    if (request.rateLimitCharges === null) {
      return charge(request, area === 'web' ? ipKey('web', request) : tokenKey(request) ?? ipKey('api', request), refusedToken);
    }
    refusedToken();
  });

  // Answered before its body was read (a 429 here, a refused token in onRequest): the rest of the body is
  // discarded as it arrives, which Node does by itself only when nothing has read the request yet; the
  // method override has read the start of form and multipart bodies, and without this such a connection
  // would hang until the request timeout.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.raw.complete && !request.raw.destroyed) request.raw.resume();
    done();
  });
}

export type Area = 'api' | 'web';

/** A preflight `@fastify/cors` answered itself (it sets this flag on the request when it does). */
function isAnsweredPreflight(request: FastifyRequest): boolean {
  return (request as FastifyRequest & { corsPreflightEnabled?: boolean }).corsPreflightEnabled === true;
}

/** `/v2…` is the API; probes are not limited; everything else (OAuth, pages, assets) is the web. */
function areaOf(path: string): Area | null {
  if (UNLIMITED.has(path)) return null;
  return isApiPath(path) ? 'api' : 'web';
}

/** The SHA-256 of the presented access token (never the token itself: Redis keys can be listed). */
function tokenKey(request: FastifyRequest): string | null {
  let token: string | null;
  try {
    token = presentedToken(request);
  } catch {
    // A malformed Authorization header: the client is known by its address.
    return null;
  }
  return token === null ? null : `api:token:${sha256Hex(token)}`;
}

/**
 * The client's address as a key: IPv6 per /64 (the plugin's `normalizeIP`), IPv4 as it is. An IPv4 address never
 * holds a colon, so it skips `normalizeIP`'s IPv6 test, a long regular expression run on every anonymous request.
 */
export function ipKey(area: Area, request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip;
  return `${area}:ip:${ip.includes(':') ? normalizeIP(ip) : ip}`;
}

