import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The advisory lock that orders the commits changing notes (0010; the same constant). */
const NOTE_CHANGES_LOCK = 7_351_024_417;

// Blocks (docs/api.md, Blocks): a row per blocker and blocked user, keyed both ways so "is there a block between
// these two" and "whom does this user block, or who blocks them" are each one index probe. A block goes with
// either account.
//
// For the change feed a block is a change of visibility for its two users only. `user_block_changes` keeps, for each
// of them, every change of whether a block stands between them and the other (`apart`), numbered from the feed's own
// sequence under the feed's lock at the commit, as 0010's triggers number note changes: the feed lists the other's
// notes at that number for these two readers alone, and tells from the row in force at a cursor what they held.
const statements = [
  `create table user_blocks (
    blocker_id integer not null references users (id) on delete cascade,
    blocked_id integer not null references users (id) on delete cascade,
    created_at timestamptz not null,
    constraint user_blocks_pkey primary key (blocker_id, blocked_id),
    constraint user_blocks_not_self check (blocker_id <> blocked_id)
  )`,
  `create index user_blocks_blocked_idx on user_blocks (blocked_id, blocker_id)`,
  `create table user_block_changes (
    user_id integer not null,
    other_id integer not null,
    seq bigint not null,
    apart boolean not null,
    constraint user_block_changes_pkey primary key (user_id, seq)
  )`,
  `create index user_block_changes_pair_idx on user_block_changes (user_id, other_id, seq)`,
  `create function user_block_changes_record() returns trigger language plpgsql as $$
  declare
    a integer := case when tg_op = 'DELETE' then old.blocker_id else new.blocker_id end;
    b integer := case when tg_op = 'DELETE' then old.blocked_id else new.blocked_id end;
    at bigint;
    now_apart boolean;
  begin
    perform pg_advisory_xact_lock(${NOTE_CHANGES_LOCK});
    at := nextval('note_changes_seq');
    now_apart := exists (select 1 from user_blocks ub
      where (ub.blocker_id = a and ub.blocked_id = b) or (ub.blocker_id = b and ub.blocked_id = a));
    insert into user_block_changes (user_id, other_id, seq, apart) values (a, b, at, now_apart), (b, a, at, now_apart);
    return null;
  end $$`,
  `create constraint trigger user_blocks_record_changes after insert or delete on user_blocks
    deferrable initially deferred for each row execute function user_block_changes_record()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};
