import turfArea from '@turf/area';
import { featureCollection, polygon } from '@turf/helpers';
import intersect from '@turf/intersect';
import fc from 'fast-check';
import type { Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { geodesicAreaM2 } from '../../../server/geo/geometry.ts';
import { coveredArea, type Polygons } from '../../../server/geo/planar.ts';
import { indexLayer, screenParcel, type LayerSet } from '../../../server/geo/screening.ts';
import { box, feature } from '../../support/geojson-shapes.ts';

const square = (x0: number, y0: number, size: number): Polygons => [
  [
    [
      [x0, y0],
      [x0 + size, y0],
      [x0 + size, y0 + size],
      [x0, y0 + size],
      [x0, y0],
    ],
  ],
];
const ref = (kind: string) => ({ id: kind, kind, name: `${kind} test layer`, source: 'test', source_date: '2024-01-01' });
const layer = (kind: string, ...geometries: Polygon[]) => indexLayer({ ref: ref(kind), coverage: [-78, 38, -76, 40], features: geometries.map(feature) });

describe('coveredArea: A ∩ (B₁ ∪ B₂ ∪ …) by horizontal slabs', () => {
  it('counts ground two Bs share once', () => {
    // Two 6 × 10 strips over a 10 × 10 square, overlapping in a 2 × 10 band: 100 covered, not 120.
    expect(coveredArea(square(0, 0, 10), [[[[[0, 0], [6, 0], [6, 10], [0, 10], [0, 0]]]], [[[[4, 0], [10, 0], [10, 10], [4, 10], [4, 0]]]]])).toBeCloseTo(100, 9);
    expect(coveredArea(square(0, 0, 10), [square(5, 5, 10), square(5, 5, 10)])).toBeCloseTo(25, 9);
    expect(coveredArea(square(0, 0, 10), [square(5, 5, 10), square(-5, -5, 10)])).toBeCloseTo(50, 9);
  });

  it('handles nesting, shared edges, holes and disjoint shapes', () => {
    expect(coveredArea(square(2, 2, 3), [square(0, 0, 10)])).toBeCloseTo(9, 9);
    expect(coveredArea(square(0, 0, 10), [square(10, 0, 10), square(20, 20, 1)])).toBe(0);
    // Two halves that meet along x = 5 cover the whole square.
    expect(coveredArea(square(0, 0, 10), [[[[[0, 0], [5, 0], [5, 10], [0, 10], [0, 0]]]], [[[[5, 0], [10, 0], [10, 10], [5, 10], [5, 0]]]]])).toBeCloseTo(100, 9);
    const withHole: Polygons = [[...square(0, 0, 10)[0]!, [[4, 4], [4, 6], [6, 6], [6, 4], [4, 4]]]];
    expect(coveredArea(withHole, [square(0, 0, 10)])).toBeCloseTo(96, 9);
    expect(coveredArea(square(0, 0, 10), [withHole, square(4, 4, 2)])).toBeCloseTo(100, 9);
    // A triangle: the widths change along the slab, which the mid-height width times the height measures exactly.
    expect(coveredArea(square(0, 0, 10), [[[[[0, 0], [10, 0], [0, 10], [0, 0]]]]])).toBeCloseTo(50, 9);
  });

  it('agrees with turf by inclusion–exclusion on random triangles', () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }));
    const triangle = fc.tuple(point, point, point).filter(([p, q, r]) => Math.abs((q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1])) > 0);
    // Small coordinates in degrees near the equator, so turf's sphere and the plane agree to a part in 10⁶.
    const ring = (t: [number, number][]): Position[] => [...t, t[0]!].map(([x, y]) => [x / 1e4, y / 1e4]);
    const planar = (t: [number, number][]): Polygons => [[ring(t).map(([x, y]) => [x! * 1e4, y! * 1e4] as [number, number])]];
    const m2 = (...rings: Position[][]) => {
      const shared = intersect(featureCollection(rings.map((r) => polygon([r]))));
      return shared ? turfArea(shared) : 0;
    };
    fc.assert(
      fc.property(triangle, triangle, triangle, (a, b, c) => {
        // Planar units: 1 = 1e-4 degree; turf answers m², so compare shares of A.
        const expected = (m2(ring(a), ring(b)) + m2(ring(a), ring(c)) - m2(ring(a), ring(b), ring(c))) / turfArea(polygon([ring(a)]));
        const share = coveredArea(planar(a), [planar(b), planar(c)]) / Math.abs(coveredArea(planar(a), [planar(a)]));
        expect(share).toBeCloseTo(expected, 3);
      }),
      { numRuns: 200 },
    );
  });
});

describe('buildable area in screenParcel', () => {
  // A 0.01° × 0.001° parcel; a flood zone over its west half; wetlands over its west quarter (inside the flood zone)
  // and over its east tenth.
  const site = box(-77.01, 38.9, -77.0, 38.901);
  const parcel = { id: 'p', geometry: site, areaM2: geodesicAreaM2(site), landUse: '' };
  const layers: LayerSet = {
    flood: layer('flood', box(-77.02, 38.89, -77.005, 38.91)),
    wetland: layer('wetland', box(-77.02, 38.89, -77.0075, 38.91), box(-77.001, 38.89, -76.99, 38.91)),
  };

  it('is the area outside the checked layers, overlaps counted once', () => {
    const flood = screenParcel(parcel, { max_flood_overlap_pct: 0 }, layers);
    expect(flood.buildable_pct).toBeCloseTo(50, 1);
    expect(flood.buildable_area_m2!).toBeCloseTo(parcel.areaM2 / 2, -1);
    const both = screenParcel(parcel, { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 }, layers);
    expect(both.reasons.map((r) => r.measured as number)).toEqual([50, 35]);
    // 50 % flooded, the wetland's west quarter inside it, its east tenth outside: 40 % left, not 15 %.
    expect(both.buildable_pct).toBeCloseTo(40, 1);
    expect(both.buildable_area_m2!).toBeCloseTo(parcel.areaM2 * 0.4, -1);
    expect(both.buildable_area_ha!).toBeCloseTo(both.buildable_area_m2! / 10_000, 3);
  });

  it('counts a feature repeated within one layer once', () => {
    const twice: LayerSet = { flood: layer('flood', box(-77.02, 38.89, -77.005, 38.91), box(-77.02, 38.89, -77.005, 38.91)) };
    const result = screenParcel(parcel, { max_flood_overlap_pct: 0 }, twice);
    expect(result.reasons[0]!.measured).toBe(50);
    expect(result.buildable_pct).toBeCloseTo(50, 1);
  });

  it('is the whole parcel when nothing overlaps, and unknown when no layer is checked or one cannot tell', () => {
    const clear = screenParcel({ ...parcel, geometry: box(-76.995, 38.9, -76.994, 38.901) }, { max_flood_overlap_pct: 0 }, layers);
    expect(clear.buildable_pct).toBe(100);
    expect(screenParcel(parcel, { min_area_acres: 1 }, layers)).toMatchObject({ buildable_area_m2: null, buildable_pct: null });
    expect(screenParcel(parcel, { max_flood_overlap_pct: 0, max_protected_overlap_pct: 0 }, layers)).toMatchObject({ buildable_area_m2: null, buildable_area_acres: null, buildable_pct: null });
  });
});
