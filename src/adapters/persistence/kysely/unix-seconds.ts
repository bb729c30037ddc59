import { sql, type RawBuilder } from 'kysely';

/** A timestamptz column as whole Unix seconds, a number thanks to the int8 parser. */
export function unixSeconds(column: string): RawBuilder<number> {
  return sql<number>`floor(extract(epoch from ${sql.ref(column)}))::int8`;
}
