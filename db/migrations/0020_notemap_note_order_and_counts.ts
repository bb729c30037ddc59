import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A notemap's page of notes without reading all its notes (decision `notemap-note-counts`; docs/benchmarks.md, Pages
// and lists). Its order is the notes' (newest first, then id), and its total what the reader may read; both read
// every member note before. Now:
//
// - `notemap_notes` keeps its note's `created_at` and whether the note is public (`note_created_at`, `note_public`),
//   so one index gives a notemap's rows in the list's order and the page stops at its limit. Only triggers write
//   them: before a row is inserted or updated they are read from its note (locked, as the note's next writer would
//   lock it, so a concurrent change of visibility waits), and a change of a note's creation time or of whether it
//   is public updates its rows. What a caller sets there is overwritten.
// - `notemap_counters` holds, per notemap, how many of its notes are public: what an anonymous reader sees. A
//   signed-in reader adds their own non-public notes and those addressed to them, found through a partial index on
//   the non-public rows. Statement triggers on `notemap_notes` keep it (inserts, deletes, cascades included, and the
//   updates above), in the write's transaction. It is a table of its own, not a column of `notemaps`: a note's change
//   of visibility locks the note, then the counter, while adding a note locks the notemap, then the note
//   (decision `write-races-lock-in-order`), so a column of the notemap's row would deadlock the two. Its row is made
//   with the notemap's and goes with it.
/** A statement trigger function adding to each notemap's counter the `n` of its row in `changes`, in notemap order. */
const countChanges = (name: string, changes: string) => `create function ${name}() returns trigger language plpgsql as $$
  declare d record;
  begin
    for d in ${changes} order by notemap_id loop
      update notemap_counters set public_notes = public_notes + d.n where notemap_id = d.notemap_id;
    end loop;
    return null;
  end $$`;

const statements = [
  `alter table notemap_notes add column note_created_at timestamptz, add column note_public boolean`,
  `update notemap_notes mn set note_created_at = n.created_at, note_public = n.visibility = 'public'
    from notes n where n.id = mn.note_id`,
  `alter table notemap_notes alter column note_created_at set not null, alter column note_public set not null`,
  `create index notemap_notes_order_idx on notemap_notes (notemap_id, note_created_at desc, note_id desc)`,
  `create index notemap_notes_hidden_idx on notemap_notes (notemap_id, note_id) where not note_public`,

  `create function notemap_notes_mirror_note() returns trigger language plpgsql as $$
  begin
    select n.created_at, n.visibility = 'public' into new.note_created_at, new.note_public
    from notes n where n.id = new.note_id for no key update;
    if not found then
      raise foreign_key_violation using constraint = 'notemap_notes_note_id_fkey',
        message = 'insert or update on table "notemap_notes" violates foreign key constraint "notemap_notes_note_id_fkey"';
    end if;
    return new;
  end $$`,
  `create trigger notemap_notes_mirror_note before insert or update on notemap_notes
    for each row execute function notemap_notes_mirror_note()`,

  `create function notes_mirror_in_notemaps() returns trigger language plpgsql as $$
  begin
    update notemap_notes set note_created_at = new.created_at, note_public = new.visibility = 'public'
    where note_id = new.id;
    return null;
  end $$`,
  `create trigger notes_mirror_in_notemaps after update of visibility, created_at on notes
    for each row when ((old.visibility = 'public') is distinct from (new.visibility = 'public')
      or old.created_at is distinct from new.created_at)
    execute function notes_mirror_in_notemaps()`,

  `create table notemap_counters (
    notemap_id integer primary key references notemaps (id) on delete cascade,
    public_notes integer not null default 0
  )`,
  `insert into notemap_counters (notemap_id, public_notes)
    select m.id, (select count(*) from notemap_notes mn where mn.notemap_id = m.id and mn.note_public) from notemaps m`,
  `create function notemap_counters_create() returns trigger language plpgsql as $$
  begin
    insert into notemap_counters (notemap_id) select id from created_notemaps;
    return null;
  end $$`,
  `create trigger notemaps_counters after insert on notemaps referencing new table as created_notemaps
    for each statement execute function notemap_counters_create()`,

  // Each adds the public rows its statement added and takes away those it removed, one notemap at a time in the order
  // of their ids, so that two statements changing the same counters take them in the same order.
  countChanges('notemap_counters_after_insert', `select notemap_id, count(*) as n from added_rows where note_public group by notemap_id`),
  countChanges('notemap_counters_after_delete', `select notemap_id, -count(*) as n from removed_rows where note_public group by notemap_id`),
  countChanges('notemap_counters_after_update', `select notemap_id, sum(n) as n from (
        select notemap_id, 1 as n from added_rows where note_public
        union all select notemap_id, -1 from removed_rows where note_public) r
      group by notemap_id having sum(n) <> 0`),
  `create trigger notemap_notes_count_inserts after insert on notemap_notes referencing new table as added_rows
    for each statement execute function notemap_counters_after_insert()`,
  `create trigger notemap_notes_count_deletes after delete on notemap_notes referencing old table as removed_rows
    for each statement execute function notemap_counters_after_delete()`,
  `create trigger notemap_notes_count_updates after update on notemap_notes
    referencing old table as removed_rows new table as added_rows
    for each statement execute function notemap_counters_after_update()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
