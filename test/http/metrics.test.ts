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
});
