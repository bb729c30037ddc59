import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Idempotency-Key entries (decision `idempotency-in-one-transaction`): one per caller and key, with the fingerprint of the first request and,
// once it is answered, the answer (status null while in flight). Purged 24 hours after first use.
const statements = [
  `create table idempotency_keys (
    caller text not null,
    key text not null,
    fingerprint text not null,
    status integer,
    headers jsonb,
    body text,
    created_at timestamptz not null,
    primary key (caller, key)
  )`,
  `create index idempotency_keys_created_idx on idempotency_keys (created_at)`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
