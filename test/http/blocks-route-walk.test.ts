import type { LightMyRequestResponse } from 'fastify';
import { routeCollector, routeKey, type RouteEntry } from '../support/route-table';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { signInAs, WebAgent } from '../support/web-agent';

/** What one side of a block owns, and what the third user's things hold of it. */
interface Side {
  user: TestUser;
  token: string;
  readToken: string;
  web: WebAgent;
  note: number;
  notemap: number;
  /** Their comment on the third user's note. */
  comment: number;
  /** The place only their note is at. */
  place: number;
}

/** The viewer (one side), the other side, and the third user's things. */
interface Walk {
  me: Side;
  other: Side;
  third: { user: TestUser; note: number; notemap: number; place: number };
}

type Check = (t: TestApp, walk: Walk) => Promise<void>;

const ids = (res: LightMyRequestResponse): number[] => {
  if (res.statusCode !== 200) throw new Error(`expected a list, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return (res.json().data as { id: number }[]).map((item) => item.id);
};

/**
 * Every route of the API that reads or writes notes, comments, notemaps, users or relations, walked by each side of a
 * block (docs/api.md, Blocks) with a full token and with a `read` token: the other's things are 404 as if absent,
 * following or addressing the other 403, the other's lists empty and the other left out of user lists. A route the
 * table does not name fails the test, so a new route cannot be forgotten. Routes that touch none of that say why.
 */
const API: Record<string, Check | { unaffected: string }> = {
  'GET /v2/notes': async (t, { me, other, third }) => {
    for (const token of [me.token, me.readToken]) {
      for (const query of ['limit=100', 'limit=100&q=walk', 'limit=100&tag=walk', 'limit=100&near=10,10&radius=50000']) {
        const listed = ids(await get(t, `/v2/notes?${query}`, token));
        expect({ query, other: listed.includes(other.note), third: listed.includes(third.note) }).toEqual({ query, other: false, third: true });
      }
    }
  },
  'POST /v2/notes': async (t, { me, other }) => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token: me.token, payload: {
      message: 'to them', latitude: 1, longitude: 1, visibility: 'recipients', recipients: [other.user.username],
    } });
    expect([res.statusCode, res.json().meta.error.type]).toEqual([403, 'forbidden']);
  },
  'GET /v2/notes/:id': async (t, { me, other }) => {
    for (const token of [me.token, me.readToken]) expect((await get(t, `/v2/notes/${other.note}`, token)).statusCode).toBe(404);
  },
  'PUT /v2/notes/:id': async (t, { me, other }) => {
    expect((await t.request({ method: 'PUT', url: `/v2/notes/${other.note}`, token: me.token, payload: { message: 'mine now' } })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${other.note}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/users/by_username/:username': async (t, { me, other }) => {
    expect((await get(t, `/v2/users/by_username/${other.user.username}`, me.token)).statusCode).toBe(200);
  },
  'GET /v2/users/me/export': { unaffected: 'the caller\'s own data' },
  'GET /v2/users/:id': async (t, { me, other }) => {
    const res = await get(t, `/v2/users/${other.user.id}`, me.token);
    expect([res.statusCode, res.json().data.id]).toEqual([200, other.user.id]);
  },
  'GET /v2/users/:user_id/notes': async (t, { me, other }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/notes`, me.token))).toEqual([]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/notes`))).toContain(other.note);
  },
  'PUT /v2/users/me/avatar': { unaffected: 'the caller\'s own avatar' },
  'DELETE /v2/users/me/avatar': { unaffected: 'the caller\'s own avatar' },
  'GET /v2/notes/:id/tags': async (t, { me, other }) => {
    expect((await get(t, `/v2/notes/${other.note}/tags`, me.token)).statusCode).toBe(404);
  },
  'GET /v2/tags/:tag_name/notes': async (t, { me, other, third }) => {
    const listed = ids(await get(t, '/v2/tags/walk/notes?limit=100', me.token));
    expect([listed.includes(other.note), listed.includes(third.note)]).toEqual([false, true]);
  },
  'GET /v2/notes/:id/favoriters': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/notes/${third.note}/favoriters`, me.token)).sort()).toEqual([me.user.id]);
    expect((await get(t, `/v2/notes/${other.note}/favoriters`, me.token)).statusCode).toBe(404);
  },
  'POST /v2/notes/:id/favoriters': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notes/${other.note}/favoriters`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:id/favoriters/:user_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${other.note}/favoriters/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:id/favorites/:user_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${other.note}/favorites/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/users/:user_id/favorites': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/favorites`, me.token))).toEqual([]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/favorites`))).toContain(third.note);
  },
  'GET /v2/notes/:id/finders': async (t, { me, third }) => {
    expect(ids(await get(t, `/v2/notes/${third.note}/finders`, me.token))).toEqual([me.user.id]);
  },
  'POST /v2/notes/:id/finders': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notes/${other.note}/finders`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:id/finders/:user_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${other.note}/finders/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/notes/:note_id/comments': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/notes/${third.note}/comments`, me.token))).toEqual([me.comment]);
    expect((await get(t, `/v2/notes/${other.note}/comments`, me.token)).statusCode).toBe(404);
  },
  'POST /v2/notes/:note_id/comments': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notes/${other.note}/comments`, token: me.token, payload: { comment: 'hi' } })).statusCode).toBe(404);
  },
  'GET /v2/notes/:note_id/comments/:id': async (t, { me, other, third }) => {
    expect((await get(t, `/v2/notes/${third.note}/comments/${other.comment}`, me.token)).statusCode).toBe(404);
  },
  'PUT /v2/notes/:note_id/comments/:id': async (t, { me, other, third }) => {
    const res = await t.request({ method: 'PUT', url: `/v2/notes/${third.note}/comments/${other.comment}`, token: me.token, payload: { comment: 'edited' } });
    expect(res.statusCode).toBe(404);
  },
  'DELETE /v2/notes/:note_id/comments/:id': async (t, { me, other, third }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${third.note}/comments/${other.comment}`, token: me.token })).statusCode).toBe(404);
  },
  'POST /v2/notes/:note_id/comments/:id/favoriters': async (t, { me, other, third }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notes/${third.note}/comments/${other.comment}/favoriters`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:note_id/comments/:id/favoriters/:user_id': async (t, { me, other, third }) => {
    const url = `/v2/notes/${third.note}/comments/${other.comment}/favoriters/${me.user.id}`;
    expect((await t.request({ method: 'DELETE', url, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notes/:note_id/comments/:id/favorites/:user_id': async (t, { me, other, third }) => {
    const url = `/v2/notes/${third.note}/comments/${other.comment}/favorites/${me.user.id}`;
    expect((await t.request({ method: 'DELETE', url, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/notemaps': async (t, { me, other, third }) => {
    const listed = ids(await get(t, '/v2/notemaps?limit=100', me.token));
    expect([listed.includes(other.notemap), listed.includes(third.notemap)]).toEqual([false, true]);
  },
  'POST /v2/notemaps': { unaffected: 'makes the caller\'s own notemap' },
  'GET /v2/notemaps/:id': async (t, { me, other }) => {
    for (const token of [me.token, me.readToken]) expect((await get(t, `/v2/notemaps/${other.notemap}`, token)).statusCode).toBe(404);
  },
  'PUT /v2/notemaps/:id': async (t, { me, other }) => {
    expect((await t.request({ method: 'PUT', url: `/v2/notemaps/${other.notemap}`, token: me.token, payload: { name: 'x' } })).statusCode).toBe(404);
  },
  'DELETE /v2/notemaps/:id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${other.notemap}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/notemaps/:id/notes': async (t, { me, other, third }) => {
    expect((await get(t, `/v2/notemaps/${other.notemap}/notes`, me.token)).statusCode).toBe(404);
    const held = ids(await get(t, `/v2/notemaps/${third.notemap}/notes`, me.token));
    expect([held.includes(other.note), held.includes(me.note)]).toEqual([false, true]);
  },
  'POST /v2/notemaps/:id/notes': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${me.notemap}/notes`, token: me.token, payload: { note_id: other.note } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${other.notemap}/notes`, token: me.token, payload: { note_id: me.note } })).statusCode).toBe(404);
  },
  'GET /v2/notemaps/:id/notes_with_images': async (t, { me, other }) => {
    expect((await get(t, `/v2/notemaps/${other.notemap}/notes_with_images`, me.token)).statusCode).toBe(404);
  },
  'GET /v2/notemaps/:id/tags': async (t, { me, other }) => {
    expect((await get(t, `/v2/notemaps/${other.notemap}/tags`, me.token)).statusCode).toBe(404);
  },
  'DELETE /v2/notemaps/:id/notes/:note_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${other.notemap}/notes/${other.note}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/notemaps/:id/authors': async (t, { me, other, third }) => {
    expect((await get(t, `/v2/notemaps/${other.notemap}/authors`, me.token)).statusCode).toBe(404);
    expect(ids(await get(t, `/v2/notemaps/${third.notemap}/authors`, me.token)).sort()).toEqual([third.user.id, me.user.id].sort());
  },
  'GET /v2/notemaps/:id/followers': async (t, { me, other, third }) => {
    expect((await get(t, `/v2/notemaps/${other.notemap}/followers`, me.token)).statusCode).toBe(404);
    expect(ids(await get(t, `/v2/notemaps/${third.notemap}/followers`, me.token))).toEqual([me.user.id]);
  },
  'POST /v2/notemaps/:id/followers': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${other.notemap}/followers`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/notemaps/:id/followers/:user_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${other.notemap}/followers/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/notes/:id/notemaps': async (t, { me, other, third }) => {
    expect((await get(t, `/v2/notes/${other.note}/notemaps`, me.token)).statusCode).toBe(404);
    expect(ids(await get(t, `/v2/notes/${third.note}/notemaps`, me.token)).sort()).toEqual([me.notemap]);
  },
  'GET /v2/users/:user_id/notemaps': async (t, { me, other }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/notemaps`, me.token))).toEqual([]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/notemaps`))).toEqual([other.notemap]);
  },
  'GET /v2/users/:user_id/followed_notemaps': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/followed_notemaps`, me.token))).toEqual([]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/followed_notemaps`))).toEqual([third.notemap]);
  },
  'GET /v2/users/:user_id/followed_maps': async (t, { me, other }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/followed_maps`, me.token))).toEqual([]);
  },
  'GET /v2/users/:user_id/followers': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/users/${third.user.id}/followers`, me.token))).toEqual([me.user.id]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/followers`, me.token))).toEqual([]);
  },
  'POST /v2/users/:user_id/followers': async (t, { me, other }) => {
    const res = await t.request({ method: 'POST', url: `/v2/users/${other.user.id}/followers`, token: me.token });
    expect([res.statusCode, res.json().meta.error.type]).toEqual([403, 'forbidden']);
  },
  'GET /v2/users/:user_id/following': async (t, { me, other, third }) => {
    expect(ids(await get(t, `/v2/users/${other.user.id}/following`, me.token))).toEqual([]);
    expect(ids(await get(t, `/v2/users/${other.user.id}/following`))).toEqual([third.user.id]);
  },
  'DELETE /v2/users/:user_id/followers/:id': async (t, { me, other }) => {
    // Across a block there is no follow between the two (test/http/blocks.test.ts: the block ends them).
    expect((await t.request({ method: 'DELETE', url: `/v2/users/${other.user.id}/followers/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/users/me/blocks': { unaffected: 'the caller\'s own blocks (test/http/blocks.test.ts)' },
  'PUT /v2/users/me/blocks/:user_id': { unaffected: 'the caller\'s own blocks (test/http/blocks.test.ts)' },
  'DELETE /v2/users/me/blocks/:user_id': { unaffected: 'the caller\'s own blocks (test/http/blocks.test.ts)' },
  'GET /v2/places': async (t, { me, other, third }) => {
    const listed = ids(await get(t, '/v2/places?limit=100', me.token));
    expect([listed.includes(other.place), listed.includes(third.place)]).toEqual([false, true]);
  },
  'GET /v2/places/:id': async (t, { me, other }) => {
    expect((await get(t, `/v2/places/${other.place}`, me.token)).statusCode).toBe(404);
  },
  'GET /v2/places/:id/notes': async (t, { me, other }) => {
    expect((await get(t, `/v2/places/${other.place}/notes`, me.token)).statusCode).toBe(404);
  },
  'GET /v2/places/:id/followers': async (t, { me, third }) => {
    expect(ids(await get(t, `/v2/places/${third.place}/followers`, me.token))).toEqual([me.user.id]);
  },
  'POST /v2/places/:id/followers': async (t, { me, other }) => {
    expect((await t.request({ method: 'POST', url: `/v2/places/${other.place}/followers`, token: me.token })).statusCode).toBe(404);
  },
  'DELETE /v2/places/:id/followers/:user_id': async (t, { me, other }) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/places/${other.place}/followers/${me.user.id}`, token: me.token })).statusCode).toBe(404);
  },
  'GET /v2/users/:user_id/followed_places': async (t, { me, other, third }) => {
    // Places are nobody's content: the other's followed places stay listed (decision block-empties-the-others-lists).
    expect(ids(await get(t, `/v2/users/${other.user.id}/followed_places`, me.token))).toEqual([third.place]);
  },
  'GET /v2/feed': async (t, { me, other, third }) => {
    // The viewer follows the third user's notemap, which holds the other's note.
    const listed = ids(await get(t, '/v2/feed?limit=100', me.token));
    expect([listed.includes(other.note), listed.includes(me.note)]).toEqual([false, true]);
    expect(third.notemap).toBeGreaterThan(0);
  },
  'GET /v2/changes': async (t, { me, other }) => {
    for (const token of [me.token, me.readToken]) {
      const items = (await get(t, '/v2/changes?limit=100', token)).json().data as { id: number }[];
      expect(items.map((item) => item.id)).not.toContain(other.note);
      expect(items.map((item) => item.id)).toContain(me.note);
    }
  },
  'POST /v2/webhooks': { unaffected: 'the caller\'s own subscriptions (deliveries are not walked here)' },
  'GET /v2/webhooks': { unaffected: 'the caller\'s own subscriptions' },
  'GET /v2/webhooks/:id': { unaffected: 'the caller\'s own subscriptions' },
  'DELETE /v2/webhooks/:id': { unaffected: 'the caller\'s own subscriptions' },
  'GET /v2/webhooks/:id/deliveries': { unaffected: 'the caller\'s own subscriptions' },
};

/** The web pages and forms of notes, notemaps, members, places and tags, walked with each side's web session. */
const WEB: Record<string, Check | { unaffected: string }> = {
  'GET /notes/:id': async (_t, { me, other }) => {
    expect((await me.web.get(`/notes/${other.note}`)).statusCode).toBe(404);
  },
  'GET /notes/new': { unaffected: 'the empty form' },
  'POST /notes': { unaffected: 'the form names no recipient (the API test covers recipients)' },
  'POST /notes/:id/comments': async (_t, { me, other, third }) => {
    const form = await me.web.get(`/users/${third.user.username}`);
    expect((await me.web.post(`/notes/${other.note}/comments`, { comment: 'hi' }, form)).statusCode).toBe(404);
  },
  'POST /notes/:id/favorite': async (_t, { me, other, third }) => {
    const form = await me.web.get(`/users/${third.user.username}`);
    expect((await me.web.post(`/notes/${other.note}/favorite`, {}, form)).statusCode).toBe(404);
  },
  'POST /notes/:id/unfavorite': async (_t, { me, other, third }) => {
    const form = await me.web.get(`/users/${third.user.username}`);
    expect((await me.web.post(`/notes/${other.note}/unfavorite`, {}, form)).statusCode).toBe(404);
  },
  'GET /notemaps/:id': async (_t, { me, other }) => {
    expect((await me.web.get(`/notemaps/${other.notemap}`)).statusCode).toBe(404);
  },
  'POST /notemaps/:id/follow': async (_t, { me, other, third }) => {
    const form = await me.web.get(`/users/${third.user.username}`);
    expect((await me.web.post(`/notemaps/${other.notemap}/follow`, {}, form)).statusCode).toBe(404);
  },
  'POST /notemaps/:id/unfollow': async (_t, { me, other, third }) => {
    const form = await me.web.get(`/users/${third.user.username}`);
    expect((await me.web.post(`/notemaps/${other.notemap}/unfollow`, {}, form)).statusCode).toBe(404);
  },
  'GET /users/:username': async (_t, { me, other }) => {
    const page = await me.web.get(`/users/${other.user.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(`walk note of ${other.user.username}`);
  },
  'POST /users/:username/follow': async (_t, { me, other }) => {
    const form = await me.web.get(`/users/${other.user.username}`);
    expect((await me.web.post(`/users/${other.user.username}/follow`, {}, form)).statusCode).toBe(403);
  },
  'POST /users/:username/unfollow': async (_t, { me, other }) => {
    const form = await me.web.get(`/users/${other.user.username}`);
    expect((await me.web.post(`/users/${other.user.username}/unfollow`, {}, form)).statusCode).toBe(404);
  },
  'POST /users/:username/block': { unaffected: 'the caller\'s own blocks (test/http/web-blocks.test.ts)' },
  'POST /users/:username/unblock': { unaffected: 'the caller\'s own blocks (test/http/web-blocks.test.ts)' },
  'GET /places/:id': async (_t, { me, other }) => {
    expect((await me.web.get(`/places/${other.place}`)).statusCode).toBe(404);
  },
  'GET /tags/:name': async (_t, { me, other }) => {
    const page = await me.web.get('/tags/walk');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(`walk note of ${other.user.username}`);
    expect(page.body).toContain(`walk note of ${me.user.username}`);
  },
};

/** The routes the web table must name: those of one note, notemap, member, place or tag. */
const WEB_ROUTE = /^\/(notes|notemaps|users|places|tags)(\/|$)/u;

async function get(t: TestApp, url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'GET', url, token });
}

describe.each(ALL_STORAGES)('a block on every route over %s storage', (storage) => {
  let t: TestApp;
  let routes: RouteEntry[];
  let sides: [Side, Side];
  let third: Walk['third'];

  beforeAll(async () => {
    const collector = routeCollector();
    t = await createTestApp({ storage, onRoute: collector.onRoute });
    routes = collector.routes;
    const full = 'read readall write contacts notes delete';
    const carl = await t.createUser('carl');
    const carlToken = await t.token(carl, full);
    const post = async (token: string, payload: object) => {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { latitude: 10, longitude: 10, ...payload } });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: number; place: { id: number } | null };
    };
    const posted = await post(carlToken, { message: 'walk note of carl #walk', city: 'Carlton', country: 'Walkland' });
    const carlMap = (await t.request({ method: 'POST', url: '/v2/notemaps', token: carlToken, payload: { name: 'Carl map' } })).json().data.id as number;
    third = { user: carl, note: posted.id, notemap: carlMap, place: posted.place!.id };

    const made: Side[] = [];
    for (const name of ['amy', 'bea']) {
      const user = await t.createUser(name);
      const token = await t.token(user, full);
      const note = await post(token, { message: `walk note of ${name} #walk`, city: `City of ${name}`, country: 'Walkland' });
      const notemap = (await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name: `${name} map` } })).json().data.id as number;
      const ok = async (method: 'POST', url: string, as: string, payload?: object) => {
        expect({ url, status: (await t.request({ method, url, token: as, ...(payload ? { payload } : {}) })).statusCode }).toEqual({ url, status: 201 });
      };
      await ok('POST', `/v2/notemaps/${notemap}/notes`, token, { note_id: note.id });
      await ok('POST', `/v2/notemaps/${notemap}/notes`, token, { note_id: third.note });
      await ok('POST', `/v2/notemaps/${carlMap}/notes`, carlToken, { note_id: note.id });
      const comment = (await t.request({ method: 'POST', url: `/v2/notes/${third.note}/comments`, token, payload: { comment: `${name} says` } })).json().data.id as number;
      await ok('POST', `/v2/notes/${third.note}/favoriters`, token);
      await ok('POST', `/v2/notes/${third.note}/finders`, token);
      await ok('POST', `/v2/users/${carl.id}/followers`, token);
      await ok('POST', `/v2/notemaps/${carlMap}/followers`, token);
      await ok('POST', `/v2/places/${third.place}/followers`, token);
      const web = new WebAgent(t.app);
      await signInAs(web, t.container, user.id);
      made.push({ user, token, readToken: await t.token(user, 'read'), web, note: note.id, notemap, comment, place: note.place!.id });
    }
    sides = made as [Side, Side];
  });
  afterAll(() => t.close());

  it('names every route of the API and of the pages of things', () => {
    const api = routes.filter((r) => r.url.startsWith('/v2/') && !r.url.startsWith('/v2/openapi') && r.url !== '/v2/health');
    expect(api.map(routeKey).filter((key) => !(key in API))).toEqual([]);
    expect(routes.filter((r) => WEB_ROUTE.test(r.url)).map(routeKey).filter((key) => !(key in WEB))).toEqual([]);
  });

  it('answers both sides of a block as the rule says, on every route, and anonymous reads as before', async () => {
    const anonymousBefore = await anonymousReads();
    expect((await t.request({ method: 'PUT', url: `/v2/users/me/blocks/${sides[1].user.id}`, token: sides[0].token })).statusCode).toBe(201);
    for (const [me, other] of [[sides[0], sides[1]], [sides[1], sides[0]]] as const) {
      for (const [table, checks] of [['api', API], ['web', WEB]] as const) {
        for (const [key, check] of Object.entries(checks)) {
          if (typeof check !== 'function') continue;
          try {
            await check(t, { me, other, third });
          } catch (error) {
            throw new Error(`${table} ${key}, as ${me.user.username} (${me === sides[0] ? 'blocker' : 'blocked'}): ${(error as Error).message}`, { cause: error });
          }
        }
      }
    }
    expect(await anonymousReads()).toEqual(anonymousBefore);
  });

  /** Every GET of the API without a token, on the things of both sides and the third user: status and ids. */
  async function anonymousReads(): Promise<Record<string, unknown>> {
    const seen: Record<string, unknown> = {};
    const fill = (route: string, side: Side): string => route
      .replace(':note_id', String(third.note)).replace(':username', side.user.username).replace(':tag_name', 'walk')
      .replace(':user_id', String(side.user.id))
      .replace(':id', String(route.startsWith('/v2/notemaps') ? side.notemap : route.startsWith('/v2/places') ? side.place
        : route.startsWith('/v2/users') ? side.user.id : route.includes('/comments/') ? side.comment : side.note));
    for (const route of routes.filter((r) => r.method === 'GET' && r.url.startsWith('/v2/') && typeof API[routeKey(r)] === 'function')) {
      for (const side of sides) {
        const url = fill(route.url, side);
        const res = await get(t, url);
        const body = res.statusCode === 200 ? res.json() : null;
        seen[url] = { status: res.statusCode, ids: Array.isArray(body?.data) ? (body.data as { id?: number }[]).map((item) => item.id) : body?.data?.id };
      }
    }
    return seen;
  }
});
