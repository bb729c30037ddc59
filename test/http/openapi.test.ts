import { TEST_PUBLIC_URL } from '../support/test-config';
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

  it('names this server by a relative URL first, so "Try it out" in /docs calls the address the page was opened at', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json();
    expect(doc.servers[0]).toMatchObject({ url: '/' });
    // Swagger UI resolves the server against the page: opened at 127.0.0.1, it calls 127.0.0.1, not PUBLIC_URL's localhost.
    const page = 'http://127.0.0.1:4321/docs/';
    expect(new URL(doc.servers[0].url, page).origin).toBe('http://127.0.0.1:4321');
    // PUBLIC_URL stays in the list, for clients generated from the document.
    expect(doc.servers.map((s: { url: string }) => s.url)).toContain(TEST_PUBLIC_URL);
  });

  it('gives OAuth URLs relative to the server, and they name the real endpoints', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json();
    const flow = doc.components.securitySchemes.oauth2.flows.authorizationCode;
    const base = new URL(doc.servers[0].url, 'http://127.0.0.1:4321/docs/');
    const authorize = new URL(flow.authorizationUrl, base);
    const token = new URL(flow.tokenUrl, base);
    expect([authorize.origin, authorize.pathname]).toEqual(['http://127.0.0.1:4321', '/oauth/authorize']);
    expect([token.origin, token.pathname]).toEqual(['http://127.0.0.1:4321', '/oauth/access_token']);
    // Both exist: a request without parameters is refused by the endpoint itself, not a 404 for a missing route.
    expect((await t.request({ method: 'GET', url: authorize.pathname })).statusCode).not.toBe(404);
    expect((await t.request({ method: 'POST', url: token.pathname, payload: {} })).statusCode).not.toBe(404);
  });

  it('gives every operation a unique operationId a generated client can use', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/u.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v2/notes']!.get!.operationId).toBe('listNotes');
    expect(doc.paths['/v2/notes']!.post!.operationId).toBe('createNote');
    expect(doc.paths['/v2/notes/{id}']!.get!.operationId).toBe('getNote');
    expect(doc.paths['/v2/notes/{id}']!.put!.operationId).toBe('updateNote');
    expect(doc.paths['/v2/notes/{id}']!.delete!.operationId).toBe('deleteNote');
    expect(doc.paths['/v2/notes/{note_id}/comments/{id}']!.get!.operationId).toBe('getNoteComment');
    expect(doc.paths['/v2/users/by_username/{username}']!.get!.operationId).toBe('getUsersByUsername');
  });

  it('documents the errors each operation can answer, in one shared error envelope', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.Error!.properties.meta).toBeDefined();
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses).sort();
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const code of ['401', '429', '500', '503']) {
          expect(operation.responses[code]?.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/Error');
        }
      }
    }
    expect(codes('/v2/notes/{id}', 'put')).toEqual(expect.arrayContaining(['200', '400', '403', '404', '412', '413', '415']));
    expect(codes('/v2/notes', 'post')).toEqual(expect.arrayContaining(['201', '400', '403', '409', '422']));
    expect(codes('/v2/notes/{id}', 'get')).not.toContain('412');
    expect(codes('/v2/notes/{id}', 'get')).not.toContain('403');
  });

  it('marks parameters with a default optional, and types path ids as positive integers', async () => {
    type Parameter = { name: string; in: string; required?: boolean; schema: { type?: string; minimum?: number } };
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json() as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
    const list = doc.paths['/v2/notes']!.get!.parameters!;
    for (const name of ['offset', 'limit']) expect(list.find((p) => p.name === name)?.required ?? false).toBe(false);
    const id = doc.paths['/v2/notes/{id}']!.get!.parameters!.find((p) => p.name === 'id');
    expect(id).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    const noteId = doc.paths['/v2/notes/{note_id}/comments/{id}']!.get!.parameters!.find((p) => p.name === 'note_id');
    expect(noteId?.schema).toEqual({ type: 'integer', minimum: 1 });
    expect(doc.paths['/v2/users/by_username/{username}']!.get!.parameters!.find((p) => p.name === 'username')?.schema.type).toBe('string');
  });
});
