import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { DatabaseHealth } from '../../../application/ports/database-health';
import { KYSELY } from './database';
import type { Schema } from './schema';

@injectable()
export class KyselyDatabaseHealth implements DatabaseHealth {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async ping(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      // A readiness probe reports; it does not throw.
      return false;
    }
  }
}
