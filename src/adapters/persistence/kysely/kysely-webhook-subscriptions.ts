import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type {
  NewWebhookSubscription, WebhookAttemptRecord, WebhookSubscription, WebhookSubscriptions,
} from '../../../application/ports/webhook-store';
import { isScope } from '../../../domain/scopes';
import type { WebhookEventType, WebhookFilters } from '../../../domain/webhook';
import { KYSELY } from './database';
import type { Schema } from './schema';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  client_id: number;
  url: string;
  events: string[];
  filters: WebhookFilters | string;
  scopes: string;
  created_at: Date;
}

export const SUBSCRIPTION_COLUMNS = sql.raw('s.id, s.user_id, s.client_id, s.url, s.events, s.filters, s.scopes, s.created_at');

/** A subscription as stored (PGlite may hand jsonb back as text). */
export function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    userId: row.user_id,
    clientId: row.client_id,
    url: row.url,
    events: row.events as WebhookEventType[],
    filters: typeof row.filters === 'string' ? JSON.parse(row.filters) as WebhookFilters : row.filters,
    scopes: row.scopes.split(' ').filter(isScope),
    createdAt: row.created_at,
  };
}

/** Subscriptions in `webhook_subscriptions`, their log in `webhook_attempts` (migration 0011). */
@injectable()
export class KyselyWebhookSubscriptions implements WebhookSubscriptions {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(s: NewWebhookSubscription): Promise<WebhookSubscription> {
    const { rows } = await sql<SubscriptionRow>`
      insert into webhook_subscriptions as s (user_id, client_id, url, events, filters, secret, scopes, created_at)
      values (${s.userId}, ${s.clientId}, ${s.url}, ${s.events}::text[], ${JSON.stringify(s.filters)}::jsonb, ${s.secret}, ${s.scopes.join(' ')}, ${s.createdAt})
      returning ${SUBSCRIPTION_COLUMNS}`.execute(this.db);
    return toSubscription(rows[0]!);
  }

  async get(id: number): Promise<WebhookSubscription | null> {
    const { rows } = await sql<SubscriptionRow>`
      select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions s where s.id = ${id}`.execute(this.db);
    return rows[0] === undefined ? null : toSubscription(rows[0]);
  }

  async ofUserAndClient(userId: number, clientId: number): Promise<WebhookSubscription[]> {
    const { rows } = await sql<SubscriptionRow>`
      select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions s
      where s.user_id = ${userId} and s.client_id = ${clientId} order by s.id`.execute(this.db);
    return rows.map(toSubscription);
  }

  async ofClients(clientIds: readonly number[]): Promise<WebhookSubscription[]> {
    if (clientIds.length === 0) return [];
    const { rows } = await sql<SubscriptionRow>`
      select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions s
      where s.client_id = any(${[...clientIds]}::integer[]) order by s.id`.execute(this.db);
    return rows.map(toSubscription);
  }

  async delete(id: number): Promise<boolean> {
    return (await this.#deleteWhere(sql`id = ${id}`)) > 0;
  }

  deleteOfUserAndClient(userId: number, clientId: number): Promise<number> {
    return this.#deleteWhere(sql`user_id = ${userId} and client_id = ${clientId}`);
  }

  /** Deletes subscriptions (their pending deliveries by cascade) and their log; returns how many subscriptions. */
  #deleteWhere(condition: RawBuilder<unknown>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`delete from webhook_subscriptions where ${condition} returning id`.execute(trx);
      if (rows.length > 0) await sql`delete from webhook_attempts where subscription_id = any(${rows.map((row) => row.id)}::integer[])`.execute(trx);
      return rows.length;
    });
  }

  async attempts(subscriptionId: number, limit: number): Promise<WebhookAttemptRecord[]> {
    return (await this.latestAttempts([subscriptionId], limit)).get(subscriptionId) ?? [];
  }

  async latestAttempts(subscriptionIds: readonly number[], each: number): Promise<Map<number, WebhookAttemptRecord[]>> {
    if (subscriptionIds.length === 0) return new Map();
    // Each subscription's newest attempts along its index, in one statement.
    const { rows } = await sql<{ subscription_id: number; event_id: string; type: string; attempt: number; status: number | null; error: string | null; at: Date }>`
      select s.id as subscription_id, a.event_id::text as event_id, e.type, a.attempt, a.status, a.error, a.at
      from unnest(${[...subscriptionIds]}::integer[]) as s (id)
      cross join lateral (
        select * from webhook_attempts a where a.subscription_id = s.id order by a.id desc limit ${each}) a
      join webhook_events e on e.id = a.event_id
      order by s.id, a.id desc`.execute(this.db);
    const found = new Map<number, WebhookAttemptRecord[]>();
    for (const row of rows) {
      const list = found.get(row.subscription_id) ?? [];
      list.push({ eventId: row.event_id, type: row.type as WebhookEventType, attempt: row.attempt, status: row.status, error: row.error, at: row.at });
      found.set(row.subscription_id, list);
    }
    return found;
  }
}
