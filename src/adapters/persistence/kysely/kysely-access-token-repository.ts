import type { Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { AccessTokenRecord, AccessTokenRepository, NewAccessToken } from '../../../application/ports/access-token-repository';
import { isScope } from '../../../domain/scopes';
import { ACCESS_TOKEN_CACHE, type AccessTokenCache } from './access-token-cache';
import { compiledOnce, type CompiledOnce } from './compiled-queries';
import { KYSELY } from './database';
import type { AccessTokensTable, Schema } from './schema';

// The look-up every authenticated request makes, compiled once: building and compiling it costs more than
// PostgreSQL's own work on its prepared statement; only the hash changes. Both engines compile the same SQL, so the
// first repository's builder serves every one.
let findByHashQuery: CompiledOnce<{ tokenHash: string }, Selectable<AccessTokensTable>> | undefined;

@injectable()
export class KyselyAccessTokenRepository implements AccessTokenRepository {
  constructor(
    @inject(KYSELY) private readonly db: Kysely<Schema>,
    // Absent where nothing listens for changes (a repository bound to a test's bare connection).
    @inject(ACCESS_TOKEN_CACHE) private readonly cache: AccessTokenCache | null = null,
  ) {}

  async create(token: NewAccessToken, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('access_tokens')
      .values({
        token_hash: token.tokenHash,
        user_id: token.userId,
        client_id: token.clientId,
        // Space-separated, as OAuth writes scopes; read back in the same order.
        scopes: token.scopes.join(' '),
        authorization_code_id: token.authorizationCodeId ?? null,
        expires_at: token.expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(tokenHash: string): Promise<AccessTokenRecord | null> {
    const cached = this.cache?.get(tokenHash);
    if (cached !== undefined) return cached;
    const epoch = this.cache?.epoch() ?? 0;
    findByHashQuery ??= compiledOnce((p) => this.db.selectFrom('access_tokens').selectAll().where('token_hash', '=', p.tokenHash));
    const { rows } = await this.db.executeQuery(findByHashQuery.bind({ tokenHash }));
    const row = rows[0];
    if (row === undefined) return null;
    const record = toRecord(row);
    this.cache?.remember(record, epoch);
    return record;
  }

  async findById(id: number): Promise<AccessTokenRecord | null> {
    const row = await this.db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async revoke(id: number, now: Date): Promise<void> {
    // The first revocation's time stands.
    this.#forget(await this.db.updateTable('access_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null)
      .returning('token_hash').execute());
  }

  async revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void> {
    this.#forget(await this.db.updateTable('access_tokens').set({ revoked_at: now })
      .where('authorization_code_id', '=', authorizationCodeId).where('revoked_at', 'is', null).returning('token_hash').execute());
  }

  async revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    this.#forget(await this.db.updateTable('access_tokens').set({ revoked_at: now })
      .where('user_id', '=', userId).where('client_id', '=', clientId).where('revoked_at', 'is', null).returning('token_hash').execute());
  }

  /**
   * This instance forgets revoked tokens at once, so its next request sees the revocation; the trigger's
   * notification tells every instance (this one again) at commit, after any look-up that raced the change.
   */
  #forget(rows: { token_hash: string }[]): void {
    for (const row of rows) this.cache?.forget(row.token_hash);
  }
}

function toRecord(row: Selectable<AccessTokensTable>): AccessTokenRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    userId: row.user_id,
    clientId: row.client_id,
    scopes: row.scopes.split(' ').filter(isScope),
    authorizationCodeId: row.authorization_code_id,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
