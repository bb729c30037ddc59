import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { DATABASE_HEALTH, type DatabaseHealth } from '../../application/ports/database-health';

/** `/healthz`: the process answers. `/readyz`: the database answers too (503 otherwise). */
export function registerHealthRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const database = container.resolve<DatabaseHealth>(DATABASE_HEALTH);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await database.ping();
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'unavailable', database: ready ? 'up' : 'down' };
  });
}
