import type { AccessTokenRecord } from '../../../application/ports/access-token-repository';
import { portToken } from '../../../application/ports/port-token';
import type { Notifications } from './notifications';

/** The channel migration 0007's triggers announce every changed access token on (its hash; empty: all). */
export const ACCESS_TOKEN_CHANNEL = 'pn_access_tokens';
// How long a look-up is trusted without a word from the database: a revocation announced while the listening
// connection was silently gone is honoured after this at the latest (decision `token-cache`).
const TTL_MS = 5_000;
// Bounded: a flood of distinct valid tokens evicts the oldest entries instead of growing the process.
const MAX_ENTRIES = 10_000;

interface Entry {
  record: AccessTokenRecord;
  until: number;
}

/**
 * Recent access-token look-ups by hash, so an authenticated request costs no more SQL than an anonymous one.
 * Trusted only while the database's notifications are live: every change to a token row is announced by a
 * trigger on every instance and forgets it here; losing the listening connection forgets everything and stops
 * caching until it listens again. Each entry lives TTL_MS at most. Unknown tokens are never cached.
 */
export class AccessTokenCache {
  readonly #entries = new Map<string, Entry>();
  #live = false;
  // Moves on every forget: a look-up that began before a change must not cache what it read.
  #epoch = 0;
  #whenLive: Promise<void>;
  #becameLive: () => void = () => {};

  constructor(notifications: Notifications, private readonly now: () => number = () => performance.now()) {
    this.#whenLive = new Promise((resolve) => {
      this.#becameLive = resolve;
    });
    notifications.listen(ACCESS_TOKEN_CHANNEL, {
      message: (hash) => this.forget(hash),
      live: (isLive) => {
        this.#entries.clear();
        this.#epoch++;
        this.#live = isLive;
        if (isLive) this.#becameLive();
      },
    });
  }

  /** Resolves once the cache listens for changes (it caches nothing before). */
  whenLive(): Promise<void> {
    return this.#whenLive;
  }

  /** The moment to pass to `remember` for a look-up starting now. */
  epoch(): number {
    return this.#epoch;
  }

  get(tokenHash: string): AccessTokenRecord | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.record;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Keeps what a look-up that started at `epoch` read, unless anything changed since or nothing is heard. */
  remember(record: AccessTokenRecord, epoch: number): void {
    if (!this.#live || epoch !== this.#epoch) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(record.tokenHash, { record, until: this.now() + TTL_MS });
  }

  /** Forgets one token (by hash), or every token when the hash is empty. */
  forget(tokenHash: string): void {
    this.#epoch++;
    if (tokenHash === '') this.#entries.clear();
    else this.#entries.delete(tokenHash);
  }
}

export const ACCESS_TOKEN_CACHE = portToken<AccessTokenCache>('AccessTokenCache');
