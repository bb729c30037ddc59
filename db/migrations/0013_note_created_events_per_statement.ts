import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// `note.created` events (0011) were written by a row trigger: for each new note, two look-ups of the subscriptions,
// one insert and one look-up of the waiting events. A statement that writes several notes (posts arriving together
// go in one, docs/benchmarks.md) now has them written by one statement trigger: the subscriptions looked up once,
// one insert of every event in the order of the notes' ids, and one wake. The workers are woken as before: when no
// event was waiting before these (the first of them would have found none). The row trigger keeps `note.updated`.
const statements = [
  `create function webhook_events_after_notes_inserted() returns trigger language plpgsql as $$
  declare
    waiting boolean;
  begin
    -- Written for note.updated subscribers too: it is what keeps this transaction's edits from being updates.
    if webhook_events_wanted('note.created') or webhook_events_wanted('note.updated') then
      waiting := exists (select 1 from webhook_events where not dispatched);
      insert into webhook_events (type, note_id) select 'note.created', id from inserted_notes order by id;
      if found and not waiting then
        perform pg_notify('webhook_events', '');
      end if;
    end if;
    return null;
  end $$`,
  `create or replace function webhook_events_after_note() returns trigger language plpgsql as $$
  begin
    if webhook_events_wanted('note.updated')
      and not exists (select 1 from webhook_events
        where note_id = new.id and tx = txid_current() and type in ('note.created', 'note.updated')) then
      insert into webhook_events (type, note_id) values ('note.updated', new.id);
      perform webhook_events_wake();
    end if;
    return null;
  end $$`,
  `drop trigger notes_webhook_events on notes`,
  `create trigger notes_webhook_events after update of
      title, message, visibility, latitude, longitude, street, street_number, street_address, neighborhood, city, state,
      postal_code, country, iso_country_code, zoom_level, location_precision, image_key, place_id, updated_at
    on notes for each row execute function webhook_events_after_note()`,
  `create trigger notes_webhook_events_created after insert on notes referencing new table as inserted_notes
    for each statement execute function webhook_events_after_notes_inserted()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
