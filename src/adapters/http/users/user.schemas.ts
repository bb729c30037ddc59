import { Type, type Static } from 'typebox';
import { Association, NullableString } from '../common.schemas';

export const Avatar = Type.Object({ hasAvatar: Type.Boolean(), hash: Type.String(), urlRoot: Type.String() });

/** A user as an author line. */
export const UserSummary = Type.Object({
  avatar: Avatar,
  id: Type.Integer(),
  link: Type.String(),
  name: NullableString,
  username: Type.String(),
});
export type UserSummary = Static<typeof UserSummary>;

/** A user as an item of a list of users (followers, favoriters…). */
export const UserListItem = Type.Object({ ...UserSummary.properties, description: NullableString });

/** GET /users/:id; with `associations=none` only the list-item fields are present. */
export const User = Type.Object({
  ...UserListItem.properties,
  blogUrl: Type.Optional(Type.String()),
  description: Type.String(),
  favorites: Type.Optional(Association),
  followedNotemaps: Type.Optional(Association),
  followedPlaces: Type.Optional(Association),
  followers: Type.Optional(Association),
  following: Type.Optional(Association),
  hometown: Type.Optional(Type.String()),
  name: Type.String(),
  notemaps: Type.Optional(Association),
  notes: Type.Optional(Association),
  publicPlacesCount: Type.Optional(Type.Integer()),
  twitter: Type.Optional(Type.String()),
});
export type User = Static<typeof User>;

export const UserQuery = Type.Object({
  associations: Type.Optional(Type.String({ description: '`none` returns only the basic fields' })),
});
