import { DomainError, type FieldProblem } from './domain-error';
import { ADDRESS_FIELDS, DEFAULT_ZOOM_LEVEL, type AddressField, type Location } from './location';
import { DEFAULT_LOCATION_PRECISION, isLocationPrecision, LOCATION_PRECISIONS, type LocationPrecision } from './location-precision';
import { noteTags, parseTagList } from './tag';
import { firstLine, longerThan, shorten } from './text';
import { parseVisibility, type Visibility } from './visibility';

export const MESSAGE_MAX = 20_000;
export const NOTE_TITLE_MAX = 100;
export const ADDRESS_PART_MAX = 200;

/** A note's image: the key of its stored file and the size of what is stored. */
export interface NoteImage {
  key: string;
  width: number;
  height: number;
}

/** A stored note, as the write side sees it. */
export interface Note {
  id: number;
  authorId: number;
  title: string | null;
  message: string;
  visibility: Visibility;
  location: Location;
  /** How precisely everyone but the author sees the location (docs/privacy.md). */
  locationPrecision: LocationPrecision;
  /** Tags given explicitly in the `tags` field; hashtags of the message are added to them. */
  explicitTags: string[];
  tags: string[];
  recipientIds: number[];
  image: NoteImage | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a client may send to create or edit a note, already in their JSON types. */
export interface NoteFields {
  message?: string;
  title?: string | null;
  latitude?: number;
  longitude?: number;
  visibility?: string;
  tags?: string[];
  street?: string | null;
  streetNumber?: string | null;
  streetAddress?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  isoCountryCode?: string | null;
  zoomLevel?: number | null;
  locationPrecision?: string;
}

export type NoteContent = Pick<Note, 'title' | 'message' | 'visibility' | 'location' | 'locationPrecision' | 'explicitTags' | 'tags'>;

const blankToNull = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** Applies client fields to a note's content (or to nothing, on create) and checks every rule. */
export function applyNoteFields(previous: NoteContent | null, fields: NoteFields): NoteContent {
  const problems: FieldProblem[] = [];
  const need = (name: keyof NoteFields) => {
    if (previous === null && fields[name] === undefined) problems.push({ name, problem: 'is required' });
  };
  need('message');
  need('latitude');
  need('longitude');

  const message = fields.message ?? previous?.message ?? '';
  if (fields.message !== undefined) {
    if (fields.message.trim() === '') problems.push({ name: 'message', problem: 'must not be empty' });
    else if (longerThan(fields.message, MESSAGE_MAX)) problems.push({ name: 'message', problem: `must be at most ${MESSAGE_MAX} characters` });
  }
  const title = fields.title === undefined ? (previous?.title ?? null) : blankToNull(fields.title);
  if (title !== null && longerThan(title, NOTE_TITLE_MAX)) {
    problems.push({ name: 'title', problem: `must be at most ${NOTE_TITLE_MAX} characters` });
  }
  const latitude = fields.latitude ?? previous?.location.latitude ?? 0;
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    problems.push({ name: 'latitude', problem: 'must be a number from -90 to 90' });
  }
  const longitude = fields.longitude ?? previous?.location.longitude ?? 0;
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    problems.push({ name: 'longitude', problem: 'must be a number from -180 to 180' });
  }

  const address = {} as Record<AddressField, string | null>;
  for (const name of ADDRESS_FIELDS) {
    const value = fields[name] === undefined ? (previous?.location[name] ?? null) : blankToNull(fields[name]);
    if (value !== null && longerThan(value, ADDRESS_PART_MAX)) {
      problems.push({ name, problem: `must be at most ${ADDRESS_PART_MAX} characters` });
    }
    address[name] = value;
  }
  let isoCountryCode = fields.isoCountryCode === undefined
    ? (previous?.location.isoCountryCode ?? null)
    : blankToNull(fields.isoCountryCode);
  if (isoCountryCode !== null) {
    if (/^[A-Za-z]{2}$/u.test(isoCountryCode)) isoCountryCode = isoCountryCode.toUpperCase();
    else problems.push({ name: 'isoCountryCode', problem: 'must be a two-letter country code' });
  }
  const zoomLevel = fields.zoomLevel === undefined
    ? (previous?.location.zoomLevel ?? DEFAULT_ZOOM_LEVEL)
    : (fields.zoomLevel ?? DEFAULT_ZOOM_LEVEL);
  if (!Number.isInteger(zoomLevel) || zoomLevel < 0 || zoomLevel > 22) {
    problems.push({ name: 'zoomLevel', problem: 'must be an integer from 0 to 22' });
  }

  const locationPrecision = fields.locationPrecision ?? previous?.locationPrecision ?? DEFAULT_LOCATION_PRECISION;
  if (!isLocationPrecision(locationPrecision)) {
    problems.push({ name: 'locationPrecision', problem: `must be one of ${LOCATION_PRECISIONS.join(', ')}` });
  }

  let visibility: Visibility = previous?.visibility ?? 'public';
  let explicitTags = previous?.explicitTags ?? [];
  const guard = (name: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof DomainError && error.details.fields) problems.push(...error.details.fields);
      else throw error;
    }
  };
  if (fields.visibility !== undefined) guard('visibility', () => { visibility = parseVisibility(fields.visibility ?? ''); });
  if (fields.tags !== undefined) guard('tags', () => { explicitTags = parseTagList(fields.tags ?? []); });

  if (problems.length > 0) throw DomainError.invalid(problems);
  return {
    title,
    message,
    visibility,
    location: { latitude, longitude, ...address, isoCountryCode, zoomLevel },
    locationPrecision: isLocationPrecision(locationPrecision) ? locationPrecision : DEFAULT_LOCATION_PRECISION,
    explicitTags,
    tags: noteTags(explicitTags, message),
  };
}

/** Whether a read counts as a view (`publicViewsCount`): a public note read by anyone but its author. */
export function countsAsView(note: { visibility: Visibility; authorId: number }, readerUserId: number | null): boolean {
  return note.visibility === 'public' && note.authorId !== readerUserId;
}

/** The title shown for a note: the author's, else the message's first line; shortened either way. */
export function noteTitle(note: { title: string | null; message: string }): string {
  return shorten(note.title ?? firstLine(note.message));
}

/** Always derived from the message's first line. */
export function implicitTitle(message: string): string {
  return shorten(firstLine(message));
}
