import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { NoteFilter } from '../../../application/ports/note-views';
import { readableNote } from './readable-note';

/** The notes (aliased `n`) a list holds for a reader: those they may read that pass every filter. */
export function listedNotes(readerId: number | null, filter: NoteFilter): RawBuilder<SqlBool> {
  const conditions = [readableNote('n', readerId)];
  if (filter.authorId !== undefined) conditions.push(sql<SqlBool>`n.author_id = ${filter.authorId}`);
  if (filter.tag !== undefined) {
    conditions.push(sql<SqlBool>`exists (
      select 1 from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id and t.name = ${filter.tag})`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}
