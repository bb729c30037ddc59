import { ownerKey } from '../../src/application/ports/webhook-store';
import type { Scope } from '../../src/domain/scopes';
import type { WebhookContractAdapters, WebhookFixtures } from './webhook-contract-adapters';

/**
 * WebhookSubscriptions: what is stored comes back exactly (but never the secret), listed oldest first by user and
 * application or by applications; deleting one takes its deliveries and their log with it; the log is newest first.
 */
export function webhookSubscriptionsContract(adapters: () => WebhookContractAdapters, fixtures: WebhookFixtures): void {
  describe('WebhookSubscriptions', () => {
    const subscriptions = () => adapters().webhookSubscriptions;
    const outbox = () => adapters().webhookOutbox;

    beforeEach(() => fixtures.reset());

    it('creates a subscription and gives it back as stored, without its secret', async () => {
      const owner = await fixtures.userAndClient();
      const createdAt = fixtures.now();
      const fields = {
        userId: owner.userId, clientId: owner.clientId, url: 'https://hooks.example/in?token=a&b=c',
        events: ['note.updated', 'note.created', 'user.followed'] as const, createdAt,
        filters: {
          bbox: { kind: 'bbox', minLon: -0.51, minLat: 51.28, maxLon: 0.334, maxLat: 51.686 },
          near: { kind: 'circle', center: { latitude: 52.520008, longitude: 13.404954 }, radius: 2500.5 },
          notemapId: 12, authorId: 7,
        } as const,
        scopes: ['read', 'readall', 'write', 'notes'] as const,
      };
      const created = fixtures.deletedAtReset(
        await subscriptions().create({ ...fields, events: [...fields.events], scopes: [...fields.scopes], secret: 'whsec_c2VjcmV0' }));
      const expected = { ...fields, id: expect.any(Number), events: [...fields.events], scopes: [...fields.scopes] };
      expect(created).toEqual(expected);
      expect(created).not.toHaveProperty('secret');
      const found = await subscriptions().get(created.id);
      expect(found).toEqual({ ...expected, id: created.id });
      expect(found).not.toHaveProperty('secret');
      const listed = await subscriptions().ofUserAndClient(owner.userId, owner.clientId);
      expect(listed).toEqual([{ ...expected, id: created.id }]);
      expect(listed[0]).not.toHaveProperty('secret');
      const ofClients = await subscriptions().ofClients([owner.clientId]);
      expect(ofClients).toEqual([{ ...expected, id: created.id }]);
      expect(ofClients[0]).not.toHaveProperty('secret');
    });

    it('keeps empty filters, a single filter and no scopes as they were given', async () => {
      const owner = await fixtures.userAndClient();
      const none = await fixtures.subscription(owner, ['comment.created'], { filters: {}, scopes: [] });
      const byAuthor = await fixtures.subscription(owner, ['note.deleted'], { filters: { authorId: owner.userId }, scopes: ['read'] });
      const byNotemap = await fixtures.subscription(owner, ['note.favorited'], { filters: { notemapId: 3 } });
      await expect(subscriptions().get(none.id)).resolves.toMatchObject({ filters: {}, scopes: [], events: ['comment.created'] });
      expect((await subscriptions().get(none.id))?.filters).toStrictEqual({});
      expect((await subscriptions().get(byAuthor.id))?.filters).toStrictEqual({ authorId: owner.userId });
      expect((await subscriptions().get(byAuthor.id))?.scopes).toEqual(['read']);
      expect((await subscriptions().get(byNotemap.id))?.filters).toStrictEqual({ notemapId: 3 });
    });

    it('gets one by id, and null for one that is not there', async () => {
      const owner = await fixtures.userAndClient();
      const [a, b] = [await fixtures.subscription(owner, ['note.created']), await fixtures.subscription(owner, ['note.deleted'])];
      await expect(subscriptions().get(a.id)).resolves.toEqual(a);
      await expect(subscriptions().get(b.id)).resolves.toEqual(b);
      await expect(subscriptions().get(b.id + 1_000_000)).resolves.toBeNull();
    });

    it('lists those of one user and application, oldest first', async () => {
      const [ada, bob] = [await fixtures.user(), await fixtures.user()];
      const [app, other] = [await fixtures.client(ada.id), await fixtures.client(ada.id)];
      const first = await fixtures.subscription({ userId: ada.id, clientId: app }, ['note.created']);
      await fixtures.subscription({ userId: ada.id, clientId: other }, ['note.created']);
      await fixtures.subscription({ userId: bob.id, clientId: app }, ['note.created']);
      const second = await fixtures.subscription({ userId: ada.id, clientId: app }, ['note.updated']);
      await expect(subscriptions().ofUserAndClient(ada.id, app)).resolves.toEqual([first, second]);
      await expect(subscriptions().ofUserAndClient(bob.id, other)).resolves.toEqual([]);
    });

    it('lists those made through some applications, by any of their users, oldest first', async () => {
      const [ada, bob] = [await fixtures.user(), await fixtures.user()];
      const [one, two, three] = [await fixtures.client(ada.id), await fixtures.client(ada.id), await fixtures.client(bob.id)];
      const a = await fixtures.subscription({ userId: ada.id, clientId: one }, ['note.created']);
      await fixtures.subscription({ userId: ada.id, clientId: two }, ['note.created']);
      const c = await fixtures.subscription({ userId: bob.id, clientId: three }, ['note.created']);
      const d = await fixtures.subscription({ userId: bob.id, clientId: one }, ['user.followed']);
      await expect(subscriptions().ofClients([three, one])).resolves.toEqual([a, c, d]);
      await expect(subscriptions().ofClients([three])).resolves.toEqual([c]);
      await expect(subscriptions().ofClients([])).resolves.toEqual([]);
    });

    it('deletes once, taking its deliveries and their attempts with it, and leaves the others', async () => {
      const owner = await fixtures.userAndClient();
      const [gone, kept] = [await fixtures.subscription(owner, ['note.created']), await fixtures.subscription(owner, ['note.created'])];
      await fixtures.note(owner.userId);
      const now = fixtures.now();
      await fixtures.fanOut(now, (batch) => batch.flatMap(({ event, subscriptions: subs }) =>
        subs.map((s) => ({ eventId: event.id, subscriptionId: s.id, body: `to ${s.id}` }))));
      const claimed = await outbox().claimDue(now, 10, 60_000);
      expect(claimed.map((d) => d.subscriptionId).sort((x, y) => x - y)).toEqual([gone.id, kept.id]);
      for (const d of claimed) {
        await outbox().report(d.id, { attempt: d.attempt, status: 500, error: 'HTTP 500', at: now, next: { state: 'pending', nextAt: new Date(now.getTime() + 5_000) } });
      }
      await expect(subscriptions().attempts(gone.id, 10)).resolves.toHaveLength(1);

      await expect(subscriptions().delete(gone.id)).resolves.toBe(true);
      await expect(subscriptions().delete(gone.id)).resolves.toBe(false);
      await expect(subscriptions().get(gone.id)).resolves.toBeNull();
      await expect(subscriptions().ofUserAndClient(owner.userId, owner.clientId)).resolves.toEqual([kept]);
      await expect(subscriptions().attempts(gone.id, 10)).resolves.toEqual([]);
      await expect(subscriptions().attempts(kept.id, 10)).resolves.toHaveLength(1);
      // Its pending delivery is gone: only the other subscription's is due again.
      const again = await outbox().claimDue(new Date(now.getTime() + 3_600_000), 10, 60_000);
      expect(again.map((d) => d.subscriptionId)).toEqual([kept.id]);
    });

    it('tells the grant each owner\'s subscriptions live by: the scopes of the live access and refresh tokens together', async () => {
      const [live, lapsed, never] = [await fixtures.userAndClient(), await fixtures.userAndClient(), await fixtures.userAndClient()];
      const { tokens, refreshTokens } = adapters().repositories;
      const now = fixtures.now();
      const later = new Date(now.getTime() + 60_000);
      const token = (owner: typeof live, scopes: Scope[], expiresAt: Date | null = null) =>
        tokens.create({ tokenHash: fixtures.name('at'), ...owner, scopes, expiresAt }, now);
      await token(live, ['read', 'readall']);
      await token(live, ['notes'], later);
      await refreshTokens.create({ tokenHash: fixtures.name('rt'), accessTokenId: null, ...live, scopes: ['read', 'contacts'], expiresAt: null }, now);
      // Revoked and expired tokens grant nothing, to this owner or to another.
      await tokens.revoke(await token(live, ['delete']), now);
      await token(live, ['write'], now);
      await tokens.revoke(await token(lapsed, ['read', 'readall']), now);
      await token(lapsed, ['read'], now);
      const revokedRefresh = await refreshTokens.create({ tokenHash: fixtures.name('rt'), accessTokenId: null, ...lapsed, scopes: ['read'], expiresAt: null }, now);
      await refreshTokens.revoke(revokedRefresh, now);

      const grants = await subscriptions().grants([live, lapsed, never, live], now);
      expect([...grants.keys()]).toEqual([ownerKey(live)]);
      expect([...grants.get(ownerKey(live))!].sort()).toEqual(['contacts', 'notes', 'read', 'readall']);
      // Once the token with an expiry has expired, its scopes are no longer in the grant.
      const after = await subscriptions().grants([live], later);
      expect([...after.get(ownerKey(live))!].sort()).toEqual(['contacts', 'read', 'readall']);
      await expect(subscriptions().grants([], now)).resolves.toEqual(new Map());
    });

    it('deletes the subscriptions whose grant lapsed, of some owners or of all, with their deliveries and log', async () => {
      const [live, lapsed, other] = [await fixtures.userAndClient(), await fixtures.userAndClient(), await fixtures.userAndClient()];
      const now = fixtures.now();
      await adapters().repositories.tokens.create({ tokenHash: fixtures.name('at'), ...live, scopes: ['read'], expiresAt: null }, now);
      // This owner's only token expires with `now`: by then the grant has lapsed.
      await adapters().repositories.tokens.create({ tokenHash: fixtures.name('at'), ...lapsed, scopes: ['read'], expiresAt: now }, now);
      const [kept, gone, goneLater] = [
        await fixtures.subscription(live, ['note.created']), await fixtures.subscription(lapsed, ['note.created']),
        await fixtures.subscription(other, ['note.created']),
      ];
      await fixtures.note(live.userId);
      await fixtures.fanOut(now, (batch) => batch.flatMap(({ event, subscriptions: subs }) =>
        subs.map((sub) => ({ eventId: event.id, subscriptionId: sub.id, body: `to ${sub.id}` }))));
      for (const d of await outbox().claimDue(now, 10, 60_000)) {
        await outbox().report(d.id, { attempt: d.attempt, status: 500, error: 'HTTP 500', at: now, next: { state: 'pending', nextAt: new Date(now.getTime() + 5_000) } });
      }

      await expect(subscriptions().deleteLapsed(now, [live, lapsed])).resolves.toBe(1);
      await expect(subscriptions().get(gone.id)).resolves.toBeNull();
      await expect(subscriptions().attempts(gone.id, 10)).resolves.toEqual([]);
      await expect(subscriptions().get(kept.id)).resolves.toEqual(kept);
      await expect(subscriptions().get(goneLater.id)).resolves.toEqual(goneLater);
      await expect(subscriptions().deleteLapsed(now, [])).resolves.toBe(0);
      // All owners: the one that never held a token goes too.
      await expect(subscriptions().deleteLapsed(now)).resolves.toBe(1);
      await expect(subscriptions().get(goneLater.id)).resolves.toBeNull();
      await expect(subscriptions().get(kept.id)).resolves.toEqual(kept);
      await expect(subscriptions().attempts(kept.id, 10)).resolves.toHaveLength(1);
      // Only the live owner's delivery is due again.
      const again = await outbox().claimDue(new Date(now.getTime() + 3_600_000), 10, 60_000);
      expect(again.map((d) => d.subscriptionId)).toEqual([kept.id]);
    });

    it('pages the attempts of a subscription, newest first, with how many the log holds', async () => {
      const owner = await fixtures.userAndClient();
      const hook = await fixtures.subscription(owner, ['note.created']);
      for (let i = 0; i < 3; i++) await fixtures.note(owner.userId);
      const now = fixtures.now();
      await fixtures.fanOut(now, (batch) => batch.map(({ event }) => ({ eventId: event.id, subscriptionId: hook.id, body: event.id })));
      const claimed = await outbox().claimDue(now, 10, 60_000);
      expect(claimed).toHaveLength(3);
      for (const [i, d] of claimed.entries()) {
        await outbox().report(d.id, { attempt: 1, status: 204, error: null, at: new Date(now.getTime() + i * 1000), next: { state: 'delivered' } });
      }
      const all = await subscriptions().attempts(hook.id, 10);
      expect(all).toHaveLength(3);
      await expect(subscriptions().attemptPage(hook.id, { offset: 0, limit: 2 })).resolves.toEqual({ items: all.slice(0, 2), total: 3 });
      await expect(subscriptions().attemptPage(hook.id, { offset: 2, limit: 2 })).resolves.toEqual({ items: all.slice(2), total: 3 });
      await expect(subscriptions().attemptPage(hook.id, { offset: 3, limit: 2 })).resolves.toEqual({ items: [], total: 3 });
      await expect(subscriptions().attemptPage(hook.id + 1_000_000, { offset: 0, limit: 2 })).resolves.toEqual({ items: [], total: 0 });
    });

    it('logs every attempt of its deliveries, newest first, as many as asked', async () => {
      const owner = await fixtures.userAndClient();
      const [mine, other] = [await fixtures.subscription(owner, ['note.created', 'comment.created']), await fixtures.subscription(owner, ['note.created'])];
      const note = await fixtures.note(owner.userId);
      await adapters().repositories.comments.create(note, owner.userId, { title: null, comment: 'hi' }, fixtures.now());
      const now = fixtures.now();
      const { handed } = await fixtures.fanOut(now, (batch) => batch.flatMap(({ event, subscriptions: subs }) =>
        subs.map((s) => ({ eventId: event.id, subscriptionId: s.id, body: event.type }))));
      const created = handed.find(({ event }) => event.type === 'note.created')!.event;
      const commented = handed.find(({ event }) => event.type === 'comment.created')!.event;
      const seconds = (n: number) => new Date(now.getTime() + n * 1000);

      const first = await outbox().claimDue(now, 10, 60_000);
      expect(first).toHaveLength(3);
      const delivery = (event: string, subscription: number) => first.find((d) => d.eventId === event && d.subscriptionId === subscription)!;
      // Reported in the order of their times, so "newest first" reads the same by either.
      await outbox().report(delivery(created.id, mine.id).id, {
        attempt: 1, status: null, error: 'connection refused', at: seconds(1), next: { state: 'pending', nextAt: seconds(6) },
      });
      await outbox().report(delivery(created.id, other.id).id, { attempt: 1, status: 204, error: null, at: seconds(2), next: { state: 'delivered' } });
      await outbox().report(delivery(commented.id, mine.id).id, { attempt: 1, status: 204, error: null, at: seconds(3), next: { state: 'delivered' } });
      const [retry] = await outbox().claimDue(seconds(6), 10, 60_000);
      expect(retry).toMatchObject({ eventId: created.id, subscriptionId: mine.id, attempt: 2 });
      await outbox().report(retry!.id, { attempt: 2, status: 503, error: 'HTTP 503', at: seconds(7), next: { state: 'failed' } });

      const log = [
        { eventId: created.id, type: 'note.created', attempt: 2, status: 503, error: 'HTTP 503', at: seconds(7) },
        { eventId: commented.id, type: 'comment.created', attempt: 1, status: 204, error: null, at: seconds(3) },
        { eventId: created.id, type: 'note.created', attempt: 1, status: null, error: 'connection refused', at: seconds(1) },
      ];
      await expect(subscriptions().attempts(mine.id, 10)).resolves.toEqual(log);
      await expect(subscriptions().attempts(mine.id, 2)).resolves.toEqual(log.slice(0, 2));
      await expect(subscriptions().attempts(mine.id, 1)).resolves.toEqual([log[0]]);
      await expect(subscriptions().attempts(other.id, 10)).resolves.toEqual([
        { eventId: created.id, type: 'note.created', attempt: 1, status: 204, error: null, at: seconds(2) },
      ]);
      // Several subscriptions' at once (the applications page): the same lists, by id; one with none is absent.
      const latest = await subscriptions().latestAttempts([mine.id, other.id, 999_999], 2);
      expect([...latest.keys()].sort((x, y) => x - y)).toEqual([mine.id, other.id].sort((x, y) => x - y));
      expect(latest.get(mine.id)).toEqual(log.slice(0, 2));
      expect(latest.get(other.id)).toEqual([{ eventId: created.id, type: 'note.created', attempt: 1, status: 204, error: null, at: seconds(2) }]);
      await expect(subscriptions().latestAttempts([], 5)).resolves.toEqual(new Map());
    });
  });
}
