import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/** The ids of tags by name, creating the missing ones; an existing tag keeps its id. */
export async function upsertTags(db: Kysely<Schema>, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  // DO NOTHING rather than an update, so a concurrent writer of the same tag never blocks or renumbers it.
  await db
    .insertInto('tags')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('tags').select(['id', 'name']).where('name', 'in', names).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}
