import { Type, type Static } from 'typebox';
import { Association, NullableString } from '../common.schemas';
import { uploadField } from '../images/upload';
import { UserSummary } from '../users/user.schemas';

/** An address field the note's location precision may hide: null for everyone but the author at `hiddenFrom` and coarser. */
const hideable = (absent: string, hiddenFrom: string) => Type.Union([Type.String(), Type.Null()], {
  description: `${absent}; null for everyone but the note's author when its \`locationPrecision\` is ${hiddenFrom}.`,
});

export const Location = Type.Object({
  city: Type.String(),
  country: Type.String(),
  isoCountryCode: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  neighborhood: hideable('null when not given', '`city`'),
  postalCode: hideable('null when not given', '`neighborhood` or `city`'),
  state: Type.String(),
  street: hideable('null when not given', '`neighborhood` or `city`'),
  streetAddress: hideable('`""` when not given', '`street`, `neighborhood` or `city`'),
  streetNumber: hideable('null when not given', '`street`, `neighborhood` or `city`'),
  zoomLevel: Type.Integer(),
});

export const NoteImage = Type.Object({
  originalHeight: Type.Integer(),
  originalWidth: Type.Integer(),
  urlRoot: Type.String(),
});

/** The place a note is at (a distinct city, state and country): its id, the name `GET /v2/places/:id` gives it, its page. */
export const NotePlace = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  link: Type.String(),
});

export const Note = Type.Object({
  author: UserSummary,
  comments: Association,
  createdAt: Type.Integer(),
  currentUserData: Type.Object({
    canComment: Type.Boolean(),
    canFavorite: Type.Boolean(),
    isFavorited: Type.Boolean(),
    isFound: Type.Boolean(),
  }),
  depiction: Type.Null(),
  displayAddress: Type.String({
    description: '`streetAddress` (else `streetNumber` and `street`), `city`, `state`, `country`: those the caller sees, joined by `, `.',
  }),
  favoriters: Association,
  finders: Association,
  id: Type.Integer(),
  image: Type.Union([NoteImage, Type.Null()]),
  implicit_title: Type.String(),
  link: Type.String(),
  location: Location,
  locationPrecision: Type.Optional(Type.String({
    description: 'Given to the note\'s author only: how precisely everyone else sees its location. For `street`, `neighborhood` and '
      + '`city` they see the centre of a fixed grid cell of about 100 m, 1 km or 10 km, and null for the address fields that would pin '
      + 'it closer: `streetNumber` and `streetAddress` from `street` on, also `street` and `postalCode` from `neighborhood` on, also '
      + '`neighborhood` at `city`. The author sees it exactly, with every field.',
  })),
  message: Type.String(),
  notemaps: Association,
  place: Type.Union([NotePlace, Type.Null()], {
    description: 'The place the note\'s city, state and country name (`GET /v2/places/:id`); null when it names none of them.',
  }),
  publicViewsCount: Type.Integer(),
  tags: Association,
  title: Type.String(),
  updatedAt: Type.Integer(),
  visibility: Type.String(),
});
export type Note = Static<typeof Note>;

const OptionalText = Type.Optional(NullableString);
const LocationFields = {
  latitude: Type.Optional(Type.Number()),
  longitude: Type.Optional(Type.Number()),
  street: OptionalText,
  streetNumber: OptionalText,
  streetAddress: OptionalText,
  neighborhood: OptionalText,
  city: OptionalText,
  state: OptionalText,
  postalCode: OptionalText,
  country: OptionalText,
  isoCountryCode: OptionalText,
  zoomLevel: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
};
const ListOf = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Union>>(item: T) =>
  Type.Optional(Type.Union([Type.Array(item, { maxItems: 100 }), Type.String()]));

/**
 * The fields of POST /notes and PUT /notes/:id (docs/api.md). Location fields come flat or in a
 * `location` object (`location[latitude]` in forms); lists come as arrays or comma-separated text.
 * Which fields are required, and every range, is the domain's rule (src/domain/note.ts).
 */
export const NoteBody = Type.Object({
  message: Type.Optional(Type.String()),
  title: OptionalText,
  visibility: Type.Optional(Type.String()),
  locationPrecision: Type.Optional(Type.String({
    description: '`exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location.',
  })),
  recipients: ListOf(Type.Union([Type.Integer(), Type.String()])),
  tags: ListOf(Type.String()),
  location: Type.Optional(Type.Object(LocationFields)),
  ...LocationFields,
  /** The image file (multipart); `image` is accepted as the same. Empty removes the note's image. */
  image_file: uploadField('Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image.'),
  image: uploadField('The same as image_file.'),
  /** `true` removes the note's image (in JSON, forms and multipart alike). */
  removeImage: Type.Optional(Type.Boolean()),
});
export type NoteBody = Static<typeof NoteBody>;
