import { snapToCell } from '../../src/domain/location-precision';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

interface Item {
  cursor: string;
  id: number;
  kind: 'upsert' | 'delete';
  note?: { id: number; message: string; visibility: string; location: { latitude: number; longitude: number }; updatedAt: string };
}
interface ChangesBody {
  data: Item[];
  meta: { http_status: number; count: number; nextUrl: string | null; cursor: string | null };
}

// The change feed (docs/api.md, Sync): each changed note once, oldest change first, as an upsert the caller may read
// or a delete; a client that applies it from the start holds exactly the notes the lists give it.
describe.each(ALL_STORAGES)('the change feed over %s storage', (storage) => {
  let t: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  let adaAll: string;
  let bobAll: string;

  const changes = async (query: string, token?: string): Promise<ChangesBody> => {
    const res = await t.request({ method: 'GET', url: `/v2/changes${query}`, token });
    expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ query, status: 200, body: '' });
    return res.json();
  };

  /** A client's copy: every page from `since` applied in order, following nextUrl until it is null. */
  async function sync(copy: Map<number, Item['note']>, since: string | null, filters = '', token?: string): Promise<{ cursor: string | null; items: Item[] }> {
    let url: string | null = `?limit=3${filters}${since === null ? '' : `&since=${since}`}`;
    let cursor = since;
    const seen: Item[] = [];
    while (url !== null) {
      const body = await changes(url.startsWith('/v2/changes') ? url.slice('/v2/changes'.length) : url, token);
      for (const item of body.data) {
        seen.push(item);
        if (item.kind === 'upsert') copy.set(item.id, item.note);
        else copy.delete(item.id);
      }
      expect(body.meta.count).toBe(body.data.length);
      cursor = body.meta.cursor;
      url = body.meta.nextUrl;
    }
    return { cursor, items: seen };
  }

  /** The ids a list of notes gives the caller (at most 100 here). */
  const listed = async (query: string, token?: string): Promise<number[]> => {
    const res = await t.request({ method: 'GET', url: `/v2/notes?limit=100${query}`, token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { id: number }[]).map((n) => n.id).sort((a, b) => a - b);
  };
  const ids = (copy: Map<number, unknown>) => [...copy.keys()].sort((a, b) => a - b);
  const edit = async (id: number, payload: object, token = adaAll) => {
    const res = await t.request({ method: 'PUT', url: `/v2/notes/${id}`, token, payload });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
    adaAll = await t.token(ada, 'write notes contacts delete');
    bobAll = await t.token(bob, 'write notes contacts delete');
  });
  afterAll(() => t.close());

  it('lists from the start every note that exists, once each, and says where to resume', async () => {
    const first = await postNote(t, adaAll, { message: 'First', latitude: 10, longitude: 10 });
    const second = await postNote(t, adaAll, { message: 'Second', latitude: 10, longitude: 11 });
    await edit(first, { message: 'First, edited' });
    const gone = await postNote(t, adaAll, { message: 'Soon gone', latitude: 10, longitude: 12 });
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${gone}`, token: adaAll })).statusCode).toBe(200);

    const body = await changes('');
    expect(body.data.map((i) => [i.id, i.kind])).toEqual([[second, 'upsert'], [first, 'upsert']]);
    expect(body.data[1]!.note!.message).toBe('First, edited');
    expect(body.meta).toMatchObject({ http_status: 200, count: 2, nextUrl: null, cursor: expect.any(String) });
    // Nothing new: an empty page that keeps the cursor.
    await expect(changes(`?since=${body.meta.cursor}`)).resolves.toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null, cursor: body.meta.cursor } });
  });

  it('gives each change after a cursor once, with its latest state: create, edit twice, delete, visibility', async () => {
    const start = (await changes('?limit=100')).meta.cursor!;
    const made = await postNote(t, adaAll, { message: 'Made', latitude: 20, longitude: 20 });
    const twice = (await changes('?limit=100')).data.find((i) => i.id === made) ? made : -1;
    expect(twice).toBe(made);
    await edit(made, { message: 'Edited once' });
    await edit(made, { message: 'Edited twice' });
    const hidden = await postNote(t, adaAll, { message: 'Public for now', latitude: 20, longitude: 21 });
    await edit(hidden, { visibility: 'self' });
    const deleted = await postNote(t, adaAll, { message: 'Deleted', latitude: 20, longitude: 22 });
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${deleted}`, token: adaAll })).statusCode).toBe(200);

    const anonymous = await changes(`?since=${start}&limit=100`);
    expect(anonymous.data.map((i) => [i.id, i.kind])).toEqual([[made, 'upsert'], [hidden, 'delete'], [deleted, 'delete']]);
    expect(anonymous.data[0]!.note!.message).toBe('Edited twice');
    expect(anonymous.data[1]).toEqual({ cursor: expect.any(String), id: hidden, kind: 'delete' });
    // The author with readall sees the hidden note as it is.
    const author = await changes(`?since=${start}&limit=100`, adaAll);
    expect(author.data.map((i) => [i.id, i.kind])).toEqual([[made, 'upsert'], [hidden, 'upsert'], [deleted, 'delete']]);
    expect(author.data[1]!.note!.visibility).toBe('self');
    // Resuming from an item's cursor gives what changed after it.
    expect((await changes(`?since=${anonymous.data[0]!.cursor}&limit=100`)).data.map((i) => i.id)).toEqual([hidden, deleted]);
  });

  it('turns a note moved out of the bbox into a delete, and back into an upsert', async () => {
    const box = '&bbox=29,29,31,31';
    const start = (await changes(`?limit=100${box}`)).meta.cursor;
    const inside = await postNote(t, adaAll, { message: 'Inside', latitude: 30, longitude: 30 });
    const outside = await postNote(t, adaAll, { message: 'Outside', latitude: 50, longitude: 50 });
    const copy = new Map<number, Item['note']>();
    const first = await sync(copy, start, box);
    expect(ids(copy)).toEqual([inside]);
    expect(first.items.find((i) => i.id === outside)?.kind).toBe('delete');
    await edit(inside, { latitude: 40, longitude: 40 });
    const moved = await sync(copy, first.cursor, box);
    expect(moved.items.map((i) => [i.id, i.kind])).toEqual([[inside, 'delete']]);
    expect(ids(copy)).toEqual([]);
    await edit(inside, { latitude: 30.5, longitude: 30.5 });
    await sync(copy, moved.cursor, box);
    expect(ids(copy)).toEqual([inside]);
  });

  it('follows a notemap: a note added is an upsert, a note taken out a delete', async () => {
    const map = await postNotemap(t, adaAll, 'Synced');
    const filter = `&notemap=${map}`;
    const note = await postNote(t, bobAll, { message: 'Mapped', latitude: 1, longitude: 1 });
    const copy = new Map<number, Item['note']>();
    const { cursor } = await sync(copy, null, filter);
    expect(ids(copy)).toEqual([]);
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/notes`, token: adaAll, payload: { note_id: note } })).statusCode).toBe(201);
    const added = await sync(copy, cursor, filter);
    expect(ids(copy)).toEqual([note]);
    expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${map}/notes/${note}`, token: adaAll })).statusCode).toBe(200);
    const removed = await sync(copy, added.cursor, filter);
    expect(removed.items.map((i) => [i.id, i.kind])).toEqual([[note, 'delete']]);
  });

  it('filters by author and tag as the lists do, and shows others a fuzzed note where they may see it', async () => {
    const tagged = await postNote(t, bobAll, { message: 'Tagged #synced', latitude: 2, longitude: 2 });
    const fuzzed = await postNote(t, bobAll, { message: 'Fuzzed', latitude: 38.697612, longitude: -9.203301, locationPrecision: 'city' });
    const byTag = new Map<number, Item['note']>();
    await sync(byTag, null, '&tag=synced');
    expect(ids(byTag)).toEqual([tagged]);
    const byAuthor = new Map<number, Item['note']>();
    await sync(byAuthor, null, '&author=bob');
    expect(ids(byAuthor)).toEqual(await listed('&author=bob'));
    expect(byAuthor.get(fuzzed)!.location).toMatchObject(snapToCell({ latitude: 38.697612, longitude: -9.203301 }, 'city'));
  });

  it('brings a client that replays it from the start to exactly the notes the list gives it, for each caller', async () => {
    const secret = await postNote(t, adaAll, { message: 'For Bob', visibility: 'recipients', recipients: 'bob', latitude: 3, longitude: 3 });
    await postNote(t, adaAll, { message: 'Mine alone', visibility: 'self', latitude: 3, longitude: 4 });
    for (const token of [undefined, adaAll, bobAll]) {
      const copy = new Map<number, Item['note']>();
      await sync(copy, null, '', token);
      expect(ids(copy)).toEqual(await listed('', token));
    }
    // The recipient stops being one: for Bob the note becomes a delete.
    const bobCopy = new Map<number, Item['note']>();
    const { cursor } = await sync(bobCopy, null, '', bobAll);
    expect(bobCopy.has(secret)).toBe(true);
    await edit(secret, { recipients: [] });
    await sync(bobCopy, cursor, '', bobAll);
    expect(bobCopy.has(secret)).toBe(false);
    expect(ids(bobCopy)).toEqual(await listed('', bobAll));
  });

  it('refuses a cursor it did not make, and bad filters, with 400 naming each', async () => {
    for (const since of ['nonsense', 'MTIzNA', '', 'a'.repeat(101)]) {
      const res = await t.request({ method: 'GET', url: `/v2/changes?since=${since}` });
      expect(res.statusCode).toBe(400);
    }
    const bad = await t.request({ method: 'GET', url: '/v2/changes?bbox=1,2&notemap=x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().meta.error.fields as { name: string }[]).map((f) => f.name).sort()).toEqual(['bbox']);
    const map = await t.request({ method: 'GET', url: '/v2/changes?notemap=x' });
    expect(map.statusCode).toBe(400);
  });
});

describe('the change feed: SQL statements per page', () => {
  it('reads a page of 100 changes in as many statements as a page of 1: the changes, then their notes (no total)', async () => {
    const t = await createTestApp({ storage: 'database' });
    try {
      const author = await t.createUser('author');
      const token = await t.token(author, 'notes');
      for (let i = 0; i < 101; i++) await postNote(t, token, { message: `n${i}`, latitude: 0, longitude: i / 100 });
      const cost = async (limit: number) => {
        await t.request({ method: 'GET', url: '/v2/changes?limit=1', token });
        t.resetQueries();
        const res = await t.request({ method: 'GET', url: `/v2/changes?limit=${limit}`, token });
        expect(res.json().data).toHaveLength(limit);
        return t.queries.length;
      };
      const one = await cost(1);
      expect(one).toBe(2);
      expect(await cost(100)).toBe(one);
    } finally {
      await t.close();
    }
  });
});
