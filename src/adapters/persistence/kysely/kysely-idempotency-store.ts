import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Begun, IdempotencyStore, KeptAnswer, KeyedRequest } from '../../../application/ports/idempotency-store';
import { KYSELY, REQUEST_TRANSACTIONS } from './database';
import type { RequestTransactions } from './request-transactions';
import type { Schema } from './schema';

interface EntryRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
  created_at: Date;
}

/**
 * Idempotency keys in the `idempotency_keys` table (migration 0008). A key is claimed in a statement of its own, so a
 * repeat sees it in flight at once; the request's writes and its answer then commit in one transaction.
 */
@injectable()
export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(
    @inject(KYSELY) private readonly db: Kysely<Schema>,
    @inject(REQUEST_TRANSACTIONS) private readonly transactions: RequestTransactions,
  ) {}

  async transact(caller: string, key: string): Promise<KeyedRequest> {
    const transaction = await this.transactions.begin();
    return {
      enter: (work) => transaction.enter(work),
      keep: async (answer) => {
        try {
          await transaction.enter(() => (answer === null ? this.release(caller, key) : this.complete(caller, key, answer)));
          await transaction.commit();
        } catch (error) {
          if (transaction.open) await transaction.rollback().catch(() => {});
          await this.release(caller, key);
          throw error;
        }
      },
      discard: async () => {
        await transaction.rollback();
        await this.release(caller, key);
      },
    };
  }

  async begin(caller: string, key: string, fingerprint: string, now: Date, limits: { expiresBefore: Date; staleBefore: Date }): Promise<Begun> {
    // Two tries: the entry that blocked the claim may be purged before it is read.
    for (let attempt = 0; attempt < 2; attempt++) {
      // Inserts, or takes over an expired or abandoned entry; a live one stays as it is and nothing is returned.
      const claimed = await sql<{ caller: string }>`
        insert into idempotency_keys (caller, key, fingerprint, created_at) values (${caller}, ${key}, ${fingerprint}, ${now})
        on conflict (caller, key) do update
          set fingerprint = excluded.fingerprint, created_at = excluded.created_at, status = null, headers = null, body = null
          where idempotency_keys.created_at <= ${limits.expiresBefore}
             or (idempotency_keys.status is null and idempotency_keys.created_at <= ${limits.staleBefore})
        returning caller`.execute(this.db);
      if (claimed.rows.length > 0) return { begun: true };
      const { rows } = await sql<EntryRow>`
        select fingerprint, status, headers, body, created_at from idempotency_keys where caller = ${caller} and key = ${key}`.execute(this.db);
      const row = rows[0];
      if (row !== undefined) return { begun: false, entry: toEntry(row) };
    }
    throw new Error('an idempotency key could be neither claimed nor read');
  }

  async complete(caller: string, key: string, answer: KeptAnswer): Promise<void> {
    await sql`update idempotency_keys set status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body}
      where caller = ${caller} and key = ${key}`.execute(this.db);
  }

  async release(caller: string, key: string): Promise<void> {
    await sql`delete from idempotency_keys where caller = ${caller} and key = ${key} and status is null`.execute(this.db);
  }

  async purge(before: Date): Promise<number> {
    const result = await sql`delete from idempotency_keys where created_at < ${before}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}

function toEntry(row: EntryRow) {
  const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
  return {
    fingerprint: row.fingerprint,
    answer: row.status === null ? null : { status: row.status, headers: headers ?? {}, body: row.body ?? '' },
    createdAt: new Date(row.created_at),
  };
}
