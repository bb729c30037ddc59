import { EmptyEnvelope, ErrorEnvelope, ListEnvelope, SingleEnvelope, empty, failure, list, single } from '../../../src/adapters/http/envelope';
import { Type } from 'typebox';
import { buildConventionsApp, type ConventionsApp } from './conventions-app';

describe('envelope values', () => {
  it('single wraps one resource with its status', () => {
    expect(single({ id: 1 })).toEqual({ data: { id: 1 }, meta: { http_status: 200 } });
    expect(single({ id: 1 }, 201)).toEqual({ data: { id: 1 }, meta: { http_status: 201 } });
  });

  it('list carries the total count and the next page', () => {
    expect(list([{ id: 1 }], 7, '/v2/notes?offset=1&limit=1'))
      .toEqual({ data: [{ id: 1 }], meta: { http_status: 200, count: 7, nextUrl: '/v2/notes?offset=1&limit=1' } });
    expect(list([], 0, null)).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
  });

  it('empty is meta only', () => {
    expect(empty()).toEqual({ meta: { http_status: 200 } });
    expect(empty(201)).toEqual({ meta: { http_status: 201 } });
  });

  it('failure adds fields only when there are some', () => {
    expect(failure(404, 'not_found', 'note 12 does not exist'))
      .toEqual({ meta: { http_status: 404, error: { type: 'not_found', message: 'note 12 does not exist' } } });
    expect(failure(400, 'bad_request', 'x', { fields: [] })).toEqual({ meta: { http_status: 400, error: { type: 'bad_request', message: 'x' } } });
    expect(failure(400, 'bad_request', 'x', { fields: [{ name: 'message', problem: 'is required' }] }).meta.error.fields).toHaveLength(1);
    expect(failure(404, 'not_found', 'x', { requestId: 'r-1' }).meta.error).toEqual({ type: 'not_found', message: 'x', requestId: 'r-1' });
  });
});

describe('envelope schemas', () => {
  it('describe the shapes', () => {
    const item = Type.Object({ id: Type.Integer() });
    expect(SingleEnvelope(item).properties.data).toBe(item);
    expect(ListEnvelope(item).properties.meta.properties.nextUrl.anyOf).toEqual([{ type: 'string' }, { type: 'null' }]);
    expect(EmptyEnvelope.properties).not.toHaveProperty('data');
    expect(ErrorEnvelope.properties.meta.properties.error.properties.type.enum).toContain('unsupported_media_type');
  });
});

describe('envelopes through Fastify serialisation', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('a creation answers 201 with data and meta.http_status 201', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v2/things', payload: { name: 'n', secret: 'dropped' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { name: 'n' }, meta: { http_status: 201 } });
  });

  it('a deletion answers meta only', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/v2/things/3' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ meta: { http_status: 200 } });
  });
});
