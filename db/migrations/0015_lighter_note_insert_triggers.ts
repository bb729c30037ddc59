import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The advisory lock that orders the commits changing notes (0010; the same constant). */
const NOTE_CHANGES_LOCK = 7_351_024_417;
/** Shards of the public-notes counter (0006; the same count). */
const SHARDS = 16;

// What PostgreSQL runs for each statement that writes notes, made lighter; the rules are those of 0006, 0010, 0011
// and 0013 (docs/benchmarks.md, The write):
//
// - One statement trigger after inserts instead of two: the count of public notes (0006) and the `note.created`
//   events (0013) in one PL/pgSQL call, and the subscriptions looked up by one query for both kinds of event instead
//   of two calls of `webhook_events_wanted`. Same order as before (the count first), same events, same wake.
// - The change feed's row triggers (0010, deferred to the commit) take the lock and number the change themselves
//   instead of calling `note_changes_record`: one PL/pgSQL call per row instead of two. The lock is still taken at
//   the commit, last, as 0010 explains; `note_changes_record` stays for anything else that calls it.

/** A change-feed row trigger function (0010) for a table whose rows name their note by `column`. */
const recordsChanges = (name: string, column: string) => `create or replace function ${name}() returns trigger language plpgsql as $$
  begin
    perform pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    insert into note_changes (note_id, seq)
    values (case when tg_op = 'DELETE' then old.${column} else new.${column} end, nextval('note_changes_seq'))
    on conflict (note_id) do update set seq = excluded.seq;
    return null;
  end $$`;

const statements = [
  `create function notes_after_insert() returns trigger language plpgsql as $$
  declare
    n bigint;
    waiting boolean;
  begin
    select count(*) into n from inserted_notes where visibility = 'public';
    if n <> 0 then
      update note_counters c set value = c.value + n
      where c.name = 'public_notes' and c.shard = pg_backend_pid() % ${SHARDS};
    end if;
    -- Written for note.updated subscribers too: it is what keeps this transaction's edits from being updates.
    if exists (select 1 from webhook_subscriptions where events && array['note.created', 'note.updated']) then
      waiting := exists (select 1 from webhook_events where not dispatched);
      insert into webhook_events (type, note_id) select 'note.created', id from inserted_notes order by id;
      if found and not waiting then
        perform pg_notify('webhook_events', '');
      end if;
    end if;
    return null;
  end $$`,
  `drop trigger notes_count_inserts on notes`,
  `drop trigger notes_webhook_events_created on notes`,
  `drop function note_counters_after_insert()`,
  `drop function webhook_events_after_notes_inserted()`,
  `create trigger notes_inserted after insert on notes referencing new table as inserted_notes
    for each statement execute function notes_after_insert()`,
  recordsChanges('note_changes_after_note', 'id'),
  recordsChanges('note_changes_after_notemap_note', 'note_id'),
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
