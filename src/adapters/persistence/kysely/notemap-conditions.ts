import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { NotemapFilter } from '../../../application/ports/notemap-views';
import type { Viewer } from '../../../application/ports/viewer';
import { notApart } from './readable-note';

/**
 * The notemaps (aliased `m`) a list holds: every notemap is public, so only the filters narrow it, and for a signed-in
 * viewer the blocks (none made by, nor followed by, a user a block stands between them and).
 */
export function listedNotemaps(filter: NotemapFilter, viewer: Viewer): RawBuilder<SqlBool> {
  const conditions = [sql<SqlBool>`true`];
  if (viewer.userId !== null) {
    conditions.push(notApart(sql.ref('m.owner_id'), viewer.userId));
    if (filter.followedBy !== undefined) conditions.push(notApart(sql`${filter.followedBy}`, viewer.userId));
  }
  if (filter.ownerId !== undefined) conditions.push(sql<SqlBool>`m.owner_id = ${filter.ownerId}`);
  if (filter.followedBy !== undefined) {
    conditions.push(sql<SqlBool>`exists (select 1 from notemap_follows f where f.notemap_id = m.id and f.user_id = ${filter.followedBy})`);
  }
  if (filter.holdingNote !== undefined) {
    conditions.push(sql<SqlBool>`exists (select 1 from notemap_notes mn where mn.notemap_id = m.id and mn.note_id = ${filter.holdingNote})`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}
