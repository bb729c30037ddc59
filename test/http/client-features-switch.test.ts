import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { testConfig } from '../support/test-config';

// `npm run bench` measures what the client features cost by running the service without them
// (ServerOptions.clientFeatures, docs/benchmarks.md): the switch must leave out exactly those, and nothing by default.
describe('the client-features switch of the benchmark', () => {
  const headersOf = async (clientFeatures: boolean | undefined) => {
    const app = await buildApp(buildContainer(testConfig(), { kind: 'memory' }), clientFeatures === undefined ? {} : { clientFeatures });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/v2/notes', headers: { origin: 'http://elsewhere.test', 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      return res.headers;
    } finally {
      await app.close();
    }
  };

  it('is on by default: ETag, CORS and X-Request-Id are there', async () => {
    const headers = await headersOf(undefined);
    expect(headers.etag).toBeDefined();
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['x-request-id']).toBeDefined();
  });

  it('off, answers the same API without them, and keeps the specification\'s own headers', async () => {
    const headers = await headersOf(false);
    expect(headers.etag).toBeUndefined();
    expect(headers['access-control-allow-origin']).toBeUndefined();
    expect(headers['x-request-id']).toBeUndefined();
    expect(headers['x-rate-limit-limit']).toBeDefined();
    expect(headers['cache-control']).toBe('public, no-cache');
  });
});
