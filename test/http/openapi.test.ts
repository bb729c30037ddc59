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
    // A public read takes no token, or one with `read`, or `readall` for non-public content.
    expect(doc.paths['/v2/notes/{id}'].get.security).toEqual([{}, { oauth2: ['read'] }, { oauth2: ['readall'] }]);
    expect(doc.paths['/v2/feed'].get.security).toEqual([{ oauth2: ['read'] }]);
    expect(doc.paths['/images/{key}'].get.security).toEqual([]);
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
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const code of path.startsWith('/v2/') ? ['401', '429', '500', '503'] : ['429']) {
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

  type Media = { schema: Record<string, unknown>; example?: unknown };
  type Operation = {
    operationId: string; summary?: string; description?: string; security?: unknown[];
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, Media> };
    responses: Record<string, { content?: Record<string, Media> }>;
  };
  type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Record<string, unknown>> } };
  const document = async () => (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json<Document>();
  const operations = (doc: Document) => Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })));

  it('describes every operation and shows an example of its answer, captured from the service itself', async () => {
    const doc = await document();
    for (const { path, operation } of operations(doc)) {
      expect(operation.summary).toEqual(expect.any(String));
      expect((operation.description ?? '').length).toBeGreaterThan(40);
      const success = Object.entries(operation.responses).filter(([code]) => code.startsWith('2'));
      expect(success.length).toBeGreaterThan(0);
      // Files (images, avatars, the account export) are bytes; every other answer is JSON with an example.
      const examples = success.flatMap(([, response]) => Object.values(response.content ?? {}).filter((media) => media.example !== undefined));
      const files = success.every(([, response]) => Object.keys(response.content ?? {}).every((type) => !type.includes('json')));
      if (!files) expect({ path, examples: examples.length > 0 }).toEqual({ path, examples: true });
    }
    const created = doc.paths['/v2/notes']!.post!;
    expect(created.requestBody!.content['application/json']!.example).toMatchObject({ message: expect.any(String), latitude: expect.any(Number) });
    expect(created.responses['201']!.content!['application/json']!.example).toMatchObject({ data: { id: 1, link: expect.stringMatching(/\/notes\/1$/u) }, meta: { http_status: 201 } });
  });

  it('names each resource once in components.schemas and refers to it from every operation', async () => {
    const doc = await document();
    for (const name of ['Note', 'ListedNote', 'User', 'UserSummary', 'Notemap', 'Comment', 'Tag', 'Place', 'Association']) {
      expect(doc.components.schemas[name]).toMatchObject({ type: 'object' });
    }
    const note = doc.paths['/v2/notes/{id}']!.get!.responses['200']!.content!['application/json']!.schema as { properties: { data: unknown } };
    expect(note.properties.data).toEqual({ $ref: '#/components/schemas/Note' });
    expect(JSON.stringify(doc.components.schemas.Note)).toContain('"author":{"$ref":"#/components/schemas/UserSummary"}');
    expect(JSON.stringify(doc.components.schemas.Note)).toContain('"place":{"anyOf":[{"$ref":"#/components/schemas/NotePlace"},{"type":"null"}]');
  });

  it('documents the headers of caching and safe retries as parameters', async () => {
    const doc = await document();
    const headers = (operation: Operation) => (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name).sort();
    expect(headers(doc.paths['/v2/notes']!.post!)).toEqual(['idempotency-key']);
    expect(headers(doc.paths['/v2/notes/{id}']!.get!)).toEqual(['if-none-match']);
    expect(headers(doc.paths['/v2/notes/{id}']!.put!)).toEqual(['if-match']);
    expect(headers(doc.paths['/v2/notemaps/{id}']!.delete!)).toEqual(['if-match']);
    expect(headers(doc.paths['/v2/notes/{id}/favoriters/{user_id}']!.delete!)).toEqual([]);
  });

  it('documents the token and revocation endpoints, but not the pages a browser opens', async () => {
    const doc = await document();
    const token = doc.paths['/oauth/access_token']!.post!;
    expect(token.operationId).toBe('createAccessToken');
    expect(Object.keys(token.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(token.responses['200']!.content!['application/json']!.schema).toMatchObject({ required: expect.arrayContaining(['access_token', 'token_type']) });
    expect(token.responses['400']!.content!['application/json']!.schema).toMatchObject({ required: ['error', 'error_description'] });
    expect(doc.paths['/oauth/revoke']!.post!.operationId).toBe('revokeToken');
    expect(doc.paths['/oauth/authorize']).toBeUndefined();
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/v2/') && !path.startsWith('/oauth/')).sort()).toEqual(['/avatars/{hash}', '/images/{key}']);
  });
});

describe('the request bodies of the OpenAPI document against the API', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('requires what the API requires and lists the values it accepts: a body without each, or with another value, is a 400 naming it', async () => {
    const user = await t.createUser('bodyrules');
    const token = await t.token(user, 'notes delete write');
    const note = (await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'm', latitude: 1, longitude: 2 } })).json().data.id as number;
    const comment = (await t.request({ method: 'POST', url: `/v2/notes/${note}/comments`, token, payload: { comment: 'c' } })).json().data.id as number;
    const notemap = (await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name: 'n' } })).json().data.id as number;
    const ids: Record<string, number> = { id: note, note_id: note };
    const urls: Record<string, string> = { updateNoteComment: `/v2/notes/${note}/comments/${comment}`, updateNotemap: `/v2/notemaps/${notemap}` };
    type Body = { required?: string[]; properties: Record<string, { enum?: string[] }> };
    const doc = (await t.request({ method: 'GET', url: '/v2/openapi.json' })).json() as { paths: Record<string, Record<string, {
      operationId: string; requestBody?: { content: Record<string, { schema: Body; example?: Record<string, unknown> }> };
    }>> };
    let checked = 0;
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        const json = operation.requestBody?.content['application/json'];
        if (!json || !path.startsWith('/v2/')) continue;
        const url = urls[operation.operationId] ?? path.replace(/\{(\w+)\}/gu, (_m, name: string) => String(ids[name]));
        const example = json.example ?? {};
        const send = (payload: Record<string, unknown>) => t.request({ method: method.toUpperCase() as 'POST', url, token, payload });
        for (const field of json.schema.required ?? []) {
          const { [field]: _left, ...rest } = example;
          const res = await send(rest);
          expect({ operation: operation.operationId, field, status: res.statusCode }).toEqual({ operation: operation.operationId, field, status: 400 });
          expect(res.json().meta.error.fields.map((f: { name: string }) => f.name)).toContain(field);
          checked += 1;
        }
        for (const [field, schema] of Object.entries(json.schema.properties)) {
          if (schema.enum === undefined) continue;
          const res = await send({ ...example, [field]: 'none-of-these' });
          expect({ operation: operation.operationId, field, status: res.statusCode }).toEqual({ operation: operation.operationId, field, status: 400 });
          for (const value of schema.enum) {
            const accepted = await send({ ...example, [field]: value });
            expect({ operation: operation.operationId, value, status: accepted.statusCode }).toEqual({ operation: operation.operationId, value, status: accepted.statusCode < 300 ? accepted.statusCode : 'a success' });
          }
          checked += 1;
        }
      }
    }
    // createNote (3 fields and visibility), updateNote (visibility), comments and notemaps (one each, twice), createNotemapNote (note_id),
    // createWebhook (url, events).
    expect(checked).toBe(12);
  });
});
