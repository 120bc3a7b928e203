import type { Geometry } from 'geojson';
import { validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../src/contract/fields.ts';
import { criteriaMessages, criterionLabel, Reason, ScreeningCriteria } from '../../../src/contract/gis.ts';
import { geodesicAreaM2, type Bbox } from '../../../server/geo/geometry.ts';
import { indexLayer, screenParcel, type LayerFailure } from '../../../server/geo/screening.ts';
import { box, feature } from '../../support/geojson-shapes.ts';

const ref = (id: string, kind: string) => ({ id, kind, name: `${id} layer`, source: `${id} source`, source_date: '2024-01-01' });
const layer = (id: string, kind: string, coverage: Bbox, ...geometries: Geometry[]) => indexLayer({ ref: ref(id, kind), coverage, features: geometries.map(feature) });
const everywhere: Bbox = [-78, 38, -76, 40];

// A 0.01° × 0.001° parcel at 38.9° N.
const site = box(-77.01, 38.9, -77.0, 38.901);
const parcel = { id: 'p', geometry: site, areaM2: geodesicAreaM2(site), landUse: '' };
const failure = (kind: string, reason: string): LayerFailure => ({ kind, ref: ref(`online-${kind}`, kind), reason });

describe('custom kinds', () => {
  // The user's setback from homes over the parcel's west fifth.
  const setback = layer('setback', 'setback_from_homes', everywhere, box(-77.02, 38.89, -77.008, 38.91));

  it('screens max_<kind>_overlap_pct like the built-in overlaps and counts it out of the buildable area', () => {
    const result = screenParcel(parcel, { max_setback_from_homes_overlap_pct: 0 }, { setback_from_homes: setback });
    expect(result.reasons).toEqual([
      { criterion: 'setback_from_homes', rule: 'Share of the parcel in "Setback from homes" at most 0%', threshold: 0, unit: '%', measured: 20, verdict: 'fail', layer: ref('setback', 'setback_from_homes') },
    ]);
    expect(result.buildable_pct).toBeCloseTo(80, 1);
    expect(screenParcel(parcel, { max_setback_from_homes_overlap_pct: 25 }, { setback_from_homes: setback }).verdict).toBe('pass');
    expect(() => Reason.assert(result.reasons[0])).not.toThrow();
  });

  it('says unknown, never pass, for a kind the user has no layer of', () => {
    const result = screenParcel(parcel, { max_tribal_land_overlap_pct: 0 }, { setback_from_homes: setback });
    expect(result).toMatchObject({ verdict: 'unknown', buildable_pct: null });
    expect(result.reasons[0]).toMatchObject({ criterion: 'tribal_land', verdict: 'unknown', layer: null, measured: null, note: 'No tribal_land layer is loaded.' });
    expect(criterionLabel('tribal_land')).toBe('Tribal land');
    expect(criterionLabel('flood')).toBe('Flood zone');
  });

  it('comes after the built-in overlaps and before the grid and slope, in the order given', () => {
    const result = screenParcel(parcel, { max_grid_distance_km: 1, max_zz_overlap_pct: 0, max_flood_overlap_pct: 0, max_aa_overlap_pct: 0 }, {});
    expect(result.reasons.map((reason) => reason.criterion)).toEqual(['flood', 'zz', 'aa', 'grid_distance']);
  });
});

describe('several layers of one kind', () => {
  // Two flood layers: one over the west half, one over the middle 20-60 %; together 60 % of the parcel, not 70 %.
  const west = layer('west', 'flood', everywhere, box(-77.02, 38.89, -77.005, 38.91));
  const middle = layer('middle', 'flood', everywhere, box(-77.008, 38.89, -77.004, 38.91));

  it('measures their union once and names the layer with the most ground, and all of them', () => {
    const result = screenParcel(parcel, { max_flood_overlap_pct: 10 }, { flood: [west, middle] });
    expect(result.reasons[0]).toMatchObject({ verdict: 'fail', measured: 60, layer: ref('west', 'flood'), layers: [ref('west', 'flood'), ref('middle', 'flood')] });
    expect(result.buildable_pct).toBeCloseTo(40, 1);
  });

  it('speaks for a parcel that two tiles cover between them, and not for one with a gap', () => {
    const tileWest = layer('tile-w', 'flood', [-77.1, 38.8, -77.005, 39], box(-77.02, 38.89, -77.008, 38.91));
    const tileEast = layer('tile-e', 'flood', [-77.005, 38.8, -76.9, 39]);
    expect(screenParcel(parcel, { max_flood_overlap_pct: 0 }, { flood: [tileWest, tileEast] }).reasons[0]).toMatchObject({ verdict: 'fail', measured: 20 });
    // A gap over the parcel's 60-70 % (a tenth of it) leaves unknown only a verdict it could change.
    const gapped = layer('tile-e', 'flood', [-77.004, 38.8, -76.9, 39]);
    const withGap = (threshold: number) => screenParcel(parcel, { max_flood_overlap_pct: threshold }, { flood: [tileWest, gapped] });
    const areas = 'the areas these layers are taken to cover (tile-w layer: longitude -77.1 to -77.005, latitude 38.8 to 39; tile-e layer: longitude -77.004 to -76.9, latitude 38.8 to 39)';
    expect(withGap(25).reasons[0]).toMatchObject({ verdict: 'unknown', measured: 20, note: `10% of the parcel lies outside ${areas}, where it is not known whether it is in a flood zone; 20% of the parcel lies in a flood zone inside that area.` });
    expect(withGap(30)).toMatchObject({ verdict: 'pass', buildable_pct: null });
    expect(withGap(30).reasons[0]).toMatchObject({ measured: 20, note: `10% of the parcel lies outside ${areas}: even with all of that part in a flood zone, the share stays within 30%.` });
    expect(withGap(10).reasons[0]).toMatchObject({ verdict: 'fail', measured: 20, note: `10% of the parcel lies outside ${areas}: at least 20% of the parcel lies in a flood zone.` });
  });

  it('counts a shape over the parcel whatever area its layer is taken to cover', () => {
    // An uploaded layer covers the extent of its features: here one flood zone over the parcel's west fifth and beyond.
    const zone = box(-77.02, 38.89, -77.008, 38.91);
    const uploaded = layer('mine', 'flood', [-77.02, 38.89, -77.008, 38.91], zone);
    const result = screenParcel(parcel, { max_flood_overlap_pct: 0 }, { flood: uploaded });
    expect(result).toMatchObject({ verdict: 'fail', buildable_pct: null });
    expect(result.reasons[0]).toMatchObject({
      verdict: 'fail',
      measured: 20,
      layer: ref('mine', 'flood'),
      note: '80% of the parcel lies outside the area this layer is taken to cover (longitude -77.02 to -77.008, latitude 38.89 to 38.91): at least 20% of the parcel lies in a flood zone.',
    });
    // Wholly outside it, nothing is known.
    const east = box(-76.99, 38.9, -76.98, 38.901);
    expect(screenParcel({ ...parcel, geometry: east, areaM2: geodesicAreaM2(east) }, { max_flood_overlap_pct: 0 }, { flood: uploaded }).reasons[0]).toMatchObject({
      verdict: 'unknown',
      measured: null,
      note: 'The parcel lies outside the area this layer is taken to cover (longitude -77.02 to -77.008, latitude 38.89 to 38.91).',
    });
  });

  it('takes the nearest grid feature of any grid layer', () => {
    const far = layer('far', 'grid', everywhere, { type: 'LineString', coordinates: [[-76.95, 38.8], [-76.95, 39]] });
    const near = layer('near', 'grid', everywhere, { type: 'Point', coordinates: [-76.99, 38.9005] });
    expect(screenParcel(parcel, { max_grid_distance_km: 2 }, { grid: [far, near] }).reasons[0]).toMatchObject({ verdict: 'pass', layer: ref('near', 'grid') });
  });
});

describe('failed sources', () => {
  const flood = layer('flood', 'flood', everywhere, box(-77.02, 38.89, -77.005, 38.91));
  const nfhl = failure('flood', 'FEMA NFHL did not answer within 10 s');

  it('leave their criterion unknown with the reason, while the other criteria still run', () => {
    const result = screenParcel(parcel, { max_flood_overlap_pct: 60, max_wetland_overlap_pct: 0, min_area_acres: 1 }, { flood, wetland: layer('wetland', 'wetland', everywhere) }, { failures: [nfhl] });
    expect(result.reasons.map((reason) => [reason.criterion, reason.verdict])).toEqual([
      ['min_area', 'pass'],
      ['flood', 'unknown'],
      ['wetland', 'pass'],
    ]);
    expect(result.reasons[1]).toEqual({ criterion: 'flood', rule: 'Share of the parcel in a flood zone at most 60%', threshold: 60, unit: '%', measured: null, verdict: 'unknown', layer: nfhl.ref, note: 'FEMA NFHL did not answer within 10 s' });
    expect(result).toMatchObject({ verdict: 'unknown', buildable_pct: null });
    // With no layer of the kind at all, the failure is the reason too.
    expect(screenParcel(parcel, { max_flood_overlap_pct: 0 }, {}, { failures: [nfhl] }).reasons[0]).toMatchObject({ verdict: 'unknown', note: nfhl.reason });
  });

  it('do not hide a fail the layers that answered prove, nor a grid feature within reach', () => {
    expect(screenParcel(parcel, { max_flood_overlap_pct: 10 }, { flood }, { failures: [nfhl] }).reasons[0]).toMatchObject({ verdict: 'fail', measured: 50 });
    const grid = layer('grid', 'grid', everywhere, { type: 'Point', coordinates: [-76.99, 38.9005] });
    const hifld = failure('grid', 'HIFLD transmission lines answered 503');
    expect(screenParcel(parcel, { max_grid_distance_km: 2 }, { grid }, { failures: [hifld] }).reasons[0]).toMatchObject({ verdict: 'pass' });
    expect(screenParcel(parcel, { max_grid_distance_km: 0.5 }, { grid }, { failures: [hifld] }).reasons[0]).toMatchObject({ verdict: 'unknown', note: hifld.reason, layer: hifld.ref });
  });
});

describe('ScreeningCriteria', () => {
  const errors = (value: unknown) => {
    const [error] = validate(value, ScreeningCriteria, { coerce: true });
    return error ? fieldErrors(error) : undefined;
  };

  it('takes a custom kind’s overlap and the slope criteria, as numbers or decimal text', () => {
    const [error, value] = validate({ max_setback_from_homes_overlap_pct: '5', max_slope_pct: 12.5, max_steep_share_pct: 10, max_flood_overlap_pct: 0 }, ScreeningCriteria, { coerce: true });
    expect(error).toBeUndefined();
    expect(value).toEqual({ max_setback_from_homes_overlap_pct: 5, max_slope_pct: 12.5, max_steep_share_pct: 10, max_flood_overlap_pct: 0 });
  });

  it('refuses bad keys and values with field messages', () => {
    expect(errors({ slope: 10 })).toEqual({ slope: ['Unknown field.'] });
    expect(errors({ max_setback_overlap_pct: 101 })).toEqual({ max_setback_overlap_pct: [criteriaMessages.percentage] });
    expect(errors({ max_Setback_overlap_pct: 1 })).toEqual({ max_Setback_overlap_pct: [criteriaMessages.kind] });
    expect(errors({ max_a__b_overlap_pct: 1 })).toEqual({ max_a__b_overlap_pct: [criteriaMessages.kind] });
    expect(errors({ [`max_${'a'.repeat(41)}_overlap_pct`]: 1 })).toEqual({ [`max_${'a'.repeat(41)}_overlap_pct`]: [criteriaMessages.kind] });
    expect(errors({ max_grid_overlap_pct: 1 })).toEqual({ max_grid_overlap_pct: [criteriaMessages.gridOverlap] });
    expect(errors({ max_slope_overlap_pct: 1 })).toEqual({ max_slope_overlap_pct: [criteriaMessages.slopeOverlap] });
    expect(errors({ max_land_use_overlap_pct: 1 })).toEqual({ max_land_use_overlap_pct: ['land_use is a criterion, not a layer kind.'] });
    expect(errors({ max_slope_pct: -1 })).toEqual({ max_slope_pct: [criteriaMessages.slope] });
    expect(errors({ max_steep_share_pct: 5 })).toEqual({ max_steep_share_pct: [criteriaMessages.steepShareAlone] });
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`max_kind${i}_overlap_pct`, 0]));
    expect(errors(many)).toEqual({ max_kind20_overlap_pct: [criteriaMessages.tooManyCustom] });
  });
});
