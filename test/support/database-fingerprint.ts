import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';

/**
 * A cheap fingerprint of everything stored: the row count of every table of the current schema and,
 * where a table has `updated_at`, its latest value. Two equal fingerprints mean no row was added,
 * removed or (where tracked) updated in between.
 */
export async function databaseFingerprinter(db: Kysely<Schema>): Promise<() => Promise<string>> {
  const tables = await sql<{ table_name: string; tracked: boolean }>`
    select t.table_name, exists (
      select 1 from information_schema.columns c
      where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'updated_at'
    ) as tracked
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by t.table_name`.execute(db);
  if (tables.rows.length === 0) throw new Error('no tables in the current schema');
  const parts = tables.rows.map(({ table_name: name, tracked }) => {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const latest = tracked ? `max(updated_at)::text` : `null::text`;
    return `select '${name.replace(/'/g, "''")}' as name, count(*)::int as rows, ${latest} as latest from ${quoted}`;
  });
  const query = sql.raw<{ name: string; rows: number; latest: string | null }>(parts.join(' union all '));
  return async () => {
    const result = await query.execute(db);
    return result.rows.map((r) => `${r.name}:${r.rows}:${r.latest ?? ''}`).sort().join(' ');
  };
}
