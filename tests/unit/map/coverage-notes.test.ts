import { describe, expect, it } from 'vitest';
import type { LayerRef, ReasonedParcels, ScreeningCoverage } from '../../../src/contract/gis.ts';
import { coverageNotes, kindsChecked } from '../../../src/features/map/coverage-notes.ts';

const ref = (kind: string): LayerRef => ({ id: kind, kind, name: `${kind} layer`, source: 'test', source_date: null });
const nothing: ScreeningCoverage = { bbox: [73, 26, 73.1, 26.1], parcels: false, parcel_services: [], layers: [], sources: [] };
const answer = (coverage: ScreeningCoverage | undefined, criteria: Record<string, unknown> = { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 }, parcels = 0): ReasonedParcels => ({
  type: 'FeatureCollection',
  features: Array.from({ length: parcels }, (_, i) => ({ type: 'Feature', id: `p${i}`, geometry: null, properties: {} as ReasonedParcels['features'][number]['properties'] })),
  screened: parcels,
  summary: { pass: 0, fail: 0, unknown: parcels },
  criteria,
  layers: [],
  ...(coverage ? { coverage } : {}),
});

describe('coverageNotes', () => {
  it('reads the layer kinds the criteria check', () => {
    expect(kindsChecked({ min_area_acres: 2, land_use: ['Vacant'], max_flood_overlap_pct: 0, max_setback_from_homes_overlap_pct: 5, max_grid_distance_km: 3, max_slope_pct: 10, max_steep_share_pct: 5, max_wetland_overlap_pct: undefined })).toEqual([
      'flood',
      'setback_from_homes',
      'grid',
      'slope',
    ]);
  });

  it('says nothing when the answer does not tell (a screening job’s export)', () => {
    expect(coverageNotes(answer(undefined), { scope: 'project', boundary: true })).toEqual({ parcels: null, layers: null });
  });

  it('names the visible map area and the parcel services that can look a parcel up', () => {
    const notes = coverageNotes(answer({ ...nothing, parcel_services: ['Guilford County parcels'], layers: [ref('flood'), ref('wetland')] }), { scope: 'view', boundary: true });
    expect(notes).toEqual({
      parcels:
        'No parcels to show: the parcel store holds none in the visible map area. Attach a parcel by its number, pick one on the map (looked up in Guilford County parcels), or import the parcels from a file (GeoJSON, zipped shapefile or KML) under “Import parcels”.',
      layers: null,
    });
  });

  it('asks for an elevation source for slope, and an upload for a custom kind, when online sources answer the rest', () => {
    const criteria = { max_flood_overlap_pct: 0, max_setback_from_homes_overlap_pct: 0, max_slope_pct: 10 };
    const notes = coverageNotes(answer({ ...nothing, parcels: true, sources: [ref('flood')] }, criteria, 2), { scope: 'project', boundary: true });
    expect(notes).toEqual({
      parcels: null,
      layers:
        'No “Setback from homes” or elevation layer covers the boundary, so those criteria answer Unknown there. Upload your own layer under “Your constraint layers” or ask whoever runs this server to add an elevation source to SCREENING_SOURCES.',
    });
    expect(coverageNotes(answer({ ...nothing, parcels: true, sources: [ref('flood'), ref('slope')] }, { max_slope_pct: 10, max_flood_overlap_pct: 0 }, 1), { scope: 'project', boundary: false }).layers).toBeNull();
  });
});
