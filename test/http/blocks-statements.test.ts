import { postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

// The block is a condition of the signed-in viewer's statements, never a statement more: an anonymous read's SQL names
// no block at all (as before blocks existed), and a signed-in read costs the same number of statements.
describe('blocks in the SQL of a read', () => {
  let t: TestApp;
  let token: string;
  let third: string;
  let urls: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const [ann, ben, cid] = [await t.createUser('ann'), await t.createUser('ben'), await t.createUser('cid')];
    token = await t.token(ann, 'read readall write');
    third = await t.token(cid, 'read readall');
    const benNotes = await t.token(ben, 'notes write');
    const note = await postNote(t, benNotes, { message: 'ben #sql', city: 'Sqlton', country: 'Walkland' });
    const map = await postNotemap(t, benNotes, 'Ben map');
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/notes`, token: benNotes, payload: { note_id: note } })).statusCode).toBe(201);
    expect((await t.request({ method: 'PUT', url: `/v2/users/me/blocks/${ben.id}`, token })).statusCode).toBe(201);
    urls = ['/v2/notes', `/v2/notes/${note}`, '/v2/tags/sql/notes', `/v2/users/${ben.id}/notes`, `/v2/notemaps/${map}`, `/v2/notemaps/${map}/notes`,
      `/v2/notes/${note}/comments`, `/v2/notes/${note}/favoriters`, '/v2/places', '/v2/changes', '/v2/notemaps'];
  });
  afterAll(() => t.close());

  it('names no block in an anonymous read; a signed-in one checks blocks within the same statements', async () => {
    // The tokens are used once first, so their look-ups are cached on both sides of the comparison.
    for (const used of [token, third]) expect((await t.request({ method: 'GET', url: '/v2/notes?limit=1', token: used })).statusCode).toBe(200);
    for (const url of urls) {
      t.resetQueries();
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
      const anonymous = [...t.queries];
      expect({ url, blocks: anonymous.filter((q) => /user_block/u.test(q)) }).toEqual({ url, blocks: [] });
      // Someone else, signed in: the same answer, as many statements, the blocks among their conditions.
      t.resetQueries();
      expect((await t.request({ method: 'GET', url, token: third })).statusCode).toBe(200);
      expect({ url, statements: t.queries.length, blocks: t.queries.some((q) => /user_block/u.test(q)) })
        .toEqual({ url, statements: anonymous.length, blocks: true });
      // The blocker: ben's things gone, found by those conditions (a 404 or an empty page).
      t.resetQueries();
      const blocker = await t.request({ method: 'GET', url, token });
      expect({ url, blocks: blocker.statusCode === 404 || t.queries.some((q) => /user_block/u.test(q)) }).toEqual({ url, blocks: true });
    }
  });
});
