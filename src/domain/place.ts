import { DomainError, type FieldProblem } from './domain-error';
import type { BoundingBox, Circle } from './geo';
import { MAX_SEARCH_LENGTH, parseAreaParameters } from './note-query';

/** The parts of an address that name a place; any of them may be absent. */
export interface PlaceParts {
  city: string | null;
  state: string | null;
  country: string | null;
}

/** "Lisbon, Portugal": city, state and country, those present, joined with ", ". */
export function placeName(parts: PlaceParts): string {
  return [parts.city, parts.state, parts.country]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(', ');
}

/**
 * The words of a place search (`q`), lowercased: a place matches when each of them stands somewhere in its name,
 * ignoring case (so `lis` finds Lisbon and `new york` finds "New York, NY, United States").
 */
export function placeSearchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/u).filter((word) => word !== '');
}

/** Whether every word (lowercased, from placeSearchWords) stands in the place's name. */
export function placeNameHasWords(parts: PlaceParts, words: readonly string[]): boolean {
  const name = placeName(parts).toLowerCase();
  return words.every((word) => name.includes(word));
}

/** The query of `GET /v2/places` as sent (docs/api.md, Places). */
export interface RawPlaceQuery {
  city?: string;
  state?: string;
  country?: string;
  q?: string;
  near?: string;
  radius?: number;
  bbox?: string;
}

/** Which places a list holds; every criterion given must hold. */
export interface PlaceCriteria {
  /** Each part given, trimmed and lowercased, must be the place's ("" matches a place without that part). */
  city?: string;
  state?: string;
  country?: string;
  /** Each word stands in the place's name (placeNameHasWords). */
  words?: string[];
  /** The place's centre (as the caller sees it) lies in each area. */
  areas?: (BoundingBox | Circle)[];
}

/** Parses the query of a list of places; every bad parameter is named in one `invalid` error (400 with `fields`). */
export function parsePlaceQuery(raw: RawPlaceQuery): PlaceCriteria {
  const problems: FieldProblem[] = [];
  const criteria: PlaceCriteria = {};
  // Places are told apart ignoring case, and stored trimmed.
  for (const part of ['city', 'state', 'country'] as const) {
    const value = raw[part];
    if (value !== undefined) criteria[part] = value.trim().toLowerCase();
  }
  if (raw.q !== undefined) {
    const words = placeSearchWords(raw.q);
    if (words.length === 0) problems.push({ name: 'q', problem: 'must not be empty' });
    else if ([...raw.q.trim()].length > MAX_SEARCH_LENGTH) problems.push({ name: 'q', problem: `must be at most ${MAX_SEARCH_LENGTH} characters long` });
    else criteria.words = words;
  }
  const { bbox, near } = parseAreaParameters(raw, (name, problem) => problems.push({ name, problem }));
  if (problems.length > 0) throw DomainError.invalid(problems);
  const areas = [bbox, near].filter((area): area is BoundingBox | Circle => area !== undefined);
  if (areas.length > 0) criteria.areas = areas;
  return criteria;
}
