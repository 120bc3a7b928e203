import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { geodesicAreaM2, type Bbox } from '../../../server/geo/geometry.ts';
import { screenParcel, type ScreeningExtras } from '../../../server/geo/screening.ts';
import { slopePct, type ElevationRaster } from '../../../server/geo/slope.ts';
import { box } from '../../support/geojson-shapes.ts';

// A 0.01° square of ground near Greensboro, NC, in 100 × 100 cells (about 9 m × 11 m each).
const area: Bbox = [-79.8, 36.0, -79.79, 36.01];
const size = 100;
const earthRadiusM = 6_371_008.8;
const rad = Math.PI / 180;
/** Metres east of the west edge and north of the south edge of a cell's centre, on the local projection of its row. */
function centre(row: number, col: number): { x: number; y: number } {
  const [w, s, e, n] = area;
  const lat = n - ((row + 0.5) * (n - s)) / size;
  return { x: ((col + 0.5) * (e - w) * earthRadiusM * Math.cos(lat * rad) * rad) / size, y: (size - row - 0.5) * (((n - s) * earthRadiusM * rad) / size) };
}
const grid = (z: (x: number, y: number, row: number, col: number) => number, noData: number | null = null): ElevationRaster & Required<ScreeningExtras>['elevation'] => {
  const values = new Float32Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const { x, y } = centre(row, col);
      values[row * size + col] = z(x, y, row, col);
    }
  }
  return { ref: { id: 'dem', kind: 'slope', name: 'Test DEM', source: 'test', source_date: '2024-01-01' }, bbox: area, width: size, height: size, values, noData };
};
const parcel = (geometry: Polygon) => ({ id: 'p', geometry, areaM2: geodesicAreaM2(geometry), landUse: '' });
const slopeOf = (geometry: Polygon, criteria: { max_slope_pct: number; max_steep_share_pct?: number }, elevation: ScreeningExtras['elevation'], failures: ScreeningExtras['failures'] = []) =>
  screenParcel(parcel(geometry), criteria, {}, { elevation, failures });

describe('slopePct: Horn’s 3×3 kernel in percent rise', () => {
  it('is exact on inclined planes (north, east and oblique)', () => {
    // Elevations in metres from float32 values of a few metres: exact to about 1e-5 %.
    const north = grid((_x, y) => 0.1 * y);
    const east = grid((x) => 0.05 * x);
    const oblique = grid((x, y) => 0.03 * x + 0.04 * y);
    for (const [row, col] of [
      [1, 1],
      [50, 50],
      [98, 98],
      [10, 80],
    ] as const) {
      expect(slopePct(north, row, col)).toBeCloseTo(10, 3);
      expect(slopePct(east, row, col)).toBeCloseTo(5, 3);
      expect(slopePct(oblique, row, col)).toBeCloseTo(5, 3);
    }
    expect(slopePct(grid(() => 120), 40, 40)).toBe(0);
  });

  it('follows a cone’s flank (20 % all round) away from its tip', () => {
    const tip = centre(50, 50);
    const cone = grid((x, y) => 200 - 0.2 * Math.hypot(x - tip.x, y - tip.y));
    for (const [row, col] of [
      [20, 50],
      [50, 15],
      [80, 70],
      [30, 85],
    ] as const) {
      expect(slopePct(cone, row, col)).toBeCloseTo(20, 0);
    }
    // At the tip the kernel's opposite sides cancel: flat, as Horn's method sees a peak.
    expect(slopePct(cone, 50, 50)).toBeLessThan(0.01);
  });

  it('has no slope on the grid’s edge or where its window meets noData', () => {
    const plane = grid((_x, y) => 0.1 * y);
    expect(slopePct(plane, 0, 50)).toBeNaN();
    expect(slopePct(plane, 50, size - 1)).toBeNaN();
    const holed = grid((_x, y, row, col) => (row === 50 && col === 50 ? -9999 : 0.1 * y), -9999);
    expect(slopePct(holed, 50, 50)).toBeNaN();
    expect(slopePct(holed, 51, 49)).toBeNaN();
    expect(slopePct(holed, 52, 52)).toBeCloseTo(10, 3);
  });
});

describe('the slope criterion in screenParcel', () => {
  // West of -79.795 flat; east of it rising 30 % to the east.
  const mid = -79.795;
  const halfSteep = grid((x, _y, _row, col) => (col < 50 ? 100 : 100 + 0.3 * (x - centre(0, 49).x)));
  const straddling = box(mid - 0.002, 36.004, mid + 0.002, 36.006);

  it('measures the steep share of a parcel half on steep ground and takes it out of the buildable area', () => {
    const result = slopeOf(straddling, { max_slope_pct: 15 }, halfSteep);
    const [reason] = result.reasons;
    expect(reason).toMatchObject({ criterion: 'slope', threshold: 0, unit: '%', verdict: 'fail', layer: { id: 'dem', kind: 'slope' } });
    expect(reason!.rule).toBe('Share of the parcel steeper than 15% at most 0%');
    // Half the parcel by area, give or take the column of cells whose window straddles the break (one cell ≈ 2.5 %).
    expect(reason!.measured as number).toBeGreaterThan(47);
    expect(reason!.measured as number).toBeLessThan(53);
    expect(result.buildable_pct!).toBeCloseTo(100 - (reason!.measured as number), 1);
    expect(result.buildable_area_m2!).toBeCloseTo((parcel(straddling).areaM2 * result.buildable_pct!) / 100, -1);
    expect(slopeOf(straddling, { max_slope_pct: 15, max_steep_share_pct: 60 }, halfSteep).verdict).toBe('pass');
    // Steeper than 40 %: none of it.
    expect(slopeOf(straddling, { max_slope_pct: 40 }, halfSteep)).toMatchObject({ verdict: 'pass', buildable_pct: 100, reasons: [{ measured: 0 }] });
  });

  it('judges a parcel smaller than a cell by the cell under it', () => {
    const tiny = box(-79.7925, 36.0051, -79.7924, 36.0052);
    expect(slopeOf(tiny, { max_slope_pct: 15 }, halfSteep).reasons[0]).toMatchObject({ verdict: 'fail', measured: 100 });
    expect(slopeOf(box(-79.7985, 36.0051, -79.7984, 36.0052), { max_slope_pct: 15 }, halfSteep).reasons[0]).toMatchObject({ verdict: 'pass', measured: 0 });
  });

  it('says unknown where noData leaves the answer open, and decides where it cannot change it', () => {
    // A block of noData in the flat half, inside the parcel.
    const holed = grid((x, _y, row, col) => (col >= 44 && col < 48 && row >= 42 && row < 54 ? -32768 : col < 50 ? 100 : 100 + 0.3 * (x - centre(0, 49).x)), -32768);
    const flatParcel = box(mid - 0.004, 36.004, mid - 0.0002, 36.006);
    const open = slopeOf(flatParcel, { max_slope_pct: 15 }, holed).reasons[0]!;
    expect(open).toMatchObject({ verdict: 'unknown', measured: 0 });
    expect(open.note).toMatch(/^\d+(\.\d+)? % of the parcel has no elevation data\.$/);
    const unknownPct = Number(open.note!.split(' ')[0]);
    expect(unknownPct).toBeGreaterThan(5);
    expect(slopeOf(flatParcel, { max_slope_pct: 15, max_steep_share_pct: Math.ceil(unknownPct) }, holed).verdict).toBe('pass');
    // Over the steep half the fail is certain whatever the hole holds; the buildable area is not known either way.
    const steepToo = slopeOf(straddling, { max_slope_pct: 15 }, holed);
    expect(steepToo).toMatchObject({ verdict: 'fail', buildable_pct: null, buildable_area_m2: null });
  });

  it('says unknown for a parcel the grid covers only partly, or not at all', () => {
    const flat = grid(() => 50);
    const half = slopeOf(box(-79.8005, 36.004, -79.7995, 36.005), { max_slope_pct: 10 }, flat).reasons[0]!;
    expect(half).toMatchObject({ verdict: 'unknown', measured: 0 });
    // Half of it lies west of the grid, and the grid's outermost column has no slope either.
    expect(Number(half.note!.split(' ')[0])).toBeGreaterThan(50);
    expect(Number(half.note!.split(' ')[0])).toBeLessThan(100);
    expect(slopeOf(box(-79.9, 36.0, -79.89, 36.01), { max_slope_pct: 10 }, flat).reasons[0]).toMatchObject({
      verdict: 'unknown',
      measured: null,
      note: 'The parcel lies outside the area this layer covers.',
    });
  });

  it('says unknown without elevation data, naming the source that failed', () => {
    expect(slopeOf(straddling, { max_slope_pct: 10 }, null).reasons[0]).toMatchObject({ verdict: 'unknown', layer: null, note: 'No elevation layer is loaded.' });
    const ref = { id: 'usgs-3dep', kind: 'slope', name: 'USGS 3DEP', source: 'USGS', source_date: null };
    expect(slopeOf(straddling, { max_slope_pct: 10 }, null, [{ kind: 'slope', ref, reason: 'USGS 3DEP did not answer within 10 s' }]).reasons[0]).toMatchObject({
      verdict: 'unknown',
      layer: ref,
      note: 'USGS 3DEP did not answer within 10 s',
    });
  });
});
