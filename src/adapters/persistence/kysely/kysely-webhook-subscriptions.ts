import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Page, PageRequest } from '../../../application/ports/paging';
import {
  ownerKey, type NewWebhookSubscription, type WebhookAttemptRecord, type WebhookOwner, type WebhookSubscription, type WebhookSubscriptions,
} from '../../../application/ports/webhook-store';
import { isScope, type Scope } from '../../../domain/scopes';
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

/** The owners once each, as the two arrays `unnest` pairs up. */
function ownerArrays(owners: readonly WebhookOwner[]): { userIds: number[]; clientIds: number[] } {
  const once = new Map(owners.map((owner) => [ownerKey(owner), owner]));
  return { userIds: [...once.values()].map((o) => o.userId), clientIds: [...once.values()].map((o) => o.clientId) };
}

/**
 * Whether the user `userId` still holds a live (unrevoked, unexpired at `now`) access or refresh token of the
 * application `clientId`: the grant a subscription lives by (docs/events.md, Webhooks). Both columns are qualified by the caller.
 */
function grantIsLive(userId: RawBuilder<unknown>, clientId: RawBuilder<unknown>, now: Date): RawBuilder<unknown> {
  return sql`(exists (select 1 from access_tokens a where a.user_id = ${userId} and a.client_id = ${clientId}
      and a.revoked_at is null and (a.expires_at is null or a.expires_at > ${now}))
    or exists (select 1 from refresh_tokens r where r.user_id = ${userId} and r.client_id = ${clientId}
      and r.revoked_at is null and (r.expires_at is null or r.expires_at > ${now})))`;
}

type AttemptRow = { event_id: string; type: string; attempt: number; status: number | null; error: string | null; at: Date };

function toAttempt(row: AttemptRow): WebhookAttemptRecord {
  return { eventId: row.event_id, type: row.type as WebhookEventType, attempt: row.attempt, status: row.status, error: row.error, at: row.at };
}

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

  async grants(owners: readonly WebhookOwner[], now: Date): Promise<Map<string, Scope[]>> {
    if (owners.length === 0) return new Map();
    const { userIds, clientIds } = ownerArrays(owners);
    // Each owner's live tokens along the (user_id, client_id) indexes; an owner with none has no row.
    const { rows } = await sql<{ user_id: number; client_id: number; scopes: string }>`
      select g.user_id, g.client_id, string_agg(distinct t.scopes, ' ') as scopes
      from unnest(${userIds}::integer[], ${clientIds}::integer[]) as g (user_id, client_id)
      cross join lateral (
        select a.scopes from access_tokens a where a.user_id = g.user_id and a.client_id = g.client_id
          and a.revoked_at is null and (a.expires_at is null or a.expires_at > ${now})
        union all
        select r.scopes from refresh_tokens r where r.user_id = g.user_id and r.client_id = g.client_id
          and r.revoked_at is null and (r.expires_at is null or r.expires_at > ${now})) t
      group by g.user_id, g.client_id`.execute(this.db);
    return new Map(rows.map((row) => [
      ownerKey({ userId: row.user_id, clientId: row.client_id }), [...new Set(row.scopes.split(' ').filter(isScope))],
    ]));
  }

  deleteLapsed(now: Date, owners?: readonly WebhookOwner[]): Promise<number> {
    const lapsed = sql`not ${grantIsLive(sql.ref('webhook_subscriptions.user_id'), sql.ref('webhook_subscriptions.client_id'), now)}`;
    if (owners === undefined) return this.#deleteWhere(lapsed);
    if (owners.length === 0) return Promise.resolve(0);
    const { userIds, clientIds } = ownerArrays(owners);
    return this.#deleteWhere(sql`(webhook_subscriptions.user_id, webhook_subscriptions.client_id) in (
      select * from unnest(${userIds}::integer[], ${clientIds}::integer[])) and ${lapsed}`);
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

  async attemptPage(subscriptionId: number, page: PageRequest): Promise<Page<WebhookAttemptRecord>> {
    const { rows: counted } = await sql<{ total: number }>`
      select count(*)::integer as total from webhook_attempts where subscription_id = ${subscriptionId}`.execute(this.db);
    const total = counted[0]?.total ?? 0;
    if (total <= page.offset) return { items: [], total };
    const { rows } = await sql<AttemptRow>`
      select a.event_id::text as event_id, e.type, a.attempt, a.status, a.error, a.at
      from webhook_attempts a join webhook_events e on e.id = a.event_id
      where a.subscription_id = ${subscriptionId}
      order by a.id desc offset ${page.offset} limit ${page.limit}`.execute(this.db);
    return { items: rows.map(toAttempt), total };
  }

  async latestAttempts(subscriptionIds: readonly number[], each: number): Promise<Map<number, WebhookAttemptRecord[]>> {
    if (subscriptionIds.length === 0) return new Map();
    // Each subscription's newest attempts along its index, in one statement.
    const { rows } = await sql<AttemptRow & { subscription_id: number }>`
      select s.id as subscription_id, a.event_id::text as event_id, e.type, a.attempt, a.status, a.error, a.at
      from unnest(${[...subscriptionIds]}::integer[]) as s (id)
      cross join lateral (
        select * from webhook_attempts a where a.subscription_id = s.id order by a.id desc limit ${each}) a
      join webhook_events e on e.id = a.event_id
      order by s.id, a.id desc`.execute(this.db);
    const found = new Map<number, WebhookAttemptRecord[]>();
    for (const row of rows) {
      const list = found.get(row.subscription_id) ?? [];
      list.push(toAttempt(row));
      found.set(row.subscription_id, list);
    }
    return found;
  }
}
