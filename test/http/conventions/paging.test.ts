import { PagingQuery, nextUrl, toPageRequest } from '../../../src/adapters/http/paging';
import { buildConventionsApp, THING_COUNT, type ConventionsApp } from './conventions-app';

describe('nextUrl', () => {
  const page = { offset: 0, limit: 20 };

  it('advances offset, keeps limit and every other parameter as it arrived', () => {
    expect(nextUrl({ url: '/v2/notes?q=caf%C3%A9+au+lait&tag=x&tag=y&offset=0&limit=20' }, page, 45))
      .toBe('/v2/notes?q=caf%C3%A9+au+lait&tag=x&tag=y&offset=20&limit=20');
  });

  it('adds offset and limit to a URL without a query', () => {
    expect(nextUrl({ url: '/v2/users/3/notes' }, page, 21)).toBe('/v2/users/3/notes?offset=20&limit=20');
  });

  it('never prints an access token, however it is spelled', () => {
    const url = nextUrl({ url: '/v2/notes?access_token=s3cret&bbox=1,2,3,4&access%5Ftoken=again' }, page, 100);
    expect(url).toBe('/v2/notes?bbox=1,2,3,4&offset=20&limit=20');
  });

  it('starts with /v2 however the client spelled the path, and never carries a fragment', () => {
    expect(nextUrl({ url: '/%762/notes?tag=x' }, page, 45)).toBe('/v2/notes?tag=x&offset=20&limit=20');
    expect(nextUrl({ url: 'http://example.org/v2/notes?tag=x' }, page, 45)).toBe('/v2/notes?tag=x&offset=20&limit=20');
    // Reserved characters stay escaped: a tag or a username may hold them.
    expect(nextUrl({ url: '/v2/tags/a%2Fb/notes' }, page, 45)).toBe('/v2/tags/a%2Fb/notes?offset=20&limit=20');
    expect(nextUrl({ url: '/v2/notes#&tag=x' }, page, 45)).toBe('/v2/notes?tag=x&offset=20&limit=20');
    expect(nextUrl({ url: '/v2/notes?a=#&tag=x' }, page, 45)).toBe('/v2/notes?a=%23&tag=x&offset=20&limit=20');
  });

  it('is null on the last page', () => {
    expect(nextUrl({ url: '/v2/notes' }, { offset: 40, limit: 20 }, 45)).toBeNull();
    expect(nextUrl({ url: '/v2/notes' }, { offset: 0, limit: 20 }, 20)).toBeNull();
    expect(nextUrl({ url: '/v2/notes' }, { offset: 0, limit: 20 }, 0)).toBeNull();
  });

  it('is null rather than a link past the largest offset', () => {
    expect(nextUrl({ url: '/v2/notes' }, { offset: 999_990, limit: 20 }, 5_000_000)).toBeNull();
  });
});

describe('toPageRequest and PagingQuery', () => {
  it('fills the defaults', () => {
    expect(toPageRequest({})).toEqual({ offset: 0, limit: 20 });
    expect(toPageRequest({ offset: 40, limit: 5 })).toEqual({ offset: 40, limit: 5 });
  });

  it('declares the bounds of docs/api.md, Conventions', () => {
    expect(PagingQuery.offset).toMatchObject({ type: 'integer', minimum: 0, default: 0, maximum: 1_000_000 });
    expect(PagingQuery.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });
});

describe('paging over HTTP', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('the first page has 20 items, the total count and a nextUrl', async () => {
    const body = (await get('/v2/things?q=x&access_token=abc')).json();
    expect(body.data).toHaveLength(20);
    expect(body.meta).toEqual({ http_status: 200, count: THING_COUNT, nextUrl: '/v2/things?q=x&offset=20&limit=20' });
  });

  it('following nextUrl walks the list to a last page whose nextUrl is null', async () => {
    let url: string | null = '/v2/things?limit=20';
    const seen: number[] = [];
    while (url !== null) {
      const body: { data: { id: number }[]; meta: { nextUrl: string | null } } = (await get(url)).json();
      seen.push(...body.data.map((thing) => thing.id));
      url = body.meta.nextUrl;
    }
    expect(seen).toEqual(Array.from({ length: THING_COUNT }, (_, i) => i + 1));
  });

  it('limit 100 is allowed', async () => {
    expect((await get('/v2/things?limit=100')).statusCode).toBe(200);
  });

  it.each([
    ['limit=101', 'limit', 'must be at most 100'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['offset=-1', 'offset', 'must be at least 0'],
    ['offset=1000001', 'offset', 'must be at most 1000000'],
    ['limit=2.5', 'limit', 'must be an integer'],
  ])('%s is a 400 naming the field', async (query, name, problem) => {
    const response = await get(`/v2/things?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().meta.error).toMatchObject({ type: 'bad_request', fields: [{ name, problem }] });
  });
});
