import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { PlaceFilter, PlaceView, PlaceViews } from '../../../application/ports/place-views';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { coveringBoxes, type BoundingBox, type Circle } from '../../../domain/geo';
import { distanceFrom } from './note-conditions-query';
import { readableNote } from './readable-note';
import type { Schema } from './schema';

const KEY_PART = { city: 1, state: 2, country: 3 } as const;

/** The place's name as domain/place.ts builds it (the parts present, trimmed, joined with ", "), lowercased. */
const LOWER_NAME = sql<string>`lower(concat_ws(', ', nullif(trim(p.city), ''), nullif(trim(p.state), ''), nullif(trim(p.country), '')))`;

/**
 * The places (aliased `p`) a filter lets through by their own columns: the lowercased parts of their key (see
 * place-key.ts) and the words of their name. Areas are on the centre, which depends on the viewer (areaConditions).
 */
function placeConditions(filter: PlaceFilter): RawBuilder<SqlBool> {
  const conditions = [sql<SqlBool>`true`];
  for (const part of ['city', 'state', 'country'] as const) {
    const value = filter[part];
    // chr(31) is the key's separator.
    if (value !== undefined) conditions.push(sql<SqlBool>`split_part(p.key, chr(31), ${KEY_PART[part]}) = ${value}`);
  }
  for (const word of filter.words ?? []) conditions.push(sql<SqlBool>`strpos(${LOWER_NAME}, ${word}) > 0`);
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** The centre of a place as the viewer sees it (the lateral sums `s`) lies in every area: as domain/geo.ts areaContains. */
function areaConditions(areas: readonly (BoundingBox | Circle)[]): RawBuilder<SqlBool> {
  const conditions = areas.map((area) => {
    if (area.kind === 'circle') return sql<SqlBool>`${distanceFrom(area.center, { latitude: sql<number>`s.latitude`, longitude: sql<number>`s.longitude` })} <= ${area.radius}::float8`;
    const boxes = coveringBoxes(area).map((b) => sql<SqlBool>`(s.longitude between ${b.minLon}::float8 and ${b.maxLon}::float8
      and s.latitude between ${b.minLat}::float8 and ${b.maxLat}::float8)`);
    return sql<SqlBool>`(${sql.join(boxes, sql` or `)})`;
  });
  return sql<SqlBool>`${sql.join([sql<SqlBool>`true`, ...conditions], sql` and `)}`;
}

/** Whether the viewer may read a note at the place whose id is `placeId`. */
function hasReadableNote(placeId: string, viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from notes n where n.place_id = ${sql.ref(placeId)} and ${readableNote('n', viewer)})`;
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
    const areas = filter.areas ?? [];
    const matching = areas.length === 0 ? this.select(viewer).where(where) : this.select(viewer).where(where).where(areaConditions(areas));
    const [rows, count] = await Promise.all([
      matching.orderBy('p.id', 'desc').limit(page.limit).offset(page.offset).execute(),
      // Without an area, a place counts when the viewer may read one of its notes (no sums needed); with one,
      // its centre as the viewer sees it decides, so the count is over the same rows as the page.
      areas.length === 0
        ? this.db
          .selectFrom('places as p')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(where)
          .where(hasReadableNote('p.id', viewer))
          .executeTakeFirstOrThrow()
        : this.db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
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
        .where(hasReadableNote('pf.place_id', viewer))
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
            // The positions everyone may see: a place never reveals where a note with a coarse precision is.
            inner.fn.avg<number>('n.public_latitude').as('latitude'),
            inner.fn.avg<number>('n.public_longitude').as('longitude'),
            // The most common code, the first in code point order on a tie; mode() passes over nulls.
            sql<string | null>`mode() within group (order by n.iso_country_code collate "C")`.as('iso_country_code'),
          ])
          .whereRef('n.place_id', '=', 'p.id')
          .where(readableNote('n', viewer))
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
