import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The two helpers every note write's triggers call, `note_changes_record` (0010) and `webhook_events_wanted` (0011),
// were SQL functions. PostgreSQL keeps no plan of a SQL function called from PL/pgSQL beyond the statement that
// calls it, so each write parsed and planned their bodies again; as PL/pgSQL functions their plans are kept for the
// session, like the triggers' own. Same statements, same behaviour.
const NOTE_CHANGES_LOCK = 7_351_024_417;

const statements = [
  `create or replace function note_changes_record(changed integer) returns void language plpgsql as $$
  begin
    perform pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    insert into note_changes (note_id, seq) values (changed, nextval('note_changes_seq'))
    on conflict (note_id) do update set seq = excluded.seq;
  end $$`,
  `create or replace function webhook_events_wanted(kind text) returns boolean language plpgsql stable as $$
  begin
    return exists (select 1 from webhook_subscriptions where events @> array[kind]);
  end $$`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
