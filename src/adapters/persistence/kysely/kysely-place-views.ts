import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { PlaceFilter, PlaceView, PlaceViews } from '../../../application/ports/place-views';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { readableNote } from './readable-note';
import type { Schema } from './schema';

const KEY_PART = { city: 1, state: 2, country: 3 } as const;

/** The places (aliased `p`) a filter lets through, compared on the lowercased parts of their key (see place-key.ts). */
function placeConditions(filter: PlaceFilter): RawBuilder<SqlBool> {
  const conditions = [sql<SqlBool>`true`];
  for (const part of ['city', 'state', 'country'] as const) {
    const value = filter[part];
    // chr(31) is the key's separator.
    if (value !== undefined) conditions.push(sql<SqlBool>`split_part(p.key, chr(31), ${KEY_PART[part]}) = ${value}`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** Whether the viewer may read a note at the place whose id is `placeId`. */
function hasReadableNote(placeId: string, readerId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from notes n where n.place_id = ${sql.ref(placeId)} and ${readableNote('n', readerId)})`;
}

/**
 * Places summed up over the notes the viewer may read, joined laterally so a page of places is
 * two statements whatever its size (the rows with their sums, and the total).
 */
@injectable()
export class KyselyPlaceViews implements PlaceViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async get(viewer: Viewer, id: number): Promise<PlaceView | null> {
    const row = await this.select(viewer).where('p.id', '=', id).executeTakeFirst();
    return row ? toPlaceView(row) : null;
  }

  async list(viewer: Viewer, filter: PlaceFilter, page: PageRequest): Promise<Page<PlaceView>> {
    const where = placeConditions(filter);
    const [rows, count] = await Promise.all([
      this.select(viewer).where(where).orderBy('p.id', 'desc').limit(page.limit).offset(page.offset).execute(),
      this.db
        .selectFrom('places as p')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(where)
        .where(hasReadableNote('p.id', viewer.readerId))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toPlaceView), total: count.total };
  }

  async followedBy(viewer: Viewer, userId: number, page: PageRequest): Promise<Page<PlaceView>> {
    const [rows, count] = await Promise.all([
      this.select(viewer)
        .innerJoin('place_follows as pf', 'pf.place_id', 'p.id')
        .where('pf.user_id', '=', userId)
        .orderBy('pf.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('place_follows as pf')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('pf.user_id', '=', userId)
        .where(hasReadableNote('pf.place_id', viewer.readerId))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toPlaceView), total: count.total };
  }

  /** Places with at least one note the viewer may read, with the sums over those notes. */
  private select(viewer: Viewer) {
    return this.db
      .selectFrom('places as p')
      .innerJoinLateral(
        (eb) => eb
          .selectFrom('notes as n')
          .select((inner) => [
            inner.fn.countAll<number>().as('notes_count'),
            inner.fn.avg<number>('n.latitude').as('latitude'),
            inner.fn.avg<number>('n.longitude').as('longitude'),
            // The most common code, the first in code point order on a tie; mode() passes over nulls.
            sql<string | null>`mode() within group (order by n.iso_country_code collate "C")`.as('iso_country_code'),
          ])
          .whereRef('n.place_id', '=', 'p.id')
          .where(readableNote('n', viewer.readerId))
          .as('s'),
        (join) => join.onTrue(),
      )
      .select(['p.id', 'p.city', 'p.state', 'p.country', 's.notes_count', 's.latitude', 's.longitude', 's.iso_country_code'])
      .select(sql<number>`(select count(*) from place_follows pf2 where pf2.place_id = p.id)`.as('followers_count'))
      .where('s.notes_count', '>', 0);
  }
}

type PlaceRow = Awaited<ReturnType<ReturnType<KyselyPlaceViews['select']>['executeTakeFirstOrThrow']>>;

function toPlaceView(row: PlaceRow): PlaceView {
  return {
    id: row.id,
    city: row.city,
    state: row.state,
    country: row.country,
    isoCountryCode: row.iso_country_code,
    latitude: row.latitude,
    longitude: row.longitude,
    counts: { notes: row.notes_count, followers: row.followers_count },
  };
}
