import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Registry, type Metric, type MetricObjectWithValues, type MetricValue, type MetricValueWithName } from 'prom-client';
import { failure } from './envelope';
import { collectProcessMetrics } from './process-metrics';
import { routedPath } from './request-facts';

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * `GET /metrics`: Prometheus text with request counts and latency by route (the route's pattern, not the
 * raw URL, so ids do not explode the label set) and status, plus the process's metrics (process-metrics.ts). With a
 * token, anyone without it gets 401 (docs/security.md): route names, statuses and process figures are
 * for the operator.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions = {}): void {
  const registry = new Registry();
  const stopProcessMetrics = collectProcessMetrics(registry);
  app.addHook('onClose', (_instance, done) => {
    stopProcessMetrics();
    done();
  });
  const requests = new RequestSeries();
  registry.registerMetric(requests.counter());
  registry.registerMetric(requests.histogram());
  app.addHook('onResponse', (request, reply, done) => {
    // routedPath reads the route's pattern once per request (request.routeOptions is rebuilt on every read).
    requests.observe(request.method, request.is404 ? 'unmatched' : routedPath(request), reply.statusCode, reply.elapsedTime / 1000);
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

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

type SeriesLabels = Readonly<{ method: string; route: string; status: string }>;

/** One method, route and status: how many requests, and their durations by bucket (the last bucket is +Inf). */
interface Series {
  readonly labels: SeriesLabels;
  count: number;
  sum: number;
  readonly buckets: Float64Array;
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, kept per series as plain numbers and handed to
 * prom-client's registry as two metrics it formats at each scrape. prom-client's own Counter and Histogram
 * rebuild, check and hash the label set on every observation, bound or not: that was a few percent of the CPU of a
 * note read (docs/benchmarks.md). Here a request finds its series by route, method and status (strings Fastify
 * keeps, so their hashes are cached) and adds to three numbers.
 */
class RequestSeries {
  readonly #byRoute = new Map<string, Map<string, Map<number, Series>>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (byMethod === undefined) this.#byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      series = { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets: new Float64Array(BUCKETS.length + 1) };
      byStatus.set(status, series);
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] ?? 0)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
  }

  *#all(): Generator<Series> {
    for (const byMethod of this.#byRoute.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  counter(): Metric {
    const name = 'http_requests_total';
    return this.#metric(name, 'HTTP requests answered, by method, route and status', 'counter', () =>
      [...this.#all()].map((series): MetricValue<string> => ({ labels: series.labels, value: series.count })));
  }

  histogram(): Metric {
    const name = 'http_request_duration_seconds';
    return this.#metric(name, 'Time to answer HTTP requests, by method, route and status', 'histogram', () => {
      const values: MetricValueWithName<string>[] = [];
      for (const series of this.#all()) {
        let below = 0;
        BUCKETS.forEach((le, i) => {
          below += series.buckets[i] ?? 0;
          values.push({ metricName: `${name}_bucket`, labels: { ...series.labels, le }, value: below });
        });
        values.push({ metricName: `${name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
        values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sum });
        values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count });
      }
      return values;
    });
  }

  /**
   * What prom-client's registry asks of a metric (`registerMetric`, then `get()` at each scrape): its name, help and
   * type, and its values. Its typings list only its own four classes, hence the casts.
   */
  #metric(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue<string>[]): Metric {
    const metric = {
      name, help, type,
      get: () => Promise.resolve({ name, help, type, values: values(), aggregator: 'sum' } as unknown as MetricObjectWithValues<MetricValue<string>>),
      reset: () => { this.#byRoute.clear(); },
    };
    return metric as unknown as Metric;
  }
}
