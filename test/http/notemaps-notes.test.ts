import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';
import { addToNotemap, postNote, postNotemap, setNoteImage } from '../support/notemap-helpers';

const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

describe.each(ALL_STORAGES)('the notes of a notemap over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceWrite: string;
  let aliceNotes: string;
  let aliceRead: string;
  let bobWrite: string;
  let bobNotes: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    aliceWrite = await t.token(alice, 'write');
    aliceNotes = await t.token(alice, 'notes');
    aliceRead = await t.token(alice, 'read');
    bobWrite = await t.token(bob, 'write');
    bobNotes = await t.token(bob, 'notes');
  });
  afterAll(() => t.close());

  const get = async (url: string, token?: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const add = (token: string | undefined, notemapId: number | string, payload: object) =>
    t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/notes`, token, payload });
  const remove = (token: string | undefined, notemapId: number | string, noteId: number | string) =>
    t.request({ method: 'DELETE', url: `/v2/notemaps/${notemapId}/notes/${noteId}`, token });

  describe('POST /v2/notemaps/:id/notes', () => {
    it('adds a note (201, meta only), a second time adds nothing (200), and every count follows', async () => {
      const map = await postNotemap(t, aliceWrite, 'Added to');
      const note = await postNote(t, bobNotes, { message: 'Bob was here' });
      const first = await add(aliceWrite, map, { note_id: note });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ meta: { http_status: 201 } });
      const again = await add(aliceWrite, map, { note_id: note });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ meta: { http_status: 200 } });

      const notemap = (await get(`/v2/notemaps/${map}`)).data;
      expect(notemap.notes.meta.count).toBe(1);
      expect(notemap.authors.meta.count).toBe(2);
      expect(notemap.lastNoteAddedAt).toEqual(expect.any(Number));
      expect(Math.abs(notemap.lastNoteAddedAt - Date.now() / 1000)).toBeLessThan(60);
      const notes = await get(`/v2/notemaps/${map}/notes`);
      expect(ids(notes)).toEqual([note]);
      expect(notes.meta).toEqual({ http_status: 200, count: 1, nextUrl: null });
      const held = (await get(`/v2/notes/${note}`)).data;
      expect(held.notemaps).toEqual({ meta: { count: 1, nextUrl: `/v2/notes/${note}/notemaps` } });
      const holders = await get(`/v2/notes/${note}/notemaps`);
      expect(ids(holders)).toEqual([map]);
      expect(holders.meta.count).toBe(1);
      expect(holders.data[0]).toMatchObject({ id: map, link: `${TEST_PUBLIC_URL}/notemaps/${map}`, name: 'Added to' });
    });

    it('takes note_id from a form body as text', async () => {
      const map = await postNotemap(t, aliceWrite, 'Form add');
      const note = await postNote(t, aliceNotes);
      const res = await t.request({
        method: 'POST', url: `/v2/notemaps/${map}/notes`, token: aliceWrite,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `note_id=${note}`,
      });
      expect(res.statusCode).toBe(201);
    });

    it('answers 400 without a note_id or with one that is not an id', async () => {
      const map = await postNotemap(t, aliceWrite, 'Bad input');
      for (const payload of [{}, { note_id: 'abc' }, { note_id: 0 }, { note_id: 1.5 }]) {
        const res = await add(aliceWrite, map, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().meta.error.fields[0].name).toBe('note_id');
      }
    });

    it('answers 401 without a token, 403 to another user or a token without write', async () => {
      const map = await postNotemap(t, aliceWrite, 'Guarded adds');
      const note = await postNote(t, aliceNotes);
      expect((await add(undefined, map, { note_id: note })).statusCode).toBe(401);
      const other = await add(bobWrite, map, { note_id: note });
      expect(other.statusCode).toBe(403);
      expect(other.json().meta.error.type).toBe('forbidden');
      expect((await add(aliceRead, map, { note_id: note })).statusCode).toBe(403);
      expect((await get(`/v2/notemaps/${map}`)).data.notes.meta.count).toBe(0);
    });

    it('answers 404 for a notemap or a note that does not exist, and for a note the creator may not read', async () => {
      const map = await postNotemap(t, aliceWrite, 'Missing things');
      const note = await postNote(t, aliceNotes);
      const bobsSecret = await postNote(t, bobNotes, { visibility: 'self' });
      expect((await add(aliceWrite, 999999, { note_id: note })).statusCode).toBe(404);
      for (const noteId of [999999, 99999999999, bobsSecret]) {
        const res = await add(aliceWrite, map, { note_id: noteId });
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.message).toBe(`note ${noteId} does not exist`);
      }
    });
  });

  describe('visibility', () => {
    it('counts and lists only the notes each caller may read, and the counts match the lists', async () => {
      const map = await postNotemap(t, aliceWrite, 'Mixed');
      const open = await postNote(t, aliceNotes, { message: 'open #shared' });
      const secret = await postNote(t, aliceNotes, { message: 'secret #hidden', visibility: 'self' });
      expect(await addToNotemap(t, aliceWrite, map, open)).toBe(201);
      expect(await addToNotemap(t, aliceWrite, map, secret)).toBe(201);
      for (const [token, expected] of [[undefined, [open]], [aliceWrite, [secret, open]]] as const) {
        const notemap = (await get(`/v2/notemaps/${map}`, token)).data;
        const notes = await get(`/v2/notemaps/${map}/notes`, token);
        expect(ids(notes)).toEqual(expected);
        expect(notemap.notes.meta.count).toBe(notes.meta.count);
        expect(notemap.tags.meta.count).toBe((await get(`/v2/notemaps/${map}/tags`, token)).meta.count);
        expect(notemap.authors.meta.count).toBe((await get(`/v2/notemaps/${map}/authors`, token)).meta.count);
      }
      expect((await t.request({ method: 'GET', url: `/v2/notes/${secret}/notemaps` })).statusCode).toBe(404);
      expect(ids(await get(`/v2/notes/${secret}/notemaps`, aliceWrite))).toEqual([map]);
    });
  });

  // The total of a notemap's list is kept by counters on the database (decision `notemap-note-counts`): after every
  // write that changes what a notemap holds or who may read its notes, each reader's total must still be the number
  // of notes their list gives, and the list must be newest first whatever the order of adding.
  describe('the total and the order of a notemap\'s notes after every kind of write', () => {
    let carol: TestUser;
    let dave: TestUser;
    let bobDelete: string;

    beforeAll(async () => {
      carol = await t.createUser('carol');
      dave = await t.createUser('dave');
      bobDelete = await t.token(bob, 'delete');
    });

    /** Each reader's whole list (one page of 100) and its total, and the total on a page of one. */
    const expectLists = async (map: number, expected: Record<'anonymous' | 'alice' | 'bob' | 'carol' | 'dave', number[]>) => {
      const tokens = {
        anonymous: undefined, alice: aliceWrite, bob: bobWrite,
        carol: await t.token(carol, 'readall'), dave: await t.token(dave, 'readall'),
      };
      for (const [reader, token] of Object.entries(tokens) as [keyof typeof expected, string | undefined][]) {
        const whole = await get(`/v2/notemaps/${map}/notes?limit=100`, token);
        expect({ reader, ids: ids(whole) }).toEqual({ reader, ids: expected[reader] });
        expect({ reader, count: whole.meta.count }).toEqual({ reader, count: expected[reader].length });
        expect({ reader, count: (await get(`/v2/notemaps/${map}/notes?limit=1`, token)).meta.count }).toEqual({ reader, count: expected[reader].length });
      }
    };
    const edit = async (token: string, note: number, payload: object) => {
      const res = await t.request({ method: 'PUT', url: `/v2/notes/${note}`, token, payload });
      expect(res.statusCode).toBe(200);
    };

    it('counts public notes for everyone, and each reader\'s own and addressed ones for them alone', async () => {
      const map = await postNotemap(t, aliceWrite, 'Counted');
      const alicePublic = await postNote(t, aliceNotes, { message: 'alice public' });
      const aliceSelf = await postNote(t, aliceNotes, { message: 'alice alone', visibility: 'self' });
      const bobPublic = await postNote(t, bobNotes, { message: 'bob public' });
      const bobToBoth = await postNote(t, bobNotes, { message: 'bob to alice and carol', visibility: 'recipients', recipients: ['alice', 'carol'] });
      const bobToAlice = await postNote(t, bobNotes, { message: 'bob to alice', visibility: 'recipients', recipients: ['alice'] });
      // Added oldest last: the list is newest first all the same.
      for (const note of [bobToAlice, alicePublic, bobToBoth, aliceSelf, bobPublic]) expect(await addToNotemap(t, aliceWrite, map, note)).toBe(201);
      await expectLists(map, {
        anonymous: [bobPublic, alicePublic],
        alice: [bobToAlice, bobToBoth, bobPublic, aliceSelf, alicePublic],
        bob: [bobToAlice, bobToBoth, bobPublic, alicePublic],
        carol: [bobToBoth, bobPublic, alicePublic],
        dave: [bobPublic, alicePublic],
      });

      // A note made private, another made public, and a recipient taken off.
      await edit(bobNotes, bobPublic, { visibility: 'self' });
      await edit(aliceNotes, aliceSelf, { visibility: 'public' });
      await edit(bobNotes, bobToBoth, { recipients: ['alice'] });
      await expectLists(map, {
        anonymous: [aliceSelf, alicePublic],
        alice: [bobToAlice, bobToBoth, aliceSelf, alicePublic],
        bob: [bobToAlice, bobToBoth, bobPublic, aliceSelf, alicePublic],
        carol: [aliceSelf, alicePublic],
        dave: [aliceSelf, alicePublic],
      });

      // Back to public, an edit that keeps the visibility, a note taken out, and one deleted.
      await edit(bobNotes, bobPublic, { visibility: 'public' });
      await edit(aliceNotes, alicePublic, { message: 'alice public, edited' });
      expect((await remove(aliceWrite, map, aliceSelf)).statusCode).toBe(200);
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${bobToAlice}`, token: bobDelete })).statusCode).toBe(200);
      await expectLists(map, {
        anonymous: [bobPublic, alicePublic],
        alice: [bobToBoth, bobPublic, alicePublic],
        bob: [bobToBoth, bobPublic, alicePublic],
        carol: [bobPublic, alicePublic],
        dave: [bobPublic, alicePublic],
      });

      // Added again: counted once more, and in its place by creation time.
      expect(await addToNotemap(t, aliceWrite, map, aliceSelf)).toBe(201);
      expect(await addToNotemap(t, aliceWrite, map, aliceSelf)).toBe(200);
      await expectLists(map, {
        anonymous: [bobPublic, aliceSelf, alicePublic],
        alice: [bobToBoth, bobPublic, aliceSelf, alicePublic],
        bob: [bobToBoth, bobPublic, aliceSelf, alicePublic],
        carol: [bobPublic, aliceSelf, alicePublic],
        dave: [bobPublic, aliceSelf, alicePublic],
      });
    });

    it('counts a notemap from its start, loses the notes of a deleted account, and a deleted notemap is 404', async () => {
      const erin = await t.createUser('erin');
      const erinNotes = await t.token(erin, 'notes');
      const map = await postNotemap(t, aliceWrite, 'Outlives erin');
      await expectLists(map, { anonymous: [], alice: [], bob: [], carol: [], dave: [] });
      const erinPublic = await postNote(t, erinNotes, { message: 'erin public' });
      const erinToAlice = await postNote(t, erinNotes, { message: 'erin to alice', visibility: 'recipients', recipients: ['alice'] });
      const alicePublic = await postNote(t, aliceNotes, { message: 'alice public' });
      for (const note of [erinPublic, erinToAlice, alicePublic]) expect(await addToNotemap(t, aliceWrite, map, note)).toBe(201);
      await expectLists(map, { anonymous: [alicePublic, erinPublic], alice: [alicePublic, erinToAlice, erinPublic], bob: [alicePublic, erinPublic], carol: [alicePublic, erinPublic], dave: [alicePublic, erinPublic] });

      await t.container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.delete(erin.id));
      await expectLists(map, { anonymous: [alicePublic], alice: [alicePublic], bob: [alicePublic], carol: [alicePublic], dave: [alicePublic] });

      expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${map}`, token: aliceWrite })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${map}/notes` })).statusCode).toBe(404);
    });

    it('pages newest first by nextUrl (cursor) and by offset alike', async () => {
      const map = await postNotemap(t, aliceWrite, 'Paged');
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push(await postNote(t, i === 2 ? bobNotes : aliceNotes, { message: `paged ${i}`, ...(i === 3 ? { visibility: 'self' } : {}) }));
      for (const note of [made[2]!, made[4]!, made[0]!, made[3]!, made[1]!]) expect(await addToNotemap(t, aliceWrite, map, note)).toBe(201);
      const newestFirst = [...made].reverse();
      for (const [token, expected] of [[undefined, newestFirst.filter((id) => id !== made[3])], [aliceWrite, newestFirst]] as const) {
        const walked: number[] = [];
        let url: string | null = `/v2/notemaps/${map}/notes?limit=2`;
        while (url !== null) {
          const page = await get(url, token);
          expect(page.meta.count).toBe(expected.length);
          walked.push(...ids(page));
          url = page.meta.nextUrl;
        }
        expect(walked).toEqual(expected);
        const byOffset = await get(`/v2/notemaps/${map}/notes?offset=2&limit=2`, token);
        expect(ids(byOffset)).toEqual(expected.slice(2, 4));
        expect(byOffset.meta.count).toBe(expected.length);
      }
    });
  });

  describe('DELETE /v2/notemaps/:id/notes/:note_id', () => {
    it('removes a note (200, meta only), then 404; the note\'s notemaps count drops', async () => {
      const map = await postNotemap(t, aliceWrite, 'Removed from');
      const note = await postNote(t, aliceNotes);
      await addToNotemap(t, aliceWrite, map, note);
      const res = await remove(aliceWrite, map, note);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { http_status: 200 } });
      expect((await get(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(0);
      expect((await get(`/v2/notemaps/${map}/notes`)).meta.count).toBe(0);
      expect((await remove(aliceWrite, map, note)).statusCode).toBe(404);
    });

    it('answers 401 without a token, 403 to another user or without write, 404 for no notemap or a bad id', async () => {
      const map = await postNotemap(t, aliceWrite, 'Guarded removes');
      const note = await postNote(t, aliceNotes);
      await addToNotemap(t, aliceWrite, map, note);
      expect((await remove(undefined, map, note)).statusCode).toBe(401);
      expect((await remove(bobWrite, map, note)).statusCode).toBe(403);
      expect((await remove(aliceRead, map, note)).statusCode).toBe(403);
      expect((await remove(aliceWrite, 999999, note)).statusCode).toBe(404);
      expect((await remove(aliceWrite, map, 'x')).statusCode).toBe(404);
      expect((await get(`/v2/notemaps/${map}/notes`)).meta.count).toBe(1);
    });
  });

  describe('deletes', () => {
    it('deleting a notemap drops its notes\' notemaps counts and its follows', async () => {
      const map = await postNotemap(t, aliceWrite, 'Doomed');
      const kept = await postNotemap(t, aliceWrite, 'Kept');
      const note = await postNote(t, bobNotes);
      await addToNotemap(t, aliceWrite, map, note);
      await addToNotemap(t, aliceWrite, kept, note);
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/followers`, token: bobWrite })).statusCode).toBe(201);
      expect((await get(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(2);

      expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${map}`, token: aliceWrite })).statusCode).toBe(200);
      expect((await get(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(1);
      expect(ids(await get(`/v2/notes/${note}/notemaps`))).toEqual([kept]);
      const followed = await get(`/v2/users/${bob.id}/followed_notemaps`);
      expect(followed).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null } });
      expect((await get(`/v2/users/${bob.id}`)).data.followedNotemaps.meta.count).toBe(0);
    });

    it('deleting a note takes it out of every notemap', async () => {
      const map = await postNotemap(t, aliceWrite, 'Loses a note');
      const note = await postNote(t, aliceNotes);
      await addToNotemap(t, aliceWrite, map, note);
      const deleter = await t.token(alice, 'delete');
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${note}`, token: deleter })).statusCode).toBe(200);
      expect((await get(`/v2/notemaps/${map}`)).data.notes.meta.count).toBe(0);
      expect((await get(`/v2/notemaps/${map}/notes`)).data).toEqual([]);
    });
  });

  describe('images', () => {
    it('shows the image of the most recently added readable note with one, and lists the notes with images', async () => {
      const map = await postNotemap(t, aliceWrite, 'Pictures');
      const plain = await postNote(t, aliceNotes);
      const older = await postNote(t, aliceNotes);
      const newer = await postNote(t, aliceNotes);
      const hidden = await postNote(t, aliceNotes, { visibility: 'self' });
      await setNoteImage(t, older, { key: 'older.jpg', width: 640, height: 480 });
      await setNoteImage(t, newer, { key: 'newer.png', width: 800, height: 600 });
      await setNoteImage(t, hidden, { key: 'hidden.webp', width: 10, height: 20 });
      expect((await get(`/v2/notemaps/${map}`)).data.image).toBeNull();
      for (const note of [newer, older, plain, hidden]) {
        await addToNotemap(t, aliceWrite, map, note);
        // Adds in the same millisecond would tie; the image follows the time of adding.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }

      const forAnyone = (await get(`/v2/notemaps/${map}`)).data;
      expect(forAnyone.image).toEqual({ originalHeight: 480, originalWidth: 640, urlRoot: `${TEST_PUBLIC_URL}/images/older.jpg` });
      const withImages = await get(`/v2/notemaps/${map}/notes_with_images`);
      expect(ids(withImages).sort()).toEqual([newer, older].sort());
      expect(forAnyone.notesWithImages).toEqual({ meta: { count: 2, nextUrl: `/v2/notemaps/${map}/notes_with_images` } });

      const forAlice = (await get(`/v2/notemaps/${map}`, aliceWrite)).data;
      expect(forAlice.image).toEqual({ originalHeight: 20, originalWidth: 10, urlRoot: `${TEST_PUBLIC_URL}/images/hidden.webp` });
      expect(forAlice.notesWithImages.meta.count).toBe((await get(`/v2/notemaps/${map}/notes_with_images`, aliceWrite)).meta.count);
      expect(forAlice.notesWithImages.meta.count).toBe(3);
    });
  });

  describe('GET /v2/notemaps/:id/tags', () => {
    it('lists at most the 20 most used tags, most used first, and counts that list', async () => {
      const map = await postNotemap(t, aliceWrite, 'Tagged');
      // tag0 is on 3 notes, tag1 on 2, and 22 more tags on one note each.
      const many = Array.from({ length: 22 }, (_, i) => `solo${String(i).padStart(2, '0')}`);
      const notes = [
        await postNote(t, aliceNotes, { tags: ['tag0', 'tag1', ...many.slice(0, 11)] }),
        await postNote(t, aliceNotes, { tags: ['tag0', 'tag1', ...many.slice(11)] }),
        await postNote(t, aliceNotes, { tags: ['tag0'] }),
      ];
      for (const note of notes) await addToNotemap(t, aliceWrite, map, note);
      const tags = await get(`/v2/notemaps/${map}/tags?limit=100`);
      expect(tags.meta).toEqual({ http_status: 200, count: 20, nextUrl: null });
      expect(tags.data.map((tag: { name: string }) => tag.name)).toEqual(['tag0', 'tag1', ...many.slice(0, 18)]);
      expect(tags.data[0]).toEqual({
        id: expect.any(Number), link: `${TEST_PUBLIC_URL}/tags/tag0`, name: 'tag0',
        notes: { meta: { count: 3, nextUrl: '/v2/tags/tag0/notes' } },
      });
      expect((await get(`/v2/notemaps/${map}`)).data.tags.meta.count).toBe(20);
      const page = await get(`/v2/notemaps/${map}/tags?limit=5&offset=15`);
      expect(page.meta).toEqual({ http_status: 200, count: 20, nextUrl: null });
      expect(page.data.map((tag: { name: string }) => tag.name)).toEqual(many.slice(13, 18));
    });
  });

  describe('concurrency', () => {
    it('concurrent adds of one note to many notemaps, and repeats, keep its notemaps count equal to the list', async () => {
      const note = await postNote(t, bobNotes, { message: 'Everybody wants it' });
      const owners = [];
      for (let i = 0; i < 20; i++) owners.push(await t.createUser(`mapper${i}`));
      const tokens: string[] = [];
      for (const owner of owners) tokens.push(await t.token(owner, 'write'));
      const maps = await Promise.all(tokens.map((token, i) => postNotemap(t, token, `Map ${i}`)));
      // Every owner adds the note twice at once: one add wins (201), the other adds nothing (200).
      const statuses = await Promise.all([...tokens, ...tokens].map((token, i) => addToNotemap(t, token, maps[i % maps.length]!, note)));
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      const holders = await get(`/v2/notes/${note}/notemaps?limit=100`);
      expect(holders.data).toHaveLength(20);
      expect(holders.meta.count).toBe(20);
      expect((await get(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(20);
      await Promise.all(tokens.map((token, i) => t.request({ method: 'DELETE', url: `/v2/notemaps/${maps[i]}/notes/${note}`, token })));
      expect((await get(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(0);
    });

    it('concurrent visibility edits, adds, removals and a deletion leave every notemap\'s total equal to its list', async () => {
      const maps: number[] = [];
      for (let i = 0; i < 4; i++) maps.push(await postNotemap(t, aliceWrite, `Busy ${i}`));
      const bobs: number[] = [];
      for (let i = 0; i < 6; i++) bobs.push(await postNote(t, bobNotes, { message: `busy bob ${i}` }));
      const alices: number[] = [];
      for (let i = 0; i < 4; i++) alices.push(await postNote(t, aliceNotes, { message: `busy alice ${i}` }));
      for (const map of maps) for (const note of bobs) expect(await addToNotemap(t, aliceWrite, map, note)).toBe(201);
      const bobDelete = await t.token(bob, 'delete');
      const [p0, p1, p2, p3, p4, p5] = bobs as [number, number, number, number, number, number];
      const [m0, m1] = maps as [number, number];
      const statuses = await Promise.all([
        ...bobs.filter((note) => note !== p3).map((note, i) => t.request({
          method: 'PUT', url: `/v2/notes/${note}`, token: bobNotes, payload: bobs.indexOf(note) % 2 === 0 ? { visibility: 'self' } : { message: `busy bob ${i}, edited` },
        })),
        remove(aliceWrite, m0, p1), remove(aliceWrite, m1, p2),
        ...maps.flatMap((map) => alices.map((note) => add(aliceWrite, map, { note_id: note }))),
        t.request({ method: 'DELETE', url: `/v2/notes/${p3}`, token: bobDelete }),
      ]).then((answers) => answers.map((answer) => answer.statusCode));
      expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
      const newestAlices = [...alices].reverse();
      for (const [i, map] of maps.entries()) {
        const anonymous = [...newestAlices, p5, ...(i === 0 ? [] : [p1])];
        const forBob = [...newestAlices, p5, p4, ...(i === 1 ? [] : [p2]), ...(i === 0 ? [] : [p1]), p0];
        for (const [token, expected] of [[undefined, anonymous], [bobWrite, forBob]] as const) {
          const whole = await get(`/v2/notemaps/${map}/notes?limit=100`, token);
          expect(ids(whole)).toEqual(expected);
          expect(whole.meta.count).toBe(expected.length);
        }
      }
    });
  });

  describe('errors of the read lists', () => {
    it.each(['notes', 'notes_with_images', 'tags', 'authors', 'followers'])('/v2/notemaps/:id/%s answers 400, 401 and 404', async (list) => {
      const map = await postNotemap(t, aliceWrite, `Errors of ${list}`);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${map}/${list}?limit=101` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/${map}/${list}`, token: 'not-a-token' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/999999/${list}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/v2/notemaps/x/${list}` })).statusCode).toBe(404);
    });

    it('/v2/notes/:id/notemaps answers 400, 401 and 404', async () => {
      const note = await postNote(t, aliceNotes);
      expect((await t.request({ method: 'GET', url: `/v2/notes/${note}/notemaps?limit=0` })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: `/v2/notes/${note}/notemaps`, token: 'not-a-token' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/v2/notes/999999/notemaps' })).statusCode).toBe(404);
    });
  });
});
