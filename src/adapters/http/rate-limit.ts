import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { presentedToken } from './authentication';
import { failure } from './envelope';
import { closeRateLimitRedis, logRedisOutages } from './rate-limit-redis';

/** Probes and scrapes answer whatever a client did. */
const UNLIMITED = new Set(['/healthz', '/readyz', '/metrics']);

/** The OAuth and web routes (forms, pages, their assets) allow this many times the API's limit, per client IP. */
export const WEB_LIMIT_FACTOR = 10;

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

/** The body may carry `access_token`: count the request once the body is parsed. */
const DEFERRED = 'deferred';

/**
 * decisions §8 over `@fastify/rate-limit`'s store (in process, or Redis with REDIS_URL). Runs in
 * `onRequest` (before any parsing), or in `preValidation` when the token may be in a form body; an
 * `onSend` hook puts `X-Rate-Limit-*` on every response, errors included. Register it before the
 * authentication hook, so a refused token is counted and its 401 carries the headers too.
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const webMax = settings.max * WEB_LIMIT_FACTOR;
  const keys = new WeakMap<FastifyRequest, string>();
  const decisions = new WeakMap<FastifyRequest, Decision | typeof DEFERRED>();
  await app.register(rateLimit, {
    global: false,
    max: (_request, key) => (key.startsWith('web:') ? webMax : settings.max),
    timeWindow: settings.windowS * 1000,
    keyGenerator: (request) => keys.get(request) ?? ipKey('api', request),
    // The counters of 100,000 clients fit in a few MiB; beyond that the least recent are forgotten.
    cache: 100_000,
    nameSpace: RATE_LIMIT_NAMESPACE,
    ...(settings.redis ? { redis: settings.redis } : {}),
    // Without Redis the service keeps serving, unlimited; the outage is logged and shown by /readyz.
    skipOnError: true,
  });
  const limiter = app.createRateLimit();
  if (settings.redis) {
    const redis = settings.redis;
    logRedisOutages(redis, app.log);
    app.addHook('onClose', async () => closeRateLimitRedis(redis));
  }

  const decide = async (request: FastifyRequest, key: string): Promise<Decision> => {
    keys.set(request, key);
    const result = await limiter(request);
    const now = Date.now();
    const decision: Decision = result.isAllowed
      ? { limit: settings.max, remaining: settings.max, resetsAt: Math.ceil(now / 1000), exceeded: false, retryAfterS: 0 }
      : {
        limit: result.max, remaining: result.remaining, resetsAt: Math.ceil((now + result.ttl) / 1000),
        exceeded: result.isExceeded, retryAfterS: Math.ceil(result.ttl / 1000),
      };
    decisions.set(request, decision);
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

  /** Counts the request; true when it was over the limit and has been answered with a 429. */
  const enforce = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> => {
    const decision = await decide(request, key);
    if (!decision.exceeded) return false;
    void reply.send(refusal(request, reply, decision));
    return true;
  };

  app.addHook('onRequest', async (request, reply) => {
    const area = areaOf(request.url);
    if (area === null) return;
    if (area === 'api' && bodyMayCarryToken(request) && tokenKey(request) === null) {
      decisions.set(request, DEFERRED);
      return;
    }
    if (await enforce(request, reply, keyOf(area, request))) return reply;
  });

  app.addHook('preValidation', async (request, reply) => {
    if (decisions.get(request) !== DEFERRED) return;
    if (await enforce(request, reply, keyOf('api', request))) return reply;
  });

  app.addHook('onSend', async (request, reply, payload: unknown) => {
    const area = areaOf(request.url);
    if (area === null) return payload;
    let decision = decisions.get(request);
    // Refused before the limiter ran (invalid UTF-8 in the query, a body that would not parse): it still counts.
    if (decision === undefined || decision === DEFERRED) decision = await decide(request, keyOf(area, request));
    // A refused token also counts against the client's address, so that made-up tokens (each with a fresh
    // counter of its own) cannot multiply the limit; past it, the guesses are answered 429.
    if (area === 'api' && reply.statusCode === 401 && tokenKey(request) !== null) {
      const byAddress = await decide(request, ipKey('api', request));
      if (byAddress.exceeded) {
        decision = byAddress;
        payload = JSON.stringify(refusal(request, reply, byAddress));
      }
    }
    reply.header('x-rate-limit-limit', String(decision.limit));
    reply.header('x-rate-limit-remaining', String(decision.remaining));
    reply.header('x-rate-limit-resets-at', String(decision.resetsAt));
    return payload;
  });
}

type Area = 'api' | 'web';

/** `/v2…` is the API; probes are not limited; everything else (OAuth, pages, assets) is the web. */
function areaOf(url: string): Area | null {
  const path = url.split('?', 1)[0] ?? '';
  if (UNLIMITED.has(path)) return null;
  return path === '/v2' || path.startsWith('/v2/') ? 'api' : 'web';
}

function keyOf(area: Area, request: FastifyRequest): string {
  if (area === 'web') return ipKey('web', request);
  return tokenKey(request) ?? ipKey('api', request);
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

/** A request whose body could name `access_token` (presentedToken reads it for any method but GET). */
function bodyMayCarryToken(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return request.headers['content-type'] !== undefined;
}
