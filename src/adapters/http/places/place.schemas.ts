import { Type, type Static } from 'typebox';
import { Association, NullableString } from '../common.schemas';
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

/** `/places/:id/followers/:user_id`: the place and the user whose follow ends. */
export const PlaceFollowParams = Type.Object({ id: Type.String(), user_id: Type.String() });

const Part = (what: string) => Type.Optional(Type.String({ maxLength: 200, description: `${what}, ignoring case; empty for places without one` }));

/** GET /places: paging, and any of the parts a place must have. */
export const PlaceQuery = Type.Object({ ...PagingQuery, city: Part('The city'), state: Part('The state'), country: Part('The country') });
