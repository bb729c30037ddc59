import { Webhook } from 'standardwebhooks';
import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { RevokeAuthorization } from '../../src/application/accounts/revoke-authorization';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { WEBHOOK_SUBSCRIPTIONS, type WebhookSubscriptions } from '../../src/application/ports/webhook-store';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { startReceiver, startWorker, until, type Receiver, type Received } from '../support/webhook-receiver';

interface Event {
  id: string;
  type: string;
  createdAt: number;
  data: Record<string, unknown> & { id?: number };
}

// Webhooks (docs/events.md): subscriptions per user and application, signed deliveries of the events a subscriber's
// user may read and its filters match, retried with the same webhook-id, and a log of every attempt.
describe.each(ALL_STORAGES)('webhooks over %s storage', (storage) => {
  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let adaAll: string;
  let bobAll: string;
  let bobPublic: string;
  let cyAll: string;
  // The service's clock runs `offset` ms ahead of the real one, so retries fall due without waiting.
  let offset = 0;
  const errors: unknown[] = [];

  const subscribe = async (token: string, payload: object) => {
    const res = await t.request({ method: 'POST', url: '/v2/webhooks', token, payload });
    expect({ status: res.statusCode, body: res.statusCode === 201 ? '' : res.body }).toEqual({ status: 201, body: '' });
    return res.json().data as { id: number; secret: string; url: string; events: string[]; filters: Record<string, unknown> };
  };
  const unsubscribe = async (token: string, id: number) => {
    expect((await t.request({ method: 'DELETE', url: `/v2/webhooks/${id}`, token })).statusCode).toBe(200);
  };
  /** What a path of the receiver got, checked against its subscription's secret, as parsed events. */
  const verified = (path: string, secret: string): Event[] => receiver.received.filter((r) => r.path === path).map((r) => {
    const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
    const event = new Webhook(secret).verify(r.body, headers) as Event;
    expect(event.id).toBe(headers['webhook-id']);
    return event;
  });
  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  /** Lets the worker run until it has nothing left, then once more (events written by triggers are seen at once). */
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      worker.kick();
      await worker.idle();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ storage, config: { webhookAllowPrivate: true }, clock: { now: () => new Date(Date.now() + offset) } });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
    cy = await t.createUser('cy');
    adaAll = await t.token(ada, 'write notes contacts delete readall');
    bobAll = await t.token(bob, 'write notes contacts delete readall');
    bobPublic = await t.token(bob, 'read');
    cyAll = await t.token(cy, 'write notes contacts delete readall');
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await t.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  describe('subscriptions', () => {
    it('are made with a secret shown once, listed, read and deleted by their user and application only', async () => {
      const made = await subscribe(bobPublic, { url: `${receiver.url}/mine`, events: ['note.created', 'note.created', 'user.followed'], bbox: '2,48,3,49', author: 'ada' });
      expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/u);
      expect(Buffer.from(made.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
      expect(made).toMatchObject({ url: `${receiver.url}/mine`, events: ['note.created', 'user.followed'], filters: { bbox: '2,48,3,49', author: ada.id } });
      const listed = await t.request({ method: 'GET', url: '/v2/webhooks', token: bobPublic });
      expect(listed.statusCode).toBe(200);
      const mine = (listed.json().data as { id: number; secret?: string }[]).find((w) => w.id === made.id);
      expect(mine).toBeDefined();
      expect(mine?.secret).toBeUndefined();
      const one = await t.request({ method: 'GET', url: `/v2/webhooks/${made.id}`, token: bobAll });
      expect(one.statusCode).toBe(200);
      expect(one.json().data.secret).toBeUndefined();
      // Another user's, or the same user's through another application, is not there.
      expect((await t.request({ method: 'GET', url: `/v2/webhooks/${made.id}`, token: adaAll })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/v2/webhooks/${made.id}`, token: adaAll })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/v2/webhooks/${made.id}/deliveries`, token: adaAll })).statusCode).toBe(404);
      await unsubscribe(bobPublic, made.id);
      expect((await t.request({ method: 'GET', url: `/v2/webhooks/${made.id}`, token: bobPublic })).statusCode).toBe(404);
    });

    it('need a token with `read`', async () => {
      expect((await t.request({ method: 'GET', url: '/v2/webhooks' })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: '/v2/webhooks', payload: { url: receiver.url, events: ['note.created'] } })).statusCode).toBe(401);
    });

    it('name every bad field in one 400', async () => {
      const res = await t.request({ method: 'POST', url: '/v2/webhooks', token: bobAll, payload: { url: '', events: ['note.exploded'], bbox: '1,2,3', notemap_id: 0 } });
      expect(res.statusCode).toBe(400);
      const names = (res.json().meta.error.fields as { name: string }[]).map((f) => f.name).sort();
      expect(names).toEqual(['bbox', 'events', 'notemap_id', 'url']);
      const unknown = await t.request({ method: 'POST', url: '/v2/webhooks', token: bobAll, payload: { url: receiver.url, events: ['note.created'], author: 'nobody', notemap_id: 999_999 } });
      expect(unknown.statusCode).toBe(400);
      expect((unknown.json().meta.error.fields as { name: string }[]).map((f) => f.name).sort()).toEqual(['author', 'notemap_id']);
      const ftp = await t.request({ method: 'POST', url: '/v2/webhooks', token: bobAll, payload: { url: 'ftp://example.com/x', events: ['note.created'] } });
      expect(ftp.statusCode).toBe(400);
      expect(ftp.json().meta.error.fields).toEqual([{ name: 'url', problem: expect.stringContaining('https://') }]);
    });
  });

  describe('deliveries', () => {
    it('post note events signed by the Standard Webhooks scheme, with the note as the API shows it to the subscriber', async () => {
      const hook = await subscribe(bobAll, { url: `${receiver.url}/notes`, events: ['note.created', 'note.updated', 'note.deleted'] });
      const id = await postNote(t, adaAll, { message: 'webhooks hello', latitude: 48.85, longitude: 2.35 });
      await until(worker, () => at('/notes').length >= 1);
      const [created] = verified('/notes', hook.secret);
      const shown = (await t.request({ method: 'GET', url: `/v2/notes/${id}`, token: bobAll })).json().data;
      expect(created).toMatchObject({ type: 'note.created', data: shown });
      expect(created!.id).toMatch(/^evt_\d+$/u);
      expect(Math.abs(created!.createdAt - Date.now() / 1000)).toBeLessThan(60);
      expect(at('/notes')[0]!.headers['content-type']).toBe('application/json');

      // One edit is one note.updated (whatever it touches); a delete carries only the id.
      expect((await t.request({ method: 'PUT', url: `/v2/notes/${id}`, token: adaAll, payload: { message: 'edited', visibility: 'public' } })).statusCode).toBe(200);
      await until(worker, () => at('/notes').length >= 2);
      expect((await t.request({ method: 'DELETE', url: `/v2/notes/${id}`, token: adaAll })).statusCode).toBe(200);
      await until(worker, () => at('/notes').length >= 3);
      await settle();
      const events = verified('/notes', hook.secret);
      expect(events.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'note.deleted']);
      expect(events[1]!.data).toMatchObject({ id, message: 'edited' });
      expect(events[2]!.data).toEqual({ id });
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      // A signature made with another secret does not verify.
      const forged = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
      const first = at('/notes')[0]!;
      expect(() => forged.verify(first.body, { 'webhook-id': String(first.headers['webhook-id']), 'webhook-timestamp': String(first.headers['webhook-timestamp']), 'webhook-signature': String(first.headers['webhook-signature']) })).toThrow();
      await unsubscribe(bobAll, hook.id);
    });

    it('post comment, favorite and follow events; a follow only to the followed user', async () => {
      const bobHook = await subscribe(bobAll, { url: `${receiver.url}/social-bob`, events: ['comment.created', 'note.favorited', 'user.followed'] });
      const adaHook = await subscribe(adaAll, { url: `${receiver.url}/social-ada`, events: ['user.followed'] });
      const id = await postNote(t, adaAll, { message: 'social', latitude: 10, longitude: 10 });
      const comment = await t.request({ method: 'POST', url: `/v2/notes/${id}/comments`, token: cyAll, payload: { comment: 'nice place' } });
      expect(comment.statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${id}/favoriters`, token: cyAll })).statusCode).toBeLessThan(300);
      expect((await t.request({ method: 'POST', url: `/v2/users/${bob.id}/followers`, token: cyAll })).statusCode).toBeLessThan(300);
      await until(worker, () => at('/social-bob').length >= 3);
      await settle();
      const events = verified('/social-bob', bobHook.secret);
      expect(events.map((e) => e.type).sort()).toEqual(['comment.created', 'note.favorited', 'user.followed']);
      const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
      expect(byType['comment.created']).toEqual((await t.request({ method: 'GET', url: `/v2/notes/${id}/comments/${comment.json().data.id}`, token: bobAll })).json().data);
      expect(byType['note.favorited']).toMatchObject({ note: { id }, user: { id: cy.id, username: 'cy' } });
      expect(byType['user.followed']).toMatchObject({ follower: { id: cy.id }, user: { id: bob.id } });
      // Cy followed bob, not ada: ada's subscription heard nothing.
      expect(at('/social-ada')).toEqual([]);
      await unsubscribe(bobAll, bobHook.id);
      await unsubscribe(adaAll, adaHook.id);
    });

    it('honour visibility: a subscriber hears only of notes its user may read, non-public ones only with `readall`', async () => {
      const all = await subscribe(bobAll, { url: `${receiver.url}/vis-all`, events: ['note.created', 'note.deleted'] });
      const pub = await subscribe(bobPublic, { url: `${receiver.url}/vis-public`, events: ['note.created', 'note.deleted'] });
      const mine = await postNote(t, adaAll, { message: 'only ada', latitude: 1, longitude: 1, visibility: 'self' });
      const toBob = await postNote(t, adaAll, { message: 'for bob', latitude: 1, longitude: 1, visibility: 'recipients', recipients: 'bob' });
      const open = await postNote(t, adaAll, { message: 'for all', latitude: 1, longitude: 1 });
      // (An event is sent with the note as it is then: one deleted before its creation is sent is not heard of as created.)
      await until(worker, () => at('/vis-all').length >= 2 && at('/vis-public').length >= 1);
      for (const id of [mine, toBob, open]) expect((await t.request({ method: 'DELETE', url: `/v2/notes/${id}`, token: adaAll })).statusCode).toBe(200);
      await until(worker, () => at('/vis-all').length >= 4 && at('/vis-public').length >= 2);
      await settle();
      const heard = (path: string, secret: string) => verified(path, secret).map((e) => `${e.type} ${e.data.id ?? ''}`).sort();
      expect(heard('/vis-all', all.secret)).toEqual([`note.created ${toBob}`, `note.created ${open}`, `note.deleted ${toBob}`, `note.deleted ${open}`].sort());
      expect(heard('/vis-public', pub.secret)).toEqual([`note.created ${open}`, `note.deleted ${open}`].sort());
      await unsubscribe(bobAll, all.id);
      await unsubscribe(bobPublic, pub.id);
    });

    it('honour the filters: an area, an author, a notemap', async () => {
      const area = await subscribe(bobAll, { url: `${receiver.url}/f-area`, events: ['note.created'], near: '45,5', radius: 1000 });
      const byCy = await subscribe(bobAll, { url: `${receiver.url}/f-author`, events: ['note.created', 'note.updated'], author: String(cy.id) });
      const map = await postNotemap(t, bobAll, 'bob map');
      const inMap = await subscribe(bobAll, { url: `${receiver.url}/f-map`, events: ['note.updated', 'comment.created'], notemap_id: map });
      const near = await postNote(t, adaAll, { message: 'near', latitude: 45.001, longitude: 5.001 });
      await postNote(t, adaAll, { message: 'far', latitude: 46, longitude: 5 });
      const cyNote = await postNote(t, cyAll, { message: 'by cy', latitude: 0, longitude: 0 });
      expect((await t.request({ method: 'POST', url: `/v2/notemaps/${map}/notes`, token: bobAll, payload: { note_id: cyNote } })).statusCode).toBeLessThan(300);
      expect((await t.request({ method: 'POST', url: `/v2/notes/${near}/comments`, token: cyAll, payload: { comment: 'not in the map' } })).statusCode).toBe(201);
      const inMapComment = await t.request({ method: 'POST', url: `/v2/notes/${cyNote}/comments`, token: adaAll, payload: { comment: 'in the map' } });
      expect(inMapComment.statusCode).toBe(201);
      await until(worker, () => at('/f-area').length >= 1 && at('/f-author').length >= 1 && at('/f-map').length >= 1);
      await settle();
      expect(verified('/f-area', area.secret).map((e) => e.data.id)).toEqual([near]);
      expect(verified('/f-author', byCy.secret).map((e) => `${e.type} ${e.data.id}`)).toEqual([`note.created ${cyNote}`]);
      expect(verified('/f-map', inMap.secret).map((e) => `${e.type} ${e.data.id}`)).toEqual([`comment.created ${inMapComment.json().data.id}`]);
      for (const hook of [area, byCy, inMap]) await unsubscribe(bobAll, hook.id);
    });
  });

  describe('retries', () => {
    it('send a failed event again with the same webhook-id, log every attempt, and give up 24 hours after the event', async () => {
      const hook = await subscribe(bobAll, { url: `${receiver.url}/flaky`, events: ['note.created'] });
      receiver.answer = (request: Received) => request.path === '/flaky' && at('/flaky').length <= 1 ? 503 : 200;
      const id = await postNote(t, adaAll, { message: 'flaky', latitude: 3, longitude: 3 });
      await until(worker, () => at('/flaky').length >= 1);
      await settle();
      expect(at('/flaky')).toHaveLength(1);
      // Not before its time (about 5 s later)…
      offset += 4_000;
      await settle();
      expect(at('/flaky')).toHaveLength(1);
      offset += 2_000;
      await until(worker, () => at('/flaky').length >= 2);
      const [first, second] = at('/flaky');
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      expect(verified('/flaky', hook.secret)[1]!.data.id).toBe(id);
      const log = await t.request({ method: 'GET', url: `/v2/webhooks/${hook.id}/deliveries`, token: bobAll });
      expect(log.statusCode).toBe(200);
      expect(log.json()).toMatchObject({
        data: [
          { eventId: first!.headers['webhook-id'], type: 'note.created', attempt: 2, status: 200, error: null },
          { eventId: first!.headers['webhook-id'], type: 'note.created', attempt: 1, status: 503, error: expect.stringContaining('503') },
        ],
        meta: { http_status: 200, count: 2 },
      });

      // A receiver that never answers well is tried with growing delays, then given up.
      receiver.answer = (request: Received) => (request.path === '/down' ? 500 : 200);
      const down = await subscribe(bobAll, { url: `${receiver.url}/down`, events: ['note.created'] });
      await postNote(t, adaAll, { message: 'to a dead receiver', latitude: 3, longitude: 3 });
      await until(worker, () => at('/down').length >= 1);
      for (const step of [5, 30, 120, 900, 3_600]) {
        offset += step * 1000 + 1000;
        const before = at('/down').length;
        await until(worker, () => at('/down').length > before);
      }
      expect(at('/down')).toHaveLength(6);
      offset += 25 * 3_600_000;
      await until(worker, () => at('/down').length >= 7);
      offset += 3_600_000;
      await settle();
      expect(at('/down')).toHaveLength(7);
      const attempts = (await t.request({ method: 'GET', url: `/v2/webhooks/${down.id}/deliveries?limit=100`, token: bobAll })).json().data as { attempt: number }[];
      expect(attempts.map((a) => a.attempt)).toEqual([7, 6, 5, 4, 3, 2, 1]);
      receiver.answer = () => 200;
      await unsubscribe(bobAll, hook.id);
      await unsubscribe(bobAll, down.id);
    });
  });

  describe('the delivery log', () => {
    it('is a list like every other: `meta.count` of the whole log, `meta.nextUrl` and `Link` to the next page', async () => {
      const hook = await subscribe(bobAll, { url: `${receiver.url}/logged`, events: ['note.created'] });
      for (const message of ['one', 'two', 'three']) await postNote(t, adaAll, { message, latitude: 4, longitude: 4 });
      await until(worker, () => at('/logged').length >= 3);
      await settle();
      const url = `/v2/webhooks/${hook.id}/deliveries`;
      const first = await t.request({ method: 'GET', url: `${url}?limit=2`, token: bobAll });
      expect(first.statusCode).toBe(200);
      expect(first.json().meta).toEqual({ http_status: 200, count: 3, nextUrl: `${url}?offset=2&limit=2` });
      expect(first.json().data).toHaveLength(2);
      expect(first.headers.link).toBe(`<${url}?offset=2&limit=2>; rel="next"`);
      const second = await t.request({ method: 'GET', url: first.json().meta.nextUrl as string, token: bobAll });
      expect(second.json().meta).toEqual({ http_status: 200, count: 3, nextUrl: null });
      expect(second.headers.link).toBeUndefined();
      const pages = [...first.json().data, ...second.json().data] as { eventId: string }[];
      // Newest first, each attempt once.
      expect(pages.map((a) => a.eventId)).toEqual([...at('/logged')].reverse().map((r) => r.headers['webhook-id']));
      const all = await t.request({ method: 'GET', url, token: bobAll });
      expect(all.json().meta).toEqual({ http_status: 200, count: 3, nextUrl: null });
      expect((await t.request({ method: 'GET', url: `${url}?offset=5`, token: bobAll })).json()).toEqual({ data: [], meta: { http_status: 200, count: 3, nextUrl: null } });
      expect((await t.request({ method: 'GET', url: `${url}?limit=101`, token: bobAll })).statusCode).toBe(400);
      await unsubscribe(bobAll, hook.id);
    });
  });

  // Last: it revokes bob's tokens (every test token belongs to one application).
  describe('revoking an application', () => {
    it('are deleted when the user takes the application\'s access back', async () => {
      const made = await subscribe(bobPublic, { url: `${receiver.url}/revoked`, events: ['note.created'] });
      const owner = await t.container.resolve<UnitOfWork>(UNIT_OF_WORK).run(async ({ clients }) => {
        const all = await clients.listByOwner(ada.id);
        return all[0]!;
      });
      const subscriptions = t.container.resolve<WebhookSubscriptions>(WEBHOOK_SUBSCRIPTIONS);
      expect((await subscriptions.get(made.id))?.clientId).toBe(owner.id);
      const others = await subscribe(adaAll, { url: `${receiver.url}/kept`, events: ['note.created'] });
      await t.container.resolve(RevokeAuthorization).execute(bob.id, owner.clientId);
      expect(await subscriptions.get(made.id)).toBeNull();
      expect(await subscriptions.get(others.id)).not.toBeNull();
      await unsubscribe(adaAll, others.id);
    });
  });
});

// Server-side request forgery (docs/events.md, Security): without WEBHOOK_ALLOW_PRIVATE, a subscription may not name a
// private, loopback or link-local address, and a delivery never reaches one, whatever the name resolved to before.
describe.each(ALL_STORAGES)('webhook addresses over %s storage, private ones not allowed', (storage) => {
  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let token: string;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp({ storage });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);
    const ada = await t.createUser('ada');
    token = await t.token(ada, 'write notes readall');
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await t.close();
  });

  it.each([
    ['loopback', (port: string) => `http://127.0.0.1:${port}/hook`],
    ['loopback by name', (port: string) => `http://localhost:${port}/hook`],
    ['IPv6 loopback', (port: string) => `http://[::1]:${port}/hook`],
    ['a private network', () => 'http://10.1.2.3/hook'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data'],
    ['a v4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/hook'],
    ['an IPv4-compatible loopback', (port: string) => `http://[::127.0.0.1]:${port}/hook`],
    ['an IPv4-compatible private address', () => 'http://[::10.1.2.3]/hook'],
    ['a v4-mapped private address', () => 'http://[::ffff:192.168.0.1]/hook'],
    ['a NAT64-embedded loopback', () => 'http://[64:ff9b::127.0.0.1]/hook'],
    ['unspecified', () => 'https://0.0.0.0/hook'],
  ])('refuses a subscription to %s (400, url)', async (_what, url) => {
    const res = await t.request({ method: 'POST', url: '/v2/webhooks', token, payload: { url: url(new URL(receiver.url).port), events: ['note.created'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.error.fields).toEqual([{ name: 'url', problem: expect.stringContaining('refused') }]);
  });

  it('refuses at delivery a subscription whose address became private, and logs why', async () => {
    // As if the name had resolved to a public address when the subscription was made (DNS rebinding).
    const subscriptions = t.container.resolve<WebhookSubscriptions>(WEBHOOK_SUBSCRIPTIONS);
    const clientId = (await t.container.resolve<UnitOfWork>(UNIT_OF_WORK).run(async ({ clients, tokens }) => {
      const id = await clients.create({
        clientId: 'rebinding', secretHash: null, name: 'rebinding', ownerId: 1, redirectUris: ['http://localhost/cb'], allowImplicit: false,
      }, new Date());
      // The grant the subscription lives by.
      await tokens.create({ tokenHash: 'rebinding-token', userId: 1, clientId: id, scopes: ['read'], expiresAt: null }, new Date());
      return id;
    }));
    const hook = await subscriptions.create({
      userId: 1, clientId, url: `${receiver.url}/rebound`, events: ['note.created'], filters: {}, scopes: ['read'],
      secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`, createdAt: new Date(),
    });
    await postNote(t, token, { message: 'never to loopback', latitude: 1, longitude: 1 });
    let attempts: { error: string | null; status: number | null }[] = [];
    for (const deadline = Date.now() + 10_000; attempts.length === 0;) {
      if (Date.now() > deadline) throw new Error('no attempt was logged');
      worker.kick();
      await worker.idle();
      attempts = await subscriptions.attempts(hook.id, 10);
    }
    expect(receiver.received).toEqual([]);
    expect(attempts[0]).toMatchObject({ status: null, error: expect.stringContaining('refused') });
    expect(errors).toEqual([]);
  });
});
