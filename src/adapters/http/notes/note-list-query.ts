import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { NoteFilter, NotePage } from '../../../application/ports/note-views';
import type { PageRequest } from '../../../application/ports/paging';
import { DEFAULT_RADIUS_M, MAX_RADIUS_M, MAX_SEARCH_LENGTH, NOTE_SORTS, encodeNoteCursor, parseNoteQuery } from '../../../domain/note-query';
import { ListEnvelope, list } from '../envelope';
import type { Links } from '../links';
import { PagingQuery, nextUrl } from '../paging';
import { GEOJSON_TYPE, NoteFeatureCollection, presentFeatureCollection, presentListedNote } from './note-geojson.presenter';
import { ListedNote } from './note-list.schemas';

// Year 9999: far enough for any note, small enough for every date type.
const MAX_UNIX_SECONDS = 253_402_300_799;

/**
 * The query string of every list of notes (docs/api.md, Finding notes): paging, the area, text, tag, author and time
 * filters, the order and the format. Types are checked here; ranges and combinations by parseNoteQuery.
 */
export const NoteListQuery = Type.Object({
  ...PagingQuery,
  cursor: Type.Optional(Type.String({
    maxLength: 400,
    description: 'Where the page starts: the `cursor` of the previous page\'s `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it).',
  })),
  bbox: Type.Optional(Type.String({
    maxLength: 200, description: 'Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian.',
  })),
  near: Type.Optional(Type.String({ maxLength: 100, description: 'Notes within `radius` of `lat,lon`, nearest first, each with `distance`.' })),
  radius: Type.Optional(Type.Number({ description: `Metres around \`near\` (default ${DEFAULT_RADIUS_M}, at most ${MAX_RADIUS_M}).` })),
  q: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH * 4, description: 'Words to find in the title and message (English stems too).' })),
  tag: Type.Optional(Type.String({ maxLength: 100, description: 'Only notes with this tag.' })),
  author: Type.Optional(Type.String({ maxLength: 100, description: 'Only notes by this user (id or username).' })),
  since: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS, description: 'Created at or after (Unix seconds).' })),
  until: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS, description: 'Created at or before (Unix seconds).' })),
  sort: Type.Optional(Type.Enum(NOTE_SORTS, { description: '`recent` (default), `nearest` (needs `near`; its default), `popular`.' })),
  format: Type.Optional(Type.Enum(['json', 'geojson'], { description: '`geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does).' })),
});
export type NoteListQuery = Static<typeof NoteListQuery>;

/** The 200 of a list of notes: the JSON list, or the same page as GeoJSON; both serialised through their schema. */
export const NoteListResponses = {
  200: {
    description: 'A page of notes',
    content: {
      'application/json': { schema: ListEnvelope(ListedNote) },
      [GEOJSON_TYPE]: { schema: NoteFeatureCollection },
    },
  },
};

/** The caller's criteria as a filter for the list use cases (400 naming each bad parameter). */
export function noteListFilter(query: NoteListQuery): NoteFilter {
  const { bbox, near, radius, q, tag, author, since, until, sort, cursor } = query;
  return { query: parseNoteQuery({ bbox, near, radius, q, tag, author, since, until, sort, cursor }) };
}

/** Sends a page of notes as JSON or, when asked by `format` or `Accept`, as GeoJSON. */
export function sendNoteList(
  request: FastifyRequest<{ Querystring: NoteListQuery }>,
  reply: FastifyReply,
  result: NotePage,
  page: PageRequest,
  links: Links,
): FastifyReply {
  // The next page seeks past the last item by its cursor; `offset` and `limit` stay in the URL as they always were.
  const next = result.last === undefined ? null : nextUrl(request, page, result.total, page.limit, encodeNoteCursor(result.last));
  reply.header('vary', 'Accept');
  if (wantsGeoJson(request.query.format, request.headers.accept)) {
    return reply.type(GEOJSON_TYPE).send(presentFeatureCollection(result, next, request.actor, links));
  }
  const items = result.items.map((note) => presentListedNote(note, request.actor, links));
  return reply.type('application/json; charset=utf-8').send(list(items, result.total, next));
}

/** `format` wins; else GeoJSON when Accept ranks application/geo+json at least as high as application/json. */
export function wantsGeoJson(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === 'geojson';
  if (accept === undefined) return false;
  let geo = 0;
  let json = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(quality)) continue;
    if (type === GEOJSON_TYPE) geo = Math.max(geo, quality);
    if (type === 'application/json') json = Math.max(json, quality);
  }
  return geo > 0 && geo >= json;
}
