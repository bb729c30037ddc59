/** Where a note is, with the address parts a client sent. */
export interface Location {
  latitude: number;
  longitude: number;
  street: string | null;
  streetNumber: string | null;
  streetAddress: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  isoCountryCode: string | null;
  zoomLevel: number | null;
}

export const ADDRESS_FIELDS = [
  'street', 'streetNumber', 'streetAddress', 'neighborhood', 'city', 'state', 'postalCode', 'country',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const DEFAULT_ZOOM_LEVEL = 15;

/** streetAddress (else streetNumber and street), city, state, country: those present, joined by ", ". */
export function displayAddress(location: Location): string {
  const street = location.streetAddress
    ?? ([location.streetNumber, location.street].filter(Boolean).join(' ') || null);
  return [street, location.city, location.state, location.country]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(', ');
}
