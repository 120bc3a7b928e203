import { describe, expect, it } from 'vitest';
import type { ReasonedParcels, ScreenedParcel } from '../../../src/contract/gis.ts';
import { screeningCsv, screeningGeoJson } from '../../../src/features/map/screening-format.ts';

const floodLayer = { id: 'l1', kind: 'flood', name: 'DC special flood hazard areas (FEMA zone AE)', source: 'FEMA NFHL', source_date: '2016-08-16' };

// PAR 01890022 in the DC demo data, as get_reasoned_geo_json/ screens it: 60.3 % in flood zone AE, 39.7 % buildable.
const benning: ScreenedParcel = {
  type: 'Feature',
  id: 'p1',
  geometry: null,
  properties: {
    id: 'p1',
    apn: 'PAR 01890022',
    area_m2: 22522,
    area_acres: 5.5653,
    area_ha: 2.2522,
    land_use: '',
    county: 'District of Columbia',
    state: 'DC',
    owner_name: '',
    source: 'Open Data DC parcel lots',
    source_date: '2016-08-16',
    drawn: false,
    suitable: false,
    verdict: 'fail',
    reasons: [{ criterion: 'flood', rule: 'Share of the parcel in a flood zone at most 0%', threshold: 0, measured: 60.3, unit: '%', verdict: 'fail', layer: floodLayer }],
    buildable_area_m2: 8941.5,
    buildable_area_acres: 2.2095,
    buildable_area_ha: 0.8941,
    buildable_pct: 39.7,
  },
};

// A parcel outside the flood layer's coverage: its buildable area is not known.
const outside: ScreenedParcel = {
  ...benning,
  id: 'p2',
  properties: {
    ...benning.properties,
    id: 'p2',
    apn: 'JODHPUR 7',
    verdict: 'unknown',
    reasons: [{ ...benning.properties.reasons[0]!, measured: null, verdict: 'unknown', note: 'The parcel lies outside the area this layer covers.' }],
    buildable_area_m2: null,
    buildable_area_acres: null,
    buildable_area_ha: null,
    buildable_pct: null,
  },
};

const result: ReasonedParcels = { type: 'FeatureCollection', features: [benning, outside], screened: 2, summary: { pass: 0, fail: 1, unknown: 1 }, criteria: { max_flood_overlap_pct: 0 }, layers: [floodLayer] };

describe('the screening exports', () => {
  it('give each reason row its parcel’s buildable area in acres, hectares and per cent, as the API gives them', () => {
    const [header, first, second] = screeningCsv(result).split('\r\n');
    expect(header).toBe('apn,parcel_verdict,area_acres,area_ha,buildable_area_acres,buildable_area_ha,buildable_pct,criterion,rule,threshold,measured,unit,verdict,note,layer,layer_source,layer_date');
    // 2.2095 stays 2.2095: rounding it to three decimals again would write 2.209 for 2.20951 acres.
    expect(first).toBe('PAR 01890022,fail,5.5653,2.2522,2.2095,0.8941,39.7,flood,Share of the parcel in a flood zone at most 0%,0,60.3,%,fail,,DC special flood hazard areas (FEMA zone AE),FEMA NFHL,2016-08-16');
    expect(second).toBe('JODHPUR 7,unknown,5.5653,2.2522,,,,flood,Share of the parcel in a flood zone at most 0%,0,,%,unknown,The parcel lies outside the area this layer covers.,DC special flood hazard areas (FEMA zone AE),FEMA NFHL,2016-08-16');
  });

  it('keep the buildable area among each feature’s GeoJSON properties', () => {
    const [feature] = (JSON.parse(screeningGeoJson(result)) as { features: ScreenedParcel[] }).features;
    expect(feature!.properties).toMatchObject({ buildable_area_m2: 8941.5, buildable_area_acres: 2.2095, buildable_area_ha: 0.8941, buildable_pct: 39.7 });
  });
});
