import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { EARTH_RADIUS_M, coveringBoxes, type BoundingBox, type Circle, type LatLon } from '../../../domain/geo';
import type { NotePosition, NoteQuery } from '../../../domain/note-query';

// The expressions of the GiST indexes notes_location_idx and notes_public_location_idx: a query must repeat them
// exactly to use them.
const EXACT_POINT = sql`point(n.longitude, n.latitude)`;
const PUBLIC_POINT = sql`point(n.public_longitude, n.public_latitude)`;

/** A point as SQL expressions. */
export interface PositionSql {
  latitude: RawBuilder<number>;
  longitude: RawBuilder<number>;
}

/**
 * Where note `n` is for a viewer (decision `precision-everywhere`): the exact position for its author, the
 * public one (the cell centre, or the exact position when exact) for everyone else.
 */
export function seenPosition(userId: number | null): PositionSql {
  if (userId === null) return { latitude: sql<number>`n.public_latitude`, longitude: sql<number>`n.public_longitude` };
  return {
    latitude: sql<number>`(case when n.author_id = ${userId} then n.latitude else n.public_latitude end)`,
    longitude: sql<number>`(case when n.author_id = ${userId} then n.longitude else n.public_longitude end)`,
  };
}

/** The conditions a caller's query adds to a list of notes (aliased `n`) for a viewer; each one is index-backed. */
export function queryConditions(query: NoteQuery, userId: number | null): RawBuilder<SqlBool>[] {
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
  if (query.bbox !== undefined) conditions.push(inArea(query.bbox, userId));
  if (query.near !== undefined) {
    conditions.push(inArea(query.near, userId), sql<SqlBool>`${distanceFrom(query.near.center, seenPosition(userId))} <= ${query.near.radius}::float8`);
  }
  if (query.text !== undefined) conditions.push(sql<SqlBool>`n.search @@ ${searchQuery(query.text)}`);
  return conditions;
}

/**
 * The point the viewer sees is in one of the rectangles covering the area: GiST `<@` per rectangle, ORed (a bitmap
 * OR); the public point's index for others' notes, and for a signed-in viewer the exact point's for their own.
 */
function inArea(area: BoundingBox | Circle, userId: number | null): RawBuilder<SqlBool> {
  const within = (point: RawBuilder<unknown>) => sql.join(coveringBoxes(area).map((b) =>
    sql<SqlBool>`${point} <@ box(point(${b.minLon}::float8, ${b.minLat}::float8), point(${b.maxLon}::float8, ${b.maxLat}::float8))`), sql` or `);
  if (userId === null) return sql<SqlBool>`(${within(PUBLIC_POINT)})`;
  return sql<SqlBool>`((n.author_id <> ${userId} and (${within(PUBLIC_POINT)})) or (n.author_id = ${userId} and (${within(EXACT_POINT)})))`;
}

/** The great-circle (haversine) distance in metres from `center` to a point; the same formula as domain/geo.ts. */
export function distanceFrom(center: LatLon, point: PositionSql): RawBuilder<number> {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${point.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${point.latitude})) * power(sin(radians(${point.longitude} - ${lon}) / 2), 2)))))`;
}

/**
 * The words of `text` as a query on `notes.search`: English stems, or the words as written (any language);
 * a note matches when it holds every word in either form.
 */
export function searchQuery(text: string): RawBuilder<unknown> {
  return sql`(plainto_tsquery('english', ${text}) || plainto_tsquery('simple', ${text}))`;
}

/** ORDER BY of a list for a viewer: the query's order, then newest first and by id so that pages never overlap. */
export function orderOf(query: NoteQuery | undefined, userId: number | null): RawBuilder<unknown> {
  const newest = sql`n.created_at desc, n.id desc`;
  switch (query?.order ?? 'recent') {
    case 'recent': return newest;
    case 'popular': return sql`n.favoriters_count desc, n.public_views_count desc, ${newest}`;
    case 'nearest': return query?.near ? sql`${distanceFrom(query.near.center, seenPosition(userId))} asc, ${newest}` : newest;
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
export function seekAfter(query: NoteQuery, after: NotePosition, userId: number | null): RawBuilder<SqlBool> {
  const at = createdAtOf(after);
  const older = sql<SqlBool>`(n.created_at, n.id) < (${at}, ${after.id}::int4)`;
  const [first = 0, second = 0] = after.lead;
  switch (after.order) {
    case 'recent':
      return older;
    case 'popular':
      return sql<SqlBool>`(n.favoriters_count, n.public_views_count, n.created_at, n.id) < (${first}::int4, ${second}::int8, ${at}, ${after.id}::int4)`;
    case 'nearest': {
      if (query.near === undefined) return older;
      const distance = distanceFrom(query.near.center, seenPosition(userId));
      return sql<SqlBool>`(${distance} > ${first}::float8 or (${distance} = ${first}::float8 and ${older}))`;
    }
    case 'relevance': {
      if (query.text === undefined) return older;
      const rank = textRank(query.text);
      return sql<SqlBool>`(${rank} < ${first}::float4 or (${rank} = ${first}::float4 and ${older}))`;
    }
  }
}

/** The creation time a position carries, as a timestamptz. */
function createdAtOf(after: NotePosition): RawBuilder<unknown> {
  return sql`(timestamptz 'epoch' + ${after.createdAtUs}::int8 * interval '1 microsecond')`;
}

/**
 * The `recent` order (newest first, then id) on a notemap's rows (aliased `mn`), which keep their note's creation time
 * (migration 0020): the order of the index notemap_notes_order_idx, so a page reads its rows alone.
 */
export const NOTEMAP_NEWEST = sql`mn.note_created_at desc, mn.note_id desc`;

/** Keyset paging on a notemap's rows in NOTEMAP_NEWEST: those after `after`, an index range. */
export function seekAfterInNotemap(after: NotePosition): RawBuilder<SqlBool> {
  return sql<SqlBool>`(mn.note_created_at, mn.note_id) < (${createdAtOf(after)}, ${after.id}::int4)`;
}
