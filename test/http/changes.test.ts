import { encodeChangeCursor } from '../../src/application/changes/list-changes';
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

  it('gives an empty feed a cursor too: the feed\'s start, from which the first note is listed', async () => {
    const empty = await changes('');
    expect(empty).toEqual({ data: [], meta: { http_status: 200, count: 0, nextUrl: null, cursor: expect.any(String) } });
    const early = await postNote(t, adaAll, { message: 'Early', latitude: 9, longitude: 9 });
    const after = await changes(`?since=${empty.meta.cursor}`);
    expect(after.data.map((i) => [i.id, i.kind])).toEqual([[early, 'upsert']]);
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${early}`, token: adaAll })).statusCode).toBe(200);
  });

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
    const hidden = await postNote(t, adaAll, { message: 'Public for now', latitude: 20, longitude: 21 });
    const deleted = await postNote(t, adaAll, { message: 'Deleted', latitude: 20, longitude: 22 });
    const start = (await changes('?limit=100')).meta.cursor!;
    const made = await postNote(t, adaAll, { message: 'Made', latitude: 20, longitude: 20 });
    const twice = (await changes('?limit=100')).data.find((i) => i.id === made) ? made : -1;
    expect(twice).toBe(made);
    await edit(made, { message: 'Edited once' });
    await edit(made, { message: 'Edited twice' });
    await edit(hidden, { visibility: 'self' });
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
    // Made after the cursor and never in the box: the client never had it, so there is nothing to drop.
    expect(first.items.find((i) => i.id === outside)).toBeUndefined();
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

// The feed names no note the caller never could read (docs/api.md, Sync): a delete goes to a caller only for a note it
// could read, and that matched the filters, in the note's state as of `since`.
describe.each(ALL_STORAGES)('the change feed over %s storage: deletes only for what the caller had', (storage) => {
  let t: TestApp;
  let ada: TestUser;
  let adaAll: string;
  let bobAll: string;
  let bobPublic: string;
  let carlAll: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ada = await t.createUser('ada');
    const bob = await t.createUser('bob');
    const carl = await t.createUser('carl');
    adaAll = await t.token(ada, 'write notes contacts delete');
    bobAll = await t.token(bob, 'write notes contacts delete');
    bobPublic = await t.token(bob, 'read');
    carlAll = await t.token(carl, 'write notes');
  });
  afterAll(() => t.close());

  /** Every item from `since` on, following nextUrl, as [id, kind]. */
  const feed = async (since: string, filters = '', token?: string): Promise<[number, string][]> => {
    const items: [number, string][] = [];
    let url: string | null = `/v2/changes?limit=2&since=${since}${filters}`;
    while (url !== null) {
      const res = await t.request({ method: 'GET', url, token });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const body = res.json() as ChangesBody;
      items.push(...body.data.map((i): [number, string] => [i.id, i.kind]));
      url = body.meta.nextUrl;
    }
    return items;
  };
  /** Where the feed ends now (with these filters). */
  const now = async (filters = ''): Promise<string> => {
    let url: string | null = `/v2/changes?limit=100${filters}`;
    let cursor = '';
    while (url !== null) {
      const body = (await t.request({ method: 'GET', url })).json() as ChangesBody;
      cursor = body.meta.cursor!;
      url = body.meta.nextUrl;
    }
    return cursor;
  };
  const edit = async (id: number, payload: object) => {
    expect((await t.request({ method: 'PUT', url: `/v2/notes/${id}`, token: adaAll, payload })).statusCode).toBe(200);
  };
  const remove = async (id: number) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${id}`, token: adaAll })).statusCode).toBe(200);
  };

  it('never shows a stranger someone else\'s private note, created, edited or deleted, from the first cursor', async () => {
    await postNote(t, adaAll, { message: 'The first' });
    const first = (await t.request({ method: 'GET', url: '/v2/changes?limit=1' })).json().data[0].cursor as string;
    const secret = await postNote(t, adaAll, { message: 'Mine', visibility: 'self' });
    await edit(secret, { message: 'Mine, edited' });
    const shortLived = await postNote(t, adaAll, { message: 'Gone soon', visibility: 'self' });
    await remove(shortLived);
    const forCarl = await postNote(t, adaAll, { message: 'For Carl', visibility: 'recipients', recipients: 'carl' });
    await edit(forCarl, { message: 'For Carl, edited' });
    await remove(forCarl);
    const privateIds = new Set([secret, shortLived, forCarl]);
    for (const token of [undefined, bobAll, bobPublic]) {
      const seen = await feed(first, '', token);
      expect(seen.filter(([id]) => privateIds.has(id))).toEqual([]);
      expect(seen.filter(([, kind]) => kind === 'delete')).toEqual([]);
    }
    // Its author has the one that exists; the deleted ones were created after the cursor, so there is nothing to drop.
    expect((await feed(first, '', adaAll)).filter(([id]) => privateIds.has(id))).toEqual([[secret, 'upsert']]);
    expect((await feed(first, '', carlAll)).filter(([id]) => privateIds.has(id))).toEqual([]);
  });

  it('deletes a note the caller could read that became private, but brings one made public again back as an upsert', async () => {
    const hidden = await postNote(t, adaAll, { message: 'Hidden later' });
    const back = await postNote(t, adaAll, { message: 'Back again' });
    const since = await now();
    await edit(hidden, { visibility: 'self' });
    await edit(back, { visibility: 'self' });
    await edit(back, { visibility: 'public' });
    // Made public after the cursor and hidden again before the client came back: it never had it.
    const brief = await postNote(t, adaAll, { message: 'Public briefly' });
    await edit(brief, { visibility: 'self' });
    expect(await feed(since)).toEqual([[hidden, 'delete'], [back, 'upsert']]);
    expect(await feed(since, '', bobAll)).toEqual([[hidden, 'delete'], [back, 'upsert']]);
    expect(await feed(since, '', adaAll)).toEqual([[hidden, 'upsert'], [back, 'upsert'], [brief, 'upsert']]);
  });

  it('deletes a note for a recipient who stops being one, and for nobody else', async () => {
    const shared = await postNote(t, adaAll, { message: 'Shared', visibility: 'recipients', recipients: 'bob' });
    const since = await now();
    await edit(shared, { recipients: ['carl'] });
    expect(await feed(since, '', bobAll)).toEqual([[shared, 'delete']]);
    expect(await feed(since)).toEqual([]);
    expect(await feed(since, '', carlAll)).toEqual([[shared, 'upsert']]);
  });

  it('deletes a note that matched the bbox and moved out, never one that did not match', async () => {
    const box = '&bbox=29,29,31,31';
    const leaves = await postNote(t, adaAll, { message: 'Leaves', latitude: 30, longitude: 30 });
    const away = await postNote(t, adaAll, { message: 'Away', latitude: 50, longitude: 50 });
    const since = await now(box);
    await edit(leaves, { latitude: 40, longitude: 40 });
    await edit(away, { latitude: 51, longitude: 51 });
    const later = await postNote(t, adaAll, { message: 'Made and moved out', latitude: 30, longitude: 30 });
    await edit(later, { latitude: 45, longitude: 45 });
    await remove(away);
    expect(await feed(since, box)).toEqual([[leaves, 'delete']]);
    expect(await feed(since, box, adaAll)).toEqual([[leaves, 'delete']]);
  });

  it('deletes a note taken out of the followed notemap or tag, never one that was not in it', async () => {
    const map = await postNotemap(t, adaAll, 'Followed');
    const [inMap, outside] = [await postNote(t, adaAll, { message: 'In #kept' }), await postNote(t, adaAll, { message: 'Not in it' })];
    expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/notes`, token: adaAll, payload: { note_id: inMap } })).statusCode).toBe(201);
    const [byMap, byTag] = [await now(`&notemap=${map}`), await now('&tag=kept')];
    expect((await t.request({ method: 'DELETE', url: `/v2/notemaps/${map}/notes/${inMap}`, token: adaAll })).statusCode).toBe(200);
    await edit(inMap, { message: 'In no tag' });
    await edit(outside, { message: 'Still not in it' });
    expect(await feed(byMap, `&notemap=${map}`)).toEqual([[inMap, 'delete']]);
    expect(await feed(byTag, '&tag=kept')).toEqual([[inMap, 'delete']]);
  });

  it('refuses a cursor past the 64-bit range with 400 naming since', async () => {
    const past = encodeChangeCursor({ seq: '9223372036854775808' });
    for (const since of ['bjk5OTk5OTk5OTk5OTk5OTk5OTk', past, encodeChangeCursor({ seq: '99999999999999999999' })]) {
      const res = await t.request({ method: 'GET', url: `/v2/changes?since=${since}` });
      expect({ since, status: res.statusCode }).toEqual({ since, status: 400 });
      expect((res.json().meta.error.fields as { name: string }[]).map((f) => f.name)).toEqual(['since']);
    }
  });

  it('refuses a cursor of the feed\'s first form, which kept no past states, with 400 naming since', async () => {
    const res = await t.request({ method: 'GET', url: `/v2/changes?since=${Buffer.from('n1').toString('base64url')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([{ name: 'since', problem: expect.stringContaining('from the start') }]);
  });
});
