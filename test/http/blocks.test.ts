import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

describe.each(ALL_STORAGES)('blocking users over %s storage', (storage) => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  let cid: TestUser;
  let annWrite: string;
  let annRead: string;
  let annAll: string;
  let benAll: string;
  let cidAll: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    [ann, ben, cid] = await Promise.all(['ann', 'ben', 'cid'].map((name) => t.createUser(name))) as [TestUser, TestUser, TestUser];
    annWrite = await t.token(ann, 'write');
    annRead = await t.token(ann, 'read');
    annAll = await t.token(ann, 'read readall write contacts notes delete');
    benAll = await t.token(ben, 'read readall write contacts notes delete');
    cidAll = await t.token(cid, 'read readall write contacts notes delete');
  });
  afterAll(() => t.close());

  const block = (userId: number | string, token?: string) => t.request({ method: 'PUT', url: `/v2/users/me/blocks/${userId}`, token });
  const unblock = (userId: number | string, token?: string) => t.request({ method: 'DELETE', url: `/v2/users/me/blocks/${userId}`, token });
  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);
  const post = async (token: string, payload: object) => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };

  describe('the endpoints', () => {
    afterEach(async () => {
      for (const user of [ben, cid]) await unblock(user.id, annWrite);
    });

    it('PUT answers 201 for a new block, 200 for a repeat; the list shows it, newest first, paged', async () => {
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect((await block(ben.id, annWrite)).statusCode).toBe(200);
      expect((await block(cid.id, annWrite)).statusCode).toBe(201);
      const all = (await get('/v2/users/me/blocks', annRead)).json();
      expect(ids(all)).toEqual([cid.id, ben.id]);
      expect(all.data[0]).toMatchObject({ id: cid.id, username: 'cid' });
      expect(all.meta.count).toBe(2);
      const first = (await get('/v2/users/me/blocks?limit=1', annRead)).json();
      expect(ids(first)).toEqual([cid.id]);
      expect(first.meta.nextUrl).toContain('offset=1');
      expect(ids((await get('/v2/users/me/blocks?limit=1&offset=1', annRead)).json())).toEqual([ben.id]);
      expect(ids((await get('/v2/users/me/blocks', benAll)).json())).toEqual([]);
    });

    it('PUT is 400 for oneself and 404 for no such user; DELETE is 200, then 404', async () => {
      expect((await block(ann.id, annWrite)).statusCode).toBe(400);
      expect((await block(999999, annWrite)).statusCode).toBe(404);
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect((await unblock(ben.id, annWrite)).statusCode).toBe(200);
      expect((await unblock(ben.id, annWrite)).statusCode).toBe(404);
      expect(ids((await get('/v2/users/me/blocks', annRead)).json())).toEqual([]);
    });

    it('needs a token: read for the list, write for PUT and DELETE', async () => {
      expect((await get('/v2/users/me/blocks')).statusCode).toBe(401);
      expect((await block(ben.id)).statusCode).toBe(401);
      expect((await unblock(ben.id)).statusCode).toBe(401);
      expect((await block(ben.id, annRead)).statusCode).toBe(403);
      expect((await unblock(ben.id, annRead)).statusCode).toBe(403);
      expect((await get('/v2/users/me/blocks', annWrite)).statusCode).toBe(200);
    });
  });

  describe('what a block does', () => {
    let benNote: number;
    let annNote: number;
    let benMap: number;
    let annMap: number;

    beforeAll(async () => {
      benNote = await post(benAll, { message: 'ben public #blk', latitude: 10, longitude: 10 });
      annNote = await post(annAll, { message: 'ann public #blk', latitude: 11, longitude: 11 });
      benMap = (await t.request({ method: 'POST', url: '/v2/notemaps', token: benAll, payload: { name: 'Ben map' } })).json().data.id;
      annMap = (await t.request({ method: 'POST', url: '/v2/notemaps', token: annAll, payload: { name: 'Ann map' } })).json().data.id;
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${benMap}/notes`, token: benAll, payload: { note_id: benNote } })).statusCode).toBe(201);
    });
    afterEach(() => unblock(ben.id, annWrite));

    it('ends follows between the two, of each other and of each other\'s notemaps, and they stay ended on unblock', async () => {
      for (const [token, user] of [[annAll, ben], [benAll, ann]] as const) {
        expect((await t.request({ method: 'POST', url: `/v2/users/${user.id}/followers`, token })).statusCode).toBe(201);
      }
      for (const [token, map] of [[annAll, benMap], [benAll, annMap]] as const) {
        expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/followers`, token })).statusCode).toBe(201);
      }
      expect((await t.request({ method: 'POST', url: `/v2/users/${ben.id}/followers`, token: cidAll })).statusCode).toBe(201);
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect((await unblock(ben.id, annWrite)).statusCode).toBe(200);
      expect(ids((await get(`/v2/users/${ben.id}/followers`)).json())).toEqual([cid.id]);
      expect(ids((await get(`/v2/users/${ann.id}/followers`)).json())).toEqual([]);
      expect(ids((await get(`/v2/notemaps/${benMap}/followers`)).json())).toEqual([]);
      expect(ids((await get(`/v2/notemaps/${annMap}/followers`)).json())).toEqual([]);
    });

    it.each([['the blocker', () => annAll, () => benNote], ['the blocked', () => benAll, () => annNote]])(
      'hides the other\'s notes from %s, in both directions, and leaves anonymous reads as they were', async (_who, tokenOf, noteOf) => {
        const [token, note] = [tokenOf(), noteOf()];
        expect((await get(`/v2/notes/${note}`, token)).statusCode).toBe(200);
        expect((await block(ben.id, annWrite)).statusCode).toBe(201);
        expect((await get(`/v2/notes/${note}`, token)).statusCode).toBe(404);
        expect(ids((await get('/v2/notes?limit=100', token)).json())).not.toContain(note);
        expect(ids((await get('/v2/tags/blk/notes', token)).json())).not.toContain(note);
        expect((await get(`/v2/notes/${note}`)).statusCode).toBe(200);
        expect(ids((await get('/v2/notes?limit=100')).json())).toContain(note);
        expect((await get(`/v2/notes/${note}`, cidAll)).statusCode).toBe(200);
        expect((await unblock(ben.id, annWrite)).statusCode).toBe(200);
        expect((await get(`/v2/notes/${note}`, token)).statusCode).toBe(200);
      });

    it('answers 404 for commenting on, favoriting or finding the other\'s note, 403 for following the other or naming them', async () => {
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${benNote}/comments`, token: annAll, payload: { comment: 'hi' } })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${benNote}/favoriters`, token: annAll })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${annNote}/finders`, token: benAll })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/v2/users/${ben.id}/followers`, token: annAll })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: `/v2/users/${ann.id}/followers`, token: benAll })).statusCode).toBe(403);
      const named = await t.request({ method: 'POST', url: '/v2/notes', token: benAll, payload: { message: 'to ann', latitude: 1, longitude: 1, visibility: 'recipients', recipients: [ann.username] } });
      expect(named.statusCode).toBe(403);
      expect(named.json().meta.error.type).toBe('forbidden');
      expect((await get(`/v2/users/${ben.id}`, annAll)).statusCode).toBe(200);
      expect(ids((await get(`/v2/users/${ben.id}/notes`, annAll)).json())).toEqual([]);
    });

    it('keeps favorites and finds, hidden from each other', async () => {
      expect((await t.request({ method: 'POST', url: `/v2/notes/${annNote}/favoriters`, token: benAll })).statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${annNote}/favoriters`, token: cidAll })).statusCode).toBe(201);
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect(ids((await get(`/v2/notes/${annNote}/favoriters`, annAll)).json())).toEqual([cid.id]);
      expect(ids((await get(`/v2/notes/${annNote}/favoriters`)).json())).toEqual([cid.id, ben.id]);
      expect((await unblock(ben.id, annWrite)).statusCode).toBe(200);
      expect(ids((await get(`/v2/notes/${annNote}/favoriters`, annAll)).json())).toEqual([cid.id, ben.id]);
    });

    it('hides the other\'s comments, and answers 404 for reading, changing or favoriting one', async () => {
      const onCid = await post(cidAll, { message: 'cid public', latitude: 12, longitude: 12 });
      const comment = (await t.request({ method: 'POST', url: `/v2/notes/${onCid}/comments`, token: benAll, payload: { comment: 'ben says' } })).json().data.id;
      const mine = (await t.request({ method: 'POST', url: `/v2/notes/${onCid}/comments`, token: annAll, payload: { comment: 'ann says' } })).json().data.id;
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect(ids((await get(`/v2/notes/${onCid}/comments`, annAll)).json())).toEqual([mine]);
      expect(ids((await get(`/v2/notes/${onCid}/comments`, benAll)).json())).toEqual([comment]);
      expect(ids((await get(`/v2/notes/${onCid}/comments`)).json())).toEqual([comment, mine]);
      expect((await get(`/v2/notes/${onCid}/comments/${comment}`, annAll)).statusCode).toBe(404);
      expect((await get(`/v2/notes/${onCid}/comments/${mine}`, benAll)).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${onCid}/comments/${mine}/favoriters`, token: benAll })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${onCid}/comments/${comment}`, token: annAll })).statusCode).toBe(404);
      expect((await unblock(ben.id, annWrite)).statusCode).toBe(200);
      expect(ids((await get(`/v2/notes/${onCid}/comments`, annAll)).json())).toEqual([comment, mine]);
    });

    it('hides the other\'s notemaps: 404 for them and their lists, not listed, and not followed', async () => {
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      for (const token of [annAll, annRead]) {
        expect((await get(`/v2/notemaps/${benMap}`, token)).statusCode).toBe(404);
        expect((await get(`/v2/notemaps/${benMap}/notes`, token)).statusCode).toBe(404);
        expect((await get(`/v2/notemaps/${benMap}/authors`, token)).statusCode).toBe(404);
        expect(ids((await get(`/v2/users/${ben.id}/notemaps`, token)).json())).toEqual([]);
        expect(ids((await get('/v2/notemaps?limit=100', token)).json())).not.toContain(benMap);
      }
      expect((await get(`/v2/notemaps/${annMap}`, benAll)).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${benMap}/followers`, token: annAll })).statusCode).toBe(404);
      expect((await get(`/v2/notemaps/${benMap}`)).statusCode).toBe(200);
      expect(ids((await get(`/v2/notemaps/${benMap}/notes`)).json())).toEqual([benNote]);
      expect((await get(`/v2/notemaps/${benMap}`, cidAll)).statusCode).toBe(200);
    });

    it('leaves the other out of user lists, and empties the other\'s lists for them', async () => {
      expect((await t.request({ method: 'POST', url: `/v2/users/${cid.id}/followers`, token: benAll })).statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/v2/users/${cid.id}/followers`, token: annAll })).statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${benNote}/favoriters`, token: cidAll })).statusCode).toBe(201);
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      expect(ids((await get(`/v2/users/${cid.id}/followers`, annAll)).json())).toEqual([ann.id]);
      expect(ids((await get(`/v2/users/${cid.id}/followers`, benAll)).json())).toEqual([ben.id]);
      expect(ids((await get(`/v2/users/${cid.id}/followers`)).json()).sort()).toEqual([ann.id, ben.id].sort());
      expect(ids((await get(`/v2/users/${ben.id}/following`, annAll)).json())).toEqual([]);
      expect(ids((await get(`/v2/users/${ben.id}/following`)).json())).toEqual([cid.id]);
      expect(ids((await get(`/v2/users/${cid.id}/favorites`, benAll)).json())).toContain(benNote);
      expect(ids((await get(`/v2/users/${cid.id}/favorites`, annAll)).json())).not.toContain(benNote);
      // Ben favorited Ann's own note (above): his favorites are his list, empty for her.
      expect(ids((await get(`/v2/users/${ben.id}/favorites`)).json())).toContain(annNote);
      expect(ids((await get(`/v2/users/${ben.id}/favorites`, annAll)).json())).toEqual([]);
      const profile = await get(`/v2/users/${ben.id}`, annAll);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.username).toBe('ben');
      // The profile's counts agree with the lists the viewer gets.
      for (const [user, token] of [[ben, annAll], [cid, annAll], [cid, benAll], [cid, undefined]] as const) {
        const data = (await get(`/v2/users/${user.id}`, token)).json().data;
        for (const [name, path] of [['notes', 'notes'], ['favorites', 'favorites'], ['followers', 'followers'], ['following', 'following'],
          ['notemaps', 'notemaps'], ['followedNotemaps', 'followed_notemaps']] as const) {
          const listed = (await get(`/v2/users/${user.id}/${path}?limit=100`, token)).json().data.length;
          expect({ user: user.username, name, count: data[name].meta.count }).toEqual({ user: user.username, name, count: listed });
        }
      }
    });

    it('counts in the totals of note lists only what the viewer may read (the whole list, a notemap\'s, a tag\'s)', async () => {
      const cidMap = (await t.request({ method: 'POST', url: '/v2/notemaps', token: cidAll, payload: { name: 'Cid map' } })).json().data.id;
      const secret = await post(benAll, { message: 'ben to ann and cid #blk', latitude: 1, longitude: 1, visibility: 'recipients', recipients: [ann.username, cid.username] });
      for (const note of [benNote, annNote, secret]) {
        expect((await t.request({ method: 'POST', url: `/v2/notemaps/${cidMap}/notes`, token: cidAll, payload: { note_id: note } })).statusCode).toBe(201);
      }
      const totals = async (token: string) => {
        const out: Record<string, [number, number]> = {};
        for (const url of ['/v2/notes?limit=1', '/v2/notes?limit=1&offset=1', `/v2/notemaps/${cidMap}/notes?limit=1`, '/v2/tags/blk/notes?limit=1']) {
          const [page, all] = [(await get(url, token)).json(), (await get(url.replace(/limit=1(&offset=1)?/u, 'limit=100'), token)).json()];
          out[url] = [page.meta.count as number, all.data.length];
        }
        return out;
      };
      const before = await totals(annAll);
      expect((await block(ben.id, annWrite)).statusCode).toBe(201);
      const after = await totals(annAll);
      for (const [url, [total, listed]] of Object.entries(after)) expect({ url, total }).toEqual({ url, total: listed });
      expect(after[`/v2/notemaps/${cidMap}/notes?limit=1`]![1]).toBe(before[`/v2/notemaps/${cidMap}/notes?limit=1`]![1] - 2);
    });
  });
});
