import { EARTH_RADIUS_M, type LatLon } from './geo';
import type { AddressField, Location } from './location';

/**
 * How precisely everyone but its author may see where a note is: `exact`, or the centre of a fixed grid cell of
 * about 100 m (`street`), 1 km (`neighborhood`) or 10 km (`city`).
 */
export const LOCATION_PRECISIONS = ['exact', 'street', 'neighborhood', 'city'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

export const DEFAULT_LOCATION_PRECISION: LocationPrecision = 'exact';

/** The side of a grid cell, in metres, for each precision coarser than exact. */
export const CELL_SIZE_M: Readonly<Record<Exclude<LocationPrecision, 'exact'>, number>> = { street: 100, neighborhood: 1_000, city: 10_000 };

const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;
// Centres are given to 1e-6 degrees (about 0.1 m): clean numbers, and far from any cell's edge.
const DECIMALS = 1e6;

export function isLocationPrecision(value: string): value is LocationPrecision {
  return (LOCATION_PRECISIONS as readonly string[]).includes(value);
}

/** The address fields a precision may hide: the ones that name something smaller than a city. */
export type HideableAddressField = Extract<AddressField, 'streetNumber' | 'streetAddress' | 'street' | 'postalCode' | 'neighborhood'>;

/**
 * The address fields everyone but the author sees as null at each precision (docs/privacy.md): those that would pin the
 * note closer than its cell. A house number or a full street address points at one building (hidden from `street`
 * on); a street's name or a full postcode at one street (hidden from `neighborhood` on); a neighbourhood's name at
 * about a kilometre (hidden at `city`). City, state and country are never hidden: a cell is no larger than a city.
 */
export const HIDDEN_ADDRESS_FIELDS: Readonly<Record<LocationPrecision, readonly HideableAddressField[]>> = {
  exact: [],
  street: ['streetNumber', 'streetAddress'],
  neighborhood: ['streetNumber', 'streetAddress', 'street', 'postalCode'],
  city: ['streetNumber', 'streetAddress', 'street', 'postalCode', 'neighborhood'],
};

/** The address fields hidden from everyone but the author at `precision`. */
export function hiddenAddressFields(precision: LocationPrecision): readonly HideableAddressField[] {
  return HIDDEN_ADDRESS_FIELDS[precision];
}

/**
 * The centre of the grid cell that holds `point`. The grid is fixed: bands of latitude one cell high, each cut
 * into as many equal cells as fit whole around its parallel (so every cell is between one and two sizes wide,
 * at every latitude), and the band at each pole one cell. A point always falls in the same cell, so reading a
 * note again and again reveals nothing more. Longitudes 180 and -180 are one meridian, and centres lie in
 * [-180, 180).
 */
export function snapToCell(point: LatLon, precision: LocationPrecision): LatLon {
  if (precision === 'exact') return { latitude: point.latitude, longitude: point.longitude };
  const height = CELL_SIZE_M[precision] / METRES_PER_DEGREE;
  const bands = Math.ceil(180 / height);
  const band = Math.min(bands - 1, Math.max(0, Math.floor((point.latitude + 90) / height)));
  const south = -90 + band * height;
  const latitude = (south + Math.min(90, south + height)) / 2;
  const polar = band === 0 || band === bands - 1;
  const cells = polar ? 1 : Math.max(1, Math.floor((360 * Math.cos((latitude * Math.PI) / 180)) / height));
  const width = 360 / cells;
  const east = (((point.longitude + 180) % 360) + 360) % 360;
  const cell = Math.min(cells - 1, Math.floor(east / width));
  return { latitude: round(latitude), longitude: round(-180 + (cell + 0.5) * width) };
}

/** What one viewer sees of a note's location, and which of its address fields are hidden from them (null in it). */
export interface SeenLocation {
  location: Location;
  hidden: readonly HideableAddressField[];
}

/** The location everyone but the author sees: the cell's centre, and null for the address fields the precision hides. */
export function publicLocation(location: Location, precision: LocationPrecision): Location {
  return locationSeenBy(location, precision, snapToCell(location, precision), false).location;
}

function round(degrees: number): number {
  return Math.round(degrees * DECIMALS) / DECIMALS;
}

/**
 * The location a viewer sees of a note: all of it for its author (and for an exact note); for anyone else the
 * position others see (`seen`, the stored cell centre) and null for every address field the precision hides.
 */
export function locationSeenBy(location: Location, precision: LocationPrecision, seen: LatLon, isAuthor: boolean): SeenLocation {
  if (isAuthor || precision === 'exact') return { location, hidden: [] };
  const moved: Location = { ...location, latitude: seen.latitude, longitude: seen.longitude };
  const hidden = hiddenAddressFields(precision);
  for (const field of hidden) moved[field] = null;
  return { location: moved, hidden };
}
