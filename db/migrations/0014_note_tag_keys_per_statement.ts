import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The two foreign keys of `note_tags` checked each new row on its own: a query through SPI per key, and a lock on the
// note and the tag it names, written to the WAL. A post of three tags thus cost six such checks, 30 of the 40 a
// statement of five posts made (docs/benchmarks.md). Every row of `note_tags` is written beside its note, in the
// statement or transaction that writes or locks the note, with the ids of tags it has just found or made, and tags
// are never deleted. The same rules now hold by statement triggers: the rows a statement adds or changes are checked
// at its end by one query (the same SQLSTATE, 23503, as a foreign key), and deleting notes or tags deletes their rows
// (the cascades of the foreign keys). They take no lock on the note or tag: nothing deletes a tag, and a note's tags
// are only written while the note is new (invisible to others) or locked by the update that rewrites them.
const statements = [
  `alter table note_tags drop constraint note_tags_note_id_fkey, drop constraint note_tags_tag_id_fkey`,
  `create function note_tags_check_keys() returns trigger language plpgsql as $$
  declare
    orphan record;
  begin
    select r.note_id, r.tag_id,
        not exists (select 1 from notes n where n.id = r.note_id) as no_note into orphan
      from written_note_tags r
      where not exists (select 1 from notes n where n.id = r.note_id)
        or not exists (select 1 from tags t where t.id = r.tag_id)
      limit 1;
    if found then
      raise foreign_key_violation using
        message = format('note_tags names a %s that does not exist', case when orphan.no_note then 'note' else 'tag' end),
        detail = format('note_id %s, tag_id %s', orphan.note_id, orphan.tag_id),
        table = 'note_tags';
    end if;
    return null;
  end $$`,
  `create trigger note_tags_keys_inserted after insert on note_tags referencing new table as written_note_tags
    for each statement execute function note_tags_check_keys()`,
  `create trigger note_tags_keys_updated after update on note_tags referencing new table as written_note_tags
    for each statement execute function note_tags_check_keys()`,
  `create function note_tags_after_notes_deleted() returns trigger language plpgsql as $$
  begin
    delete from note_tags where note_id in (select id from deleted_notes);
    return null;
  end $$`,
  `create trigger notes_delete_tags after delete on notes referencing old table as deleted_notes
    for each statement execute function note_tags_after_notes_deleted()`,
  `create function note_tags_after_tags_deleted() returns trigger language plpgsql as $$
  begin
    delete from note_tags where tag_id in (select id from deleted_tags);
    return null;
  end $$`,
  `create trigger tags_delete_note_tags after delete on tags referencing old table as deleted_tags
    for each statement execute function note_tags_after_tags_deleted()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
