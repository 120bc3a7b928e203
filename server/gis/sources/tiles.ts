/**
 * Sources are asked, and cached, by tiles of a fixed 0.05° grid (about 5.5 km north-south), never by a parcel's own
 * bbox: neighbouring parcels and projects share tiles, so a second screening nearby finds them in the cache.
 */
import type { Feature, Geometry, Position } from 'geojson';
import type { Bbox } from '../../geo/geometry.ts';

export const tilesPerDegree = 20;
export const tileDegrees = 1 / tilesPerDegree;

export interface Tile {
  /** "20:x:y": the grid and the tile's column and row. */
  key: string;
  x: number;
  y: number;
  bbox: Bbox;
}

const tileBbox = (x: number, y: number): Bbox => [x / tilesPerDegree, y / tilesPerDegree, (x + 1) / tilesPerDegree, (y + 1) / tilesPerDegree];

/** The tiles covering a bbox grown by `marginKm` on every side (kilometres as degrees of latitude; longitude widened by latitude). */
export function tilesOf(bbox: Bbox, marginKm = 0): Tile[] {
  const marginLat = marginKm / 111.32;
  const midLat = (bbox[1] + bbox[3]) / 2;
  const marginLng = marginLat / Math.max(Math.cos((midLat * Math.PI) / 180), 0.1);
  const west = Math.max(bbox[0] - marginLng, -180);
  const south = Math.max(bbox[1] - marginLat, -90);
  const east = Math.min(bbox[2] + marginLng, 180);
  const north = Math.min(bbox[3] + marginLat, 90);
  const x0 = Math.floor(west * tilesPerDegree);
  const y0 = Math.floor(south * tilesPerDegree);
  // A bbox ending on a tile edge does not reach into the next tile.
  const x1 = Math.max(x0, Math.ceil(east * tilesPerDegree) - 1);
  const y1 = Math.max(y0, Math.ceil(north * tilesPerDegree) - 1);
  const tiles: Tile[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) tiles.push({ key: `${tilesPerDegree}:${x}:${y}`, x, y, bbox: tileBbox(x, y) });
  return tiles;
}

/** The rectangle the tiles cover (they always form one: see tilesOf). */
export function tilesExtent(tiles: Tile[]): Bbox {
  return [
    Math.min(...tiles.map((t) => t.bbox[0])),
    Math.min(...tiles.map((t) => t.bbox[1])),
    Math.max(...tiles.map((t) => t.bbox[2])),
    Math.max(...tiles.map((t) => t.bbox[3])),
  ];
}

const positionOk = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && p.length <= 4 && p.every((n) => typeof n === 'number' && Number.isFinite(n)) && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;
const lineOk = (line: unknown) => Array.isArray(line) && line.length >= 2 && line.every(positionOk);
const ringOk = (ring: unknown) => {
  if (!Array.isArray(ring) || ring.length < 4 || !ring.every(positionOk)) return false;
  const [first, last] = [ring[0] as Position, ring.at(-1) as Position];
  return first[0] === last[0] && first[1] === last[1];
};
const polygonOk = (rings: unknown) => Array.isArray(rings) && rings.length > 0 && rings.every(ringOk);
const listOf = (items: unknown, ok: (item: unknown) => boolean) => Array.isArray(items) && items.length > 0 && items.every(ok);

/** Whether a geometry can be screened: a known type, finite longitude/latitude in range, closed rings, lines of two points. */
export function geometryOk(geometry: unknown): geometry is Geometry {
  if (typeof geometry !== 'object' || geometry === null) return false;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  switch (type) {
    case 'Point':
      return positionOk(coordinates);
    case 'MultiPoint':
      return listOf(coordinates, positionOk);
    case 'LineString':
      return lineOk(coordinates);
    case 'MultiLineString':
      return listOf(coordinates, lineOk);
    case 'Polygon':
      return polygonOk(coordinates);
    case 'MultiPolygon':
      return listOf(coordinates, polygonOk);
    default:
      return false;
  }
}

/** Features with a geometry screening can use, with only the parts kept in the cache; the rest are counted as skipped. */
export function usableFeatures(candidates: unknown[]): { features: Feature<Geometry>[]; skipped: number } {
  const features: Feature<Geometry>[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const { id, geometry, properties } = candidate as { id?: unknown; geometry?: unknown; properties?: unknown };
    if (!geometryOk(geometry)) continue;
    features.push({
      type: 'Feature',
      ...(typeof id === 'string' || typeof id === 'number' ? { id } : {}),
      geometry,
      properties: typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? properties : {},
    });
  }
  return { features, skipped: candidates.length - features.length };
}
