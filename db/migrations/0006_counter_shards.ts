import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The count of public notes in SHARDS rows instead of one (decision `public-note-count-sharded`): each writer adds to the row of its
// own connection (`pg_backend_pid() % SHARDS`), so concurrent posts no longer queue on one row lock from their
// insert to their commit; a reader sums the rows (SHARDS index entries). The total is unchanged: the existing row
// becomes shard 0 and the new ones start at zero.
const SHARDS = 16;

const addTo = (amount: string) => `update note_counters c set value = c.value + ${amount}
    where c.name = 'public_notes' and c.shard = pg_backend_pid() % ${SHARDS}`;

/** A statement-level trigger function adding `amount` (±n, the public rows of its transition table) to the shard. */
const countRows = (name: string, rows: string, amount: string) => `create or replace function ${name}() returns trigger language plpgsql as $$
  declare n bigint;
  begin
    select count(*) into n from ${rows} where visibility = 'public';
    if n <> 0 then ${addTo(amount)}; end if;
    return null;
  end $$`;

const statements = [
  `alter table note_counters add column shard int not null default 0`,
  `alter table note_counters drop constraint note_counters_pkey`,
  `alter table note_counters add primary key (name, shard)`,
  `insert into note_counters (name, shard, value) select 'public_notes', s, 0 from generate_series(1, ${SHARDS - 1}) s`,
  countRows('note_counters_after_insert', 'inserted_notes', 'n'),
  countRows('note_counters_after_delete', 'deleted_notes', '-n'),
  `create or replace function note_counters_after_visibility() returns trigger language plpgsql as $$
  begin
    if (old.visibility = 'public') <> (new.visibility = 'public') then
      ${addTo(`case when new.visibility = 'public' then 1 else -1 end`)};
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
