import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { EARTH_RADIUS_M, coveringBoxes, type BoundingBox, type Circle, type LatLon } from '../../../domain/geo';
import type { NoteQuery } from '../../../domain/note-query';

// The expression of the GiST index notes_location_idx: a query must repeat it exactly to use the index.
const POINT = sql`point(n.longitude, n.latitude)`;

/** The conditions a caller's query adds to a list of notes (aliased `n`); each one is index-backed. */
export function queryConditions(query: NoteQuery): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (query.tag !== undefined) {
    conditions.push(sql<SqlBool>`exists (
      select 1 from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id and t.name = ${query.tag})`);
  }
  if (query.author !== undefined) {
    conditions.push('id' in query.author
      ? sql<SqlBool>`n.author_id = ${query.author.id}`
      : sql<SqlBool>`n.author_id = (select au.id from users au where lower(au.username) = lower(${query.author.username}))`);
  }
  // Whole seconds, both ends included: `createdAt` is the timestamp floored to the second.
  if (query.since !== undefined) conditions.push(sql<SqlBool>`n.created_at >= to_timestamp(${query.since}::float8)`);
  if (query.until !== undefined) conditions.push(sql<SqlBool>`n.created_at < to_timestamp(${query.until + 1}::float8)`);
  if (query.bbox !== undefined) conditions.push(inArea(query.bbox));
  if (query.near !== undefined) {
    conditions.push(inArea(query.near), sql<SqlBool>`${distanceFrom(query.near.center)} <= ${query.near.radius}::float8`);
  }
  if (query.text !== undefined) conditions.push(sql<SqlBool>`n.search @@ ${searchQuery(query.text)}`);
  return conditions;
}

/** The point is in one of the rectangles covering the area: GiST `<@` per rectangle, ORed (a bitmap OR). */
function inArea(area: BoundingBox | Circle): RawBuilder<SqlBool> {
  const boxes = coveringBoxes(area).map((b) =>
    sql<SqlBool>`${POINT} <@ box(point(${b.minLon}::float8, ${b.minLat}::float8), point(${b.maxLon}::float8, ${b.maxLat}::float8))`);
  return sql<SqlBool>`(${sql.join(boxes, sql` or `)})`;
}

/** The great-circle (haversine) distance in metres from `center` to the note; the same formula as domain/geo.ts. */
export function distanceFrom(center: LatLon): RawBuilder<number> {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(n.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(n.latitude)) * power(sin(radians(n.longitude - ${lon}) / 2), 2)))))`;
}

/**
 * The words of `text` as a query on `notes.search`: English stems, or the words as written (any language);
 * a note matches when it holds every word in either form.
 */
export function searchQuery(text: string): RawBuilder<unknown> {
  return sql`(plainto_tsquery('english', ${text}) || plainto_tsquery('simple', ${text}))`;
}

/** ORDER BY of a list: the query's order, then newest first and by id so that pages never overlap. */
export function orderOf(query: NoteQuery | undefined): RawBuilder<unknown> {
  const newest = sql`n.created_at desc, n.id desc`;
  switch (query?.order ?? 'recent') {
    case 'recent': return newest;
    case 'popular': return sql`n.favoriters_count desc, n.public_views_count desc, ${newest}`;
    case 'nearest': return query?.near ? sql`${distanceFrom(query.near.center)} asc, ${newest}` : newest;
    case 'relevance': return query?.text !== undefined ? sql`ts_rank(n.search, ${searchQuery(query.text)}) desc, ${newest}` : newest;
  }
}
