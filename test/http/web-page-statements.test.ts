import { addToNotemap, postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

// A page costs a fixed number of SQL statements, whatever its length: a page of one item and a page of twenty
// (notes, comments) cost the same. Counts, never times.
describe('SQL statements per web page', () => {
  let t: TestApp;
  let short: { note: number; map: number; place: number };
  let long: { note: number; map: number; place: number };

  beforeAll(async () => {
    t = await createTestApp();
    const [one, many] = [await t.createUser('one'), await t.createUser('many')];
    const oneToken = await t.token(one, 'notes');
    const manyToken = await t.token(many, 'notes');
    const build = async (token: string, username: string, count: number, city: string) => {
      const map = await postNotemap(t, token, `${username}'s map`);
      let note = 0;
      for (let i = 0; i < count; i++) {
        note = await postNote(t, token, { message: `#${username} note ${i} #common${i}`, latitude: 10 + i / 100, longitude: 20, city, country: 'Portugal' });
        await addToNotemap(t, token, map, note);
        await t.request({ method: 'POST', url: `/v2/notes/${note}/comments`, token, payload: { comment: `comment ${i}` } });
      }
      for (let i = 0; i < count; i++) await t.request({ method: 'POST', url: `/v2/notes/${note}/comments`, token, payload: { comment: `more ${i}` } });
      const place = (await t.request({ method: 'GET', url: `/v2/places?city=${city}` })).json().data[0].id as number;
      return { note, map, place };
    };
    short = await build(oneToken, 'one', 1, 'Braga');
    long = await build(manyToken, 'many', 25, 'Faro');
  });
  afterAll(() => t.close());

  const statements = async (url: string): Promise<number> => {
    t.resetQueries();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return t.queries.length;
  };

  it.each([
    ['a note page', (s: typeof short) => `/notes/${s.note}`],
    ['a user page', (s: typeof short) => `/users/${s === short ? 'one' : 'many'}`],
    ['a notemap page', (s: typeof short) => `/notemaps/${s.map}`],
    ['a tag page', (s: typeof short) => `/tags/${s === short ? 'one' : 'many'}`],
    ['a place page', (s: typeof short) => `/places/${s.place}`],
  ])('%s costs the same for one item as for a full page', async (_name, url) => {
    const few = await statements(url(short));
    const full = await statements(url(long));
    expect(full).toBe(few);
    expect(few).toBeLessThanOrEqual(6);
  });

  // The hot page exactly: the note with its first comments and its tags is one statement; one more is a regression.
  it('a note page costs one statement, anonymous', async () => {
    expect(await statements(`/notes/${long.note}`)).toBe(1);
  });

  it('the explore page and the sitemap cost a fixed number too', async () => {
    expect(await statements('/')).toBeLessThanOrEqual(2);
    expect(await statements('/sitemap.xml')).toBeLessThanOrEqual(6);
  });
});
