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

/**
 * The box to load map data for: the visible one when the map has a size, else the fallback (a map with no size yet,
 * hidden or in jsdom, reports a point); either widened to at least `minSpan` degrees a side.
 */
export function boxToLoad(view: Bbox | null, fallback: Bbox | null, minSpan = 0.01): Bbox | null {
  const box = view && view[0] < view[2] && view[1] < view[3] ? view : fallback;
  if (!box) return null;
  const [w, s, e, n] = box;
  const padX = Math.max(0, (minSpan - (e - w)) / 2);
  const padY = Math.max(0, (minSpan - (n - s)) / 2);
  return [Math.max(-180, w - padX), Math.max(-90, s - padY), Math.min(180, e + padX), Math.min(90, n + padY)];
}
