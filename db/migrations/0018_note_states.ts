import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The advisory lock that orders the commits changing notes (0010; the same constant). */
const NOTE_CHANGES_LOCK = 7_351_024_417;

// The change feed names no note the caller never could read (docs/api.md, Sync): a `delete` goes to a caller only for
// a note it could read, and that matched the filters, in the note's state as of `since`. `note_changes` (0010) keeps
// only each note's latest change, so the feed could not tell; `note_states` keeps, for every change, what the feed's
// rules read of the note once the change committed: who may read it (visibility, author, recipients), where it is
// (exactly, and as others see it), its tags and its notemaps; a note gone has a row with a null visibility. The
// state of a note as of a cursor is then its row with the greatest `seq` not after the cursor (none: the note did
// not exist yet), one index probe per item of a page, in the page's one statement.
//
// The row triggers of 0010/0015 write it beside the `note_changes` row, at the commit (deferred), so it is the state
// the transaction commits. A transaction that fires them more than once for a note (an edit and a notemap) keeps one
// row for it, at its last number (`tx`): a cursor between two of its numbers must still see the note as it was
// before. Every note in the feed gets its current state at its current number here; a cursor older than that has no
// state to compare with, so the feed's cursors change form with this migration (src/application/changes) and an
// older one is refused: the client starts again from the beginning.
const STATE_COLUMNS = `visibility, author_id, author_username, recipients, latitude, longitude, public_latitude, public_longitude, tags, notemaps`;

/** The state of note `id` (an SQL expression) as `note_states` keeps it; every column null when it is gone. */
const stateOf = (id: string) => `
  select n.visibility, n.author_id, u.username,
    case when n.visibility = 'recipients'
      then array(select nr.user_id from note_recipients nr where nr.note_id = n.id order by nr.user_id) end,
    n.latitude, n.longitude, n.public_latitude, n.public_longitude,
    array(select t.name from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id order by t.name),
    array(select mn.notemap_id from notemap_notes mn where mn.note_id = n.id order by mn.notemap_id)
  from (select ${id} as id) c left join notes n on n.id = c.id left join users u on u.id = n.author_id`;

/** Numbers the change of note `changed` and records its state (the body shared by the functions below). */
const record = `
    perform pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    at := nextval('note_changes_seq');
    insert into note_changes (note_id, seq) values (changed, at)
    on conflict (note_id) do update set seq = excluded.seq;
    insert into note_states (note_id, seq, ${STATE_COLUMNS})
    select changed, at, s.* from (${stateOf('changed')}) s
    on conflict (note_id, tx) do update set seq = excluded.seq,
      ${STATE_COLUMNS.split(', ').map((column) => `${column} = excluded.${column}`).join(', ')};`;

/** A change-feed row trigger function (0015) for a table whose rows name their note by `column`, now with its state. */
const recordsChanges = (name: string, column: string) => `create or replace function ${name}() returns trigger language plpgsql as $$
  declare
    changed integer := case when tg_op = 'DELETE' then old.${column} else new.${column} end;
    at bigint;
  begin${record}
    return null;
  end $$`;

const statements = [
  `create table note_states (
    note_id integer not null,
    seq bigint not null,
    tx xid8 not null default pg_current_xact_id(),
    visibility text,
    author_id integer,
    author_username text,
    recipients integer[],
    latitude double precision,
    longitude double precision,
    public_latitude double precision,
    public_longitude double precision,
    tags text[],
    notemaps integer[],
    constraint note_states_pkey primary key (note_id, seq),
    constraint note_states_tx_key unique (note_id, tx)
  )`,
  `insert into note_states (note_id, seq, ${STATE_COLUMNS})
    select c.note_id, c.seq, s.* from note_changes c cross join lateral (${stateOf('c.note_id')}) s`,
  recordsChanges('note_changes_after_note', 'id'),
  // Nothing calls it since 0015, but it stays what its name says for anything that does.
  `create or replace function note_changes_record(changed integer) returns void language plpgsql as $$
  declare
    at bigint;
  begin${record}
  end $$`,
  recordsChanges('note_changes_after_notemap_note', 'note_id'),
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
