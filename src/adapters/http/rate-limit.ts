import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { bodyMayCarryToken, isApiPath, presentedToken, routedPath } from './authentication';
import { failure } from './envelope';
import { circuitBreakerStore, closeRateLimitRedis, redisBreaker } from './rate-limit-redis';

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
  byKey: Map<string, Decision>;
  shown: Decision | null;
}

/**
 * The rate limit of docs/security.md over `@fastify/rate-limit`'s store (in process, or Redis with REDIS_URL).
 * The area (API or web) comes from the route the router matched, never from the raw URL, so percent-encoding
 * and absolute-form targets meet the same limit. The limit is decided in `onRequest`, before any body is read:
 * - a token in the Authorization header or the query counts under its own key (the authentication hook, run
 *   next, refuses a made-up one before the body is read; its 401 then counts against the address as well, and
 *   becomes a 429 once the address is over);
 * - any other API request counts against the client's address at once, so a client over its limit is refused
 *   before its body is read; a token its form body names counts under its key as well, once parsed.
 * An `onSend` hook puts `X-Rate-Limit-*` on every response, errors included. Register it before the
 * authentication hook.
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const webMax = settings.max * WEB_LIMIT_FACTOR;
  const keys = new WeakMap<FastifyRequest, string>();
  const charges = new WeakMap<FastifyRequest, Charges>();
  await app.register(rateLimit, {
    global: false,
    max: (_request, key) => (key.startsWith('web:') ? webMax : settings.max),
    timeWindow: settings.windowS * 1000,
    keyGenerator: (request) => keys.get(request) ?? ipKey('api', request),
    cache: COUNTER_CACHE,
    nameSpace: RATE_LIMIT_NAMESPACE,
    // With Redis, a circuit breaker counts in this process while Redis fails or hangs (rate-limit-redis.ts).
    ...(settings.redis ? { store: circuitBreakerStore(settings.redis, RATE_LIMIT_NAMESPACE, COUNTER_CACHE) } : {}),
    // The store never fails; should it, a request is served rather than refused.
    skipOnError: true,
  });
  const limiter = app.createRateLimit();
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
  const charge = async (request: FastifyRequest, key: string): Promise<Decision> => {
    let state = charges.get(request);
    if (state === undefined) charges.set(request, state = { byKey: new Map(), shown: null });
    const known = state.byKey.get(key);
    if (known !== undefined) return known;
    keys.set(request, key);
    const result = await limiter(request);
    const now = Date.now();
    const decision: Decision = result.isAllowed
      ? { limit: settings.max, remaining: settings.max, resetsAt: Math.ceil(now / 1000), exceeded: false, retryAfterS: 0 }
      : {
        limit: result.max, remaining: result.remaining, resetsAt: Math.ceil((now + result.ttl) / 1000),
        exceeded: result.isExceeded, retryAfterS: Math.ceil(result.ttl / 1000),
      };
    state.byKey.set(key, decision);
    const shown = state.shown;
    if (shown === null || (!shown.exceeded && (decision.exceeded || decision.remaining < shown.remaining))) state.shown = decision;
    return decision;
  };

  /** The 429 envelope for `decision`, with Retry-After set on `reply`. */
  const refusal = (request: FastifyRequest, reply: FastifyReply, decision: Decision) => {
    const retryAfterS = Math.max(1, decision.retryAfterS);
    const at = new Date(decision.resetsAt * 1000).toISOString().replace('.000Z', 'Z');
    request.log.info({ status: 429 }, 'rate limited');
    reply.code(429).header('retry-after', String(retryAfterS));
    return failure(429, 'rate_limited',
      `rate limit of ${decision.limit} requests per ${settings.windowS} s exceeded; retry after ${at} (in ${retryAfterS} s)`);
  };

  /** Counts the request under `key`; true when it was over the limit and has been answered with a 429. */
  const enforce = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> => {
    const decision = await charge(request, key);
    if (!decision.exceeded) return false;
    void reply.send(refusal(request, reply, decision));
    return true;
  };

  /** Requests whose form body may still name a token, counted under it once parsed. */
  const awaitingBody = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const area = areaOf(routedPath(request));
    if (area === null) return;
    if (area === 'web') {
      if (await enforce(request, reply, ipKey('web', request))) return reply;
      return;
    }
    const token = tokenKey(request);
    if (await enforce(request, reply, token ?? ipKey('api', request))) return reply;
    if (token === null && bodyMayCarryToken(request)) awaitingBody.add(request);
  });

  app.addHook('preValidation', async (request, reply) => {
    if (!awaitingBody.has(request)) return;
    const token = tokenKey(request);
    if (token !== null && await enforce(request, reply, token)) return reply;
  });

  app.addHook('onSend', async (request, reply, payload: unknown) => {
    const area = areaOf(routedPath(request));
    if (area === null) return payload;
    // Refused before the limiter ran (invalid UTF-8 in the URL): it still counts.
    if (charges.get(request) === undefined) await charge(request, area === 'web' ? ipKey('web', request) : tokenKey(request) ?? ipKey('api', request));
    // A refused token also counts against the client's address, so that made-up tokens (each with a fresh
    // counter of its own) cannot multiply the limit; past it, the guesses are answered 429.
    if (area === 'api' && reply.statusCode === 401 && tokenKey(request) !== null) {
      const byAddress = await charge(request, ipKey('api', request));
      if (byAddress.exceeded) payload = JSON.stringify(refusal(request, reply, byAddress));
    }
    const decision = charges.get(request)?.shown;
    if (decision) {
      reply.header('x-rate-limit-limit', String(decision.limit));
      reply.header('x-rate-limit-remaining', String(decision.remaining));
      reply.header('x-rate-limit-resets-at', String(decision.resetsAt));
    }
    return payload;
  });

  // Answered before its body was read (a 429 here, a refused token in onRequest): the rest of the body is
  // discarded as it arrives, which Node does by itself only when nothing has read the request yet; the
  // method override has read the start of form and multipart bodies, and without this such a connection
  // would hang until the request timeout.
  app.addHook('onResponse', async (request) => {
    if (!request.raw.complete && !request.raw.destroyed) request.raw.resume();
  });
}

type Area = 'api' | 'web';

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
  return token === null ? null : `api:token:${createHash('sha256').update(token).digest('hex')}`;
}

function ipKey(area: Area, request: FastifyRequest): string {
  return `${area}:ip:${normalizeIP(request.ip)}`;
}

