/**
 * Slope from an elevation grid, and how much of a parcel is steeper than a limit. Slope per cell by Horn's 3×3
 * finite differences (B. K. P. Horn, "Hill shading and the reflectance map", Proc. IEEE 69(1), 1981; the kernel GDAL's
 * gdaldem and ArcGIS's Slope use), as percent rise 100·√((∂z/∂x)² + (∂z/∂y)²). A cell whose 3×3 window reaches past the
 * grid or holds noData has no slope (GDAL without -compute_edges does the same): filling the gap would flatten the
 * ground there and could pass a steep parcel.
 */
import type { Position } from 'geojson';
import type { Bbox } from './geometry.ts';
import { coveredArea, localProjection, projectRings, type Point, type Polygons, type Projection } from './planar.ts';

/** Ground elevation in metres over `bbox`, row-major from the north-west corner, each cell `bbox` split evenly. */
export interface ElevationRaster {
  bbox: Bbox;
  width: number;
  height: number;
  values: ArrayLike<number>;
  noData: number | null;
}

/** Cell width and height in metres on the row's latitude, through the local projection at that latitude. */
function cellSizeM(grid: ElevationRaster, row: number): { dx: number; dy: number } {
  const [w, s, e, n] = grid.bbox;
  const lat = n - ((row + 0.5) * (n - s)) / grid.height;
  const project = localProjection([w, lat, e, lat]);
  const dx = (project([e, lat])[0] - project([w, lat])[0]) / grid.width;
  const dy = (project([w, n])[1] - project([w, s])[1]) / grid.height;
  return { dx, dy };
}

/** Slope of one cell in percent rise by Horn's method; NaN where its window leaves the grid or meets noData. */
export function slopePct(grid: ElevationRaster, row: number, col: number, size = cellSizeM(grid, row)): number {
  if (row < 1 || col < 1 || row >= grid.height - 1 || col >= grid.width - 1) return NaN;
  const z = (r: number, c: number) => {
    const value = grid.values[r * grid.width + c]!;
    return value === grid.noData || !Number.isFinite(value) ? NaN : value;
  };
  // a b c / d e f / g h i around e, rows from north to south.
  const a = z(row - 1, col - 1);
  const b = z(row - 1, col);
  const c = z(row - 1, col + 1);
  const d = z(row, col - 1);
  const f = z(row, col + 1);
  const g = z(row + 1, col - 1);
  const h = z(row + 1, col);
  const i = z(row + 1, col + 1);
  if (Number.isNaN(z(row, col))) return NaN;
  const dzdx = (c + 2 * f + i - (a + 2 * d + g)) / (8 * size.dx);
  const dzdy = (g + 2 * h + i - (a + 2 * b + c)) / (8 * size.dy);
  return 100 * Math.hypot(dzdx, dzdy);
}

/** The ring of a lon/lat (or planar) rectangle. */
export const rectangle = (w: number, s: number, e: number, n: number): Point[][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];

/** The ground under a parcel's box, split into steep cells and cells of unknown slope, as projected polygons. */
export interface SlopeCells {
  steep: Polygons;
  unknown: Polygons;
}

/**
 * The cells that meet `box`, those steeper than `limitPct` and those of unknown slope (noData, the grid's edge, or the
 * part of the box the grid does not reach), each run of neighbouring cells in a row as one rectangle.
 */
export function slopeCells(grid: ElevationRaster, limitPct: number, box: Bbox, project: Projection): SlopeCells {
  const [w, s, e, n] = grid.bbox;
  const cellW = (e - w) / grid.width;
  const cellH = (n - s) / grid.height;
  const steep: Position[][][] = [];
  const unknown: Position[][][] = [];
  // The box's parts beyond the grid: strips west, east, south and north of it.
  const [bw, bs, be, bn] = box;
  if (bw < w) unknown.push(rectangle(bw, bs, Math.min(be, w), bn));
  if (be > e) unknown.push(rectangle(Math.max(bw, e), bs, be, bn));
  const innerW = Math.max(bw, w);
  const innerE = Math.min(be, e);
  if (innerW < innerE) {
    if (bs < s) unknown.push(rectangle(innerW, bs, innerE, Math.min(bn, s)));
    if (bn > n) unknown.push(rectangle(innerW, Math.max(bs, n), innerE, bn));
  }
  const col0 = Math.max(0, Math.floor((bw - w) / cellW));
  const col1 = Math.min(grid.width - 1, Math.ceil((be - w) / cellW) - 1);
  const row0 = Math.max(0, Math.floor((n - bn) / cellH));
  const row1 = Math.min(grid.height - 1, Math.ceil((n - bs) / cellH) - 1);
  for (let row = row0; row <= row1; row++) {
    const size = cellSizeM(grid, row);
    const top = n - row * cellH;
    const bottom = n - (row + 1) * cellH;
    let runStart = col0;
    let runClass: 'steep' | 'unknown' | 'flat' | undefined;
    const close = (end: number) => {
      if (runClass === 'steep' || runClass === 'unknown') (runClass === 'steep' ? steep : unknown).push(rectangle(w + runStart * cellW, bottom, w + end * cellW, top));
    };
    for (let col = col0; col <= col1; col++) {
      const slope = slopePct(grid, row, col, size);
      const cellClass = Number.isNaN(slope) ? 'unknown' : slope > limitPct ? 'steep' : 'flat';
      if (cellClass !== runClass) {
        close(col);
        runStart = col;
        runClass = cellClass;
      }
    }
    close(col1 + 1);
  }
  return { steep: projectRings(steep, project), unknown: projectRings(unknown, project) };
}

/** Shares (0-1) of a parcel that are steep and of unknown slope, measured on area like the layers' overlaps. */
export function slopeShares(parcel: Polygons, parcelArea: number, cells: SlopeCells): { steep: number; unknown: number } {
  const share = (polygons: Polygons) => (polygons.length === 0 || parcelArea <= 0 ? 0 : Math.min(1, coveredArea(parcel, [polygons]) / parcelArea));
  return { steep: share(cells.steep), unknown: share(cells.unknown) };
}
