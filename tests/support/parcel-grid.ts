/**
 * A county's worth of parcels made up on the spot: a grid of small squares in a rural North Carolina box, with a flood
 * zone over its western columns, stored through the repositories as shared parcels and a shared layer. For screening
 * jobs' tests and benchmark, which need thousands of parcels and verdicts of every kind.
 */
import type { Polygon } from 'geojson';
import type { Db } from '../../server/db/client.ts';
import { bboxOf, geodesicAreaM2 } from '../../server/geo/geometry.ts';
import type { NewParcel } from '../../server/geo/parcel-import.ts';
import { layersRepository } from '../../server/gis/layers-repository.ts';
import { parcelsRepository } from '../../server/gis/parcels-repository.ts';
import { box } from './geojson-shapes.ts';

export interface GridOptions {
  /** The grid's south-west corner, [lng, lat]; rural Chatham County, NC by default. */
  origin?: [number, number];
  columns: number;
  rows: number;
  /** A cell's side in degrees (0.001° ≈ 90 m × 111 m here, about 2.5 acres). */
  cell?: number;
  /** APNs are `${prefix}-${row}-${column}`, so two grids can share a database. */
  prefix?: string;
}

const defaults = { origin: [-79.3, 35.7] as [number, number], cell: 0.001, prefix: 'NC' };

/** The grid's extent, [west, south, east, north]. */
export function gridBox(options: GridOptions): [number, number, number, number] {
  const { origin, cell } = { ...defaults, ...options };
  return [origin[0], origin[1], origin[0] + options.columns * cell, origin[1] + options.rows * cell];
}

/** A polygon around the whole grid, a little inside its edge cells (they still overlap it), for a project's boundary. */
export function gridBoundary(options: GridOptions): Polygon {
  const { cell } = { ...defaults, ...options };
  const [w, s, e, n] = gridBox(options);
  return box(w + cell / 4, s + cell / 4, e - cell / 4, n - cell / 4);
}

/**
 * The grid's parcels: every third one is a half-width strip (about 1.2 acres), so an area criterion fails some; land
 * use alternates between Agricultural and Vacant.
 */
export function gridParcels(options: GridOptions): NewParcel[] {
  const { origin, cell, prefix } = { ...defaults, ...options };
  const rows: NewParcel[] = [];
  for (let row = 0; row < options.rows; row++) {
    for (let column = 0; column < options.columns; column++) {
      const w = origin[0] + column * cell;
      const s = origin[1] + row * cell;
      const e = w + ((row * options.columns + column) % 3 === 2 ? cell / 2 : cell);
      const geometry = box(w, s, e, s + cell);
      const [minLng, minLat, maxLng, maxLat] = bboxOf(geometry);
      rows.push({
        ownerId: null,
        apn: `${prefix}-${row}-${column}`,
        geometry,
        minLng,
        minLat,
        maxLng,
        maxLat,
        areaM2: geodesicAreaM2(geometry),
        county: 'Chatham',
        state: 'NC',
        landUse: column % 2 === 0 ? 'Agricultural' : 'Vacant',
        ownerName: '',
        source: 'Generated test grid',
        sourceDate: '2026-01-01',
      });
    }
  }
  return rows;
}

/** Stores the grid's parcels and a flood layer covering it, whose zone lies over its first tenth of columns and half the next. */
export async function storeGrid(db: Db, options: GridOptions): Promise<{ parcels: number }> {
  const { cell } = { ...defaults, ...options };
  const added = await parcelsRepository(db).insertMany(gridParcels(options));
  const [w, s, e, n] = gridBox(options);
  const floodEast = w + (Math.floor(options.columns / 10) + 0.5) * cell;
  await layersRepository(db).insert({
    ownerId: null,
    kind: 'flood',
    name: `Flood zone of ${options.prefix ?? defaults.prefix}`,
    source: 'Generated test layer',
    sourceDate: '2026-01-01',
    features: [{ type: 'Feature', geometry: box(w - cell, s - cell, floodEast, n + cell), properties: { FLD_ZONE: 'AE' } }],
    featureCount: 1,
    // The layer speaks for the whole grid (no flood zone east of the one drawn), not only for where its zone lies.
    minLng: w - cell,
    minLat: s - cell,
    maxLng: e + cell,
    maxLat: n + cell,
  });
  return { parcels: added };
}
