import type { Kysely } from 'kysely';
import { hasPlace, placeKey, type PlaceParts } from './place-key';
import type { Schema } from './schema';

/** The id of the place a location names, created on first use; null when it names none. */
export async function upsertPlace(db: Kysely<Schema>, parts: PlaceParts): Promise<number | null> {
  if (!hasPlace(parts)) return null;
  const key = placeKey(parts);
  const inserted = await db
    .insertInto('places')
    .values({ city: parts.city, state: parts.state, country: parts.country, key })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db.selectFrom('places').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return existing.id;
}
