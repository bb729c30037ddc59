import { createTestApp, type TestApp } from '../support/test-app';

describe('GET /v2/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document naming every /v2 route, with the scope each one needs', async () => {
    const res = await t.request({ method: 'GET', url: '/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/v2/notes'].post.security).toEqual([{ oauth2: ['notes'] }]);
    expect(doc.paths['/v2/notes/{id}'].delete.security).toEqual([{ oauth2: ['delete'] }]);
    expect(doc.paths['/v2/users/{user_id}/followers'].post.security).toEqual([{ oauth2: ['contacts'] }]);
    expect(doc.paths['/v2/notemaps/{id}'].put.security).toEqual([{ oauth2: ['write'] }]);
    expect(doc.paths['/v2/notes/{id}'].get.security).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).sort())
      .toEqual(['contacts', 'delete', 'notes', 'read', 'readall', 'write']);
  });
});
