import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { ChangeFeed, FeedPosition, FeedReader, NoteChange } from '../../../application/ports/change-feed';
import type { NoteQuery } from '../../../domain/note-query';
import { KYSELY } from './database';
import { queryConditions } from './note-conditions-query';
import type { Schema } from './schema';

/**
 * The feed from `note_changes` (migration 0010), whose numbers follow the order of the commits, and `note_states`
 * (0018), the note's state after each change: the state as of a position is the row with the greatest number not
 * after it, found by one probe of its primary key per change, in the page's one statement.
 */
@injectable()
export class KyselyChangeFeed implements ChangeFeed {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async after(since: FeedPosition | null, limit: number, reader?: FeedReader): Promise<NoteChange[]> {
    const from = since?.seq ?? '0';
    const userId = reader?.viewer.userId ?? null;
    type Row = { note_id: number; seq: string; listed: boolean; shared: boolean };
    const { rows } = await (since === null || reader === undefined
      ? sql<Row>`
        select c.note_id, c.seq::text as seq, false as listed from note_changes c
        where c.seq > ${from}::bigint
        order by c.seq
        limit ${limit}`
      : userId === null
        ? sql<Row>`
        select c.note_id, c.seq::text as seq, coalesce(${listedAsOf(reader, since)}, false) as listed from note_changes c
        left join lateral (
          select * from note_states s where s.note_id = c.note_id and s.seq <= ${from}::bigint order by s.seq desc limit 1
        ) n on true
        where c.seq > ${from}::bigint
        order by c.seq
        limit ${limit}`
        : sql<Row>`
        select c.note_id, c.seq::text as seq, coalesce(${listedAsOf(reader, since)}, false) as listed, c.shared from ${changesAfter(since, userId)}
        left join lateral (
          select * from note_states s where s.note_id = c.note_id and s.seq <= ${from}::bigint order by s.seq desc limit 1
        ) n on true
        order by c.seq, c.note_id
        limit ${limit}`).execute(this.db);
    return rows.map((row) => ({
      noteId: row.note_id,
      position: row.shared === true ? { seq: row.seq, noteId: row.note_id } : { seq: row.seq },
      listedAtSince: row.listed,
    }));
  }
}

/**
 * The changes after `since` for a signed-in reader, each note once at its latest, as `c`: `note_changes`, and at the
 * number of each change of whether a block stands between the reader and another user (`user_block_changes`,
 * migration 0023) that user's notes (`shared`: several notes at one number, ordered by id), for a block is a change
 * of what the reader may see.
 */
function changesAfter(since: FeedPosition, userId: number): RawBuilder<unknown> {
  const from = since.seq;
  const fromNote = since.noteId ?? 0;
  return sql`(
    select c.note_id, c.seq, false as shared from note_changes c
    where c.seq > ${from}::bigint and not exists (
      select 1 from notes o join user_block_changes e on e.user_id = ${userId} and e.other_id = o.author_id and e.seq > c.seq
      where o.id = c.note_id)
    union all
    select o.id, e.seq, true from user_block_changes e join notes o on o.author_id = e.other_id
    where e.user_id = ${userId} and (e.seq > ${from}::bigint or (e.seq = ${from}::bigint and o.id > ${fromNote}::int4))
      and not exists (select 1 from user_block_changes l where l.user_id = e.user_id and l.other_id = e.other_id and l.seq > e.seq)
      and not exists (select 1 from note_changes c where c.note_id = o.id and c.seq > e.seq)) c`;
}

/**
 * Whether the state `n` (a `note_states` row, null columns for a note gone or not yet made) is one the reader may
 * read, as of `from` (blocks included), that matches the filter: `readableNote` and `listedNotes` on a kept state instead of the note's rows. The area
 * conditions are the lists' own (the state has the columns they read).
 */
function listedAsOf({ viewer, filter }: FeedReader, since: FeedPosition): RawBuilder<SqlBool> {
  const { readerId, userId } = viewer;
  const conditions = [readerId === null
    ? sql<SqlBool>`n.visibility = 'public'`
    : sql<SqlBool>`(n.visibility = 'public' or (n.visibility is not null and n.author_id = ${readerId})
        or (n.visibility = 'recipients' and ${readerId}::int4 = any(n.recipients)))`];
  // No block stood between the reader and the author as of `since`: the last change of their pair not after it says
  // (before it, when `since` is within a block's change: the notes still to come of that change were held before it).
  if (userId !== null) {
    const upTo = since.noteId === undefined ? sql`<=` : sql`<`;
    conditions.push(sql<SqlBool>`not coalesce((select e.apart from user_block_changes e
      where e.user_id = ${userId} and e.other_id = n.author_id and e.seq ${upTo} ${since.seq}::bigint order by e.seq desc limit 1), false)`);
  }
  const { authorId, tag, notemapId, query, ...others } = filter;
  if (Object.keys(others).length > 0) throw new Error(`the change feed does not filter by ${Object.keys(others).join(', ')}`);
  if (authorId !== undefined) conditions.push(sql<SqlBool>`n.author_id = ${authorId}`);
  if (tag !== undefined) conditions.push(sql<SqlBool>`${tag}::text = any(n.tags)`);
  if (notemapId !== undefined) conditions.push(sql<SqlBool>`${notemapId}::int4 = any(n.notemaps)`);
  if (query !== undefined) {
    const { tag: queryTag, author, bbox, near, order: _order, ...rest } = query;
    const unknown = Object.entries(rest).filter(([, value]) => value !== undefined).map(([name]) => name);
    if (unknown.length > 0) throw new Error(`the change feed does not filter by ${unknown.join(', ')}`);
    if (queryTag !== undefined) conditions.push(sql<SqlBool>`${queryTag}::text = any(n.tags)`);
    // By the username the author had, which stays theirs while they exist (so a deleted account's notes still match).
    if (author !== undefined) {
      conditions.push('id' in author ? sql<SqlBool>`n.author_id = ${author.id}` : sql<SqlBool>`lower(n.author_username) = lower(${author.username})`);
    }
    const area: NoteQuery = { order: 'recent' };
    if (bbox !== undefined) area.bbox = bbox;
    if (near !== undefined) area.near = near;
    conditions.push(...queryConditions(area, viewer.userId));
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
