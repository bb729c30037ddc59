import type { NewDelivery, WebhookEvent, WebhookSubscription } from '../../src/application/ports/webhook-store';
import { snapToCell } from '../../src/domain/location-precision';
import type { FannedOut, WebhookContractAdapters, WebhookFixtures } from './webhook-contract-adapters';

const SECOND = 1000;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const byId = (subscriptions: WebhookSubscription[]) => [...subscriptions].sort((a, b) => a.id - b.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** A delivery for every subscription each event came with. */
const toEveryone = (batch: FannedOut): NewDelivery[] => batch.flatMap(({ event, subscriptions }) =>
  subscriptions.map((s) => ({ eventId: event.id, subscriptionId: s.id, body: `${event.type} ${event.id} to ${s.id}` })));
const events = (handed: FannedOut) => handed.map(({ event }) => event);
const types = (handed: FannedOut) => handed.map(({ event }) => event.type).sort();

/** Waits until `done()` holds, for at most `ms`; whether it did. */
export async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/**
 * WebhookOutbox, with what the writes record in it (the database's triggers, the memory store's
 * `recordWebhookEvent`): an event only when a subscription wants its type, in the write's transaction; fan-out once per
 * event and delivery once per event and subscription; deliveries leased, logged and retried; old events purged.
 */
export function webhookOutboxContract(adapters: () => WebhookContractAdapters, fixtures: WebhookFixtures): void {
  describe('WebhookOutbox', () => {
    const outbox = () => adapters().webhookOutbox;
    const repos = () => adapters().repositories;

    beforeEach(() => fixtures.reset());
    afterAll(() => fixtures.reset());

    describe('the events the writes record', () => {
      it('records nothing while no subscription wants the type', async () => {
        const [author, fan] = [await fixtures.user(), await fixtures.user()];
        // A subscription to another type, and one to follows of another user.
        await fixtures.subscription(await fixtures.userAndClient(), ['note.deleted']);
        await fixtures.subscription(await fixtures.userAndClient(), ['user.followed']);
        const note = await fixtures.note(author.id);
        await repos().notes.update(note, fixtures.content({ message: 'edited' }), null, fixtures.now());
        await repos().notes.setImage(note, { key: fixtures.name('image'), width: 1, height: 1 });
        await repos().comments.create(note, fan.id, { title: null, comment: 'hi' }, fixtures.now());
        await repos().favorites.add(note, fan.id, fixtures.now());
        await repos().follows.followUser(fan.id, author.id, fixtures.now());
        await expect(outbox().fanOut(fixtures.now(), 100, async () => [])).resolves.toBe(0);
      });

      it('records each kind of write a subscription wants, naming what it is about', async () => {
        const [author, fan] = [await fixtures.user(), await fixtures.user()];
        const app = await fixtures.client(author.id);
        await fixtures.subscription({ userId: author.id, clientId: app },
          ['note.created', 'note.updated', 'note.deleted', 'comment.created', 'note.favorited', 'user.followed']);
        const before = Date.now();
        const note = await fixtures.note(author.id);
        await repos().notes.update(note, fixtures.content({ message: 'edited' }), null, fixtures.now());
        const comment = await repos().comments.create(note, fan.id, { title: null, comment: 'hi' }, fixtures.now());
        await repos().favorites.add(note, fan.id, fixtures.now());
        await repos().follows.followUser(fan.id, author.id, fixtures.now());
        const gone = await fixtures.note(author.id, { message: 'goes' });
        await repos().notes.delete(gone);
        const after = Date.now();

        const { taken, handed } = await fixtures.fanOut(fixtures.now());
        expect(taken).toBe(7);
        // `at` is checked below (the memory store's copies are Dates of another realm, which expect.any(Date) refuses).
        const base = { id: expect.stringMatching(/^\d+$/u), at: expect.anything() };
        expect(events(handed)).toEqual(expect.arrayContaining([
          { ...base, type: 'note.created', noteId: note },
          { ...base, type: 'note.updated', noteId: note },
          { ...base, type: 'comment.created', noteId: note, commentId: comment },
          { ...base, type: 'note.favorited', noteId: note, userId: fan.id },
          { ...base, type: 'user.followed', followerId: fan.id, followedId: author.id },
          { ...base, type: 'note.created', noteId: gone },
          { ...base, type: 'note.deleted', noteId: gone, note: expect.objectContaining({ authorId: author.id }) },
        ]));
        expect(new Set(events(handed).map((e) => e.id)).size).toBe(7);
        for (const { event } of handed) {
          expect(Object.prototype.toString.call(event.at)).toBe('[object Date]');
          expect(event.at.getTime()).toBeGreaterThanOrEqual(before - 5 * SECOND);
          expect(event.at.getTime()).toBeLessThanOrEqual(after + 5 * SECOND);
        }
      });

      it('records a note’s creation also when only its updates are wanted (it keeps edits in that work from being updates)', async () => {
        const author = await fixtures.user();
        const updates = await fixtures.subscription(await fixtures.userAndClient(), ['note.updated']);
        const note = await fixtures.note(author.id);
        const first = await fixtures.fanOut(fixtures.now());
        expect(first.handed).toEqual([{ event: expect.objectContaining({ type: 'note.created', noteId: note }), subscriptions: [] }]);
        await repos().notes.update(note, fixtures.content({ message: 'edited' }), null, fixtures.now());
        const second = await fixtures.fanOut(fixtures.now());
        expect(second.handed).toEqual([{ event: expect.objectContaining({ type: 'note.updated', noteId: note }), subscriptions: [updates] }]);
      });

      it('records each of several notes posted at once as created, in the order of their ids', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        const posted = await Promise.all(Array.from({ length: 6 }, (_, i) => adapters().noteInserts.insert({
          authorId: author.id, content: fixtures.content({ message: `posted at once ${i}` }), recipientIds: [], now: fixtures.now(),
        })));
        const { handed } = await fixtures.fanOut(fixtures.now());
        // fanOut hands events in the order they were recorded.
        expect(events(handed)).toEqual(sorted(posted.map((view) => view.id))
          .map((noteId) => expect.objectContaining({ type: 'note.created', noteId })));
      });

      it('records a note posted with its image as created only', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created', 'note.updated']);
        const note = await adapters().noteInserts.insert({
          authorId: author.id, content: fixtures.content(), recipientIds: [], now: fixtures.now(),
          image: { key: fixtures.name('image'), width: 1, height: 1 },
        });
        const { handed } = await fixtures.fanOut(fixtures.now());
        expect(events(handed)).toEqual([expect.objectContaining({ type: 'note.created', noteId: note.id })]);
      });

      it('records edits of a note in one unit of work as one update, and in two as two', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.updated']);
        const [note, other] = [await fixtures.note(author.id), await fixtures.note(author.id)];
        await fixtures.fanOut(fixtures.now());

        await adapters().uow.run(async (r) => {
          await r.notes.update(note, fixtures.content({ message: 'one' }), null, fixtures.now());
          await r.notes.update(note, fixtures.content({ message: 'two' }), null, fixtures.now());
          await r.notes.setImage(note, { key: fixtures.name('image'), width: 1, height: 1 });
          await r.notes.update(other, fixtures.content({ message: 'three' }), null, fixtures.now());
        });
        const once = await fixtures.fanOut(fixtures.now());
        expect(events(once.handed).map((e) => [e.type, 'noteId' in e ? e.noteId : null]).sort())
          .toEqual([['note.updated', note], ['note.updated', other]].sort());

        for (const message of ['four', 'five']) {
          await adapters().uow.run((r) => r.notes.update(note, fixtures.content({ message }), null, fixtures.now()));
        }
        const twice = await fixtures.fanOut(fixtures.now());
        expect(events(twice.handed)).toEqual([
          expect.objectContaining({ type: 'note.updated', noteId: note }), expect.objectContaining({ type: 'note.updated', noteId: note }),
        ]);
      });

      it('records a follow only when the followed user has a subscription to follows', async () => {
        const [ada, bob, cy, dan] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
        const adas = await fixtures.subscription({ userId: ada.id, clientId: await fixtures.client(ada.id) }, ['user.followed']);
        await fixtures.subscription({ userId: bob.id, clientId: await fixtures.client(bob.id) }, ['note.created', 'note.favorited']);
        await fixtures.subscription({ userId: dan.id, clientId: await fixtures.client(dan.id) }, ['user.followed']);
        await repos().follows.followUser(cy.id, bob.id, fixtures.now());
        await expect(outbox().fanOut(fixtures.now(), 100, async () => [])).resolves.toBe(0);

        await repos().follows.followUser(cy.id, ada.id, fixtures.now());
        const { handed } = await fixtures.fanOut(fixtures.now());
        // Only the followed user's subscriptions hear of it (not dan's, which wants the type too).
        expect(handed).toEqual([{ event: expect.objectContaining({ type: 'user.followed', followerId: cy.id, followedId: ada.id }), subscriptions: [adas] }]);
      });

      it('records a deleted note as it was: author, visibility, recipients, notemaps, both positions', async () => {
        const [author, r1, r2, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
        await fixtures.subscription(await fixtures.userAndClient(), ['note.deleted']);
        const position = { latitude: 48.858844, longitude: 2.294351 };
        const note = await fixtures.note(author.id, { ...position, visibility: 'recipients', locationPrecision: 'city' }, [r2.id, r1.id]);
        const maps = [
          await repos().notemaps.create(author.id, { name: 'Mine', description: null }, fixtures.now()),
          await repos().notemaps.create(other.id, { name: 'Theirs', description: null }, fixtures.now()),
        ];
        for (const map of maps) await repos().notemaps.addNote(map, note, fixtures.now());
        await expect(repos().notes.delete(note)).resolves.toBe(true);

        const { handed } = await fixtures.fanOut(fixtures.now());
        expect(handed).toHaveLength(1);
        const event = handed[0]!.event;
        if (event.type !== 'note.deleted') throw new Error(`expected note.deleted, got ${event.type}`);
        expect({ ...event.note, recipientIds: sorted(event.note.recipientIds), notemapIds: sorted(event.note.notemapIds) }).toEqual({
          authorId: author.id, visibility: 'recipients', recipientIds: sorted([r1.id, r2.id]), notemapIds: sorted(maps),
          position, publicPosition: snapToCell(position, 'city'),
        });
        expect(snapToCell(position, 'city')).not.toEqual(position);
        expect(event.noteId).toBe(note);
      });

      it('records the notes of a deleted account as deleted, each as it was', async () => {
        const [leaving, staying, recipient] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
        await fixtures.subscription({ userId: staying.id, clientId: await fixtures.client(staying.id) }, ['note.deleted']);
        const open = await fixtures.note(leaving.id);
        const addressed = await fixtures.note(leaving.id, { visibility: 'recipients' }, [recipient.id]);
        const map = await repos().notemaps.create(staying.id, { name: 'Kept', description: null }, fixtures.now());
        await repos().notemaps.addNote(map, addressed, fixtures.now());
        await fixtures.note(staying.id);
        await repos().users.delete(leaving.id);
        const { handed } = await fixtures.fanOut(fixtures.now());
        const position = { latitude: 52.52, longitude: 13.405 };
        const snapshot = { authorId: leaving.id, position, publicPosition: position };
        expect(events(handed).sort((a, b) => ('noteId' in a ? a.noteId : 0) - ('noteId' in b ? b.noteId : 0))).toEqual([
          expect.objectContaining({ type: 'note.deleted', noteId: open, note: { ...snapshot, visibility: 'public', recipientIds: [], notemapIds: [] } }),
          expect.objectContaining({
            type: 'note.deleted', noteId: addressed, note: { ...snapshot, visibility: 'recipients', recipientIds: [recipient.id], notemapIds: [map] },
          }),
        ]);
      });

      it('records nothing for a write that is rolled back', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created', 'note.updated', 'comment.created']);
        const kept = await fixtures.note(author.id);
        await fixtures.fanOut(fixtures.now());
        await expect(adapters().uow.run(async (r) => {
          await r.notes.update(kept, fixtures.content({ message: 'edited' }), null, fixtures.now());
          await r.comments.create(kept, author.id, { title: null, comment: 'hi' }, fixtures.now());
          throw new Error('roll back');
        })).rejects.toThrow('roll back');
        await expect(outbox().fanOut(fixtures.now(), 100, async () => [])).resolves.toBe(0);
      });
    });

    describe('fanOut', () => {
      it('hands each event with exactly the subscriptions that want its type, without their secrets', async () => {
        const [author, fan] = [await fixtures.user(), await fixtures.user()];
        const owner = await fixtures.userAndClient();
        const created = await fixtures.subscription(owner, ['note.created']);
        const comments = await fixtures.subscription(owner, ['comment.created']);
        const both = await fixtures.subscription(await fixtures.userAndClient(), ['note.updated', 'note.created']);
        await fixtures.subscription(await fixtures.userAndClient(), ['note.deleted', 'note.favorited']);
        const note = await fixtures.note(author.id);
        await repos().comments.create(note, fan.id, { title: null, comment: 'hi' }, fixtures.now());

        const { handed } = await fixtures.fanOut(fixtures.now());
        expect(types(handed)).toEqual(['comment.created', 'note.created']);
        const of = (type: string) => byId(handed.find(({ event }) => event.type === type)!.subscriptions);
        expect(of('note.created')).toEqual(byId([created, both]));
        expect(of('comment.created')).toEqual([comments]);
        for (const { subscriptions } of handed) for (const s of subscriptions) expect(s).not.toHaveProperty('secret');
      });

      it('stores the deliveries it is given, due at `now`, and marks the events done', async () => {
        const author = await fixtures.user();
        const owner = await fixtures.userAndClient();
        const subscription = await fixtures.subscription(owner, ['note.created'], {
          url: 'https://receiver.example/hook', secret: 'whsec_dGhlIHNlY3JldA==',
        });
        await fixtures.note(author.id);
        await fixtures.note(author.id);
        const now = fixtures.now();
        const first = await fixtures.fanOut(now, (batch) => [
          { eventId: batch[0]!.event.id, subscriptionId: subscription.id, body: '{"a":1}', scopes: ['read', 'readall'] },
        ]);
        expect(first.taken).toBe(2);
        // Both are done, also the one that made no delivery.
        await expect(fixtures.fanOut(later(now, SECOND))).resolves.toEqual({ taken: 0, handed: [] });

        const event = first.handed[0]!.event;
        await expect(outbox().claimDue(later(now, -1), 10, 60 * SECOND)).resolves.toEqual([]);
        await expect(outbox().claimDue(now, 10, 60 * SECOND)).resolves.toEqual([{
          id: expect.any(String), eventId: event.id, subscriptionId: subscription.id, userId: owner.userId, clientId: owner.clientId,
          scopes: ['read', 'readall'], url: 'https://receiver.example/hook', secret: 'whsec_dGhlIHNlY3JldA==', body: '{"a":1}', attempt: 1,
          eventAt: event.at,
        }]);
      });

      it('stores one delivery per event and subscription, however often it is given', async () => {
        const author = await fixtures.user();
        const subscription = await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        await fixtures.note(author.id);
        const now = fixtures.now();
        const first = await fixtures.fanOut(now, ([only]) => [
          { eventId: only!.event.id, subscriptionId: subscription.id, body: 'first' },
          { eventId: only!.event.id, subscriptionId: subscription.id, body: 'again' },
        ]);
        const event = first.handed[0]!.event;
        // The same event fanned out again (as by a worker whose lease ran out), with the next one.
        await fixtures.note(author.id);
        const second = await fixtures.fanOut(now, ([next]) => [
          { eventId: event.id, subscriptionId: subscription.id, body: 'later' },
          { eventId: next!.event.id, subscriptionId: subscription.id, body: 'second' },
        ]);
        expect(second.taken).toBe(1);

        const due = await outbox().claimDue(now, 10, 60 * SECOND);
        expect(due).toHaveLength(2);
        const of = (id: string) => due.find((d) => d.eventId === id);
        expect(['first', 'again']).toContain(of(event.id)?.body);
        expect(of(second.handed[0]!.event.id)?.body).toBe('second');
      });

      it('makes no delivery for a subscription deleted while the event was fanned out', async () => {
        const author = await fixtures.user();
        const owner = await fixtures.userAndClient();
        const [gone, kept] = [await fixtures.subscription(owner, ['note.created']), await fixtures.subscription(owner, ['note.created'])];
        await fixtures.note(author.id);
        const now = fixtures.now();
        let deliveries: NewDelivery[] = [];
        await outbox().fanOut(now, 10, async (batch) => {
          deliveries = toEveryone(batch);
          await adapters().webhookSubscriptions.delete(gone.id);
          return deliveries;
        });
        expect(deliveries).toHaveLength(2);
        expect((await outbox().claimDue(now, 10, 60 * SECOND)).map((d) => d.subscriptionId)).toEqual([kept.id]);
        await expect(outbox().fanOut(now, 10, async () => [])).resolves.toBe(0);
      });

      it('takes at most `limit` events, and leaves those another worker holds', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        const notes = [await fixtures.note(author.id), await fixtures.note(author.id), await fixtures.note(author.id)];
        const now = fixtures.now();
        const outer: FannedOut = [];
        let inner = { taken: -1, handed: [] as FannedOut };
        const taken = await outbox().fanOut(now, 2, async (batch) => {
          outer.push(...batch);
          // Another worker, while this one holds two: it takes only the third.
          inner = await fixtures.fanOut(now, toEveryone);
          return toEveryone(batch);
        });
        expect(taken).toBe(2);
        expect(outer).toHaveLength(2);
        expect(inner.taken).toBe(1);
        const noteIds = [...events(outer), ...events(inner.handed)].map((e) => ('noteId' in e ? e.noteId : 0));
        expect(sorted(noteIds)).toEqual(sorted(notes));
        await expect(outbox().fanOut(now, 10, async () => [])).resolves.toBe(0);
        await expect(outbox().claimDue(now, 10, 60 * SECOND)).resolves.toHaveLength(3);
      });

      it('returns 0 and calls nothing when no event waits', async () => {
        const fanOut = jest.fn(async () => []);
        await expect(outbox().fanOut(fixtures.now(), 10, fanOut)).resolves.toBe(0);
        expect(fanOut).not.toHaveBeenCalled();
      });
    });

    describe('claimDue and report', () => {
      /** `count` deliveries of new notes to one subscription, due at `now`. */
      async function due(count: number, now: Date) {
        const author = await fixtures.user();
        const subscription = await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        for (let i = 0; i < count; i++) await fixtures.note(author.id);
        await fixtures.fanOut(now, toEveryone);
        return subscription;
      }

      it('leases a delivery: not claimed again before the lease ends, then with the next attempt number', async () => {
        const now = fixtures.now();
        await due(1, now);
        const [first, ...rest] = await outbox().claimDue(now, 10, 30 * SECOND);
        expect(rest).toEqual([]);
        expect(first?.attempt).toBe(1);
        await expect(outbox().claimDue(now, 10, 30 * SECOND)).resolves.toEqual([]);
        await expect(outbox().claimDue(later(now, 30 * SECOND - 1), 10, 30 * SECOND)).resolves.toEqual([]);
        const second = await outbox().claimDue(later(now, 30 * SECOND + 1), 10, 30 * SECOND);
        expect(second).toEqual([{ ...first, attempt: 2 }]);
        await expect(outbox().claimDue(later(now, 45 * SECOND), 10, 30 * SECOND)).resolves.toEqual([]);
        await expect(outbox().claimDue(later(now, 61 * SECOND + 1), 10, 30 * SECOND)).resolves.toEqual([{ ...first, attempt: 3 }]);
      });

      it('claims at most `limit`, and hands a delivery to only one of two claims made at once', async () => {
        const now = fixtures.now();
        await due(3, now);
        const two = await outbox().claimDue(now, 2, 60 * SECOND);
        expect(two).toHaveLength(2);
        const [a, b] = await Promise.all([outbox().claimDue(now, 10, 60 * SECOND), outbox().claimDue(now, 10, 60 * SECOND)]);
        expect([...a!, ...b!]).toHaveLength(1);
        expect(new Set([...two, ...a!, ...b!].map((d) => d.id)).size).toBe(3);
      });

      it('never claims again a delivery reported delivered or given up', async () => {
        const now = fixtures.now();
        await due(2, now);
        const [ok, bad] = await outbox().claimDue(now, 10, 60 * SECOND);
        await outbox().report(ok!.id, { attempt: 1, status: 200, error: null, at: later(now, SECOND), next: { state: 'delivered' } });
        await outbox().report(bad!.id, { attempt: 1, status: 410, error: 'HTTP 410', at: later(now, SECOND), next: { state: 'failed' } });
        await expect(outbox().claimDue(later(now, 61 * SECOND), 10, 60 * SECOND)).resolves.toEqual([]);
        await expect(outbox().claimDue(later(now, 48 * 3600 * SECOND), 10, 60 * SECOND)).resolves.toEqual([]);
      });

      it('claims a delivery reported pending again at its `nextAt`, not before (its lease ends with the report)', async () => {
        const now = fixtures.now();
        const subscription = await due(1, now);
        const [first] = await outbox().claimDue(now, 10, 60 * SECOND);
        const nextAt = later(now, 5 * SECOND);
        await outbox().report(first!.id, { attempt: 1, status: 500, error: 'HTTP 500', at: later(now, SECOND), next: { state: 'pending', nextAt } });
        await expect(outbox().claimDue(later(nextAt, -1), 10, 60 * SECOND)).resolves.toEqual([]);
        await expect(outbox().claimDue(nextAt, 10, 60 * SECOND)).resolves.toEqual([{ ...first, attempt: 2 }]);
        await outbox().report(first!.id, { attempt: 2, status: null, error: 'timed out', at: later(nextAt, SECOND), next: { state: 'delivered' } });
        await expect(adapters().webhookSubscriptions.attempts(subscription.id, 10)).resolves.toEqual([
          { eventId: first!.eventId, type: 'note.created', attempt: 2, status: null, error: 'timed out', at: later(nextAt, SECOND) },
          { eventId: first!.eventId, type: 'note.created', attempt: 1, status: 500, error: 'HTTP 500', at: later(now, SECOND) },
        ]);
      });
    });

    describe('drop', () => {
      it('ends leased deliveries unsent, with no attempt logged; the attempts logged before stay, and other deliveries go on', async () => {
        const author = await fixtures.user();
        const subscription = await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        await fixtures.note(author.id);
        await fixtures.note(author.id);
        const now = fixtures.now();
        await fixtures.fanOut(now, (batch) => batch.map(({ event }) => ({ eventId: event.id, subscriptionId: subscription.id, body: event.id })));
        // Neither spelt its scopes: `read` alone.
        const [first, second] = await outbox().claimDue(now, 10, 60 * SECOND);
        expect([first?.scopes, second?.scopes]).toEqual([[], []]);
        const nextAt = later(now, 5 * SECOND);
        for (const d of [first!, second!]) {
          await outbox().report(d.id, { attempt: 1, status: 500, error: 'HTTP 500', at: later(now, SECOND), next: { state: 'pending', nextAt } });
        }
        const again = await outbox().claimDue(nextAt, 10, 60 * SECOND);
        expect(again.map((d) => d.attempt)).toEqual([2, 2]);
        await outbox().drop([first!.id]);
        await outbox().drop([]);
        await outbox().report(second!.id, { attempt: 2, status: 500, error: 'HTTP 500', at: later(nextAt, SECOND), next: { state: 'pending', nextAt: later(nextAt, 30 * SECOND) } });
        // Only the other one comes back, after both leases would have ended.
        const after = await outbox().claimDue(later(nextAt, 120 * SECOND), 10, 60 * SECOND);
        expect(after.map((d) => d.eventId)).toEqual([second!.eventId]);
        const log = await adapters().webhookSubscriptions.attempts(subscription.id, 10);
        expect(log.filter((a) => a.eventId === first!.eventId).map((a) => a.attempt)).toEqual([1]);
        expect(log.filter((a) => a.eventId === second!.eventId).map((a) => a.attempt)).toEqual([2, 1]);
      });
    });

    describe('purge', () => {
      it('deletes the fanned-out events older than `before` that wait for no delivery, with their deliveries and attempts', async () => {
        const author = await fixtures.user();
        const subscription = await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        const [done, waiting] = [await fixtures.note(author.id), await fixtures.note(author.id)];
        await fixtures.note(author.id);
        const now = fixtures.now();
        // A delivery for the first two notes only; the third made none.
        const noteOf = (event: WebhookEvent) => ('noteId' in event ? event.noteId : 0);
        const { handed } = await fixtures.fanOut(now, (batch) => toEveryone(batch.filter(({ event }) => [done, waiting].includes(noteOf(event)))));
        const eventOf = (note: number) => handed.find(({ event }) => noteOf(event) === note)!.event.id;
        const claimed = await outbox().claimDue(now, 10, 60 * SECOND);
        expect(claimed).toHaveLength(2);
        const delivered = claimed.find((d) => d.eventId === eventOf(done))!;
        const pending = claimed.find((d) => d.eventId === eventOf(waiting))!;
        await outbox().report(delivered.id, { attempt: 1, status: 200, error: null, at: now, next: { state: 'delivered' } });
        await outbox().report(pending.id, { attempt: 1, status: 500, error: 'HTTP 500', at: now, next: { state: 'pending', nextAt: later(now, 5 * SECOND) } });
        await fixtures.note(author.id);

        await expect(outbox().purge(new Date(Date.now() - 3600 * SECOND))).resolves.toBe(0);
        await expect(outbox().purge(new Date(Date.now() + 3600 * SECOND))).resolves.toBe(2);
        // The delivered one's attempt went with it; the pending one is kept, and still due.
        await expect(adapters().webhookSubscriptions.attempts(subscription.id, 10)).resolves.toEqual([
          expect.objectContaining({ eventId: pending.eventId, status: 500 }),
        ]);
        await expect(outbox().claimDue(later(now, 5 * SECOND), 10, 60 * SECOND)).resolves.toEqual([{ ...pending, attempt: 2 }]);
        // The event not fanned out yet is kept too.
        await expect(outbox().fanOut(now, 10, async () => [])).resolves.toBe(1);
        await expect(outbox().purge(new Date(Date.now() + 3600 * SECOND))).resolves.toBe(1);
      });
    });

    describe('onEvent', () => {
      it('calls the listener after an event is written to an outbox with nothing waiting, and no more once unsubscribed', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        let calls = 0;
        const unsubscribe = outbox().onEvent(() => { calls += 1; });
        try {
          // The first may also be the database's listener saying it listens; the second is the event's own.
          await fixtures.note(author.id);
          expect(await until(() => calls > 0, 10 * SECOND)).toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 100));
          calls = 0;
          // The first event waits; the next one written meanwhile need not wake anyone (a worker busy with the
          // first looks again before it rests). Once the outbox is fanned out, the next event wakes the listener.
          await outbox().fanOut(new Date(), 10, async () => []);
          await fixtures.note(author.id);
          expect(await until(() => calls > 0, 10 * SECOND)).toBe(true);
        } finally {
          unsubscribe();
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        calls = 0;
        await fixtures.note(author.id);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(calls).toBe(0);
      });

      it('calls the listener when several notes posted at once are the first events to wait', async () => {
        const author = await fixtures.user();
        await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
        let calls = 0;
        const unsubscribe = outbox().onEvent(() => { calls += 1; });
        try {
          // The database's listener may say it listens: let that call pass first.
          await new Promise((resolve) => setTimeout(resolve, 200));
          calls = 0;
          await Promise.all(Array.from({ length: 5 }, (_, i) => adapters().noteInserts.insert({
            authorId: author.id, content: fixtures.content({ message: `woken ${i}` }), recipientIds: [], now: fixtures.now(),
          })));
          expect(await until(() => calls > 0, 10 * SECOND)).toBe(true);
        } finally {
          unsubscribe();
        }
      });
    });
  });
}
