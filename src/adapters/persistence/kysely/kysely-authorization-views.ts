import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { AuthorizationView, AuthorizationViews } from '../../../application/ports/authorization-views';
import { formatScopes, isScope } from '../../../domain/scopes';
import { KYSELY } from './database';
import type { Schema } from './schema';

@injectable()
export class KyselyAuthorizationViews implements AuthorizationViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async listForUser(userId: number, now: Date): Promise<AuthorizationView[]> {
    // Live access and refresh tokens together, one row per client (a refresh token alone still grants access), and
    // beside them the webhook subscriptions each client made for the user: either puts the client on the list.
    const { rows } = await sql<{ clientId: string; name: string; scopes: string | null; webhooks: number; since: Date; id: number }>`
      with live as (
        select client_id, scopes, created_at from access_tokens
        where user_id = ${userId} and revoked_at is null and (expires_at is null or expires_at > ${now})
        union all
        select client_id, scopes, created_at from refresh_tokens
        where user_id = ${userId} and revoked_at is null and (expires_at is null or expires_at > ${now})),
      tokens as (select client_id, string_agg(distinct scopes, ' ') as scopes, min(created_at) as since from live group by client_id),
      hooks as (select client_id, count(*)::integer as webhooks, min(created_at) as since
        from webhook_subscriptions where user_id = ${userId} group by client_id)
      select c.client_id as "clientId", c.name, t.scopes, coalesce(h.webhooks, 0) as webhooks, coalesce(t.since, h.since) as since, c.id
      from tokens t full join hooks h on h.client_id = t.client_id
      join oauth_clients c on c.id = coalesce(t.client_id, h.client_id)
      order by since desc, c.id desc`.execute(this.db);
    return rows.map((row) => ({
      clientId: row.clientId,
      name: row.name,
      scopes: row.scopes === null ? [] : formatScopes(row.scopes.split(' ').filter(isScope)).split(' ').filter(isScope),
      webhooks: row.webhooks,
      since: row.since,
    }));
  }
}
