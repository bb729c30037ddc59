/** Great-circle geometry on a spherical Earth, for finding notes by area and by distance. */

/** The mean Earth radius (IUGG), in metres: distances are great-circle distances on this sphere. */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/**
 * A longitude/latitude rectangle that does not cross the antimeridian (minLon ≤ maxLon), bounds included.
 * Several of them cover an area that does.
 */
export interface LonLatBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** `bbox=minLon,minLat,maxLon,maxLat`; minLon > maxLon means the box crosses the antimeridian. */
export interface BoundingBox {
  kind: 'bbox';
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** A disc on the sphere: every point within `radius` metres of `center`. */
export interface Circle {
  kind: 'circle';
  center: LatLon;
  radius: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The great-circle (haversine) distance between two points, in metres. */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Rectangles that together hold every point of the area (exactly for a bounding box, a little more
 * for a circle): one, or two when the area crosses the antimeridian. A store filters by them with an
 * index, then (for a circle) by exact distance.
 */
export function coveringBoxes(area: BoundingBox | Circle): LonLatBox[] {
  if (area.kind === 'bbox') {
    const { minLon, minLat, maxLon, maxLat } = area;
    if (minLon <= maxLon) return [{ minLon, minLat, maxLon, maxLat }];
    return [{ minLon, minLat, maxLon: 180, maxLat }, { minLon: -180, minLat, maxLon, maxLat }];
  }
  const { latitude, longitude } = area.center;
  const angle = area.radius / EARTH_RADIUS_M;
  const minLat = latitude - toDegrees(angle);
  const maxLat = latitude + toDegrees(angle);
  // A disc that reaches a pole holds points of every longitude near it.
  if (minLat <= -90 || maxLat >= 90) return [{ minLon: -180, minLat: Math.max(minLat, -90), maxLon: 180, maxLat: Math.min(maxLat, 90) }];
  // The widest longitude span of the disc (where a meridian is tangent to it); below 90° as no pole is inside.
  const dLon = toDegrees(Math.asin(Math.min(1, Math.sin(angle) / Math.cos(toRadians(latitude)))));
  const west = longitude - dLon;
  const east = longitude + dLon;
  if (west < -180) return [{ minLon: west + 360, minLat, maxLon: 180, maxLat }, { minLon: -180, minLat, maxLon: east, maxLat }];
  if (east > 180) return [{ minLon: west, minLat, maxLon: 180, maxLat }, { minLon: -180, minLat, maxLon: east - 360, maxLat }];
  return [{ minLon: west, minLat, maxLon: east, maxLat }];
}

/** Whether a point lies in a rectangle, bounds included. */
export function boxContains(box: LonLatBox, point: LatLon): boolean {
  return point.longitude >= box.minLon && point.longitude <= box.maxLon && point.latitude >= box.minLat && point.latitude <= box.maxLat;
}

/** Whether a point lies in the area: inside the bounding box, or within the circle's radius. */
export function areaContains(area: BoundingBox | Circle, point: LatLon): boolean {
  if (area.kind === 'circle') return distanceMetres(area.center, point) <= area.radius;
  return coveringBoxes(area).some((box) => boxContains(box, point));
}
