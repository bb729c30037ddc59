import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Successful web sign-ups per client address (SIGNUP_LIMIT_PER_HOUR, docs/security.md): the address is kept only as
// its SHA-256 and only for the hour it counts; every new sign-up deletes the rows older than that.
const statements = [
  `create table sign_ups (
    address_hash text not null,
    created_at timestamptz not null
  )`,
  `create index sign_ups_address_idx on sign_ups (address_hash, created_at)`,
  `create index sign_ups_created_idx on sign_ups (created_at)`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
