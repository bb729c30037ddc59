import { Type, type Static } from 'typebox';
import { Association, NullableString } from '../common.schemas';
import { DEFAULT_RADIUS_M, MAX_RADIUS_M, MAX_SEARCH_LENGTH } from '../../../domain/note-query';
import { PagingQuery } from '../paging';

/** A place (**ext**, docs/api.md); absent address parts and an unknown country code are null. */
export const Place = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: NullableString,
  state: NullableString,
  country: NullableString,
  isoCountryCode: NullableString,
  latitude: Type.Number(),
  longitude: Type.Number(),
  link: Type.String(),
  notes: Association,
  followers: Association,
});
export type Place = Static<typeof Place>;

const Part = (what: string) => Type.Optional(Type.String({ maxLength: 200, description: `${what}, ignoring case; empty for places without one` }));

/** GET /places: paging, the parts a place must have, words of its name, and areas its centre lies in. Ranges: parsePlaceQuery. */
export const PlaceQuery = Type.Object({
  ...PagingQuery,
  city: Part('The city'),
  state: Part('The state'),
  country: Part('The country'),
  q: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH * 4, description: 'Words that each stand in the place\'s name, ignoring case (`lis` finds Lisbon).' })),
  near: Type.Optional(Type.String({ maxLength: 100, description: 'Places whose centre lies within `radius` of `lat,lon`.' })),
  radius: Type.Optional(Type.Number({ description: `Metres around \`near\` (default ${DEFAULT_RADIUS_M}, at most ${MAX_RADIUS_M}).` })),
  bbox: Type.Optional(Type.String({
    maxLength: 200, description: 'Places whose centre lies inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian.',
  })),
});
