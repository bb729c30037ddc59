import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewWebSession, SessionRepository, WebSession } from '../../../application/ports/session-repository';
import { KYSELY } from './database';
import type { Schema } from './schema';

/** The table of migrations 0002 and 0022, typed here so the shared schema file stays as it is. */
interface WebSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: ColumnType<Date, Date, Date>;
  created_at: ColumnType<Date, Date, Date>;
  user_agent: string | null;
  address: string | null;
  last_seen_at: ColumnType<Date, Date, Date>;
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
      .values({
        token_hash: session.tokenHash, user_id: session.userId, expires_at: session.expiresAt, created_at: now,
        user_agent: session.userAgent ?? null, address: session.address ?? null, last_seen_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(tokenHash: string): Promise<WebSession | null> {
    const row = await this.db.selectFrom('web_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async listOfUser(userId: number, now: Date): Promise<WebSession[]> {
    const rows = await this.db.selectFrom('web_sessions').selectAll()
      .where('user_id', '=', userId).where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc').orderBy('id', 'desc')
      .execute();
    return rows.map(toSession);
  }

  async touch(id: number, now: Date): Promise<void> {
    await this.db.updateTable('web_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteOfUser(userId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('web_sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAllOfUser(userId: number, exceptTokenHash?: string): Promise<number> {
    let query = this.db.deleteFrom('web_sessions').where('user_id', '=', userId);
    if (exceptTokenHash !== undefined) query = query.where('token_hash', '<>', exceptTokenHash);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toSession(row: Selectable<WebSessionsTable>): WebSession {
  return {
    id: row.id, tokenHash: row.token_hash, userId: row.user_id, expiresAt: row.expires_at, createdAt: row.created_at,
    userAgent: row.user_agent, address: row.address, lastSeenAt: row.last_seen_at,
  };
}
