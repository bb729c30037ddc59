import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { addToNotemap, postNote, postNotemap, setNoteImage } from '../support/notemap-helpers';

// Lists of notemaps and of their users cost a fixed number of SQL statements per page, whatever its size.
describe('SQL statements per notemap request', () => {
  let t: TestApp;
  let users: TestUser[];
  let token: string;
  let map: number;
  let sharedNote: number;

  beforeAll(async () => {
    t = await createTestApp();
    users = await Promise.all(['gil', 'hal', 'ida', 'jo'].map((name) => t.createUser(name)));
    // One at a time: the first token also registers the test client.
    const writers: string[] = [];
    for (const user of users) writers.push(await t.token(user, 'notes'));
    map = await postNotemap(t, writers[0]!, 'Big map');
    const allMaps: number[] = [];
    sharedNote = await postNote(t, writers[0]!, { message: 'In every map #shared' });
    for (const [i, writer] of writers.entries()) {
      for (let n = 0; n < 6; n++) {
        const note = await postNote(t, writer, { message: `note ${i}.${n} #t${n} #u${i}`, visibility: n === 5 ? 'self' : 'public' });
        if (n % 2 === 0) await setNoteImage(t, note, { key: `${i}-${n}.jpg`, width: 10, height: 10 });
        if (i === 0) await addToNotemap(t, writer, map, note);
      }
      // Every user makes maps holding the shared note, and follows the big map.
      for (let m = 0; m < 6; m++) {
        const own = await postNotemap(t, writer, `map ${i}.${m}`);
        await addToNotemap(t, writer, own, sharedNote);
        allMaps.push(own);
      }
    }
    for (const writer of writers) {
      for (const followed of [map, ...allMaps.slice(0, 6)]) {
        await t.request({ method: 'POST', url: `/v2/notemaps/${followed}/followers`, token: writer });
      }
    }
    // Other users' public notes in the big map, so it has several authors.
    const others = await t.request({ method: 'GET', url: '/v2/notes?limit=100' });
    for (const note of others.json().data) await addToNotemap(t, writers[0]!, map, note.id);
    token = await t.token(users[0]!, 'readall');
  });
  afterAll(() => t.close());

  // The token is used once first: a token used a moment ago is answered from the cache, so both sides count alike.
  const statementsFor = async (url: string, withToken: boolean) => {
    if (withToken) await t.request({ method: 'GET', url: '/v2/notemaps?limit=1', token });
    t.resetQueries();
    const res = await t.request({ method: 'GET', url, token: withToken ? token : undefined });
    expect(res.statusCode).toBe(200);
    return { count: t.queries.length, items: (res.json().data as unknown[]).length };
  };

  const lists = (): string[] => [
    '/v2/notemaps',
    `/v2/users/${users[1]!.id}/notemaps`,
    `/v2/users/${users[1]!.id}/followed_notemaps`,
    `/v2/notes/${sharedNote}/notemaps`,
    `/v2/notemaps/${map}/authors`,
    `/v2/notemaps/${map}/followers`,
    `/v2/notemaps/${map}/tags`,
    `/v2/notemaps/${map}/notes`,
    `/v2/notemaps/${map}/notes_with_images`,
  ];

  it.each([false, true])('every list costs as much for 20 items as for 1 (token: %s)', async (withToken) => {
    for (const path of lists()) {
      const one = await statementsFor(`${path}?limit=1`, withToken);
      const twenty = await statementsFor(`${path}?limit=20`, withToken);
      expect({ path, items: one.items }).toEqual({ path, items: 1 });
      expect({ path, more: twenty.items > 1 }).toEqual({ path, more: true });
      expect({ path, statements: twenty.count }).toEqual({ path, statements: one.count });
      // A check that the parent exists, the rows and the total.
      expect({ path, atMost: one.count <= 3 }).toEqual({ path, atMost: true });
    }
  });

  it('a notemap costs one statement, with a token too (its look-up is cached)', async () => {
    expect((await statementsFor(`/v2/notemaps/${map}`, false)).count).toBe(1);
    expect((await statementsFor(`/v2/notemaps/${map}`, true)).count).toBe(1);
  });
});
