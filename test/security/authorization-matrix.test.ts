import sharp from 'sharp';
import { SCOPES, expandScopes, type Scope } from '../../src/domain/scopes';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { mutatingApiRoutes, routeCollector, routeKey, type RouteEntry } from '../support/route-table';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Every mutating /v2 route × {no token, another user's token, a token lacking the scope, the right token}
 * (docs/api.md, Conventions; docs/api.md, Scopes). The case table is checked against the server's real route table, so a new route
 * that the table does not describe fails the suite.
 */

const FULL = SCOPES.join(' ');

/** Everything the owner's and the stranger's requests need, built fresh for each case. */
interface Fixture {
  t: TestApp;
  owner: TestUser;
  /** The owner's token with every scope (to build the fixture). */
  ownerFull: string;
  /** A third user, for relations that need someone besides owner and stranger. */
  other: TestUser;
  otherFull: string;
}

interface Built {
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

interface Case {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The scope docs/api.md, Scopes documents for the route. */
  scope: Scope;
  /** Builds the resource the owner acts on and returns the request. */
  build(f: Fixture): Promise<Built>;
  /** What another user (every scope) gets for the same request; null (with `why`) when they may do the same for themself. */
  stranger: 403 | 404 | null;
  why?: string;
  /** The owner's answer with a token holding just the route's scope. */
  success: 200 | 201;
}

/** A small PNG made by sharp, as a multipart upload in the field `avatar`. */
async function avatarUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  const boundary = 'matrixboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const note = (f: Fixture, fields: Record<string, unknown> = {}) => postNote(f.t, f.ownerFull, fields);
const privateNote = (f: Fixture) => note(f, { visibility: 'self', city: `Hidden ${f.owner.username}`, country: 'Nowhere' });

async function comment(f: Fixture, noteId: number, token = f.ownerFull): Promise<number> {
  const res = await f.t.request({ method: 'POST', url: `/v2/notes/${noteId}/comments`, token, payload: { comment: 'A comment' } });
  if (res.statusCode !== 201) throw new Error(`commenting answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id;
}

async function succeed(f: Fixture, method: string, url: string, payload?: Record<string, unknown>): Promise<void> {
  const res = await f.t.request({ method: method as 'POST', url, token: f.ownerFull, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
}

async function placeOf(f: Fixture, noteId: number): Promise<number> {
  const city = (await f.t.request({ method: 'GET', url: `/v2/notes/${noteId}`, token: f.ownerFull })).json().data.location.city;
  const res = await f.t.request({ method: 'GET', url: `/v2/places?city=${encodeURIComponent(city)}`, token: f.ownerFull });
  const id = res.json().data[0]?.id;
  if (typeof id !== 'number') throw new Error(`no place for ${city}: ${res.body}`);
  return id;
}

const favoriteDelete = (alias: string): Case => ({
  method: 'DELETE', url: `/v2/notes/:id/${alias}/:user_id`, scope: 'write', stranger: 403, success: 200,
  async build(f) {
    const id = await note(f);
    await succeed(f, 'POST', `/v2/notes/${id}/favoriters`);
    return { url: `/v2/notes/${id}/${alias}/${f.owner.id}` };
  },
});

const commentFavoriteDelete = (alias: string): Case => ({
  method: 'DELETE', url: `/v2/notes/:note_id/comments/:id/${alias}/:user_id`, scope: 'write', stranger: 403, success: 200,
  async build(f) {
    const noteId = await note(f);
    const commentId = await comment(f, noteId);
    await succeed(f, 'POST', `/v2/notes/${noteId}/comments/${commentId}/favoriters`);
    return { url: `/v2/notes/${noteId}/comments/${commentId}/${alias}/${f.owner.id}` };
  },
});

/** THE case table: per mutating route, its fixture and the documented answers. */
const CASES: Case[] = [
  {
    method: 'POST', url: '/v2/notes', scope: 'notes', stranger: null, why: 'creates a note of the caller', success: 201,
    build: async () => ({ url: '/v2/notes', payload: { message: 'New note', latitude: 10, longitude: 20 } }),
  },
  {
    method: 'PUT', url: '/v2/notes/:id', scope: 'notes', stranger: 403, success: 200,
    build: async (f) => ({ url: `/v2/notes/${await note(f)}`, payload: { message: 'Edited' } }),
  },
  {
    method: 'PUT', url: '/v2/notes/:id', scope: 'notes', stranger: 404, success: 200,
    build: async (f) => ({ url: `/v2/notes/${await privateNote(f)}`, payload: { message: 'Edited' } }),
  },
  {
    method: 'DELETE', url: '/v2/notes/:id', scope: 'delete', stranger: 403, success: 200,
    build: async (f) => ({ url: `/v2/notes/${await note(f)}` }),
  },
  {
    method: 'DELETE', url: '/v2/notes/:id', scope: 'delete', stranger: 404, success: 200,
    build: async (f) => ({ url: `/v2/notes/${await privateNote(f)}` }),
  },
  {
    method: 'POST', url: '/v2/notes/:id/favoriters', scope: 'write', stranger: 404, success: 201,
    build: async (f) => ({ url: `/v2/notes/${await privateNote(f)}/favoriters` }),
  },
  favoriteDelete('favoriters'),
  favoriteDelete('favorites'),
  {
    method: 'POST', url: '/v2/notes/:id/finders', scope: 'write', stranger: 404, success: 201,
    build: async (f) => ({ url: `/v2/notes/${await privateNote(f)}/finders` }),
  },
  {
    method: 'DELETE', url: '/v2/notes/:id/finders/:user_id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      const id = await note(f);
      await succeed(f, 'POST', `/v2/notes/${id}/finders`);
      return { url: `/v2/notes/${id}/finders/${f.owner.id}` };
    },
  },
  {
    method: 'POST', url: '/v2/notes/:note_id/comments', scope: 'write', stranger: 404, success: 201,
    build: async (f) => ({ url: `/v2/notes/${await privateNote(f)}/comments`, payload: { comment: 'Hello' } }),
  },
  {
    method: 'PUT', url: '/v2/notes/:note_id/comments/:id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      const noteId = await note(f);
      return { url: `/v2/notes/${noteId}/comments/${await comment(f, noteId)}`, payload: { comment: 'Edited' } };
    },
  },
  {
    method: 'DELETE', url: '/v2/notes/:note_id/comments/:id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      // The note is the third user's: the stranger is neither the comment's author nor the note's.
      const noteId = await postNote(f.t, f.otherFull);
      return { url: `/v2/notes/${noteId}/comments/${await comment(f, noteId)}` };
    },
  },
  {
    method: 'POST', url: '/v2/notes/:note_id/comments/:id/favoriters', scope: 'write', stranger: 404, success: 201,
    async build(f) {
      const noteId = await privateNote(f);
      return { url: `/v2/notes/${noteId}/comments/${await comment(f, noteId)}/favoriters` };
    },
  },
  commentFavoriteDelete('favoriters'),
  commentFavoriteDelete('favorites'),
  {
    method: 'POST', url: '/v2/notemaps', scope: 'write', stranger: null, why: 'creates a notemap of the caller', success: 201,
    build: async () => ({ url: '/v2/notemaps', payload: { name: 'New map' } }),
  },
  {
    method: 'PUT', url: '/v2/notemaps/:id', scope: 'write', stranger: 403, success: 200,
    build: async (f) => ({ url: `/v2/notemaps/${await postNotemap(f.t, f.ownerFull, 'Map')}`, payload: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE', url: '/v2/notemaps/:id', scope: 'write', stranger: 403, success: 200,
    build: async (f) => ({ url: `/v2/notemaps/${await postNotemap(f.t, f.ownerFull, 'Map')}` }),
  },
  {
    method: 'POST', url: '/v2/notemaps/:id/notes', scope: 'write', stranger: 403, success: 201,
    async build(f) {
      const mapId = await postNotemap(f.t, f.ownerFull, 'Map');
      return { url: `/v2/notemaps/${mapId}/notes`, payload: { note_id: await note(f) } };
    },
  },
  {
    method: 'DELETE', url: '/v2/notemaps/:id/notes/:note_id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      const mapId = await postNotemap(f.t, f.ownerFull, 'Map');
      const noteId = await note(f);
      await succeed(f, 'POST', `/v2/notemaps/${mapId}/notes`, { note_id: noteId });
      return { url: `/v2/notemaps/${mapId}/notes/${noteId}` };
    },
  },
  {
    method: 'POST', url: '/v2/notemaps/:id/followers', scope: 'write', stranger: null,
    why: 'notemaps are public and following one changes only the caller’s data', success: 201,
    build: async (f) => ({ url: `/v2/notemaps/${await postNotemap(f.t, f.otherFull, 'Their map')}/followers` }),
  },
  {
    method: 'DELETE', url: '/v2/notemaps/:id/followers/:user_id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      const mapId = await postNotemap(f.t, f.otherFull, 'Their map');
      await succeed(f, 'POST', `/v2/notemaps/${mapId}/followers`);
      return { url: `/v2/notemaps/${mapId}/followers/${f.owner.id}` };
    },
  },
  {
    method: 'POST', url: '/v2/users/:user_id/followers', scope: 'contacts', stranger: null,
    why: 'users are public and following one changes only the caller’s data', success: 201,
    build: async (f) => ({ url: `/v2/users/${f.other.id}/followers` }),
  },
  {
    method: 'DELETE', url: '/v2/users/:user_id/followers/:id', scope: 'contacts', stranger: 403, success: 200,
    async build(f) {
      await succeed(f, 'POST', `/v2/users/${f.other.id}/followers`);
      return { url: `/v2/users/${f.other.id}/followers/${f.owner.id}` };
    },
  },
  {
    method: 'POST', url: '/v2/places/:id/followers', scope: 'write', stranger: 404, success: 201,
    build: async (f) => ({ url: `/v2/places/${await placeOf(f, await privateNote(f))}/followers` }),
  },
  {
    method: 'DELETE', url: '/v2/places/:id/followers/:user_id', scope: 'write', stranger: 403, success: 200,
    async build(f) {
      const placeId = await placeOf(f, await note(f, { city: `Open ${f.owner.username}`, country: 'Somewhere' }));
      await succeed(f, 'POST', `/v2/places/${placeId}/followers`);
      return { url: `/v2/places/${placeId}/followers/${f.owner.id}` };
    },
  },
  {
    method: 'PUT', url: '/v2/users/me/avatar', scope: 'write', stranger: null, why: '`me` is always the caller', success: 200,
    build: async () => ({ url: '/v2/users/me/avatar', ...(await avatarUpload()) }),
  },
  {
    method: 'DELETE', url: '/v2/users/me/avatar', scope: 'write', stranger: 404,
    why: '`me` is the caller: the stranger has no avatar to remove, and the owner’s stays', success: 200,
    async build(f) {
      const upload = await avatarUpload();
      const res = await f.t.request({ method: 'PUT', url: '/v2/users/me/avatar', token: f.ownerFull, ...upload });
      if (res.statusCode !== 200) throw new Error(`uploading an avatar answered ${res.statusCode}: ${res.body}`);
      return { url: '/v2/users/me/avatar' };
    },
  },
  {
    method: 'PUT', url: '/v2/users/me/blocks/:user_id', scope: 'write', stranger: null, why: '`me` is always the caller: a block is the caller’s own', success: 201,
    build: async (f) => ({ url: `/v2/users/me/blocks/${f.other.id}` }),
  },
  {
    method: 'DELETE', url: '/v2/users/me/blocks/:user_id', scope: 'write', stranger: 404,
    why: '`me` is the caller: the stranger has no such block to remove, and the owner’s stays', success: 200,
    async build(f) {
      await succeed(f, 'PUT', `/v2/users/me/blocks/${f.other.id}`);
      return { url: `/v2/users/me/blocks/${f.other.id}` };
    },
  },
  {
    method: 'POST', url: '/v2/webhooks', scope: 'read', stranger: null, why: 'a subscription is the caller’s own', success: 201,
    // A literal public address: nothing is looked up, and nothing is sent (no worker runs here).
    build: async () => ({ url: '/v2/webhooks', payload: { url: 'https://93.184.216.34/hooks', events: ['note.created'] } }),
  },
  {
    method: 'DELETE', url: '/v2/webhooks/:id', scope: 'read', stranger: 404, success: 200,
    async build(f) {
      const res = await f.t.request({ method: 'POST', url: '/v2/webhooks', token: f.ownerFull, payload: { url: 'https://93.184.216.34/hooks', events: ['note.created'] } });
      if (res.statusCode !== 201) throw new Error(`subscribing answered ${res.statusCode}: ${res.body}`);
      return { url: `/v2/webhooks/${res.json().data.id}` };
    },
  },
];

/** Every scope that does not amount to `needed`: the strongest token that must still be refused. */
function scopesLacking(needed: Scope): string {
  return SCOPES.filter((s) => !expandScopes([s]).has(needed)).join(' ');
}

describe('the authorization matrix’s case table', () => {
  let routes: RouteEntry[];

  beforeAll(async () => {
    const collector = routeCollector();
    const t = await createTestApp({ storage: 'memory', onRoute: collector.onRoute });
    await t.close();
    routes = mutatingApiRoutes(collector.routes);
  });

  it('describes every mutating /v2 route of the server, and no route the server lacks', () => {
    const described = new Set(CASES.map(routeKey));
    const served = new Set(routes.map(routeKey));
    expect(routes.length).toBeGreaterThan(20);
    expect([...served].filter((k) => !described.has(k))).toEqual([]);
    expect([...described].filter((k) => !served.has(k))).toEqual([]);
  });

  it('documents the scope each route declares (docs/api.md, Scopes)', () => {
    const declared = Object.fromEntries(routes.map((r) => [routeKey(r), r.scope ?? 'none']));
    const documented = Object.fromEntries(CASES.map((c) => [routeKey(c), c.scope]));
    expect(declared).toEqual(documented);
  });
});

describe.each(ALL_STORAGES)('authorization of every mutating route over %s storage', (storage) => {
  let t: TestApp;
  let counter = 0;
  /** A fresh owner, stranger and third user with tokens: cases do not see each other's relations. */
  const fixture = async () => {
    counter += 1;
    const owner = await t.createUser(`owner${counter}`);
    const other = await t.createUser(`other${counter}`);
    const stranger = await t.createUser(`stranger${counter}`);
    const f: Fixture = { t, owner, ownerFull: await t.token(owner, FULL), other, otherFull: await t.token(other, FULL) };
    return { f, stranger };
  };

  beforeAll(async () => { t = await createTestApp({ storage }); });
  afterAll(() => t.close());

  describe.each(CASES.map((c) => [`${routeKey(c)} (${c.stranger ?? 'open to any user'} for a stranger)`, c] as const))('%s', (_name, c) => {
    let f: Fixture;
    let stranger: TestUser;
    let built: Built;
    const send = (token?: string) => t.request({ method: c.method, url: built.url, token, payload: built.payload, headers: built.headers });

    beforeAll(async () => {
      ({ f, stranger } = await fixture());
      built = await c.build(f);
    });

    it('answers 401 with a Bearer challenge without a token, and 401 invalid_token for an unknown one', async () => {
      const res = await send();
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="place-notes"');
      expect(res.json().meta.error.type).toBe('unauthorized');
      const forged = await send('not-a-token-anyone-was-given');
      expect(forged.statusCode).toBe(401);
      expect(forged.headers['www-authenticate']).toBe('Bearer realm="place-notes", error="invalid_token"');
    });

    // Every token holds `read`: a route that needs only it has no token lacking its scope.
    (scopesLacking(c.scope) === '' ? it.skip : it)(`answers 403 insufficient_scope to the owner's token lacking "${c.scope}"`, async () => {
      const res = await send(await t.token(f.owner, scopesLacking(c.scope)));
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe(`Bearer realm="place-notes", error="insufficient_scope", scope="${c.scope}"`);
      expect(res.json().meta.error.type).toBe('forbidden');
    });

    it(c.stranger === null ? `lets another user act for themself (${c.why ?? ''})` : `answers ${c.stranger} to another user's token with every scope${c.why ? ` (${c.why})` : ''}`, async () => {
      const res = await send(await t.token(stranger, FULL));
      if (c.stranger === null) {
        expect(res.statusCode).toBe(c.success);
        return;
      }
      expect(res.statusCode).toBe(c.stranger);
      expect(res.json().meta.error.type).toBe(c.stranger === 403 ? 'forbidden' : 'not_found');
    });

    it(`answers ${c.success} to the owner's token with just "${c.scope}", after all the refusals changed nothing`, async () => {
      const res = await send(await t.token(f.owner, c.scope));
      expect(res.statusCode).toBe(c.success);
      expect(res.json().meta.http_status).toBe(c.success);
      // The change happened: what was deleted is gone.
      if (c.method === 'DELETE') expect((await send(f.ownerFull)).statusCode).toBe(404);
    });
  });
});
