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
