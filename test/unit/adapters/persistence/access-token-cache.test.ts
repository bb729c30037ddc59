import { AccessTokenCache, ACCESS_TOKEN_CHANNEL } from '../../../../src/adapters/persistence/kysely/access-token-cache';
import type { NotificationHandlers, Notifications } from '../../../../src/adapters/persistence/kysely/notifications';
import type { AccessTokenRecord } from '../../../../src/application/ports/access-token-repository';

class FakeNotifications implements Notifications {
  readonly handlers = new Map<string, NotificationHandlers>();
  listen(channel: string, handlers: NotificationHandlers) {
    this.handlers.set(channel, handlers);
    return () => this.handlers.delete(channel);
  }
  async close() {}
  get channel(): NotificationHandlers {
    const handlers = this.handlers.get(ACCESS_TOKEN_CHANNEL);
    if (!handlers) throw new Error('nothing listens');
    return handlers;
  }
}

const record = (tokenHash: string, id = 1): AccessTokenRecord => ({
  id, tokenHash, userId: 7, clientId: 3, scopes: ['read'], authorizationCodeId: null,
  expiresAt: null, createdAt: new Date(0), revokedAt: null,
});

describe('AccessTokenCache', () => {
  let notifications: FakeNotifications;
  let now: number;
  let cache: AccessTokenCache;

  beforeEach(() => {
    notifications = new FakeNotifications();
    now = 1_000;
    cache = new AccessTokenCache(notifications, () => now);
  });

  it('caches nothing until the notifications listen', () => {
    cache.remember(record('a'), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    notifications.channel.live(true);
    cache.remember(record('a'), cache.epoch());
    expect(cache.get('a')).toEqual(record('a'));
  });

  it('resolves whenLive once it listens', async () => {
    let live = false;
    const waiting = cache.whenLive().then(() => { live = true; });
    await Promise.resolve();
    expect(live).toBe(false);
    notifications.channel.live(true);
    await waiting;
    expect(live).toBe(true);
  });

  it('forgets a token announced on the channel, and every token on an empty payload', () => {
    notifications.channel.live(true);
    cache.remember(record('a'), cache.epoch());
    cache.remember(record('b', 2), cache.epoch());
    notifications.channel.message('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    notifications.channel.message('');
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep what a look-up read before a change it raced', () => {
    notifications.channel.live(true);
    const epoch = cache.epoch();
    notifications.channel.message('a');
    cache.remember(record('a'), epoch);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything and stops caching when the listening connection is lost', () => {
    notifications.channel.live(true);
    cache.remember(record('a'), cache.epoch());
    notifications.channel.live(false);
    expect(cache.get('a')).toBeUndefined();
    cache.remember(record('a'), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    notifications.channel.live(true);
    cache.remember(record('a'), cache.epoch());
    expect(cache.get('a')).toBeDefined();
  });

  it('trusts an entry for five seconds at most', () => {
    notifications.channel.live(true);
    cache.remember(record('a'), cache.epoch());
    now += 4_999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds 10,000 tokens at most, dropping the oldest', () => {
    notifications.channel.live(true);
    for (let i = 0; i <= 10_000; i++) cache.remember(record(`t${i}`, i), cache.epoch());
    expect(cache.get('t0')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    expect(cache.get('t10000')).toBeDefined();
  });
});
