import { snapToCell } from '../../../domain/location-precision';
import type { NoteContent } from '../../../domain/note';
import type { NotesTable } from './schema';

export type ContentColumns = Pick<NotesTable,
  | 'title' | 'message' | 'visibility' | 'latitude' | 'longitude' | 'street' | 'street_number' | 'street_address'
  | 'neighborhood' | 'city' | 'state' | 'postal_code' | 'country' | 'iso_country_code' | 'zoom_level'
  | 'location_precision' | 'public_latitude' | 'public_longitude'>;

/** The columns of `notes` that hold a note's content, with the position everyone but the author sees. */
export function noteContentColumns(content: NoteContent): ContentColumns {
  const { location } = content;
  const seen = snapToCell(location, content.locationPrecision);
  return {
    title: content.title,
    message: content.message,
    visibility: content.visibility,
    latitude: location.latitude,
    longitude: location.longitude,
    street: location.street,
    street_number: location.streetNumber,
    street_address: location.streetAddress,
    neighborhood: location.neighborhood,
    city: location.city,
    state: location.state,
    postal_code: location.postalCode,
    country: location.country,
    iso_country_code: location.isoCountryCode,
    zoom_level: location.zoomLevel,
    location_precision: content.locationPrecision,
    public_latitude: seen.latitude,
    public_longitude: seen.longitude,
  };
}
