import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type {
  AccountToken, AccountTokenPurpose, AccountTokenRepository, NewAccountToken,
} from '../../../application/ports/account-token-repository';
import { KYSELY } from './database';
import type { Schema } from './schema';

type Timestamp = ColumnType<Date, Date, Date>;

/** The table of migration 0021, typed here so the shared schema file stays as it is. */
interface AccountTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: AccountTokenPurpose;
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  replaced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}

function toToken(row: Selectable<AccountTokensTable>): AccountToken {
  return {
    id: row.id, tokenHash: row.token_hash, userId: row.user_id, purpose: row.purpose, email: row.email, expiresAt: row.expires_at,
    usedAt: row.used_at, replacedAt: row.replaced_at, createdAt: row.created_at,
  };
}

@injectable()
export class KyselyAccountTokenRepository implements AccountTokenRepository {
  private readonly db: Kysely<Schema & { account_tokens: AccountTokensTable }>;

  constructor(@inject(KYSELY) db: Kysely<Schema>) {
    this.db = db.withTables<{ account_tokens: AccountTokensTable }>();
  }

  async lockAccount(userId: number): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    return row !== undefined;
  }

  async create(token: NewAccountToken, now: Date): Promise<number> {
    const row = await this.db.insertInto('account_tokens').values({
      token_hash: token.tokenHash, user_id: token.userId, purpose: token.purpose, email: token.email, expires_at: token.expiresAt, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async replaceOpen(userId: number, purpose: AccountTokenPurpose, now: Date): Promise<number> {
    const result = await this.db.updateTable('account_tokens').set({ replaced_at: now })
      .where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).where('replaced_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async findByHash(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
    const row = await this.db.selectFrom('account_tokens').selectAll()
      .where('token_hash', '=', tokenHash).where('purpose', '=', purpose).forUpdate().executeTakeFirst();
    return row ? toToken(row) : null;
  }

  async markUsed(id: number, now: Date): Promise<void> {
    await this.db.updateTable('account_tokens').set({ used_at: now }).where('id', '=', id).execute();
  }
}
