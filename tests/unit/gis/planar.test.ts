import turfArea from '@turf/area';
import { featureCollection } from '@turf/helpers';
import intersect from '@turf/intersect';
import fc from 'fast-check';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { bboxOf } from '../../../server/geo/geometry.ts';
import { area, contains, distance, intersectionArea, localProjection, projectFeature, projectRings, shapeOf, type Polygons } from '../../../server/geo/planar.ts';

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
const shape = (p: Polygons) => shapeOf(p);

describe('planar intersection area (Green’s theorem over the crossing boundaries)', () => {
  it('measures overlapping, nested, touching and disjoint squares exactly', () => {
    expect(intersectionArea(shape(square(0, 0, 10)), shape(square(5, 5, 10)))).toBeCloseTo(25, 9);
    expect(intersectionArea(shape(square(0, 0, 10)), shape(square(2, 2, 3)))).toBeCloseTo(9, 9);
    expect(intersectionArea(shape(square(2, 2, 3)), shape(square(0, 0, 10)))).toBeCloseTo(9, 9);
    expect(intersectionArea(shape(square(0, 0, 10)), shape(square(10, 0, 10)))).toBeCloseTo(0, 9);
    expect(intersectionArea(shape(square(0, 0, 10)), shape(square(20, 20, 1)))).toBe(0);
  });

  it('leaves holes out and handles concave shapes', () => {
    const withHole: Polygons = [[square(0, 0, 10)[0]![0]!, square(2, 2, 4)[0]![0]!.slice().reverse()]];
    expect(area(withHole)).toBeCloseTo(84, 9);
    expect(intersectionArea(shape(withHole), shape(square(0, 0, 10)))).toBeCloseTo(84, 9);
    expect(intersectionArea(shape(withHole), shape(square(3, 3, 2)))).toBeCloseTo(0, 9);
    expect(contains(shape(withHole), [3, 3])).toBe(false);
    expect(contains(shape(withHole), [1, 1])).toBe(true);
    const ell: Polygons = [
      [
        [
          [0, 0],
          [10, 0],
          [10, 2],
          [2, 2],
          [2, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ];
    expect(intersectionArea(shape(ell), shape(square(1, 1, 4)))).toBeCloseTo(7, 9);
  });

  it('is symmetric and never exceeds either area (random rectangles)', () => {
    const rect = fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 30 }));
    fc.assert(
      fc.property(rect, rect, ([x1, y1, s1], [x2, y2, s2]) => {
        const a = shape(square(x1, y1, s1));
        const b = shape(square(x2, y2, s2));
        const ab = intersectionArea(a, b);
        const expected = Math.max(0, Math.min(x1 + s1, x2 + s2) - Math.max(x1, x2)) * Math.max(0, Math.min(y1 + s1, y2 + s2) - Math.max(y1, y2));
        expect(ab).toBeCloseTo(expected, 6);
        expect(intersectionArea(b, a)).toBeCloseTo(ab, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with turf (polyclip) on irregular polygons in lon/lat', () => {
    const blob = (cx: number, cy: number, r: number, n: number, wobble: number): Polygon => {
      const ring: Position[] = [];
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * i) / n;
        const rr = r * (1 + wobble * Math.sin(5 * a));
        ring.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
      }
      ring.push(ring[0]!);
      return { type: 'Polygon', coordinates: [ring] };
    };
    const pairs: [Polygon, Polygon][] = [
      [blob(-77, 38.9, 0.002, 40, 0.3), blob(-76.9985, 38.9005, 0.0015, 37, 0.4)],
      [blob(73, 26, 0.01, 64, 0.5), blob(73.004, 26.003, 0.008, 51, 0.2)],
      [blob(-77, 38.9, 0.002, 12, 0.6), blob(-77, 38.9, 0.0005, 9, 0.1)],
    ];
    for (const [a, b] of pairs) {
      const reference = turfArea(intersect(featureCollection<Polygon | MultiPolygon>([{ type: 'Feature', properties: {}, geometry: a }, { type: 'Feature', properties: {}, geometry: b }]))!);
      const project = localProjection(bboxOf(a));
      const ours = intersectionArea(shapeOf(projectRings([a.coordinates], project)), shapeOf(projectRings([b.coordinates], project)));
      expect(Math.abs(ours - reference) / reference).toBeLessThan(0.005);
      expect(area(projectRings([a.coordinates], project)) / turfArea(a)).toBeCloseTo(1, 2);
    }
  });
});

describe('planar distance', () => {
  it('is zero when touching or containing, else the gap in metres', () => {
    const parcel = shape(square(0, 0, 100));
    const line = (coords: Position[]) => projectFeature({ type: 'LineString', coordinates: coords }, (p) => [p[0]!, p[1]!]);
    const pointAt = (x: number, y: number) => projectFeature({ type: 'Point', coordinates: [x, y] }, (p) => [p[0]!, p[1]!]);
    expect(distance(parcel, pointAt(50, 50))).toBe(0);
    expect(distance(parcel, pointAt(150, 50))).toBeCloseTo(50, 9);
    expect(distance(parcel, pointAt(103, 104))).toBeCloseTo(5, 9);
    expect(distance(parcel, line([[-10, 50], [110, 50]]))).toBe(0);
    expect(distance(parcel, line([[120, -50], [120, 150]]))).toBeCloseTo(20, 9);
    const around = projectFeature({ type: 'Polygon', coordinates: [[[-10, -10], [200, -10], [200, 200], [-10, 200], [-10, -10]]] }, (p) => [p[0]!, p[1]!]);
    expect(distance(parcel, around)).toBe(0);
  });
});
