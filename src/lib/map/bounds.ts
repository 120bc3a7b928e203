import turfBbox from '@turf/bbox';
import type { GeoJSON } from 'geojson';
import type { Bbox, LngLat } from './map-types.ts';

/** The box around everything given (GeoJSON objects and points); null when there is nothing. */
export function bboxAround(shapes: readonly (GeoJSON | null | undefined)[], points: readonly LngLat[] = []): Bbox | null {
  const boxes: Bbox[] = [];
  for (const shape of shapes) {
    if (!shape) continue;
    const [w, s, e, n] = turfBbox(shape);
    if ([w, s, e, n].every(Number.isFinite)) boxes.push([w, s, e, n]);
  }
  for (const { lat, lng } of points) boxes.push([lng, lat, lng, lat]);
  if (boxes.length === 0) return null;
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

/** Same box, same values: lets effects depend on a box's content rather than its identity. */
export const bboxKey = (bbox: Bbox | null | undefined) => (bbox ? bbox.map((v) => v.toFixed(7)).join(',') : '');
