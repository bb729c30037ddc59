import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Viewer } from '../../../application/ports/viewer';

/**
 * Whether the note row aliased `alias` may be read by `viewer`: the SQL form of `canRead` in src/domain/visibility.ts,
 * which it must keep matching. Non-public notes need `readerId` (a user holding `readall`); for a signed-in viewer, a
 * note whose author blocks them or whom they block is not readable. An anonymous viewer's condition names no block.
 */
export function readableNote(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const { readerId, userId } = viewer;
  const visible = readerId === null
    ? sql<SqlBool>`${column('visibility')} = 'public'`
    : sql<SqlBool>`(
    ${column('visibility')} = 'public'
    or ${column('author_id')} = ${readerId}
    or (${column('visibility')} = 'recipients' and exists (
      select 1 from note_recipients nr where nr.note_id = ${column('id')} and nr.user_id = ${readerId})))`;
  if (userId === null) return visible;
  return sql<SqlBool>`(${visible} and ${notApart(column('author_id'), userId)})`;
}

/**
 * Whether no block stands between the user in `other` (an SQL expression: a column) and the signed-in `userId`, in
 * either direction: two probes of user_blocks' two keys.
 */
export function notApart(other: RawBuilder<unknown> | ReturnType<typeof sql.ref>, userId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from user_blocks ub where ub.blocker_id = ${userId} and ub.blocked_id = ${other})
    and not exists (select 1 from user_blocks ub where ub.blocked_id = ${userId} and ub.blocker_id = ${other}))`;
}

/** The ids of the users a block stands between the signed-in `userId` and (a subselect for `in`), from both keys. */
export function apartUsers(userId: number): RawBuilder<number> {
  return sql<number>`(select ub.blocked_id from user_blocks ub where ub.blocker_id = ${userId}
    union all select ub.blocker_id from user_blocks ub where ub.blocked_id = ${userId})`;
}

/** Whether the notemap whose id is `notemapId` (an SQL expression) exists and no block stands between its creator and `userId`. */
export function seenNotemap(notemapId: RawBuilder<unknown> | ReturnType<typeof sql.ref>, userId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from notemaps sm where sm.id = ${notemapId} and ${notApart(sql.ref('sm.owner_id'), userId)})`;
}
