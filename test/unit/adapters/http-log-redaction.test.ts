import { redactUrl } from '../../../src/adapters/http/log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/v2/notes?access_token=secret', '/v2/notes?access_token=[redacted]'],
    ['/v2/notes?limit=5&access_token=secret&offset=2', '/v2/notes?limit=5&access_token=[redacted]&offset=2'],
    ['/v2/notes?ACCESS%5Ftoken=secret', '/v2/notes?ACCESS%5Ftoken=[redacted]'],
    ['/v2/notes?my_access_token=kept', '/v2/notes?my_access_token=kept'],
    ['/v2/notes/1', '/v2/notes/1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
