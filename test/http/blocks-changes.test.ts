import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

interface Item {
  cursor: string;
  id: number;
  kind: 'upsert' | 'delete';
}

// For the change feed a block is a change of visibility (docs/api.md, Blocks): the two users' feeds drop each other's
// notes they held (`delete`) and get them again on unblock (`upsert`); nobody else's feed hears of it.
describe.each(ALL_STORAGES)('blocks in the change feed over %s storage', (storage) => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  let cid: TestUser;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ storage });
    [ann, ben, cid] = await Promise.all(['ann', 'ben', 'cid'].map((name) => t.createUser(name))) as [TestUser, TestUser, TestUser];
    for (const [name, user] of [['ann', ann], ['ben', ben], ['cid', cid]] as const) {
      tokens[name] = await t.token(user, 'read readall write notes');
      tokens[`${name}Read`] = await t.token(user, 'read');
    }
  });
  afterAll(() => t.close());

  /** Every page from `since` to the end: the items and the cursor to resume from. */
  async function sync(since: string | null, token?: string): Promise<{ cursor: string; items: Item[] }> {
    let url: string | null = `/v2/changes?limit=2${since === null ? '' : `&since=${since}`}`;
    const items: Item[] = [];
    let cursor = since ?? '';
    while (url !== null) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: Item[]; meta: { cursor: string; nextUrl: string | null } };
      items.push(...body.data);
      cursor = body.meta.cursor;
      url = body.meta.nextUrl;
    }
    return { cursor, items };
  }
  const post = async (token: string, message: string, visibility = 'public') => {
    const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message, latitude: 1, longitude: 2, visibility } });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  const kinds = (items: Item[]) => items.map((item) => [item.id, item.kind]);

  it('deletes the other\'s notes from both feeds at the block, upserts them at the unblock, and tells nobody else', async () => {
    const annNote = await post(tokens.ann!, 'ann public');
    const benNote = await post(tokens.ben!, 'ben public');
    const benPrivate = await post(tokens.ben!, 'ben self', 'self');
    const cidNote = await post(tokens.cid!, 'cid public');
    const callers = ['ann', 'annRead', 'ben', 'benRead', 'cid', 'anonymous'] as const;
    const tokenOf = (caller: (typeof callers)[number]) => (caller === 'anonymous' ? undefined : tokens[caller]);
    const cursors = new Map<string, string>();
    for (const caller of callers) {
      const { cursor, items } = await sync(null, tokenOf(caller));
      expect(items.map((item) => item.id)).toEqual(expect.arrayContaining([annNote, benNote, cidNote]));
      cursors.set(caller, cursor);
    }

    expect((await t.request({ method: 'PUT', url: `/v2/users/me/blocks/${ben.id}`, token: tokens.ann })).statusCode).toBe(201);
    const atBlock = new Map<string, Item[]>();
    for (const caller of callers) {
      const { cursor, items } = await sync(cursors.get(caller)!, tokenOf(caller));
      atBlock.set(caller, items);
      cursors.set(caller, cursor);
    }
    expect(kinds(atBlock.get('ann')!)).toEqual([[benNote, 'delete']]);
    expect(kinds(atBlock.get('annRead')!)).toEqual([[benNote, 'delete']]);
    // Ben's feed drops Ann's note, and names none of his own: his private note was never hidden from him.
    expect(kinds(atBlock.get('ben')!)).toEqual([[annNote, 'delete']]);
    expect(kinds(atBlock.get('benRead')!)).toEqual([[annNote, 'delete']]);
    expect(atBlock.get('cid')).toEqual([]);
    expect(atBlock.get('anonymous')).toEqual([]);

    // While the block stands, a new note of the other's never shows, not even as a delete.
    const benLater = await post(tokens.ben!, 'ben later');
    const meanwhile = await sync(cursors.get('ann')!, tokens.ann);
    expect(meanwhile.items).toEqual([]);
    cursors.set('ann', meanwhile.cursor);

    expect((await t.request({ method: 'DELETE', url: `/v2/users/me/blocks/${ben.id}`, token: tokens.ann })).statusCode).toBe(200);
    const again = (await sync(cursors.get('ann')!, tokens.ann)).items;
    expect(kinds(again).sort()).toEqual([[benNote, 'upsert'], [benLater, 'upsert']].sort());
    expect(again.map((item) => item.id)).not.toContain(benPrivate);
    // Ben's own later note is a change of its own in his feed, before the unblock's.
    expect(kinds((await sync(cursors.get('ben')!, tokens.ben)).items)).toEqual([[benLater, 'upsert'], [annNote, 'upsert']]);
    expect((await sync(cursors.get('cid')!, tokens.cid)).items.map((item) => item.id)).toEqual([benLater]);
  });
});
