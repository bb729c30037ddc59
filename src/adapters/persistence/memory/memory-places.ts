import type { Location } from '../../../domain/location';
import type { MemoryState, StoredPlace } from './memory-store';

type PlaceParts = Pick<Location, 'city' | 'state' | 'country'>;

const samePart = (a: string | null, b: string | null): boolean => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The id of the place (distinct city, state, country, ignoring case) a location names; null when it names none. */
export function placeIdOf(state: MemoryState, parts: PlaceParts, nextId: () => number): number | null {
  if (parts.city === null && parts.state === null && parts.country === null) return null;
  const existing = state.places.find((p) =>
    samePart(p.city, parts.city) && samePart(p.state, parts.state) && samePart(p.country, parts.country));
  if (existing) return existing.id;
  const place: StoredPlace = { id: nextId(), city: parts.city, state: parts.state, country: parts.country };
  state.places.push(place);
  return place.id;
}
