import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type {
  AttemptReport, DueDelivery, NewDelivery, WebhookEvent, WebhookOutbox, WebhookSubscription,
} from '../../../application/ports/webhook-store';
import { isScope } from '../../../domain/scopes';
import type { DeletedNoteSnapshot, WebhookEventType } from '../../../domain/webhook';
import { KYSELY } from './database';
import { NOTIFICATIONS, type Notifications } from './notifications';
import type { Schema } from './schema';
import { SUBSCRIPTION_COLUMNS, toSubscription, type SubscriptionRow } from './kysely-webhook-subscriptions';

/** The channel the outbox's triggers NOTIFY, with their schema as the payload (migrations 0011, 0016). */
const CHANNEL = 'webhook_events';
/** How long a worker holds the events it fans out; past it, another may take them. */
const FAN_OUT_LEASE_MS = 60_000;

interface EventRow {
  id: string;
  type: string;
  note_id: number | null;
  comment_id: number | null;
  user_id: number | null;
  followed_id: number | null;
  snapshot: StoredSnapshot | string | null;
  created_at: Date;
}

interface StoredSnapshot {
  authorId: number;
  visibility: DeletedNoteSnapshot['visibility'];
  recipientIds: number[];
  notemapIds: number[];
  latitude: number;
  longitude: number;
  publicLatitude: number;
  publicLongitude: number;
}

function toEvent(row: EventRow): WebhookEvent {
  const base = { id: row.id, at: row.created_at };
  const type = row.type as WebhookEventType;
  switch (type) {
    case 'note.created':
    case 'note.updated':
      return { ...base, type, noteId: row.note_id! };
    case 'note.deleted': {
      const s = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as StoredSnapshot;
      return {
        ...base, type, noteId: row.note_id!, note: {
          authorId: s.authorId, visibility: s.visibility, recipientIds: s.recipientIds, notemapIds: s.notemapIds,
          position: { latitude: s.latitude, longitude: s.longitude },
          publicPosition: { latitude: s.publicLatitude, longitude: s.publicLongitude },
        },
      };
    }
    case 'comment.created':
      return { ...base, type, noteId: row.note_id!, commentId: row.comment_id! };
    case 'note.favorited':
      return { ...base, type, noteId: row.note_id!, userId: row.user_id! };
    case 'user.followed':
      return { ...base, type, followerId: row.user_id!, followedId: row.followed_id! };
  }
}

/** The outbox `webhook_events`, filled by triggers, and `webhook_deliveries` (migration 0011). */
@injectable()
export class KyselyWebhookOutbox implements WebhookOutbox {
  /** The schema this service works in (its connections' search_path), once read. */
  #schema: string | null = null;
  #schemaRead: Promise<void> | null = null;

  constructor(
    @inject(KYSELY) private readonly db: Kysely<Schema>,
    @inject(NOTIFICATIONS) private readonly notifications: Notifications,
  ) {}

  async fanOut(
    now: Date,
    limit: number,
    fanOut: (events: { event: WebhookEvent; subscriptions: WebhookSubscription[] }[]) => Promise<NewDelivery[]>,
  ): Promise<number> {
    // The lease is committed before the work, which reads other tables (and the embedded database has one connection).
    // The rows to lease are chosen once, in a materialised CTE (see claimDue).
    const { rows } = await sql<EventRow>`
      with chosen as materialized (
        select id from webhook_events
        where not dispatched and (leased_until is null or leased_until < now())
        order by id limit ${limit} for update skip locked)
      update webhook_events e set leased_until = now() + ${`${FAN_OUT_LEASE_MS} milliseconds`}::interval
      from chosen where e.id = chosen.id
      returning e.id::text as id, e.type, e.note_id, e.comment_id, e.user_id, e.followed_id, e.snapshot, e.created_at`.execute(this.db);
    if (rows.length === 0) return 0;
    rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
    const types = [...new Set(rows.map((row) => row.type))];
    const subscriptions = (await sql<SubscriptionRow>`
      select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions s where s.events && ${types}::text[] order by s.id`.execute(this.db)).rows.map(toSubscription);
    const deliveries = await fanOut(rows.map((row) => {
      const event = toEvent(row);
      return {
        event,
        subscriptions: subscriptions.filter((s) => s.events.includes(event.type) && (event.type !== 'user.followed' || s.userId === event.followedId)),
      };
    }));
    const at = new Map(rows.map((row) => [row.id, row.created_at]));
    // Each distinct body of an event is stored once, and its deliveries point at it.
    const payloads = new Map<string, { eventId: string; body: string; index: number }>();
    const payloadOf = deliveries.map((d) => {
      const key = `${d.eventId}\n${d.body}`;
      let payload = payloads.get(key);
      if (payload === undefined) payloads.set(key, (payload = { eventId: d.eventId, body: d.body, index: payloads.size + 1 }));
      return payload.index;
    });
    await this.db.transaction().execute(async (trx) => {
      if (deliveries.length > 0) {
        const stored = [...payloads.values()];
        const { rows: ids } = await sql<{ id: string }>`
          insert into webhook_payloads (event_id, body)
          select p.event_id, p.body from unnest(${stored.map((p) => p.eventId)}::bigint[], ${stored.map((p) => p.body)}::text[])
            with ordinality as p (event_id, body, n) order by p.n
          returning id::text as id`.execute(trx);
        // Identity values follow the order of the rows inserted; sorted, they pair with the payloads in order.
        const payloadIds = ids.map((row) => row.id).sort((a, b) => Number(BigInt(a) - BigInt(b)));
        // One delivery per event and subscription, even when two workers fanned the same event out.
        await sql`
          insert into webhook_deliveries (event_id, subscription_id, payload_id, scopes, next_at, created_at)
          select d.event_id, d.subscription_id, d.payload_id, d.scopes, ${now}::timestamptz, d.created_at
          from unnest(${deliveries.map((d) => d.eventId)}::bigint[], ${deliveries.map((d) => d.subscriptionId)}::integer[],
                      ${payloadOf.map((index) => payloadIds[index - 1])}::bigint[], ${deliveries.map((d) => (d.scopes ?? []).join(' '))}::text[],
                      ${deliveries.map((d) => at.get(d.eventId) ?? new Date())}::timestamptz[])
            as d (event_id, subscription_id, payload_id, scopes, created_at)
          where exists (select 1 from webhook_subscriptions s where s.id = d.subscription_id)
          on conflict (event_id, subscription_id) do nothing`.execute(trx);
      }
      await sql`update webhook_events set dispatched = true, leased_until = null
        where id = any(${rows.map((row) => row.id)}::bigint[])`.execute(trx);
    });
    return rows.length;
  }

  /**
   * The rows to lease are chosen once, in a materialised CTE, and then updated. Written as `where … in (select … limit n
   * for update skip locked)`, the planner may run that sub-select as the inner side of a nested loop, again for each
   * outer row: each run passes over the rows the statement has already updated and locks the next n, so a claim of 16
   * leased all 100 deliveries of an event (docs/benchmarks.md), and the worker ran that many attempts at once.
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const { rows } = await sql<{
      event_id: string; subscription_id: number; user_id: number; client_id: number; scopes: string; url: string; secret: string; body: string;
      attempts: number; created_at: Date;
    }>`
      with due as materialized (
        select event_id, subscription_id from webhook_deliveries
        where next_at <= ${now} and (leased_until is null or leased_until <= ${now})
        order by next_at limit ${limit} for update skip locked)
      update webhook_deliveries d set leased_until = ${new Date(now.getTime() + leaseMs)}, attempts = d.attempts + 1
      from due, webhook_subscriptions s, webhook_payloads p
      where d.event_id = due.event_id and d.subscription_id = due.subscription_id
        and s.id = d.subscription_id and p.id = d.payload_id
      returning d.event_id::text as event_id, d.subscription_id, s.user_id, s.client_id, d.scopes, s.url, s.secret, p.body, d.attempts, d.created_at`
      .execute(this.db);
    return rows.map((row) => ({
      id: `${row.event_id}:${row.subscription_id}`, eventId: row.event_id, subscriptionId: row.subscription_id,
      userId: row.user_id, clientId: row.client_id, scopes: row.scopes.split(' ').filter(isScope),
      url: row.url, secret: row.secret, body: row.body, attempt: row.attempts, eventAt: row.created_at,
    }));
  }

  async drop(deliveryIds: readonly string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    const keys = deliveryIds.map((id) => id.split(':'));
    await sql`
      delete from webhook_deliveries d
      using unnest(${keys.map((key) => key[0])}::bigint[], ${keys.map((key) => Number(key[1]))}::integer[]) as r (event_id, subscription_id)
      where d.event_id = r.event_id and d.subscription_id = r.subscription_id`.execute(this.db);
  }

  report(deliveryId: string, report: AttemptReport): Promise<void> {
    return this.reportMany([{ deliveryId, report }]);
  }

  async reportMany(reports: readonly { deliveryId: string; report: AttemptReport }[]): Promise<void> {
    if (reports.length === 0) return;
    const keys = reports.map(({ deliveryId }) => deliveryId.split(':'));
    const column = <T>(pick: (report: AttemptReport) => T) => reports.map(({ report }) => pick(report));
    // One statement for the lot: a delivered or given-up delivery goes, a failed one is due again at `next_at`, and
    // each attempt is logged, only for deliveries still there (one deleted meanwhile with its subscription is not).
    await sql`
      with r as (
        select * from unnest(
          ${keys.map((key) => key[0])}::bigint[], ${keys.map((key) => Number(key[1]))}::integer[],
          ${column((r) => r.attempt)}::integer[], ${column((r) => r.status)}::integer[], ${column((r) => r.error)}::text[],
          ${column((r) => r.at)}::timestamptz[], ${column((r) => r.next.state)}::text[],
          ${column((r) => (r.next.state === 'pending' ? r.next.nextAt : null))}::timestamptz[])
        as r (event_id, subscription_id, attempt, status, error, at, state, next_at)),
      gone as (
        delete from webhook_deliveries d using r
        where d.event_id = r.event_id and d.subscription_id = r.subscription_id and r.state <> 'pending'
        returning d.event_id, d.subscription_id),
      again as (
        update webhook_deliveries d set next_at = r.next_at, leased_until = null from r
        where d.event_id = r.event_id and d.subscription_id = r.subscription_id and r.state = 'pending'
        returning d.event_id, d.subscription_id)
      insert into webhook_attempts (event_id, subscription_id, attempt, status, error, at)
      select r.event_id, r.subscription_id, r.attempt, r.status, r.error, r.at
      from r join (select * from gone union all select * from again) done
        on done.event_id = r.event_id and done.subscription_id = r.subscription_id`.execute(this.db);
  }

  async purge(before: Date): Promise<number> {
    const result = await sql`
      delete from webhook_events e where e.created_at < ${before} and e.dispatched
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  onEvent(listener: () => void): () => void {
    // The channel is the whole database's; a wake-up from another schema's events is not for these workers. Until
    // this connection's schema is known, every wake-up is taken (a needless one only finds nothing).
    void this.#ownSchema();
    const message = (payload: string): void => {
      // An empty payload (a NOTIFY by hand) wakes every listener, as before migration 0016.
      if (payload === '' || this.#schema === null || payload === this.#schema) listener();
    };
    return this.notifications.listen(CHANNEL, { message, live: (isLive) => { if (isLive) listener(); } });
  }

  #ownSchema(): Promise<void> {
    this.#schemaRead ??= sql<{ schema: string }>`select current_schema() as schema`.execute(this.db).then(
      ({ rows }) => { this.#schema = rows[0]?.schema ?? null; },
      () => { this.#schemaRead = null; },
    );
    return this.#schemaRead;
  }
}
