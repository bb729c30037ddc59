import type { ColumnType, Generated, Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewWebSession, SessionRepository, WebSession } from '../../../application/ports/session-repository';
import { KYSELY } from './database';
import type { Schema } from './schema';

/** The table of migration 0002, typed here so the shared schema file stays as it is. */
interface WebSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: ColumnType<Date, Date, Date>;
  created_at: ColumnType<Date, Date, Date>;
}

@injectable()
export class KyselySessionRepository implements SessionRepository {
  private readonly db: Kysely<Schema & { web_sessions: WebSessionsTable }>;

  constructor(@inject(KYSELY) db: Kysely<Schema>) {
    this.db = db.withTables<{ web_sessions: WebSessionsTable }>();
  }

  async create(session: NewWebSession, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('web_sessions')
      .values({ token_hash: session.tokenHash, user_id: session.userId, expires_at: session.expiresAt, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(tokenHash: string): Promise<WebSession | null> {
    const row = await this.db.selectFrom('web_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    return { id: row.id, tokenHash: row.token_hash, userId: row.user_id, expiresAt: row.expires_at, createdAt: row.created_at };
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteAllOfUser(userId: number, exceptTokenHash?: string): Promise<number> {
    let query = this.db.deleteFrom('web_sessions').where('user_id', '=', userId);
    if (exceptTokenHash !== undefined) query = query.where('token_hash', '<>', exceptTokenHash);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
