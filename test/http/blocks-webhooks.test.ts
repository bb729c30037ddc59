import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { postNote } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { startReceiver, startWorker, type Receiver } from '../support/webhook-receiver';

// A block reaches webhooks too (docs/api.md, Blocks): a subscription of either user hears nothing of the other's
// notes (made, edited, deleted), comments or favorites, while it still hears of everyone else's.
describe.each(ALL_STORAGES)('blocks and webhooks over %s storage', (storage) => {
  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let ann: TestUser;
  let ben: TestUser;
  let cid: TestUser;
  const tokens: Record<string, string> = {};
  const errors: unknown[] = [];

  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      worker.kick();
      await worker.idle();
    }
  };
  const heard = (path: string) => receiver.received.filter((r) => r.path === path)
    .map((r) => JSON.parse(r.body) as { type: string; data: { id?: number; note?: { id: number }; user?: { id: number }; author?: { id: number } } });

  beforeAll(async () => {
    t = await createTestApp({ storage, config: { webhookAllowPrivate: true } });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);
    for (const name of ['ann', 'ben', 'cid']) {
      const user = await t.createUser(name);
      if (name === 'ann') ann = user;
      if (name === 'ben') ben = user;
      if (name === 'cid') cid = user;
      tokens[name] = await t.token(user, 'write notes contacts delete readall');
    }
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await t.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('tells neither side of the other\'s notes, comments or favorites, and still tells them of everyone else\'s', async () => {
    const annNote = await postNote(t, tokens.ann!, { message: 'ann\'s' });
    const benOld = await postNote(t, tokens.ben!, { message: 'ben\'s old one' });
    const cidNote = await postNote(t, tokens.cid!, { message: 'cid\'s' });
    for (const name of ['ann', 'ben']) {
      const res = await t.request({ method: 'POST', url: '/v2/webhooks', token: tokens[name], payload: {
        url: `${receiver.url}/${name}`, events: ['note.created', 'note.updated', 'note.deleted', 'comment.created', 'note.favorited'],
      } });
      expect(res.statusCode).toBe(201);
    }
    expect((await t.request({ method: 'PUT', url: `/v2/users/me/blocks/${ben.id}`, token: tokens.ann })).statusCode).toBe(201);

    const benNew = await postNote(t, tokens.ben!, { message: 'ben\'s new one' });
    expect((await t.request({ method: 'DELETE', url: `/v2/notes/${benOld}`, token: tokens.ben })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/v2/notes/${cidNote}/comments`, token: tokens.ben, payload: { comment: 'ben here' } })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: `/v2/notes/${cidNote}/favoriters`, token: tokens.ben })).statusCode).toBe(201);
    const annNew = await postNote(t, tokens.ann!, { message: 'ann\'s new one' });
    expect((await t.request({ method: 'POST', url: `/v2/notes/${cidNote}/favoriters`, token: tokens.ann })).statusCode).toBe(201);
    const cidNew = await postNote(t, tokens.cid!, { message: 'cid\'s new one' });
    expect((await t.request({ method: 'POST', url: `/v2/notes/${cidNote}/favoriters`, token: tokens.cid })).statusCode).toBe(201);
    await settle();

    const ids = (path: string) => heard(path).map((event) => [event.type, event.data.note?.id ?? event.data.id, event.data.user?.id ?? event.data.author?.id ?? null]);
    const annHeard = ids('/ann');
    expect(annHeard.filter(([type, id]) => String(type).startsWith('note.') && (id === benNew || id === benOld))).toEqual([]);
    expect(heard('/ann').filter((event) => event.type === 'comment.created')).toEqual([]);
    expect(annHeard.filter(([type, , user]) => type === 'note.favorited' && user === ben.id)).toEqual([]);
    expect(annHeard.map(([type, id]) => `${type} ${id}`)).toEqual(expect.arrayContaining([`note.created ${cidNew}`, `note.created ${annNew}`]));
    expect(annHeard.filter(([type, , user]) => type === 'note.favorited' && user === cid.id)).toHaveLength(1);

    const benHeard = ids('/ben');
    expect(benHeard.filter(([type, id]) => String(type).startsWith('note.') && (id === annNew || id === annNote))).toEqual([]);
    expect(benHeard.filter(([type, , user]) => type === 'note.favorited' && user === ann.id)).toEqual([]);
    expect(benHeard.map(([type, id]) => `${type} ${id}`)).toEqual(expect.arrayContaining([`note.created ${cidNew}`, `note.created ${benNew}`, `note.deleted ${benOld}`]));
  });
});
