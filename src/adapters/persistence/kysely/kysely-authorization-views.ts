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
    // Live access and refresh tokens together, one row per client: a refresh token alone still grants access.
    const live = this.db
      .selectFrom('access_tokens')
      .select(['client_id', 'scopes', 'created_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .unionAll((qb) => qb
        .selectFrom('refresh_tokens')
        .select(['client_id', 'scopes', 'created_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])));
    const rows = await this.db
      .selectFrom(live.as('live'))
      .innerJoin('oauth_clients as c', 'c.id', 'live.client_id')
      .select((eb) => [
        'c.client_id as clientId',
        'c.name',
        sql<string>`string_agg(distinct ${eb.ref('live.scopes')}, ' ')`.as('scopes'),
        eb.fn.min('live.created_at').as('since'),
      ])
      .groupBy(['c.id', 'c.client_id', 'c.name'])
      .orderBy('since', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map((row) => ({
      clientId: row.clientId,
      name: row.name,
      scopes: formatScopes(row.scopes.split(' ').filter(isScope)).split(' ').filter(isScope),
      since: row.since,
    }));
  }
}
