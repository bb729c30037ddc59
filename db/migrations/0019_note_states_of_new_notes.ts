import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The advisory lock that orders the commits changing notes (0010; the same constant). */
const NOTE_CHANGES_LOCK = 7_351_024_417;

// The change a new note records (0010, 0018), written for less: a batched insert of five notes spent about as much of
// PostgreSQL's time in these row triggers as in the rest of the statement (docs/benchmarks.md, The write), most of it
// starting the plans of 0018's state query (three array subqueries, two sorts, a hash join) and two ON CONFLICT
// inserts for every note. A note made by the committing transaction, unless `recipients`, now gets plain inserts
// and a state from its row with only what it can have: its tags (no sort: the feed only asks whether a name is
// among them), its author's name, no notemaps. Why that is what 0018 recorded (decision `new-note-states-from-the-row`):
//
// - Its event is the first naming its id, ever: ids come from the identity's sequence, and a row naming a note needs
//   it first (foreign keys). So neither table has a row for it yet; an id used again fails on their unique keys.
// - Whatever the transaction does to it afterwards fires a later event of its own, which these triggers fire in
//   order at the commit: adding it to a notemap (notemap_notes' trigger), a change of a watched column (visibility,
//   position, text, `updated_at`), a deletion. That event writes 0018's state over this row.
// - Tags and the author's name are read at the commit, as 0018 reads them.
//
// A note made with visibility `recipients` keeps 0018's statements (its recipients are read, sorted), and so does
// every other change.
const STATE_COLUMNS = `visibility, author_id, author_username, recipients, latitude, longitude, public_latitude, public_longitude, tags, notemaps`;

/** 0018's state of note `changed`, every column null when it is gone (as 0018 wrote it; migrations do not share code). */
const stateOfChanged = `
  select n.visibility, n.author_id, u.username,
    case when n.visibility = 'recipients'
      then array(select nr.user_id from note_recipients nr where nr.note_id = n.id order by nr.user_id) end,
    n.latitude, n.longitude, n.public_latitude, n.public_longitude,
    array(select t.name from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id order by t.name),
    array(select mn.notemap_id from notemap_notes mn where mn.note_id = n.id order by mn.notemap_id)
  from (select changed as id) c left join notes n on n.id = c.id left join users u on u.id = n.author_id`;

const statements = [
  `create or replace function note_changes_after_note() returns trigger language plpgsql as $$
  declare
    changed integer := case when tg_op = 'DELETE' then old.id else new.id end;
    at bigint;
  begin
    perform pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    at := nextval('note_changes_seq');
    if tg_op = 'INSERT' and new.visibility <> 'recipients' then
      insert into note_changes (note_id, seq) values (changed, at);
      insert into note_states (note_id, seq, ${STATE_COLUMNS})
      select n.id, at, n.visibility, n.author_id, (select u.username from users u where u.id = n.author_id), null,
        n.latitude, n.longitude, n.public_latitude, n.public_longitude,
        array(select (select t.name from tags t where t.id = nt.tag_id) from note_tags nt where nt.note_id = n.id), '{}'
      from notes n where n.id = changed;
    else
      insert into note_changes (note_id, seq) values (changed, at)
      on conflict (note_id) do update set seq = excluded.seq;
      insert into note_states (note_id, seq, ${STATE_COLUMNS})
      select changed, at, s.* from (${stateOfChanged}) s
      on conflict (note_id, tx) do update set seq = excluded.seq,
        ${STATE_COLUMNS.split(', ').map((column) => `${column} = excluded.${column}`).join(', ')};
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
