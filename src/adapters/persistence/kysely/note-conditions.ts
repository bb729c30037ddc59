import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { NoteFilter } from '../../../application/ports/note-views';
import type { Viewer } from '../../../application/ports/viewer';
import { queryConditions } from './note-conditions-query';
import { notApart, readableNote, seenNotemap } from './readable-note';

/** The notes (aliased `n`) a list holds for a viewer: those they may read that pass every filter. */
export function listedNotes(viewer: Viewer, filter: NoteFilter): RawBuilder<SqlBool> {
  const conditions = [readableNote('n', viewer)];
  if (filter.authorId !== undefined) conditions.push(sql<SqlBool>`n.author_id = ${filter.authorId}`);
  if (filter.tag !== undefined) {
    conditions.push(sql<SqlBool>`exists (
      select 1 from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id and t.name = ${filter.tag})`);
  }
  // A notemap's notes and a member's favorites are read from their own rows first (`= any(array(…))`, then the
  // notes by primary key): as an EXISTS per note, PostgreSQL walked the newest notes until it met enough members,
  // every note of the site when they were old ones (1.3 s for a notemap of the 500 oldest of 32,000 notes, 2 ms this way).
  if (filter.notemapId !== undefined) {
    conditions.push(sql<SqlBool>`n.id = any(array(select mn.note_id from notemap_notes mn where mn.notemap_id = ${filter.notemapId}))`);
  }
  if (filter.favoritedBy !== undefined) {
    conditions.push(sql<SqlBool>`n.id = any(array(select f.note_id from note_favorites f where f.user_id = ${filter.favoritedBy}))`);
  }
  // The lists of a notemap or of a member's favorites are empty for a viewer a block stands between them and its user.
  if (viewer.userId !== null && filter.notemapId !== undefined) conditions.push(seenNotemap(sql`${filter.notemapId}`, viewer.userId));
  if (viewer.userId !== null && filter.favoritedBy !== undefined) conditions.push(notApart(sql`${filter.favoritedBy}`, viewer.userId));
  if (filter.ids !== undefined) {
    conditions.push(filter.ids.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`n.id in (${sql.join(filter.ids)})`);
  }
  if (filter.placeId !== undefined) conditions.push(sql<SqlBool>`n.place_id = ${filter.placeId}`);
  if (filter.withImage === true) conditions.push(sql<SqlBool>`n.image_key is not null`);
  if (filter.feedOf !== undefined) {
    conditions.push(sql<SqlBool>`(
      exists (select 1 from user_follows uf where uf.follower_id = ${filter.feedOf} and uf.followed_id = n.author_id)
      or exists (select 1 from notemap_notes mn join notemap_follows nf on nf.notemap_id = mn.notemap_id
                 where mn.note_id = n.id and nf.user_id = ${filter.feedOf}))`);
  }
  if (filter.query !== undefined) conditions.push(...queryConditions(filter.query, viewer.userId));
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}
