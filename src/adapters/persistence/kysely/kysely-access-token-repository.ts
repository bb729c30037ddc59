import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { AccessTokenRecord, AccessTokenRepository, NewAccessToken } from '../../../application/ports/access-token-repository';
import { isScope } from '../../../domain/scopes';
import { KYSELY } from './database';
import type { Schema } from './schema';

@injectable()
export class KyselyAccessTokenRepository implements AccessTokenRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(token: NewAccessToken, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('access_tokens')
      .values({
        token_hash: token.tokenHash,
        user_id: token.userId,
        client_id: token.clientId,
        // Space-separated, as OAuth writes scopes; read back in the same order.
        scopes: token.scopes.join(' '),
        expires_at: token.expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(tokenHash: string): Promise<AccessTokenRecord | null> {
    const row = await this.db.selectFrom('access_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      tokenHash: row.token_hash,
      userId: row.user_id,
      clientId: row.client_id,
      scopes: row.scopes.split(' ').filter(isScope),
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    };
  }

  async revoke(id: number, now: Date): Promise<void> {
    // The first revocation's time stands.
    await this.db.updateTable('access_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }
}
