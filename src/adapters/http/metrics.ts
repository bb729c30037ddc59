import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { failure } from './envelope';
import { routedPath } from './request-facts';

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * `GET /metrics`: Prometheus text with request counts and latency by route (the route's pattern, not the
 * raw URL, so ids do not explode the label set) and status, plus the process's default metrics. With a
 * token, anyone without it gets 401 (docs/security.md): route names, statuses and process figures are
 * for the operator.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions = {}): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames, registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time to answer HTTP requests, by method, route and status', labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  // One pair of bound series per method, route and status: prom-client hashes a label set on every call otherwise.
  const series = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    // routedPath reads the route's pattern once per request (request.routeOptions is rebuilt on every read).
    const route = request.is404 ? 'unmatched' : routedPath(request);
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let bound = series.get(key);
    if (bound === undefined) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      series.set(key, bound = { count: requests.labels(labels), time: duration.labels(labels) });
    }
    bound.count.inc();
    bound.time.observe(reply.elapsedTime / 1000);
    done();
  });
  const onRequest = options.token === undefined ? [] : [requireToken(options.token)];
  app.get('/metrics', { schema: { hide: true }, onRequest }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/iu;

/** Compares digests, so neither the time taken nor a length mismatch tells how much of a guess was right. */
function requireToken(token: string) {
  const expected = createHash('sha256').update(token).digest();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const digest = createHash('sha256').update(presented ?? '').digest();
    if (presented !== undefined && timingSafeEqual(digest, expected)) return;
    reply.code(401).header('www-authenticate', 'Bearer realm="metrics"');
    return reply.send(failure(401, 'unauthorized', 'GET /metrics needs the METRICS_TOKEN bearer token', { requestId: request.id }));
  };
}
