import pg from 'pg';
import { portToken } from '../../../application/ports/port-token';

/** What a subscriber to a channel hears: each payload, and whether it hears every one. */
export interface NotificationHandlers {
  message(payload: string): void;
  /**
   * `false` when notifications may be missed from now on (the listening connection was lost; it reconnects),
   * `true` once listening (again). A subscriber that caches must forget everything on either.
   */
  live(isLive: boolean): void;
}

/** PostgreSQL's LISTEN/NOTIFY, on whichever engine holds the data. */
export interface Notifications {
  /** Subscribes; `handlers.live(true)` tells when it listens. Returns the unsubscribe. */
  listen(channel: string, handlers: NotificationHandlers): () => void;
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * One dedicated connection that LISTENs on every subscribed channel (a pooled connection cannot: the pool hands
 * it to queries). When it is lost, subscribers hear `live(false)` and it reconnects with growing delays (0.5 s
 * doubling up to 30 s), then LISTENs again and says `live(true)`. TCP keep-alive finds a silently dropped peer.
 */
export class PostgresNotifications implements Notifications {
  readonly #subscribers = new Map<string, Set<NotificationHandlers>>();
  #client: pg.Client | null = null;
  #listening = new Set<string>();
  #connecting = false;
  #closed = false;
  #retryMs = RETRY_FIRST_MS;
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly config: pg.ClientConfig) {}

  listen(channel: string, handlers: NotificationHandlers): () => void {
    let set = this.#subscribers.get(channel);
    if (set === undefined) this.#subscribers.set(channel, (set = new Set()));
    set.add(handlers);
    if (this.#client !== null && this.#listening.has(channel)) handlers.live(true);
    else if (this.#client !== null) void this.#listenOn(this.#client, channel);
    else this.#connect();
    return () => {
      set.delete(handlers);
    };
  }

  /** The PostgreSQL backend of the listening connection, while there is one. */
  processId(): number | null {
    return (this.#client as { processID?: number } | null)?.processID ?? null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    if (client !== null) await client.end().catch(() => {});
  }

  #connect(): void {
    if (this.#connecting || this.#closed || this.#client !== null) return;
    this.#connecting = true;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', ({ channel, payload }) => {
      for (const handlers of this.#subscribers.get(channel) ?? []) handlers.message(payload ?? '');
    });
    client.connect().then(
      async () => {
        this.#connecting = false;
        if (this.#closed) return void client.end().catch(() => {});
        this.#client = client;
        this.#listening = new Set();
        this.#retryMs = RETRY_FIRST_MS;
        for (const channel of this.#subscribers.keys()) await this.#listenOn(client, channel);
      },
      () => {
        this.#connecting = false;
        void client.end().catch(() => {});
        this.#retry();
      },
    );
  }

  async #listenOn(client: pg.Client, channel: string): Promise<void> {
    try {
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      // The connection failed under it: 'error' or 'end' follows and reconnects.
      return;
    }
    if (this.#client !== client || this.#listening.has(channel)) return;
    this.#listening.add(channel);
    for (const handlers of this.#subscribers.get(channel) ?? []) handlers.live(true);
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = new Set();
    void client.end().catch(() => {});
    for (const set of this.#subscribers.values()) for (const handlers of set) handlers.live(false);
    this.#retry();
  }

  #retry(): void {
    if (this.#closed || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect();
    }, this.#retryMs);
    this.#timer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
  }
}

/** The embedded database's own LISTEN/NOTIFY: in the process, never lost. */
export class PgliteNotifications implements Notifications {
  readonly #stops = new Set<Promise<() => Promise<void>>>();
  constructor(private readonly pglite: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> }) {}

  listen(channel: string, handlers: NotificationHandlers): () => void {
    const subscribed = this.pglite.listen(channel, (payload) => handlers.message(payload));
    this.#stops.add(subscribed);
    subscribed.then(() => handlers.live(true), () => handlers.live(false));
    return () => {
      this.#stops.delete(subscribed);
      void subscribed.then((stop) => stop()).catch(() => {});
    };
  }

  async close(): Promise<void> {
    const stops = [...this.#stops];
    this.#stops.clear();
    await Promise.all(stops.map((subscribed) => subscribed.then((stop) => stop()).catch(() => {})));
  }
}

/** The database's LISTEN/NOTIFY, for the adapters that wake on it. */
export const NOTIFICATIONS = portToken<Notifications>('Notifications');
