import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

describe.each(ALL_STORAGES)('the feed over %s storage', (storage) => {
  let t: TestApp;
  let reader: TestUser;
  let friend: TestUser;
  let curator: TestUser;
  let stranger: TestUser;
  let readerAll: string;
  let readerRead: string;
  const notes: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ storage });
    reader = await t.createUser('reader');
    friend = await t.createUser('friend');
    curator = await t.createUser('curator');
    stranger = await t.createUser('stranger');
    readerAll = await t.token(reader, 'notes contacts');
    readerRead = await t.token(reader, 'read');
    const tokens = { friend: await t.token(friend, 'notes'), stranger: await t.token(stranger, 'notes') };
    const post = async (key: string, token: string, payload: object = {}) => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: key, latitude: 1, longitude: 2, ...payload } });
      expect(res.statusCode).toBe(201);
      notes[key] = res.json().data.id;
    };
    await post('stranger-before', tokens.stranger);
    await post('friend-1', tokens.friend);
    await post('friend-to-reader', tokens.friend, { visibility: 'recipients', recipients: [reader.id] });
    await post('friend-self', tokens.friend, { visibility: 'self' });
    await post('stranger-in-map', tokens.stranger);
    await post('stranger-elsewhere', tokens.stranger);
    await post('friend-2', tokens.friend);

    expect((await t.request({ method: 'POST', url: `/v2/users/${friend.id}/followers`, token: readerAll })).statusCode).toBe(201);
    const curatorWrite = await t.token(curator, 'write');
    const notemap = await t.request({ method: 'POST', url: '/v2/notemaps', token: curatorWrite, payload: { name: 'Finds' } });
    expect(notemap.statusCode).toBe(201);
    const notemapId = notemap.json().data.id;
    const added = await t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/notes`, token: curatorWrite, payload: { note_id: notes['stranger-in-map'] } });
    expect(added.statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/followers`, token: readerAll })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const feed = (query: string, token?: string) => t.request({ method: 'GET', url: `/v2/feed${query}`, token });
  const ids = (body: { data: { id: number }[] }) => body.data.map((note) => note.id);

  it('lists the notes of followed users and followed notemaps, newest first, with the non-public ones readall allows', async () => {
    const res = await feed('', readerAll);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([notes['friend-2'], notes['stranger-in-map'], notes['friend-to-reader'], notes['friend-1']]);
    expect(body.meta).toEqual({ http_status: 200, count: 4, nextUrl: null });
    expect(body.data[0]).toMatchObject({ author: { id: friend.id }, message: 'friend-2', currentUserData: { canFavorite: true } });
  });

  it('shows only public notes to a token without readall', async () => {
    const body = (await feed('', readerRead)).json();
    expect(ids(body)).toEqual([notes['friend-2'], notes['stranger-in-map'], notes['friend-1']]);
    expect(body.meta.count).toBe(3);
  });

  it('pages, keeping the other query parameters in nextUrl', async () => {
    const first = (await feed('?limit=3&x=y', readerAll)).json();
    expect(first.meta).toEqual({ http_status: 200, count: 4, nextUrl: expect.stringMatching(/^\/v2\/feed\?x=y&offset=3&limit=3&cursor=[A-Za-z0-9_-]+$/) });
    const second = (await t.request({ method: 'GET', url: first.meta.nextUrl, token: readerAll })).json();
    expect(ids(second)).toEqual([notes['friend-1']]);
    expect(second.meta.nextUrl).toBeNull();
  });

  it('is empty for a user who follows nobody', async () => {
    expect((await feed('', await t.token(stranger, 'read'))).json()).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
  });

  it('answers 401 without a token or with a bad one, and 400 for a bad limit', async () => {
    const none = await feed('');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
    expect(none.json().meta.error.type).toBe('unauthorized');
    const bad = await feed('', 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="invalid_token"');
    expect((await feed('?limit=101', readerAll)).statusCode).toBe(400);
  });

  it('drops a user\'s notes once they are unfollowed', async () => {
    const stranger2 = await t.createUser('other');
    const token = await t.token(stranger2, 'contacts');
    await t.request({ method: 'POST', url: `/v2/users/${friend.id}/followers`, token });
    expect((await feed('', token)).json().meta.count).toBe(2);
    await t.request({ method: 'DELETE', url: `/v2/users/${friend.id}/followers/${stranger2.id}`, token });
    expect((await feed('', token)).json().meta.count).toBe(0);
  });
});

describe('the feed: SQL statements per page', () => {
  it('costs as much for 20 notes as for 1', async () => {
    const t = await createTestApp();
    try {
      const [reader, author] = [await t.createUser('reader'), await t.createUser('author')];
      const authorToken = await t.token(author, 'notes');
      for (let i = 0; i < 21; i++) {
        await t.request({ method: 'POST', url: '/v2/notes', token: authorToken, payload: { message: `n${i}`, latitude: 0, longitude: 0 } });
      }
      const token = await t.token(reader, 'contacts readall');
      await t.request({ method: 'POST', url: `/v2/users/${author.id}/followers`, token });
      const cost = async (limit: number) => {
        t.resetQueries();
        const res = await t.request({ method: 'GET', url: `/v2/feed?limit=${limit}`, token });
        expect(res.json().data).toHaveLength(limit);
        return t.queries.length;
      };
      const one = await cost(1);
      expect(await cost(20)).toBe(one);
    } finally {
      await t.close();
    }
  });
});
