import { sql } from 'kysely';
import { MAX_FAILED_LOG_INS } from '../../src/application/accounts/log-in-throttle';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import { BLOB_STORE, type BlobStore } from '../../src/application/ports/blob-store';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { USER_REPOSITORY, type UserRepository } from '../../src/application/ports/user-repository';
import { filePart, fields, makeImage, multipart } from '../support/multipart';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { signUp, WebAgent } from '../support/web-agent';

const PASSWORD = 'correct horse battery';

interface Association {
  meta: { count: number; nextUrl: string };
}

const isAssociation = (value: unknown): value is Association =>
  typeof value === 'object' && value !== null && 'meta' in value && typeof (value as Association).meta?.count === 'number'
  && typeof (value as Association).meta.nextUrl === 'string';

// Deleting an account (docs/privacy.md): on /settings/account, with the password typed again and the form's CSRF
// token, everything of the member goes in one transaction; what stays counts right at once, their tokens stop
// working, their files are deleted and their username is free.
describe.each(ALL_STORAGES)('account deletion over %s storage', (storage) => {
  let t: TestApp;
  let agent: WebAgent;
  let ada: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let adaToken: string;
  let bobToken: string;
  let carolToken: string;
  let bobThroughAdasApp: string;
  const blobKeys: string[] = [];
  let avatarHash: string;
  const kept: { notes: number[]; notemaps: number[] } = { notes: [], notemaps: [] };

  /** A bearer token of `userId` issued to an application `ownerId` registered. */
  async function tokenThroughAppOf(ownerId: number, userId: number): Promise<string> {
    const uow = t.container.resolve<UnitOfWork>(UNIT_OF_WORK);
    const token = newSecret();
    await uow.run(async ({ clients, tokens }) => {
      const clientId = await clients.create({
        clientId: `app-${newSecret()}`, secretHash: null, name: "Ada's app", ownerId, redirectUris: ['http://localhost/cb'], allowImplicit: false,
      }, new Date());
      await tokens.create({ tokenHash: sha256Hex(token), userId, clientId, scopes: ['read', 'readall'], expiresAt: null }, new Date());
    });
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp({ storage });
    agent = new WebAgent(t.app);
    expect((await signUp(agent, 'ada', PASSWORD)).statusCode).toBe(303);
    const adaId = (await t.container.resolve<UserRepository>(USER_REPOSITORY).findByUsername('ada'))!.id;
    ada = { id: adaId, username: 'ada' };
    bob = await t.createUser('bob');
    carol = await t.createUser('carol');
    const all = 'write notes contacts delete';
    // The test app's one "tests" application is registered by whoever gets the first token: Bob, so that it stays.
    bobToken = await t.token(bob, all);
    [adaToken, carolToken] = [await t.token(ada, all), await t.token(carol, all)];
    bobThroughAdasApp = await tokenThroughAppOf(ada.id, bob.id);
    const post = (token: string, url: string, payload?: object) => t.request({ method: 'POST', url, token, payload });
    const ok = async (promise: Promise<{ statusCode: number; body: string }>) => {
      const res = await promise;
      expect([200, 201]).toContain(res.statusCode);
      return res;
    };

    // Ada's notes: public with an image, private, for Bob; with a tag Bob also uses.
    const withImage = await ok(t.request({
      method: 'POST', url: '/v2/notes', token: adaToken,
      ...multipart([...fields({ message: 'Ada pictured #shared', latitude: 10, longitude: 10, city: 'Oslo', country: 'Norway' }), filePart('image_file', 'jpeg', await makeImage('jpeg', 20, 20))]),
    }));
    const adaPublic = JSON.parse(withImage.body).data;
    blobKeys.push(String(adaPublic.image.urlRoot).split('/').pop()!);
    const adaSelf = await postNote(t, adaToken, { message: 'Ada alone', visibility: 'self' });
    const adaForBob = await postNote(t, adaToken, { message: 'Ada to Bob', visibility: 'recipients', recipients: 'bob' });
    const avatar = await ok(t.request({ method: 'PUT', url: '/v2/users/me/avatar', token: adaToken, ...multipart([filePart('avatar', 'png', await makeImage('png', 8, 8))]) }));
    avatarHash = JSON.parse(avatar.body).data.avatar.urlRoot.split('/').pop();

    // What stays: Bob's and Carol's notes, notemaps and comments, which Ada marked, commented, mapped and followed.
    const bobNote = await postNote(t, bobToken, { message: 'Bob here #shared', city: 'Oslo', country: 'Norway' });
    const bobPrivate = await postNote(t, bobToken, { message: 'Bob alone', visibility: 'self' });
    const carolNote = await postNote(t, carolToken, { message: 'Carol here' });
    kept.notes.push(bobNote, bobPrivate, carolNote);
    const place = JSON.parse((await t.request({ method: 'GET', url: `/v2/notes/${bobNote}` })).body).data.place.id;
    const bobMap = await postNotemap(t, bobToken, "Bob's map");
    const carolMap = await postNotemap(t, carolToken, "Carol's map");
    kept.notemaps.push(bobMap, carolMap);
    const adaMap = await postNotemap(t, adaToken, "Ada's map");
    for (const [token, map, note] of [
      [adaToken, adaMap, bobNote], [adaToken, adaMap, carolNote], [adaToken, adaMap, adaPublic.id],
      [bobToken, bobMap, adaPublic.id], [bobToken, bobMap, bobNote], [carolToken, carolMap, carolNote], [carolToken, carolMap, adaPublic.id],
    ] as const) await ok(post(token, `/v2/notemaps/${map}/notes`, { note_id: note }));
    const comment = async (token: string, note: number, text: string) => JSON.parse((await ok(post(token, `/v2/notes/${note}/comments`, { comment: text }))).body).data.id as number;
    const adaOnBob = await comment(adaToken, bobNote, 'Ada on Bob');
    const bobOnBob = await comment(bobToken, bobNote, 'Bob on Bob');
    const bobOnAda = await comment(bobToken, adaPublic.id, 'Bob on Ada');
    await comment(adaToken, adaPublic.id, 'Ada on Ada');
    await comment(carolToken, carolNote, 'Carol on Carol');
    for (const [token, url] of [
      [adaToken, `/v2/notes/${bobNote}/favoriters`], [adaToken, `/v2/notes/${carolNote}/favoriters`], [carolToken, `/v2/notes/${bobNote}/favoriters`],
      [bobToken, `/v2/notes/${adaPublic.id}/favoriters`], [adaToken, `/v2/notes/${bobNote}/finders`], [bobToken, `/v2/notes/${adaPublic.id}/finders`],
      [carolToken, `/v2/notes/${bobNote}/finders`],
      [adaToken, `/v2/notes/${bobNote}/comments/${bobOnBob}/favoriters`], [carolToken, `/v2/notes/${bobNote}/comments/${bobOnBob}/favoriters`],
      [bobToken, `/v2/notes/${bobNote}/comments/${adaOnBob}/favoriters`], [carolToken, `/v2/notes/${adaPublic.id}/comments/${bobOnAda}/favoriters`],
      [adaToken, `/v2/users/${bob.id}/followers`], [bobToken, `/v2/users/${ada.id}/followers`], [carolToken, `/v2/users/${ada.id}/followers`],
      [carolToken, `/v2/users/${bob.id}/followers`],
      [adaToken, `/v2/notemaps/${bobMap}/followers`], [bobToken, `/v2/notemaps/${adaMap}/followers`], [carolToken, `/v2/notemaps/${bobMap}/followers`],
      [adaToken, `/v2/places/${place}/followers`], [bobToken, `/v2/places/${place}/followers`],
    ] as const) await ok(post(token, url));
    // Ada's note, comment and notemap are there before the deletion.
    for (const url of [`/v2/notes/${adaPublic.id}`, `/v2/notes/${adaSelf}`, `/v2/notes/${adaForBob}`, `/v2/notemaps/${adaMap}`]) {
      expect((await t.request({ method: 'GET', url, token: adaToken })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const deleteWith = async (password: string) => {
    const page = await agent.get('/settings/account');
    expect(page.statusCode).toBe(200);
    return agent.post('/settings/account/delete', { password }, page);
  };

  it('shows the account page only to a signed-in member, with the export link and the deletion form', async () => {
    const anonymous = await new WebAgent(t.app).get('/settings/account');
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/login?next=%2Fsettings%2Faccount');
    const page = await agent.get('/settings/account');
    expect(page.body).toContain('href="/settings/account/export"');
    expect(page.body).toContain('<form method="post" action="/settings/account/delete">');
    expect(page.body).toContain('<label for="password">Your password</label>');
  });

  it('downloads the export through the session', async () => {
    const res = await agent.get('/settings/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="place-notes-ada-/u);
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });

  it('refuses a form without its CSRF token, and a wrong password, deleting nothing', async () => {
    const forged = await agent.post('/settings/account/delete', { password: PASSWORD });
    expect(forged.statusCode).toBe(403);
    const wrong = await deleteWith('not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The password is not your password.');
    expect((await t.request({ method: 'GET', url: `/v2/users/${ada.id}` })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v2/users/me/export', token: adaToken })).statusCode).toBe(200);
  });

  it('stops checking after too many wrong passwords, as the log-in does', async () => {
    const dora = new WebAgent(t.app);
    await signUp(dora, 'dora', PASSWORD);
    const page = await dora.get('/settings/account');
    for (let i = 0; i < MAX_FAILED_LOG_INS; i++) expect((await dora.post('/settings/account/delete', { password: 'wrong' }, page)).statusCode).toBe(400);
    const refused = await dora.post('/settings/account/delete', { password: PASSWORD }, page);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many wrong passwords');
    expect((await t.request({ method: 'GET', url: '/v2/users/by_username/dora' })).statusCode).toBe(200);
  });

  describe('once deleted', () => {
    beforeAll(async () => {
      const done = await deleteWith(PASSWORD);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/account-deleted');
      expect(done.cookies.find((c) => c.name === 'pn_session')?.value ?? '').toBe('');
      const goodbye = await agent.get('/account-deleted');
      expect(goodbye.body).toContain('The account is deleted');
    });

    it('leaves nothing of the member: profile, notes, notemap, files', async () => {
      expect((await t.request({ method: 'GET', url: `/v2/users/${ada.id}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/v2/users/by_username/ada' })).statusCode).toBe(404);
      const notes = JSON.parse((await t.request({ method: 'GET', url: '/v2/notes?limit=100', token: bobToken })).body);
      expect(notes.data.map((n: { author: { id: number } }) => n.author.id)).not.toContain(ada.id);
      expect(notes.meta.count).toBe(notes.data.length);
      const blobs = t.container.resolve<BlobStore>(BLOB_STORE);
      for (const key of blobKeys) await expect(blobs.get(key)).resolves.toBeNull();
      expect((await t.request({ method: 'GET', url: `/avatars/${avatarHash}` })).statusCode).toBe(404);
    });

    it('stops every token of the member, and every token their applications were given', async () => {
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}`, token: adaToken })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}`, token: bobThroughAdasApp })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `/v2/users/${bob.id}`, token: bobToken })).statusCode).toBe(200);
      expect((await agent.get('/settings/account')).statusCode).toBe(303);
    });

    it('gives every count of what stays the length of its list', async () => {
      const tokens = new Map([[bob.id, bobToken], [carol.id, carolToken]]);
      /** Every association of the resource at `url` (as `token` sees it) against the list it names, and so on `depth` deep. */
      const agree = async (url: string, token: string, depth: number): Promise<number> => {
        const res = await t.request({ method: 'GET', url, token });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
        const body = JSON.parse(res.body);
        const resources: Record<string, unknown>[] = Array.isArray(body.data) ? body.data : [body.data];
        let checked = 0;
        for (const resource of resources) {
          for (const [name, value] of Object.entries(resource)) {
            if (!isAssociation(value)) continue;
            const list = JSON.parse((await t.request({ method: 'GET', url: `${value.meta.nextUrl}?limit=100`, token })).body);
            expect({ url, name, count: value.meta.count }).toEqual({ url, name, count: list.meta.count });
            expect({ url, name, count: value.meta.count }).toEqual({ url, name, count: list.data.length });
            checked++;
            if (depth > 0 && list.data.length > 0 && !value.meta.nextUrl.endsWith('/notes')) {
              checked += await agree(`${value.meta.nextUrl}?limit=100`, token, depth - 1);
            }
          }
        }
        return checked;
      };
      let checked = 0;
      for (const note of kept.notes) {
        const author = note === kept.notes[2] ? carol.id : bob.id;
        checked += await agree(`/v2/notes/${note}`, tokens.get(author)!, 1);
        checked += await agree(`/v2/notes/${note}/comments?limit=100`, tokens.get(author)!, 0);
      }
      for (const [id, token] of tokens) checked += await agree(`/v2/users/${id}`, token, 0);
      for (const map of kept.notemaps) checked += await agree(`/v2/notemaps/${map}`, bobToken, 0);
      expect(checked).toBeGreaterThan(40);
      // Counts as they stand now, by hand, where Ada's part is easy to see.
      const bobNote = JSON.parse((await t.request({ method: 'GET', url: `/v2/notes/${kept.notes[0]}`, token: bobToken })).body).data;
      expect([bobNote.comments.meta.count, bobNote.favoriters.meta.count, bobNote.finders.meta.count, bobNote.notemaps.meta.count]).toEqual([1, 1, 1, 1]);
      const bobUser = JSON.parse((await t.request({ method: 'GET', url: `/v2/users/${bob.id}`, token: bobToken })).body).data;
      expect([bobUser.followers.meta.count, bobUser.following.meta.count]).toEqual([1, 0]);
    });

    it('keeps every stored counter equal to the rows it counts', async () => {
      if (t.database === null) return;
      const db = t.database.kysely;
      const { rows: notes } = await sql<{ id: number }>`select id from notes n
        where comments_count <> (select count(*) from comments c where c.note_id = n.id)
           or favoriters_count <> (select count(*) from note_favorites f where f.note_id = n.id)
           or finders_count <> (select count(*) from note_finds f where f.note_id = n.id)
           or notemaps_count <> (select count(*) from notemap_notes m where m.note_id = n.id)`.execute(db);
      expect(notes).toEqual([]);
      const { rows: comments } = await sql<{ id: number }>`select id from comments c
        where favoriters_count <> (select count(*) from comment_favorites f where f.comment_id = c.id)`.execute(db);
      expect(comments).toEqual([]);
      const { rows: [counter] } = await sql<{ kept: number; actual: number }>`select
        (select coalesce(sum(value), 0) from note_counters where name = 'public_notes')::int as kept,
        (select count(*) from notes where visibility = 'public')::int as actual`.execute(db);
      expect(counter!.kept).toBe(counter!.actual);
      const { rows: [leftovers] } = await sql<{ n: number }>`select
        (select count(*) from oauth_clients where owner_id = ${ada.id}) + (select count(*) from access_tokens where user_id = ${ada.id})
        + (select count(*) from web_sessions where user_id = ${ada.id}) + (select count(*) from comments where author_id = ${ada.id})::int as n`.execute(db);
      expect(Number(leftovers!.n)).toBe(0);
    });

    it('frees the username for anyone to take', async () => {
      const newcomer = new WebAgent(t.app);
      expect((await signUp(newcomer, 'ada', 'another long password')).statusCode).toBe(303);
      const fresh = await t.request({ method: 'GET', url: '/v2/users/by_username/ada' });
      expect(fresh.statusCode).toBe(200);
      expect(JSON.parse(fresh.body).data.id).not.toBe(ada.id);
    });
  });
});
