import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Shards of the public-notes counter (0006; the same count). */
const SHARDS = 16;

// The workers' wake-up (0011, 0015) names the schema the events were written in. LISTEN/NOTIFY channels belong to the
// whole database, and several services (or test files) may each work in a schema of one database: with an empty
// payload, one's new events woke every other's workers, which then found nothing. The listener compares the payload
// with its own schema (KyselyWebhookOutbox.onEvent). The function bodies are those of 0011 and 0015 otherwise.
const statements = [
  `create or replace function webhook_events_wake() returns void language plpgsql as $$
  begin
    if (select count(*) from (select 1 from webhook_events where not dispatched limit 2) waiting) < 2 then
      perform pg_notify('webhook_events', current_schema());
    end if;
  end $$`,
  `create or replace function notes_after_insert() returns trigger language plpgsql as $$
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
        perform pg_notify('webhook_events', current_schema());
      end if;
    end if;
    return null;
  end $$`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
