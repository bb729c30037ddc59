import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Totals every anonymous list of notes needs, kept by triggers in the transaction of the write that changes them,
// so `GET /v2/notes` reads one row instead of counting every public note (decision `public-note-count-sharded`). `public_notes` is the
// number of notes whose visibility is `public`: +1 per inserted public note, -1 per deleted one (cascades included),
// ±1 when an update moves a note into or out of `public`. Inserts and deletes count per statement (transition
// tables: one counter update for a batch); an update counts per row, and only when `visibility` changed.
const statements = [
  `create table note_counters (
    name text primary key,
    value bigint not null
  )`,
  `insert into note_counters (name, value) select 'public_notes', count(*) from notes where visibility = 'public'`,
  `create function note_counters_after_insert() returns trigger language plpgsql as $$
  begin
    update note_counters c set value = c.value + d.n
    from (select count(*) as n from inserted_notes where visibility = 'public') d
    where c.name = 'public_notes' and d.n <> 0;
    return null;
  end $$`,
  `create function note_counters_after_delete() returns trigger language plpgsql as $$
  begin
    update note_counters c set value = c.value - d.n
    from (select count(*) as n from deleted_notes where visibility = 'public') d
    where c.name = 'public_notes' and d.n <> 0;
    return null;
  end $$`,
  `create function note_counters_after_visibility() returns trigger language plpgsql as $$
  begin
    if (old.visibility = 'public') <> (new.visibility = 'public') then
      update note_counters set value = value + case when new.visibility = 'public' then 1 else -1 end
      where name = 'public_notes';
    end if;
    return null;
  end $$`,
  `create trigger notes_count_inserts after insert on notes
    referencing new table as inserted_notes for each statement execute function note_counters_after_insert()`,
  `create trigger notes_count_deletes after delete on notes
    referencing old table as deleted_notes for each statement execute function note_counters_after_delete()`,
  `create trigger notes_count_visibility after update of visibility on notes
    for each row when (old.visibility is distinct from new.visibility) execute function note_counters_after_visibility()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
