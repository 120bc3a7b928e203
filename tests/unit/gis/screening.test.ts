import type { Polygon } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import { dcCoverage, dcSourceDate, readDcDemo } from '../../../server/seed/dc-demo.ts';
import { acresToM2, geodesicAreaM2 } from '../../../server/geo/geometry.ts';
import { criteriaOrDefault, defaultCriteria, indexLayer, screenParcel, type LayerSet, type ScreenedParcel } from '../../../server/geo/screening.ts';
import { box, feature } from '../../support/geojson-shapes.ts';

const parcel = (geometry: Polygon, landUse = ''): ScreenedParcel => ({ id: 'p', geometry, areaM2: geodesicAreaM2(geometry), landUse });
const ref = (kind: string) => ({ id: kind, kind, name: `${kind} test layer`, source: 'test', source_date: '2024-01-01' });

describe('screenParcel', () => {
  // A flood zone over the west half of a 0.01° square, a grid line 0.01° (≈ 870 m at 38.9° N) east of it.
  const layers: LayerSet = {
    flood: indexLayer({ ref: ref('flood'), coverage: [-78, 38, -76, 40], features: [feature(box(-77.02, 38.89, -77.005, 38.91))] }),
    grid: indexLayer({ ref: ref('grid'), coverage: [-78, 38, -76, 40], features: [feature({ type: 'LineString', coordinates: [[-76.98, 38.8], [-76.98, 39]] })] }),
  };
  const site = parcel(box(-77.01, 38.9, -77.0, 38.901), 'Agricultural');

  it('measures the flooded share and fails above the threshold', () => {
    const strict = screenParcel(site, { max_flood_overlap_pct: 0 }, layers);
    expect(strict.verdict).toBe('fail');
    const [reason] = strict.reasons;
    expect(reason).toMatchObject({ criterion: 'flood', threshold: 0, unit: '%', verdict: 'fail', layer: ref('flood') });
    expect(reason!.measured as number).toBeCloseTo(50, 0);
    expect(screenParcel(site, { max_flood_overlap_pct: 60 }, layers)).toMatchObject({ suitable: true, verdict: 'pass' });
  });

  it('says unknown for a missing layer and for a parcel outside the layer’s coverage', () => {
    const missing = screenParcel(site, { max_wetland_overlap_pct: 0, max_protected_overlap_pct: 0 }, layers);
    expect(missing).toMatchObject({ suitable: false, verdict: 'unknown' });
    expect(missing.reasons.map((r) => [r.criterion, r.verdict, r.layer])).toEqual([
      ['wetland', 'unknown', null],
      ['protected', 'unknown', null],
    ]);
    const india = parcel(box(73, 26, 73.01, 26.01));
    expect(screenParcel(india, { max_flood_overlap_pct: 0 }, layers).reasons[0]).toMatchObject({ verdict: 'unknown', measured: null, note: 'The parcel lies outside the area this layer is taken to cover (longitude -78 to -76, latitude 38 to 40).' });
    // A fail anywhere outranks unknown.
    expect(screenParcel(site, { max_flood_overlap_pct: 0, max_protected_overlap_pct: 0 }, layers).verdict).toBe('fail');
  });

  it('checks area bounds in acres and land use (unknown when the parcel has none)', () => {
    const acres = site.areaM2 / acresToM2(1);
    expect(screenParcel(site, { min_area_acres: Math.floor(acres) }, layers).verdict).toBe('pass');
    expect(screenParcel(site, { min_area_acres: Math.ceil(acres) }, layers).reasons[0]).toMatchObject({ criterion: 'min_area', verdict: 'fail', unit: 'acres' });
    expect(screenParcel(site, { max_area_acres: Math.floor(acres) }, layers).verdict).toBe('fail');
    expect(screenParcel(site, { land_use: ['agricultural', 'Barren'] }, layers).verdict).toBe('pass');
    expect(screenParcel(site, { land_use: ['Industrial'] }, layers).reasons[0]).toMatchObject({ verdict: 'fail', measured: 'Agricultural' });
    expect(screenParcel({ ...site, landUse: '' }, { land_use: ['Industrial'] }, layers).reasons[0]!.verdict).toBe('unknown');
  });

  it('measures the distance to the nearest grid line', () => {
    const near = screenParcel(site, { max_grid_distance_km: 2 }, layers).reasons[0]!;
    expect(near).toMatchObject({ criterion: 'grid_distance', verdict: 'pass', unit: 'km' });
    // 0.02° of longitude at 38.9° N: 0.02 × 111.32 km × cos 38.9° ≈ 1.733 km.
    expect(near.measured as number).toBeCloseTo(1.733, 1);
    expect(screenParcel(site, { max_grid_distance_km: 1 }, layers).reasons[0]!.verdict).toBe('fail');
    expect(screenParcel(site, { max_grid_distance_km: 0.5 }, { ...layers, grid: undefined }).reasons[0]).toMatchObject({ verdict: 'unknown', layer: null });
  });

  it('uses flood and wetland checks when no criteria are given', () => {
    expect(criteriaOrDefault(undefined)).toEqual(defaultCriteria);
    expect(criteriaOrDefault({ min_area_acres: undefined })).toEqual(defaultCriteria);
    expect(criteriaOrDefault({ min_area_acres: 3 })).toEqual({ min_area_acres: 3 });
  });
});

describe('the DC demo region', () => {
  let demo: Awaited<ReturnType<typeof readDcDemo>>;
  let layers: LayerSet;
  beforeAll(async () => {
    demo = await readDcDemo();
    layers = Object.fromEntries(demo.layers.map((l) => [l.kind, indexLayer({ ref: ref(l.kind), coverage: dcCoverage, features: l.features })]));
  });

  it('reads every parcel and drops upland wetlands and unflagged flood features', () => {
    expect(demo.parcels.rows).toHaveLength(1258);
    expect(demo.parcels.refused).toEqual([]);
    const [flood, wetland] = demo.layers;
    expect(flood).toMatchObject({ kind: 'flood', dropped: 3 });
    expect(flood!.features).toHaveLength(311);
    expect(wetland).toMatchObject({ kind: 'wetland', dropped: 28 });
    expect(wetland!.features.every((f) => f.properties?.WETLAND_ID !== 'U')).toBe(true);
    expect(dcSourceDate).toBe('2016-08-16');
  });

  it('screens all 1,258 parcels against both layers with results that match SOURCE.md’s counts', () => {
    const results = demo.parcels.rows.map((row) => screenParcel({ id: row.apn, geometry: row.geometry, areaM2: row.areaM2, landUse: '' }, defaultCriteria, layers));
    const flood = results.filter((r) => r.reasons[0]!.verdict === 'fail').length;
    const wetland = results.filter((r) => r.reasons[1]!.verdict === 'fail').length;
    // SOURCE.md: 75 touch zone AE and 60 touch a wetland; touching along an edge alone is a 0 % overlap here.
    expect(flood).toBeGreaterThan(30);
    expect(flood).toBeLessThanOrEqual(75);
    expect(wetland).toBeGreaterThan(30);
    expect(wetland).toBeLessThanOrEqual(60);
    expect(results.every((r) => r.reasons.every((reason) => reason.verdict !== 'unknown'))).toBe(true);
  });
});
