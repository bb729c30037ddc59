import type { Location } from '../../../domain/location';
import type { NotesTable } from './schema';

/** The location columns of a note row. */
export type LocationRow = Pick<NotesTable,
  | 'latitude' | 'longitude' | 'street' | 'street_number' | 'street_address' | 'neighborhood' | 'city' | 'state'
  | 'postal_code' | 'country' | 'iso_country_code' | 'zoom_level'>;

export const LOCATION_COLUMNS = [
  'latitude', 'longitude', 'street', 'street_number', 'street_address', 'neighborhood', 'city', 'state',
  'postal_code', 'country', 'iso_country_code', 'zoom_level',
] as const satisfies readonly (keyof LocationRow)[];

export function toLocation(row: LocationRow): Location {
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    street: row.street,
    streetNumber: row.street_number,
    streetAddress: row.street_address,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    isoCountryCode: row.iso_country_code,
    zoomLevel: row.zoom_level,
  };
}
