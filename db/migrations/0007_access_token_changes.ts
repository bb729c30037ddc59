import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Every change to an issued access token (a revocation, a cascade from its user or client, any update) is
// announced on the channel `pn_access_tokens` with the token's hash, so each instance drops it from its cache of
// recent look-ups (decision `token-cache`). NOTIFY is delivered at commit, never for a rolled-back change. A TRUNCATE
// announces an empty payload: forget every cached token.
const statements = [
  `create or replace function access_tokens_announce_change() returns trigger language plpgsql as $$
  begin
    perform pg_notify('pn_access_tokens', old.token_hash);
    return null;
  end $$`,
  `create or replace function access_tokens_announce_truncate() returns trigger language plpgsql as $$
  begin
    perform pg_notify('pn_access_tokens', '');
    return null;
  end $$`,
  `create trigger access_tokens_changed after update or delete on access_tokens
    for each row execute function access_tokens_announce_change()`,
  `create trigger access_tokens_truncated after truncate on access_tokens
    for each statement execute function access_tokens_announce_truncate()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
