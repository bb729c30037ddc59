import { EARTH_RADIUS_M, areaContains, boxContains, coveringBoxes, distanceMetres, type Circle } from '../../../src/domain/geo';

const circle = (latitude: number, longitude: number, radius: number): Circle => ({ kind: 'circle', center: { latitude, longitude }, radius });

describe('distanceMetres', () => {
  it('is the haversine distance on a sphere of the mean Earth radius', () => {
    expect(EARTH_RADIUS_M).toBe(6_371_008.8);
    // A quarter of a meridian, and one degree of the equator.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_M, 3);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195.08, 1);
  });

  it('measures across the antimeridian and over a pole the short way', () => {
    expect(distanceMetres({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111_195.08, 1);
    expect(distanceMetres({ latitude: 89, longitude: 0 }, { latitude: 89, longitude: 180 })).toBeCloseTo(2 * 111_195.08, 0);
  });

  it('knows Paris to London (about 343.6 km)', () => {
    const metres = distanceMetres({ latitude: 48.8566, longitude: 2.3522 }, { latitude: 51.5074, longitude: -0.1278 });
    expect(Math.round(metres / 100)).toBe(3436);
  });
});

describe('coveringBoxes', () => {
  it('keeps a bounding box as it is, and splits one that crosses the antimeridian', () => {
    expect(coveringBoxes({ kind: 'bbox', minLon: 1, minLat: 2, maxLon: 3, maxLat: 4 })).toEqual([{ minLon: 1, minLat: 2, maxLon: 3, maxLat: 4 }]);
    expect(coveringBoxes({ kind: 'bbox', minLon: 170, minLat: -5, maxLon: -170, maxLat: 5 })).toEqual([
      { minLon: 170, minLat: -5, maxLon: 180, maxLat: 5 },
      { minLon: -180, minLat: -5, maxLon: -170, maxLat: 5 },
    ]);
  });

  it('holds every point of a circle, wider in longitude away from the equator', () => {
    const [box] = coveringBoxes(circle(60, 10, 10_000));
    expect(box).toBeDefined();
    // At 60° a degree of longitude is half as long: the box spans about twice the latitude span.
    const latSpan = (box?.maxLat ?? 0) - (box?.minLat ?? 0);
    const lonSpan = (box?.maxLon ?? 0) - (box?.minLon ?? 0);
    expect(lonSpan / latSpan).toBeCloseTo(2, 1);
  });

  it('splits a circle that crosses the antimeridian', () => {
    const boxes = coveringBoxes(circle(0, 179.99, 5_000));
    expect(boxes).toHaveLength(2);
    expect(boxes[0]?.maxLon).toBe(180);
    expect(boxes[1]?.minLon).toBe(-180);
    expect(boxes.some((box) => boxContains(box, { latitude: 0, longitude: -179.98 }))).toBe(true);
  });

  it('takes every longitude for a circle that reaches a pole', () => {
    expect(coveringBoxes(circle(89.99, 45, 5_000))).toEqual([{ minLon: -180, minLat: expect.any(Number), maxLon: 180, maxLat: 90 }]);
    expect(coveringBoxes(circle(-90, 0, 1_000))).toEqual([{ minLon: -180, minLat: -90, maxLon: 180, maxLat: expect.any(Number) }]);
  });

  it('never leaves out a point of the circle (sampled around its edge)', () => {
    for (const center of [circle(0, 0, 50_000), circle(70, -179.9, 50_000), circle(-89.6, 120, 50_000), circle(45, 179.8, 20_000)]) {
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const point = destination(center.center, bearing, center.radius * 0.999);
        expect(areaContains(center, point)).toBe(true);
        expect(coveringBoxes(center).some((box) => boxContains(box, point))).toBe(true);
      }
    }
  });
});

/** The point `metres` away from `from` along the initial `bearing` (degrees), on the same sphere. */
function destination(from: { latitude: number; longitude: number }, bearing: number, metres: number) {
  const rad = Math.PI / 180;
  const angle = metres / EARTH_RADIUS_M;
  const lat1 = from.latitude * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing * rad));
  const lon2 = from.longitude * rad + Math.atan2(Math.sin(bearing * rad) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  const longitude = ((((lon2 / rad) + 540) % 360) - 180);
  return { latitude: lat2 / rad, longitude };
}
