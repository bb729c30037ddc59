import { createTestApp, type TestApp } from '../support/test-app';

// The read models promise a fixed number of SQL statements per page, whatever its size.
describe('SQL statements per request', () => {
  let t: TestApp;
  let token: string;
  let notesToken: string;
  let noteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await Promise.all(['gil', 'hal', 'ida'].map((name) => t.createUser(name)));
    for (const [i, user] of users.entries()) {
      const userToken = await t.token(user, 'notes');
      if (i === 0) notesToken = userToken;
      for (let n = 0; n < 8; n++) {
        await t.request({ method: 'POST', url: '/v2/notes', token: userToken, payload: { message: `#t${n} note ${i}.${n} #all`, latitude: n, longitude: i } });
      }
    }
    token = await t.token(users[0]!, 'readall');
    noteId = (await t.request({ method: 'GET', url: '/v2/notes?limit=1' })).json().data[0].id;
  });
  afterAll(() => t.close());

  // The token is used once first, so both sides of a comparison find its look-up cached.
  const statementsFor = async (url: string, withToken: boolean) => {
    if (withToken) await t.request({ method: 'GET', url: '/v2/notes?limit=1', token });
    t.resetQueries();
    const res = await t.request({ method: 'GET', url, token: withToken ? token : undefined });
    expect(res.statusCode).toBe(200);
    return t.queries.length;
  };

  it.each([
    ['/v2/notes', false],
    ['/v2/notes', true],
    ['/v2/tags/all/notes', true],
  ])('%s costs as much for 20 notes as for 1 (token: %s)', async (path, withToken) => {
    const one = await statementsFor(`${path}?limit=1`, withToken);
    const twenty = await statementsFor(`${path}?limit=20`, withToken);
    expect(twenty).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it('a user\'s notes cost the same for 1 and 20', async () => {
    const user = (await t.request({ method: 'GET', url: '/v2/users/by_username/gil' })).json().data;
    const one = await statementsFor(`/v2/users/${user.id}/notes?limit=1`, true);
    expect(await statementsFor(`/v2/users/${user.id}/notes?limit=20`, true)).toBe(one);
  });

  // The page and its total; only an empty list asks whether the notemap exists (a missing one holds no notes).
  it('a notemap\'s notes cost the same for 1 and 20 notes: the page and its total', async () => {
    const owner = await t.token((await t.createUser('jon')), 'write');
    const map = (await t.request({ method: 'POST', url: '/v2/notemaps', token: owner, payload: { name: 'Counted' } })).json().data.id;
    const notes = (await t.request({ method: 'GET', url: '/v2/notes?limit=24' })).json().data as { id: number }[];
    for (const note of notes) {
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/notes`, token: owner, payload: { note_id: note.id } })).statusCode).toBe(201);
    }
    const empty = (await t.request({ method: 'POST', url: '/v2/notemaps', token: owner, payload: { name: 'Empty' } })).json().data.id;
    for (const withToken of [false, true]) {
      expect(await statementsFor(`/v2/notemaps/${map}/notes?limit=1`, withToken)).toBe(2);
      expect(await statementsFor(`/v2/notemaps/${map}/notes?limit=20`, withToken)).toBe(2);
      expect(await statementsFor(`/v2/notemaps/${empty}/notes`, withToken)).toBe(3);
    }
  });

  // The hot paths, exactly: a statement more is a regression to look at (a test of counts, never of time).
  // A token used a moment ago costs nothing (its look-up is cached: test/http/token-cache.test.ts), so each
  // token is used once before counting. POST: one statement writes the note with its place and tags and answers it (no read back).
  it.each([
    { name: 'GET /v2/notes/:id', method: 'GET', url: () => `/v2/notes/${noteId}`, withToken: false, expected: 1 },
    { name: 'GET /v2/notes/:id with a token', method: 'GET', url: () => `/v2/notes/${noteId}`, withToken: true, expected: 1 },
    { name: 'GET /v2/notes (the first page)', method: 'GET', url: () => '/v2/notes', withToken: false, expected: 2 },
    { name: 'GET /v2/notes (the first page) with a token', method: 'GET', url: () => '/v2/notes', withToken: true, expected: 2 },
    { name: 'GET /v2/notes?near=…', method: 'GET', url: () => '/v2/notes?near=3,1&radius=50000', withToken: false, expected: 2 },
    // The change feed: its changes, then the notes they name (no total: its meta counts the page's items).
    { name: 'GET /v2/changes', method: 'GET', url: () => '/v2/changes', withToken: false, expected: 2 },
    { name: 'GET /v2/changes with a token', method: 'GET', url: () => '/v2/changes?limit=5', withToken: true, expected: 2 },
    { name: 'POST /v2/notes', method: 'POST', url: () => '/v2/notes', withToken: true, expected: 1 },
    { name: 'POST /v2/notes at a place', method: 'POST', url: () => '/v2/notes', withToken: true, expected: 1, place: true },
  ] as const)('$name: $expected SQL statements', async ({ method, url, withToken, expected, ...rest }) => {
    const used = method === 'POST' ? notesToken : withToken ? token : undefined;
    if (used !== undefined) expect((await t.request({ method: 'GET', url: '/v2/notes?limit=1', token: used })).statusCode).toBe(200);
    t.resetQueries();
    const place = 'place' in rest ? { city: 'Lisbon', country: 'Portugal' } : {};
    const res = await t.request({
      method, url: url(),
      ...(method === 'POST'
        ? { token: notesToken, payload: { message: 'one more #t1 #all', latitude: 1, longitude: 2, ...place } }
        : { token: withToken ? token : undefined }),
    });
    expect(res.statusCode).toBe(method === 'POST' ? 201 : 200);
    expect(t.queries).toHaveLength(expected);
  });

  // With an Idempotency-Key, the key's claim and its kept answer are a statement each, around the note's.
  it('POST /v2/notes with an Idempotency-Key: 3 SQL statements', async () => {
    expect((await t.request({ method: 'GET', url: '/v2/notes?limit=1', token: notesToken })).statusCode).toBe(200);
    t.resetQueries();
    const res = await t.request({
      method: 'POST', url: '/v2/notes', token: notesToken, headers: { 'idempotency-key': `key-${Date.now()}` },
      payload: { message: 'kept #t1', latitude: 1, longitude: 2 },
    });
    expect(res.statusCode).toBe(201);
    expect(t.queries).toHaveLength(3);
  });
});
