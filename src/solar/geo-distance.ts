/** Mean Earth radius, km (IUGG: (2a + b) / 3 of WGS 84). */
const EARTH_RADIUS_KM = 6371.0088;

export interface LatLon {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two points in degrees: the haversine formula on a sphere (Sinnott 1984). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "7,412 km", or "0.8 km" below 10 km. */
export function formatKm(km: number): string {
  return `${km.toLocaleString('en-US', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`;
}
