import { type ColumnType, type Generated, type Kysely } from 'kysely';
import type { ResetRequest, ResetRequests } from '../../../application/ports/reset-requests';
import type { Schema } from './schema';

/** The table of migration 0021, typed here so the shared schema file stays as it is. */
interface PasswordResetRequestsTable {
  id: Generated<string>;
  login: string;
  created_at: ColumnType<Date, Date, Date>;
}

export class KyselyResetRequests implements ResetRequests {
  private readonly db: Kysely<Schema & { password_reset_requests: PasswordResetRequestsTable }>;

  constructor(db: Kysely<Schema>) {
    this.db = db.withTables<{ password_reset_requests: PasswordResetRequestsTable }>();
  }

  async add(login: string, now: Date): Promise<number> {
    const row = await this.db.insertInto('password_reset_requests').values({ login, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async takeOne(): Promise<ResetRequest | null> {
    // SKIP LOCKED: instances taking at once take different requests, and none waits for another.
    const oldest = this.db.selectFrom('password_reset_requests').select('id').orderBy('id').limit(1).forUpdate().skipLocked();
    const row = await this.db.deleteFrom('password_reset_requests').where('id', 'in', oldest)
      .returning(['id', 'login', 'created_at']).executeTakeFirst();
    return row ? { id: Number(row.id), login: row.login, createdAt: row.created_at } : null;
  }
}
