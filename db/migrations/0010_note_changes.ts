import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The change feed (docs/api.md, Sync): one row per note whose state ever changed, moved to the end of the feed by
// each change. Triggers record every change in the transaction of the write that makes it, whatever the path
// (an API call, a cascade from a deleted account or notemap), and a write costs no extra round trip. A row
// outlives its note: that is the tombstone a client needs to drop it.
//
// Order: `xid` is the writing transaction's id and `seq` a sequence taken at the change. Transactions commit in
// another order than they began, so the feed only shows changes whose transaction is older than every
// transaction still running (`pg_snapshot_xmin`): past that point nothing new can appear, and a cursor
// (xid, seq) never skips a change that commits later.
//
// What is a change: a note made, deleted, or edited (its content, position, visibility, recipients or tags set
// `updated_at`; its image or place), and a note added to or taken from a notemap (the feed's `notemap` filter).
// Counts and views are not: their updates set only the count columns, which the trigger does not watch.
const statements = [
  `create sequence note_changes_seq`,
  `create table note_changes (
    note_id integer primary key,
    xid bigint not null,
    seq bigint not null
  )`,
  `create index note_changes_order_idx on note_changes (xid, seq)`,
  `create function note_changes_record(changed integer) returns void language sql as $$
    insert into note_changes (note_id, xid, seq)
    values (changed, pg_current_xact_id()::text::bigint, nextval('note_changes_seq'))
    on conflict (note_id) do update set xid = excluded.xid, seq = excluded.seq
  $$`,
  `create function note_changes_after_note() returns trigger language plpgsql as $$
  begin
    perform note_changes_record(case when tg_op = 'DELETE' then old.id else new.id end);
    return null;
  end $$`,
  `create trigger notes_record_changes after insert or delete or update of
      title, message, visibility, latitude, longitude, street, street_number, street_address, neighborhood, city, state,
      postal_code, country, iso_country_code, zoom_level, location_precision, image_key, place_id, updated_at
    on notes for each row execute function note_changes_after_note()`,
  `create function note_changes_after_notemap_note() returns trigger language plpgsql as $$
  begin
    perform note_changes_record(case when tg_op = 'DELETE' then old.note_id else new.note_id end);
    return null;
  end $$`,
  `create trigger notemap_notes_record_changes after insert or delete on notemap_notes
    for each row execute function note_changes_after_notemap_note()`,
  // Every note written so far is in the feed from its start.
  `insert into note_changes (note_id, xid, seq) select id, 0, nextval('note_changes_seq') from notes order by id`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
