import { Type, type Static } from 'typebox';
import type { NoteView } from '../../../application/ports/note-views';
import type { Page } from '../../../application/ports/paging';
import type { Actor } from '../../../domain/actor';
import type { Links } from '../links';
import { ListedNote } from './note-list.schemas';
import { presentNote } from './note.presenter';

export const GEOJSON_TYPE = 'application/geo+json';

/** RFC 7946 Feature of one note: its point, its id, and the note exactly as JSON lists show it. */
const NoteFeature = Type.Object({
  type: Type.Literal('Feature'),
  id: Type.Integer(),
  geometry: Type.Object({
    type: Type.Literal('Point'),
    coordinates: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[longitude, latitude]' }),
  }),
  properties: ListedNote,
});

/** A page of notes as an RFC 7946 FeatureCollection; the paging rides in the foreign member `meta`. */
export const NoteFeatureCollection = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(NoteFeature),
  meta: Type.Object({
    http_status: Type.Integer(),
    count: Type.Integer({ minimum: 0 }),
    nextUrl: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type NoteFeatureCollection = Static<typeof NoteFeatureCollection>;

/** A note for a list: the Note, plus `distance` in whole metres when the list was asked `near`. */
export function presentListedNote(note: NoteView, actor: Actor, links: Links): ListedNote {
  const presented = presentNote(note, actor, links);
  return note.distance === undefined ? presented : { ...presented, distance: Math.round(note.distance) };
}

export function presentFeatureCollection(page: Page<NoteView>, nextUrl: string | null, actor: Actor, links: Links): NoteFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: page.items.map((note) => ({
      type: 'Feature',
      id: note.id,
      geometry: { type: 'Point', coordinates: [note.location.longitude, note.location.latitude] },
      properties: presentListedNote(note, actor, links),
    })),
    meta: { http_status: 200, count: page.total, nextUrl },
  };
}
