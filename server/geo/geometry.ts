import turfArea from '@turf/area';
import turfBbox from '@turf/bbox';
import type { Geometry, MultiPolygon, Polygon } from 'geojson';

export type AreaGeometry = Polygon | MultiPolygon;
export type Bbox = [west: number, south: number, east: number, north: number];

const m2PerAcre = 4046.8564224; // international acre, exactly 43,560 ft² of 0.3048 m
const m2PerHectare = 10_000;

/** Geodesic area in m² (turf: spherical excess on the WGS84 mean radius, Chamberlain & Duquette 2007). */
export const geodesicAreaM2 = (geometry: AreaGeometry): number => turfArea(geometry);

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** An area in the three units the API answers with. */
export function areaUnits(m2: number) {
  return { m2: round(m2, 1), ha: round(m2 / m2PerHectare, 4), acres: round(m2 / m2PerAcre, 4) };
}

export const acresToM2 = (acres: number) => acres * m2PerAcre;

export function bboxOf(geometry: Geometry): Bbox {
  const [w, s, e, n] = turfBbox(geometry);
  return [w, s, e, n];
}

export const bboxesOverlap = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
export const bboxContains = (outer: Bbox, inner: Bbox) => outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

/** A box widened by `km` on every side (1° of latitude ≈ 110.6 km), kept within longitude ±180 and latitude ±90. */
export function widened([w, s, e, n]: Bbox, km: number): Bbox {
  const latPad = km / 110.574;
  const lngPad = km / (111.32 * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180)));
  return [Math.max(-180, w - lngPad), Math.max(-90, s - latPad), Math.min(180, e + lngPad), Math.min(90, n + latPad)];
}

/** The lookup key of a parcel number: upper case, runs of whitespace as one space ("par  0242" → "PAR 0242"). */
export const apnKey = (apn: string) => apn.trim().replace(/\s+/g, ' ').toUpperCase();
