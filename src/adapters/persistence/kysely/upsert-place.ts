import { sql, type Kysely } from 'kysely';
import { hasPlace, placeKey, type PlaceParts } from './place-key';
import type { Schema } from './schema';

/** The id of the place a location names, created on first use; null when it names none. */
export async function upsertPlace(db: Kysely<Schema>, parts: PlaceParts): Promise<number | null> {
  if (!hasPlace(parts)) return null;
  const key = placeKey(parts);
  // One round trip: the inserted row, else the existing one. DO NOTHING rather than an update, so a concurrent
  // writer of the same place is never blocked; the rows of one statement share its snapshot, so a place another
  // transaction committed while this insert waited for it is found by the second look-up below.
  const found = await sql<{ id: number }>`
    with created as (
      insert into places (city, state, country, key) values (${parts.city}, ${parts.state}, ${parts.country}, ${key})
      on conflict (key) do nothing
      returning id)
    select id from created
    union all
    select id from places where key = ${key}
    limit 1`.execute(db);
  const first = found.rows[0];
  if (first) return first.id;
  const existing = await db.selectFrom('places').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return existing.id;
}
