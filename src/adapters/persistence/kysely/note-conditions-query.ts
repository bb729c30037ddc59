import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { EARTH_RADIUS_M, coveringBoxes, type BoundingBox, type Circle, type LatLon } from '../../../domain/geo';
import type { NotePosition, NoteQuery } from '../../../domain/note-query';

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

/**
 * The great-circle (haversine) distance in metres from `center` to the note (or to the point in the columns named);
 * the same formula as domain/geo.ts.
 */
export function distanceFrom(center: LatLon, point: { latitude: string; longitude: string } = { latitude: 'n.latitude', longitude: 'n.longitude' }): RawBuilder<number> {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  const pointLat = sql.ref(point.latitude);
  const pointLon = sql.ref(point.longitude);
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${pointLat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${pointLat})) * power(sin(radians(${pointLon} - ${lon}) / 2), 2)))))`;
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
    case 'relevance': return query?.text !== undefined ? sql`${textRank(query.text)} desc, ${newest}` : newest;
  }
}

/** PostgreSQL's rank of the note for `text` (a float4): the key of the relevance order. */
export function textRank(text: string): RawBuilder<number> {
  return sql<number>`ts_rank(n.search, ${searchQuery(text)})`;
}

/** `created_at` in whole microseconds since the Unix epoch: the exact time a cursor carries. */
export const CREATED_AT_US = sql<number>`(extract(epoch from n.created_at) * 1000000)::int8`;

/**
 * Keyset paging: the notes after `after` in the order of `orderOf(query)`, as a row-value comparison on the ORDER BY
 * columns (an index range for `recent` and `popular`); the computed keys (distance, text rank) compare first,
 * then the creation time and id. The rank is compared as the float4 PostgreSQL computes.
 */
export function seekAfter(query: NoteQuery, after: NotePosition): RawBuilder<SqlBool> {
  const at = sql`(timestamptz 'epoch' + ${after.createdAtUs}::int8 * interval '1 microsecond')`;
  const older = sql<SqlBool>`(n.created_at, n.id) < (${at}, ${after.id}::int4)`;
  const [first = 0, second = 0] = after.lead;
  switch (after.order) {
    case 'recent':
      return older;
    case 'popular':
      return sql<SqlBool>`(n.favoriters_count, n.public_views_count, n.created_at, n.id) < (${first}::int4, ${second}::int8, ${at}, ${after.id}::int4)`;
    case 'nearest': {
      if (query.near === undefined) return older;
      const distance = distanceFrom(query.near.center);
      return sql<SqlBool>`(${distance} > ${first}::float8 or (${distance} = ${first}::float8 and ${older}))`;
    }
    case 'relevance': {
      if (query.text === undefined) return older;
      const rank = textRank(query.text);
      return sql<SqlBool>`(${rank} < ${first}::float4 or (${rank} = ${first}::float4 and ${older}))`;
    }
  }
}
