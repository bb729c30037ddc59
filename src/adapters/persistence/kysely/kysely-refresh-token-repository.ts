import type { Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewRefreshToken, RefreshTokenRecord, RefreshTokenRepository } from '../../../application/ports/refresh-token-repository';
import { isScope } from '../../../domain/scopes';
import { KYSELY } from './database';
import type { RefreshTokensTable, Schema } from './schema';

@injectable()
export class KyselyRefreshTokenRepository implements RefreshTokenRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(token: NewRefreshToken, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: token.tokenHash,
        access_token_id: token.accessTokenId,
        user_id: token.userId,
        client_id: token.clientId,
        scopes: token.scopes.join(' '),
        expires_at: token.expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async revoke(id: number, now: Date): Promise<boolean> {
    const result = await this.db.updateTable('refresh_tokens').set({ revoked_at: now })
      .where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeForAccessToken(accessTokenId: number, now: Date): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: now })
      .where('access_token_id', '=', accessTokenId).where('revoked_at', 'is', null).execute();
  }

  async revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: now })
      .where('access_token_id', 'in', (qb) => qb.selectFrom('access_tokens').select('id').where('authorization_code_id', '=', authorizationCodeId))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: now })
      .where('user_id', '=', userId).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  }
}

function toRecord(row: Selectable<RefreshTokensTable>): RefreshTokenRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    accessTokenId: row.access_token_id,
    userId: row.user_id,
    clientId: row.client_id,
    scopes: row.scopes.split(' ').filter(isScope),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
