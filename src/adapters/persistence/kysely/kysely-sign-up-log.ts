import { sql, type ColumnType, type Kysely } from 'kysely';
import type { SignUpLog } from '../../../application/ports/sign-up-log';
import type { Schema } from './schema';

/** The table of migration 0024, typed here so the shared schema file stays as it is. */
interface SignUpsTable {
  address_hash: string;
  created_at: ColumnType<Date, Date, Date>;
}

export class KyselySignUpLog implements SignUpLog {
  private readonly db: Kysely<Schema & { sign_ups: SignUpsTable }>;

  constructor(db: Kysely<Schema>) {
    this.db = db.withTables<{ sign_ups: SignUpsTable }>();
  }

  async since(addressHash: string, since: Date): Promise<Date[]> {
    // Sign-ups of one address take turns to the end of their transactions (rows to count do not exist yet, so
    // there is nothing to lock but a name): the second sees the first's row.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-up:${addressHash}`}, 0))`.execute(this.db);
    const rows = await this.db.selectFrom('sign_ups').select('created_at')
      .where('address_hash', '=', addressHash).where('created_at', '>', since).orderBy('created_at').execute();
    return rows.map((row) => row.created_at);
  }

  async record(addressHash: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db.deleteFrom('sign_ups').where('created_at', '<=', forgetBefore).execute();
    await this.db.insertInto('sign_ups').values({ address_hash: addressHash, created_at: at }).execute();
  }
}
