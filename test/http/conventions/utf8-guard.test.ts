import { urlProblem } from '../../../src/adapters/http/utf8-guard';
import { buildConventionsApp, type ConventionsApp } from './conventions-app';
import { getHead, rawRequest } from './raw-http';

describe('urlProblem', () => {
  it.each(['/v2/notes', '/v2/tags/caf%C3%A9/notes?q=%F0%9D%84%9E+x&a=b', '/v2/notes?q=a%2Bb%26c'])('accepts %s', (url) => {
    expect(urlProblem(url)).toBeUndefined();
  });

  it.each([
    ['/v2/notes?q=%FF', /query string/],
    ['/v2/notes?q=caf%E9', /query string/],
    ['/v2/notes?q=%ED%A0%80', /query string/],
    ['/v2/notes?q=%C0%AF', /query string/],
    ['/v2/notes?q=100%', /query string/],
    ['/v2/tags/caf%E9', /path/],
    ['/v2/tags/caf\u00c3\u00a9', /raw bytes/],
    ['/v2/tags/caf\u00e9', /raw bytes/],
  ])('refuses %j', (url, problem) => {
    expect(urlProblem(url)).toMatch(problem);
  });
});

describe('UTF-8 guard over HTTP', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp();
    await t.listen();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('a query escape that is not UTF-8 is a 400 envelope, before the handler runs', async () => {
    const response = await get('/v2/things?q=caf%E9');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      meta: { http_status: 400, error: { type: 'bad_request', message: 'the query string has a percent-escape that is not UTF-8', requestId: expect.any(String) } },
    });
  });

  it('a UTF-8 query is fine', async () => {
    expect((await get('/v2/things?q=caf%C3%A9')).statusCode).toBe(200);
  });

  it('a path escape that is not UTF-8 is a 400, on a known route and on an unknown one', async () => {
    expect((await get('/v2/things/%FF')).statusCode).toBe(400);
    const unknown = await get('/v2/nowhere/%FF');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta.error.type).toBe('bad_request');
  });

  it('raw bytes that are not UTF-8 in the path, over a socket, are a 400 envelope', async () => {
    const response = await rawRequest(t.origin, getHead(Buffer.from([...Buffer.from('/v2/things/caf'), 0xe9])));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ meta: { http_status: 400, error: { type: 'bad_request' } } });
  });

  it('raw bytes that are not UTF-8 in the query, over a socket, are a 400 envelope', async () => {
    const response = await rawRequest(t.origin, getHead(Buffer.from([...Buffer.from('/v2/things?q=caf'), 0xe9])));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).meta.error.type).toBe('bad_request');
  });

  it('percent-escapes that are not UTF-8, over a socket, are a 400 envelope', async () => {
    const response = await rawRequest(t.origin, getHead(Buffer.from('/v2/things?q=%FF')));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).meta.error.message).toBe('the query string has a percent-escape that is not UTF-8');
  });
});
