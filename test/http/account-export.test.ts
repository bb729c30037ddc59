import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fields, filePart, makeImage, multipart } from '../support/multipart';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

const run = promisify(execFile);

/** The archive's entries as `unzip` reads them, after `unzip -t` found it sound. */
async function unzipped(dir: string, zip: Buffer): Promise<{ names: string[]; text: (name: string) => Promise<string>; bytes: (name: string) => Promise<Buffer> }> {
  const file = join(dir, `export-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(file, zip);
  const tested = await run('unzip', ['-t', file]);
  expect(tested.stdout).toContain('No errors detected');
  const listing = await run('zipinfo', ['-1', file]);
  const read = async (name: string) => (await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 << 20 })).stdout;
  return { names: listing.stdout.trim().split('\n'), bytes: read, text: async (name) => (await read(name)).toString('utf8') };
}

// The export of everything a user made (docs/privacy.md): a ZIP of their profile, notes at exact positions,
// comments, notemaps, relations and image files, and nobody else's.
describe.each(ALL_STORAGES)('account export over %s storage', (storage) => {
  let t: TestApp;
  let dir: string;
  let ada: TestUser;
  let bob: TestUser;
  let adaAll: string;
  const notes: Record<string, number> = {};
  let bobNote: number;
  let bobComment: number;
  let bobMap: number;
  let adaMap: number;
  let adaComment: number;
  let placeId: number;
  let imageKey: string;
  let avatar: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-export-'));
    t = await createTestApp({ storage });
    ada = await t.createUser('ada', { name: 'Ada L.' });
    bob = await t.createUser('bob');
    adaAll = await t.token(ada, 'write notes contacts delete');
    const bobAll = await t.token(bob, 'write notes contacts delete');

    notes.home = await postNote(t, adaAll, {
      message: 'Home #home', latitude: 38.697612, longitude: -9.203301, locationPrecision: 'city', street: 'Rua de Belém',
      streetNumber: '84', city: 'Lisbon', country: 'Portugal', tags: 'first,second',
    });
    notes.secret = await postNote(t, adaAll, { message: 'Only mine', visibility: 'self' });
    notes.forBob = await postNote(t, adaAll, { message: 'For Bob', visibility: 'recipients', recipients: 'bob' });
    const jpeg = await makeImage('jpeg', 30, 20);
    const withImage = await t.request({
      method: 'POST', url: '/v2/notes', token: adaAll,
      ...multipart([...fields({ message: 'A picture', latitude: 1, longitude: 2 }), filePart('image_file', 'jpeg', jpeg)]),
    });
    expect(withImage.statusCode).toBe(201);
    notes.picture = withImage.json().data.id;
    imageKey = String(withImage.json().data.image.urlRoot).split('/').pop()!;
    avatar = await makeImage('png', 16, 16);
    expect((await t.request({ method: 'PUT', url: '/v2/users/me/avatar', token: adaAll, ...multipart([filePart('avatar', 'png', avatar)]) })).statusCode).toBe(200);

    bobNote = await postNote(t, bobAll, { message: 'Bob was here', city: 'Porto', country: 'Portugal' });
    placeId = (await t.request({ method: 'GET', url: `/v2/notes/${bobNote}` })).json().data.place.id;
    bobComment = (await t.request({ method: 'POST', url: `/v2/notes/${bobNote}/comments`, token: bobAll, payload: { comment: 'Bob on Bob' } })).json().data.id;
    adaComment = (await t.request({ method: 'POST', url: `/v2/notes/${bobNote}/comments`, token: adaAll, payload: { comment: 'Ada says hi', title: 'Hi' } })).json().data.id;
    bobMap = await postNotemap(t, bobAll, "Bob's map");
    adaMap = await postNotemap(t, adaAll, "Ada's map", 'Places I like');
    for (const note of [notes.home!, bobNote]) {
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${adaMap}/notes`, token: adaAll, payload: { note_id: note } })).statusCode).toBe(201);
    }
    const relate = async (url: string) => expect((await t.request({ method: 'POST', url, token: adaAll })).statusCode).toBe(201);
    await relate(`/v2/notes/${bobNote}/favoriters`);
    await relate(`/v2/notes/${bobNote}/comments/${bobComment}/favoriters`);
    await relate(`/v2/notes/${bobNote}/finders`);
    await relate(`/v2/users/${bob.id}/followers`);
    await relate(`/v2/notemaps/${bobMap}/followers`);
    await relate(`/v2/places/${placeId}/followers`);
    // Bob's relations to Ada's things are Bob's, not Ada's.
    await t.request({ method: 'POST', url: `/v2/notes/${notes.home}/favoriters`, token: bobAll });
    await t.request({ method: 'POST', url: `/v2/users/${ada.id}/followers`, token: bobAll });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const exported = async (token: string) => {
    const res = await t.request({ method: 'GET', url: '/v2/users/me/export', token });
    expect(res.statusCode).toBe(200);
    return { res, zip: await unzipped(dir, res.rawPayload) };
  };

  it('answers a ZIP download that a standard tool opens, holding every file', async () => {
    const { res, zip } = await exported(await t.token(ada, 'readall'));
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="place-notes-ada-\d{4}-\d{2}-\d{2}\.zip"$/u);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const avatarKey = zip.names.find((name) => name.startsWith('images/') && name !== `images/${imageKey}`);
    expect(zip.names.slice(0, 5)).toEqual(['profile.json', 'notes.geojson', 'comments.json', 'notemaps.json', 'relations.json']);
    expect([...zip.names.slice(5)].sort()).toEqual([avatarKey, `images/${imageKey}`].sort());
  });

  it('holds the profile, with the e-mail and the avatar file', async () => {
    const { zip } = await exported(adaAll);
    const profile = JSON.parse(await zip.text('profile.json'));
    expect(profile).toMatchObject({ id: ada.id, username: 'ada', email: 'ada@example.com', name: 'Ada L.', description: null });
    expect(new Date(profile.createdAt).getTime()).not.toBeNaN();
    expect(profile.avatar).toMatch(/^images\/.+/u);
    const stored = await zip.bytes(profile.avatar);
    expect(stored.length).toBeGreaterThan(0);
  });

  it('holds every note of every visibility as GeoJSON at the exact position, with tags, recipients and image', async () => {
    const { zip } = await exported(adaAll);
    const geo = JSON.parse(await zip.text('notes.geojson'));
    expect(geo.type).toBe('FeatureCollection');
    const byId = new Map<number, { geometry: { coordinates: number[] }; properties: Record<string, unknown> }>(
      geo.features.map((f: { id: number }) => [f.id, f]),
    );
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([notes.home, notes.secret, notes.forBob, notes.picture].sort((a, b) => a! - b!));
    const home = byId.get(notes.home!)!;
    expect(home.geometry).toEqual({ type: 'Point', coordinates: [-9.203301, 38.697612] });
    expect(home.properties).toMatchObject({
      message: 'Home #home', visibility: 'public', locationPrecision: 'city', street: 'Rua de Belém', streetNumber: '84',
      city: 'Lisbon', latitude: 38.697612, longitude: -9.203301, image: null,
    });
    expect(home.properties.tags).toEqual(expect.arrayContaining(['first', 'second', 'home']));
    expect(byId.get(notes.secret!)!.properties.visibility).toBe('self');
    expect(byId.get(notes.forBob!)!.properties.recipients).toEqual(['bob']);
    const picture = byId.get(notes.picture!)!.properties.image as { path: string; width: number; height: number };
    expect(picture).toEqual({ path: `images/${imageKey}`, width: 30, height: 20 });
    const served = await t.request({ method: 'GET', url: `/images/${imageKey}` });
    expect((await zip.bytes(picture.path)).equals(served.rawPayload)).toBe(true);
  });

  it('holds the comments and notemaps the user wrote, and nobody else\'s', async () => {
    const { zip } = await exported(adaAll);
    const comments = JSON.parse(await zip.text('comments.json'));
    expect(comments).toEqual([expect.objectContaining({ id: adaComment, noteId: bobNote, title: 'Hi', comment: 'Ada says hi' })]);
    const notemaps = JSON.parse(await zip.text('notemaps.json'));
    expect(notemaps).toEqual([expect.objectContaining({ id: adaMap, name: "Ada's map", description: 'Places I like', noteIds: [notes.home, bobNote] })]);
  });

  it('holds the favorites, finds and follows the user made', async () => {
    const { zip } = await exported(adaAll);
    const relations = JSON.parse(await zip.text('relations.json'));
    const made = expect.any(String);
    expect(relations).toEqual({
      favorites: { notes: [{ id: bobNote, createdAt: made }], comments: [{ id: bobComment, createdAt: made }] },
      finds: [{ id: bobNote, createdAt: made }],
      follows: {
        users: [{ id: bob.id, username: 'bob', createdAt: made }],
        notemaps: [{ id: bobMap, name: "Bob's map", createdAt: made }],
        places: [{ id: placeId, city: 'Porto', state: null, country: 'Portugal', createdAt: made }],
      },
    });
  });

  it('gives a user with nothing an archive of empty files', async () => {
    const carol = await t.createUser('carol');
    const { zip } = await exported(await t.token(carol, 'readall'));
    expect(zip.names).toEqual(['profile.json', 'notes.geojson', 'comments.json', 'notemaps.json', 'relations.json']);
    expect(JSON.parse(await zip.text('notes.geojson'))).toEqual({ type: 'FeatureCollection', features: [] });
    expect(JSON.parse(await zip.text('comments.json'))).toEqual([]);
    expect(JSON.parse(await zip.text('relations.json')).follows.places).toEqual([]);
  });

  it('needs a token with readall', async () => {
    expect((await t.request({ method: 'GET', url: '/v2/users/me/export' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/v2/users/me/export', token: await t.token(ada, 'read') });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope", scope="readall"');
  });
});
