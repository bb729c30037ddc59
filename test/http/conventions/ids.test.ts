import { parseId } from '../../../src/adapters/http/ids';
import { DomainError } from '../../../src/domain/domain-error';
import { buildConventionsApp, type ConventionsApp } from './conventions-app';

describe('parseId', () => {
  it.each([['1', 1], ['42', 42], ['2147483647', 2_147_483_647]])('accepts %s', (raw, id) => {
    expect(parseId(raw, 'note')).toBe(id);
  });

  it.each(['abc', '1.5', '-1', '+1', '0', '007', '2147483648', '99999999999', '', ' 1', '1e3', '0x10', '１'])(
    'refuses %j as a not_found DomainError',
    (raw) => {
      expect(() => parseId(raw, 'note')).toThrow(DomainError);
      try {
        parseId(raw, 'note');
      } catch (error) {
        expect(error).toMatchObject({ kind: 'not_found', message: `note ${raw} does not exist` });
      }
    },
  );
});

describe('garbage ids over HTTP', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it.each(['abc', '1.5', '-1', '0', '99999999999', '007'])('GET /v2/things/%s is a 404 envelope', async (raw) => {
    const response = await t.app.inject({ method: 'GET', url: `/v2/things/${raw}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ meta: { http_status: 404, error: { type: 'not_found', message: `thing ${raw} does not exist`, requestId: expect.any(String) } } });
  });

  it('an id longer than the router keeps is a 404 envelope too, not a 414', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v2/things/${'1'.repeat(101)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().meta.error.type).toBe('not_found');
  });

  it('a good id answers 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/things/12' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: 12, name: 'a thing' }, meta: { http_status: 200 } });
  });
});
