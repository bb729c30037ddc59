import type { Location } from '../../../domain/location';

/** The parts of a location that name its place. */
export type PlaceParts = Pick<Location, 'city' | 'state' | 'country'>;

// A control character cannot occur in the parts, so joined keys never collide.
const SEPARATOR = '\u001f';

/** Whether a location names a place at all: a note with no city, state or country has none. */
export function hasPlace(parts: PlaceParts): boolean {
  return parts.city !== null || parts.state !== null || parts.country !== null;
}

/** The case-insensitive identity of a place: one place per distinct (city, state, country). */
export function placeKey(parts: PlaceParts): string {
  return [parts.city, parts.state, parts.country].map((part) => (part ?? '').toLowerCase()).join(SEPARATOR);
}
