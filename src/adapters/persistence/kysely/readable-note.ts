import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Whether the note row aliased `alias` may be read by `readerId` (a user holding `readall`, or null):
 * the SQL form of `canRead` in src/domain/visibility.ts, which it must keep matching.
 */
export function readableNote(alias: string, readerId: number | null): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (readerId === null) return sql<SqlBool>`${column('visibility')} = 'public'`;
  return sql<SqlBool>`(
    ${column('visibility')} = 'public'
    or ${column('author_id')} = ${readerId}
    or (${column('visibility')} = 'recipients' and exists (
      select 1 from note_recipients nr where nr.note_id = ${column('id')} and nr.user_id = ${readerId})))`;
}
