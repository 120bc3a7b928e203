import type { Feature, Geometry, Polygon } from 'geojson';

/** A lon/lat rectangle as a GeoJSON polygon, counter-clockwise from the south-west corner (RFC 7946). */
export const box = (w: number, s: number, e: number, n: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

/** A GeoJSON feature with no properties. */
export const feature = (geometry: Geometry): Feature<Geometry> => ({ type: 'Feature', properties: {}, geometry });
