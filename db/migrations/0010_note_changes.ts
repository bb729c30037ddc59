import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The advisory lock that orders the commits changing notes (an arbitrary constant of this service's). */
const NOTE_CHANGES_LOCK = 7_351_024_417;

// The change feed (docs/api.md, Sync): one row per note whose state ever changed, moved to the end of the feed by
// each change. Triggers record every change in the transaction of the write that makes it, whatever the path (an
// API call, a cascade from a deleted account or notemap), and a write costs no extra round trip. A row outlives its
// note: that is the tombstone a client needs to drop it.
//
// Order: the triggers are deferred to the commit, where each takes one advisory lock (held to the end of the commit)
// before it numbers the change from a sequence. Changes are therefore numbered in the order their transactions
// commit: a reader that has seen number n can never meet a smaller one later, and a write is in the feed as soon as
// it is answered. Only commits that change notes wait on each other, and only for the length of a commit; the lock
// is taken last, so it cannot be part of a deadlock.
//
// What is a change: a note made, deleted, or edited (its content, position, visibility, recipients or tags set
// `updated_at`; its image or place), and a note added to or taken from a notemap (the feed's `notemap` filter).
// Counts and views are not: their updates set only the count columns, which the trigger does not watch.
const statements = [
  `create sequence note_changes_seq`,
  `create table note_changes (
    note_id integer primary key,
    seq bigint not null constraint note_changes_seq_key unique
  )`,
  `create function note_changes_record(changed integer) returns void language sql as $$
    select pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    insert into note_changes (note_id, seq) values (changed, nextval('note_changes_seq'))
    on conflict (note_id) do update set seq = excluded.seq;
  $$`,
  `create function note_changes_after_note() returns trigger language plpgsql as $$
  begin
    perform note_changes_record(case when tg_op = 'DELETE' then old.id else new.id end);
    return null;
  end $$`,
  `create constraint trigger notes_record_changes after insert or delete or update of
      title, message, visibility, latitude, longitude, street, street_number, street_address, neighborhood, city, state,
      postal_code, country, iso_country_code, zoom_level, location_precision, image_key, place_id, updated_at
    on notes deferrable initially deferred for each row execute function note_changes_after_note()`,
  `create function note_changes_after_notemap_note() returns trigger language plpgsql as $$
  begin
    perform note_changes_record(case when tg_op = 'DELETE' then old.note_id else new.note_id end);
    return null;
  end $$`,
  `create constraint trigger notemap_notes_record_changes after insert or delete on notemap_notes
    deferrable initially deferred for each row execute function note_changes_after_notemap_note()`,
  // Every note written so far is in the feed from its start.
  `insert into note_changes (note_id, seq) select id, nextval('note_changes_seq') from notes order by id`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
