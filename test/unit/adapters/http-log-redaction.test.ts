import { redactUrl } from '../../../src/adapters/http/log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/v2/notes?access_token=secret', '/v2/notes?access_token=[redacted]'],
    ['/v2/notes?limit=5&access_token=secret&offset=2', '/v2/notes?limit=5&access_token=[redacted]&offset=2'],
    ['/v2/notes?ACCESS%5Ftoken=secret', '/v2/notes?ACCESS_token=[redacted]'],
    ['/v2/notes?my_access_token=kept', '/v2/notes?my_access_token=kept'],
    ['/v2/notes/1', '/v2/notes/1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('redactUrl reads the query as the router and its parser do, not up to the first #', () => {
  it.each([
    // The router hands everything after the first `?` (or `#`) to the query parser, `#` included.
    ['/v2/feed?a=#&access_token=secret', '/v2/feed?a=%23&access_token=[redacted]'],
    ['/v2/feed?limit=1#&access_token=secret', '/v2/feed?limit=1%23&access_token=[redacted]'],
    ['/v2/feed?a=1&access_token=one&access_token=two', '/v2/feed?a=1&access_token=[redacted]'],
    ['http://pn.test/v2/feed?a=#&code=secret', 'http://pn.test/v2/feed?a=%23&code=[redacted]'],
    // A fragment delimits the query for the router too: `#?access_token=` is a parameter named `?access_token`.
    ['/v2/feed#?access_token=secret', '/v2/feed?%3Faccess_token=[redacted]'],
    ['/v2/feed?x[access_token]=secret', '/v2/feed?x%5Baccess_token%5D=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('uses the query the app parsed when it has one, nested values included', () => {
    const query = { a: '#', nested: { access_token: 'secret', keep: 'k' }, list: ['1', '2'] };
    expect(redactUrl('/v2/feed?whatever', query)).toBe('/v2/feed?a=%23&nested%5Baccess_token%5D=[redacted]&nested%5Bkeep%5D=k&list=1&list=2');
  });
});
