import type { FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import type { DependencyContainer } from 'tsyringe';
import { DATABASE_HEALTH, type DatabaseHealth } from '../../application/ports/database-health';
import { RATE_LIMIT_REDIS, rateLimitStoreState } from './rate-limit-redis';

/**
 * `/healthz`: the process answers. `/readyz`: the database answers too (503 otherwise). With REDIS_URL
 * it also reports `redis: "up" | "unavailable"` (unavailable while the rate limit's circuit breaker is open,
 * a hung Redis included), without failing: the service serves without Redis, each instance counting the
 * limit on its own (docs/security.md), and taking every instance out of the balancer would be worse.
 */
export function registerHealthRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const database = container.resolve<DatabaseHealth>(DATABASE_HEALTH);
  const redis = container.resolve<Redis | null>(RATE_LIMIT_REDIS);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await database.ping();
    reply.code(ready ? 200 : 503);
    const store = rateLimitStoreState(redis);
    return { status: ready ? 'ready' : 'unavailable', database: ready ? 'up' : 'down', ...(store === 'memory' ? {} : { redis: store }) };
  });
}
