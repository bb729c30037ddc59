import { distanceMetres, EARTH_RADIUS_M, type LatLon } from '../../../src/domain/geo';
import {
  CELL_SIZE_M, LOCATION_PRECISIONS, hiddenAddressFields, isLocationPrecision, locationSeenBy, publicLocation, snapToCell,
  type LocationPrecision,
} from '../../../src/domain/location-precision';
import { ADDRESS_FIELDS, displayAddress, type Location } from '../../../src/domain/location';

const COARSE: Exclude<LocationPrecision, 'exact'>[] = ['street', 'neighborhood', 'city'];
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

/** A fixed spread of points over the globe: every latitude band, both hemispheres, both sides of the antimeridian. */
function samplePoints(count: number): LatLon[] {
  const points: LatLon[] = [];
  for (let i = 0; i < count; i++) {
    points.push({ latitude: -89.9 + ((i * 37.77) % 179.8), longitude: -180 + ((i * 131.31) % 360) });
  }
  return points;
}

const location = (latitude: number, longitude: number): Location => ({
  latitude, longitude, street: 'Rua de Belém', streetNumber: '84', streetAddress: '84 Rua de Belém', neighborhood: 'Belém',
  city: 'Lisbon', state: 'Lisboa', postalCode: '1300-085', country: 'Portugal', isoCountryCode: 'PT', zoomLevel: 15,
});

describe('location precision', () => {
  it('names four precisions, exact first, and recognises only them', () => {
    expect(LOCATION_PRECISIONS).toEqual(['exact', 'street', 'neighborhood', 'city']);
    expect(isLocationPrecision('street')).toBe(true);
    expect(isLocationPrecision('STREET')).toBe(false);
    expect(isLocationPrecision('')).toBe(false);
  });

  it('uses cells of about 100 m, 1 km and 10 km', () => {
    expect(CELL_SIZE_M).toEqual({ street: 100, neighborhood: 1_000, city: 10_000 });
  });

  it('leaves an exact position as it is', () => {
    expect(snapToCell({ latitude: 38.697612, longitude: -9.203301 }, 'exact')).toEqual({ latitude: 38.697612, longitude: -9.203301 });
  });

  it.each(COARSE)('moves a %s position by at most the cell diagonal, and gives the same point on every call', (precision) => {
    const size = CELL_SIZE_M[precision];
    for (const point of samplePoints(500)) {
      const snapped = snapToCell(point, precision);
      expect(snapped).toEqual(snapToCell(point, precision));
      // Given to 1e-6 degrees (about 0.1 m).
      expect(Number(snapped.latitude.toFixed(6))).toBe(snapped.latitude);
      expect(Number(snapped.longitude.toFixed(6))).toBe(snapped.longitude);
      // A cell is `size` high and between `size` and twice that wide (see the next test): its centre is within this.
      expect(distanceMetres(point, snapped)).toBeLessThanOrEqual(Math.hypot(size, 2 * size) / 2 + 1);
    }
  });

  it.each(COARSE)('snaps every point of one %s cell to its centre, and that centre to itself', (precision) => {
    const centre = snapToCell({ latitude: 38.7, longitude: -9.2 }, precision);
    expect(snapToCell(centre, precision)).toEqual(centre);
    const step = CELL_SIZE_M[precision] / METRES_PER_DEGREE / 10;
    const neighbours = [-3, -1, 0, 1, 3].flatMap((dy) => [-3, -1, 0, 1, 3].map((dx) => ({ latitude: centre.latitude + dy * step, longitude: centre.longitude + dx * step })));
    for (const point of neighbours) expect(snapToCell(point, precision)).toEqual(centre);
  });

  it.each(COARSE)('makes %s cells of about the same size at every latitude (width between 1 and 2 sizes, height 1 size)', (precision) => {
    const size = CELL_SIZE_M[precision];
    for (const latitude of [0, 10.5, 38.7, 51.5, 60, 70.2, 80, 85]) {
      const a = snapToCell({ latitude, longitude: 0.0001 }, precision);
      // Walk east until the centre changes: the next cell's centre is one cell width away.
      let longitude = 0.0001;
      let b = a;
      while (b.longitude === a.longitude) {
        longitude += size / METRES_PER_DEGREE / 50;
        b = snapToCell({ latitude, longitude }, precision);
      }
      expect(b.latitude).toBe(a.latitude);
      const width = distanceMetres(a, b);
      expect(width).toBeGreaterThanOrEqual(size * 0.99);
      expect(width).toBeLessThan(size * 2.01);
      // The band to the north: its centre is one cell height away.
      let north = a;
      let lat = latitude;
      while (north.latitude === a.latitude) {
        lat += size / METRES_PER_DEGREE / 50;
        north = snapToCell({ latitude: lat, longitude: 0.0001 }, precision);
      }
      expect(Math.abs(north.latitude - a.latitude) * METRES_PER_DEGREE).toBeCloseTo(size, 0);
    }
  });

  it.each(['neighborhood', 'city'] as const)('keeps %s cells at least one size wide next to the polar cells too', (precision) => {
    const size = CELL_SIZE_M[precision];
    for (const latitude of [89.9, -89.9, 89.5, -89.5]) {
      const a = snapToCell({ latitude, longitude: 0.0001 }, precision);
      let longitude = 0.0001;
      let b = a;
      while (b.longitude === a.longitude && longitude < 180) {
        longitude += 0.01;
        b = snapToCell({ latitude, longitude }, precision);
      }
      const width = distanceMetres(a, b);
      expect(width).toBeGreaterThanOrEqual(size * 0.99);
      expect(width).toBeLessThan(size * 2.01);
    }
  });

  it.each(COARSE)('treats longitude 180 and -180 as one meridian, and keeps %s centres within [-180, 180)', (precision) => {
    for (const latitude of [-60, 0, 45]) {
      expect(snapToCell({ latitude, longitude: 180 }, precision)).toEqual(snapToCell({ latitude, longitude: -180 }, precision));
      for (const longitude of [-180, -179.99999, 179.99999, 180]) {
        const snapped = snapToCell({ latitude, longitude }, precision);
        expect(snapped.longitude).toBeGreaterThanOrEqual(-180);
        expect(snapped.longitude).toBeLessThan(180);
      }
    }
  });

  it.each(COARSE)('keeps two points either side of the antimeridian in cells a cell apart, not a world apart (%s)', (precision) => {
    const west = snapToCell({ latitude: 10, longitude: 179.99999 }, precision);
    const east = snapToCell({ latitude: 10, longitude: -179.99999 }, precision);
    expect(distanceMetres(west, east)).toBeLessThan(2.01 * CELL_SIZE_M[precision]);
  });

  it.each(COARSE)('snaps every position near a pole into cells inside [-90, 90], one cell around the pole itself (%s)', (precision) => {
    for (const latitude of [90, -90, 89.99999, -89.99999]) {
      const snapped = [0, 90, -179, 180].map((longitude) => snapToCell({ latitude, longitude }, precision));
      for (const point of snapped) {
        expect(point.latitude).toBeLessThanOrEqual(90);
        expect(point.latitude).toBeGreaterThanOrEqual(-90);
        expect(distanceMetres({ latitude, longitude: 0 }, point)).toBeLessThanOrEqual(CELL_SIZE_M[precision]);
      }
      // Around the pole a band is narrower than a cell: it is one cell, whatever the longitude.
      expect(new Set(snapped.map((p) => `${p.latitude},${p.longitude}`)).size).toBe(1);
    }
  });

  // docs/privacy.md: the address fields that would pin the note closer than its cell, for each precision.
  const HIDDEN: Record<LocationPrecision, string[]> = {
    exact: [],
    street: ['streetNumber', 'streetAddress'],
    neighborhood: ['streetNumber', 'streetAddress', 'street', 'postalCode'],
    city: ['streetNumber', 'streetAddress', 'street', 'postalCode', 'neighborhood'],
  };

  it.each(LOCATION_PRECISIONS)('hides from others the address fields finer than its cell (%s)', (precision) => {
    expect([...hiddenAddressFields(precision)].sort()).toEqual([...HIDDEN[precision]].sort());
    // City, state and country name something no smaller than the largest cell: never hidden.
    for (const field of ['city', 'state', 'country'] as const) expect(hiddenAddressFields(precision)).not.toContain(field);
  });

  it('hides more the coarser the precision: every field a finer precision hides, and more', () => {
    for (let i = 1; i < LOCATION_PRECISIONS.length; i++) {
      const finer = hiddenAddressFields(LOCATION_PRECISIONS[i - 1]!);
      const coarser = hiddenAddressFields(LOCATION_PRECISIONS[i]!);
      expect(coarser).toEqual(expect.arrayContaining([...finer]));
      expect(coarser.length).toBeGreaterThan(finer.length);
    }
  });

  it.each(LOCATION_PRECISIONS)('shows others the snapped position and null, never "", for each hidden field (%s)', (precision) => {
    const exact = location(38.697612, -9.203301);
    const seen = publicLocation(exact, precision);
    expect(seen).toMatchObject(snapToCell(exact, precision));
    for (const field of ADDRESS_FIELDS) {
      expect(seen[field]).toBe(HIDDEN[precision].includes(field) ? null : exact[field]);
    }
    expect(seen.isoCountryCode).toBe('PT');
    expect(seen.zoomLevel).toBe(15);
    expect(exact.streetNumber).toBe('84'); // the stored location is not touched
  });

  it('shows the author every field and the exact position, whatever the precision', () => {
    const exact = location(38.697612, -9.203301);
    for (const precision of LOCATION_PRECISIONS) {
      const seen = locationSeenBy(exact, precision, snapToCell(exact, precision), true);
      expect(seen).toEqual({ location: exact, hidden: [] });
    }
  });

  it('tells which fields it hid from others, with the stored cell centre as their position', () => {
    const exact = location(38.697612, -9.203301);
    const stored = { latitude: 1, longitude: 2 };
    const seen = locationSeenBy(exact, 'neighborhood', stored, false);
    expect(seen.location).toMatchObject({ ...stored, street: null, postalCode: null, neighborhood: 'Belém' });
    expect([...seen.hidden].sort()).toEqual(['postalCode', 'street', 'streetAddress', 'streetNumber']);
    expect(locationSeenBy(exact, 'exact', stored, false)).toEqual({ location: exact, hidden: [] });
  });

  it('builds the display address from the fields shown: the street\'s name at street, no street coarser', () => {
    const exact = location(38.697612, -9.203301);
    expect(displayAddress(publicLocation(exact, 'exact'))).toBe('84 Rua de Belém, Lisbon, Lisboa, Portugal');
    expect(displayAddress(publicLocation(exact, 'street'))).toBe('Rua de Belém, Lisbon, Lisboa, Portugal');
    expect(displayAddress(publicLocation(exact, 'neighborhood'))).toBe('Lisbon, Lisboa, Portugal');
    expect(displayAddress(publicLocation(exact, 'city'))).toBe('Lisbon, Lisboa, Portugal');
  });
});
