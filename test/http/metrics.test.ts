import Fastify, { type FastifyInstance } from 'fastify';
import { registerMetrics } from '../../src/adapters/http/metrics';
import { createConfiguredApp } from '../support/configured-app';
import { createTestApp, type TestApp } from '../support/test-app';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('counts requests by route pattern and status, and times them', async () => {
    await t.request({ method: 'GET', url: '/v2/notes/12345' });
    await t.request({ method: 'GET', url: '/v2/notes/67890' });
    await t.request({ method: 'GET', url: '/v2/notes' });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('http_requests_total{method="GET",route="/v2/notes/:id",status="404"} 2');
    expect(res.body).toContain('http_requests_total{method="GET",route="/v2/notes",status="200"} 1');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v2\/notes",status="200"\} 1/);
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it("has prom-client's default process metrics but the collector's durations (decision `no-gc-duration-metric`)", async () => {
    const res = await t.request({ method: 'GET', url: '/metrics' });
    for (const name of ['process_cpu_seconds_total', 'process_start_time_seconds', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes', 'nodejs_heap_space_size_used_bytes', 'nodejs_active_resources_total', 'nodejs_version_info']) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    expect(res.body).not.toContain('nodejs_gc_duration_seconds');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789abcdef';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerMetrics(app, { token });
    await app.ready();
  });
  afterAll(() => app.close());

  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it('answers the scraper that sends the token', async () => {
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('process_cpu_seconds_total');
    }
  });

  it('refuses anyone else with 401, in the error envelope and with a Bearer challenge', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, `Bearer  `]) {
      const res = await scrape(authorization);
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ meta: { http_status: 401, error: { type: 'unauthorized', message: 'GET /metrics needs the METRICS_TOKEN bearer token', requestId: expect.any(String) } } });
      expect(res.body).not.toContain('process_cpu_seconds_total');
    }
  });
});

describe('the service with METRICS_TOKEN set', () => {
  let app: FastifyInstance;
  beforeAll(async () => { app = await createConfiguredApp({ metricsToken: 'configured-scrape-token-0123456789' }); });
  afterAll(() => app.close());

  it('protects its /metrics with the configured token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer configured-scrape-token-0123456789' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_seconds_total');
  });
});

describe('the request histogram', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerMetrics(app);
    app.get('/slow/:id', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { ok: true };
    });
    app.post('/slow/:id', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  /** The values of one series' lines, by the line's name and `le`. */
  function seriesOf(body: string, labels: string): Map<string, number> {
    const lines = body.split('\n').filter((line) => line.startsWith('http_request_duration_seconds') && line.includes(labels));
    return new Map(lines.map((line) => {
      const [key = '', value = ''] = line.split(/ (?=[^ ]+$)/u);
      const le = /le="([^"]+)"/u.exec(key)?.[1];
      return [le === undefined ? key.slice(0, key.indexOf('{')) : `le=${le}`, Number(value)];
    }));
  }

  it('keeps cumulative buckets, a +Inf bucket equal to the count, and the sum, per method, route and status', async () => {
    for (const id of [1, 2, 3]) expect((await app.inject({ method: 'GET', url: `/slow/${id}` })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/slow/1' });
    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toContain('# TYPE http_requests_total counter');
    expect(body).toContain('http_requests_total{method="GET",route="/slow/:id",status="200"} 3');
    expect(body).toContain('http_requests_total{method="POST",route="/slow/:id",status="200"} 1');

    const get = seriesOf(body, 'method="GET",route="/slow/:id",status="200"');
    const bounds = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf'];
    const counts = bounds.map((le) => get.get(`le=${le}`));
    expect(counts.every((count) => typeof count === 'number')).toBe(true);
    // Each answer took at least 30 ms: none is at or under 25 ms, and the buckets never decrease.
    expect(counts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    counts.slice(1).forEach((count, i) => expect(count).toBeGreaterThanOrEqual(counts[i] ?? 0));
    expect(get.get('le=+Inf')).toBe(3);
    expect(get.get('http_request_duration_seconds_count')).toBe(3);
    expect(get.get('http_request_duration_seconds_sum')).toBeGreaterThanOrEqual(0.09);

    const post = seriesOf(body, 'method="POST",route="/slow/:id",status="200"');
    expect(post.get('le=+Inf')).toBe(1);
    expect(post.get('http_request_duration_seconds_count')).toBe(1);
  });
});
