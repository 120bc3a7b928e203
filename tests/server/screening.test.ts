import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importFile } from '../../server/cli/import-parcels.ts';
import { bboxMessage, type Reason } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

interface Props {
  apn: string;
  area_m2: number;
  area_acres: number;
  buildable_area_m2: number | null;
  buildable_area_acres: number | null;
  buildable_pct: number | null;
  suitable?: boolean;
  verdict?: 'pass' | 'fail' | 'unknown';
  reasons?: Reason[];
}
interface Collection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id: string; geometry: { type: string }; properties: Props }[];
  screened: number;
  count?: number;
  summary?: { pass: number; fail: number; unknown: number };
  layers: { kind: string; name: string; source_date: string | null }[];
  criteria: Record<string, unknown>;
}

const dc = [-77.12, 38.79, -76.9, 39.0];
const reasonOf = (props: Props, criterion: string) => props.reasons?.find((r) => r.criterion === criterion);

describeApi('parcel screening API (get_filtered_geo_json, get_reasoned_geo_json)', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let ravisEmail: string;
  beforeAll(async () => {
    app = await startTestApp();
    asha = app.client();
    ravi = app.client();
    await signUpAndLogIn(app, asha);
    ravisEmail = (await signUpAndLogIn(app, ravi)).email;
  });
  afterAll(() => app?.close());

  it('gives every DC parcel a verdict with one reason per criterion, by default flood zones and wetlands', async () => {
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc });
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body.screened).toBe(1258);
    expect(body.features).toHaveLength(1258);
    expect(body.criteria).toEqual({ max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 });
    expect(body.layers.map((l) => l.kind).sort()).toEqual(['flood', 'wetland']);
    expect(body.summary!.pass + body.summary!.fail + body.summary!.unknown).toBe(1258);
    const floodFails = body.features.filter((f) => reasonOf(f.properties, 'flood')?.verdict === 'fail');
    const wetlandFails = body.features.filter((f) => reasonOf(f.properties, 'wetland')?.verdict === 'fail');
    // SOURCE.md counts 75 parcels touching zone AE and 60 touching a wetland; a parcel that only shares an edge
    // (or a sliver under 0.005 %) covers 0.00 % and passes a "no overlap" rule.
    expect(floodFails.length).toBeGreaterThan(30);
    expect(floodFails.length).toBeLessThanOrEqual(75);
    expect(wetlandFails.length).toBeGreaterThan(30);
    expect(wetlandFails.length).toBeLessThanOrEqual(60);
    for (const feature of body.features) {
      expect(feature.properties.reasons).toHaveLength(2);
      expect(feature.properties.suitable).toBe(feature.properties.verdict === 'pass');
    }
    const flood = reasonOf(floodFails[0]!.properties, 'flood')!;
    expect(flood).toMatchObject({ threshold: 0, unit: '%', verdict: 'fail', layer: { kind: 'flood', source_date: '2016-08-16' } });
    expect(flood.measured as number).toBeGreaterThan(0);
    expect(flood.measured as number).toBeLessThanOrEqual(100);
    expect(flood.rule).toContain('flood zone');
  });

  it('returns only the parcels that pass, with the area filters applied', async () => {
    const filtered = await asha.post<Collection>('/api/gis/get_filtered_geo_json/', {
      bbox: dc,
      filters: { min_area_acres: 5, max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 },
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body.screened).toBe(1258);
    // SOURCE.md: 184 parcels are ≥ 5 acres and 119 of them touch neither layer.
    expect(filtered.body.count).toBeGreaterThanOrEqual(119);
    expect(filtered.body.count).toBeLessThan(184);
    expect(filtered.body.features).toHaveLength(filtered.body.count!);
    for (const f of filtered.body.features) {
      expect(f.properties.area_acres).toBeGreaterThanOrEqual(5);
      expect(f.properties.suitable).toBe(true);
    }
    const capped = await asha.post<Collection>('/api/gis/get_filtered_geo_json/', { bbox: dc, filters: { min_area_acres: 5, max_area_acres: 10 } });
    for (const f of capped.body.features) expect(f.properties.area_acres).toBeLessThanOrEqual(10);
    // Allowing some flood overlap lets more parcels through.
    const lenient = await asha.post<Collection>('/api/gis/get_filtered_geo_json/', { bbox: dc, filters: { max_flood_overlap_pct: 50 } });
    const strict = await asha.post<Collection>('/api/gis/get_filtered_geo_json/', { bbox: dc, filters: { max_flood_overlap_pct: 0 } });
    expect(lenient.body.count).toBeGreaterThan(strict.body.count!);
  });

  it('answers unknown, never a pass, when a criterion has no layer or no data', async () => {
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', {
      bbox: [-77.02, 38.84, -77.0, 38.85],
      filters: { max_protected_overlap_pct: 0, max_grid_distance_km: 5, land_use: ['Agricultural'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.screened).toBeGreaterThan(0);
    expect(answer.body.summary).toMatchObject({ pass: 0, fail: 0 });
    for (const f of answer.body.features) {
      expect(f.properties.suitable).toBe(false);
      expect(reasonOf(f.properties, 'protected')).toMatchObject({ verdict: 'unknown', layer: null, measured: null });
      expect(reasonOf(f.properties, 'grid_distance')).toMatchObject({ verdict: 'unknown', layer: null });
      expect(reasonOf(f.properties, 'land_use')).toMatchObject({ verdict: 'unknown', note: 'The parcel has no land use on record.' });
    }
    const none = await asha.post<Collection>('/api/gis/get_filtered_geo_json/', { bbox: [-77.02, 38.84, -77.0, 38.85], filters: { max_protected_overlap_pct: 0 } });
    expect(none.body.count).toBe(0);
  });

  it('screens a project: its attached parcels and the parcels its boundary overlaps', async () => {
    const boundary = {
      type: 'Polygon',
      coordinates: [
        [
          [-77.012, 38.844],
          [-77.008, 38.844],
          [-77.008, 38.848],
          [-77.012, 38.848],
          [-77.012, 38.844],
        ],
      ],
    };
    const project = (await asha.post<Project>('/api/project/create/', { name: 'DC lot', location: { lat: 38.846, lng: -77.01 }, boundary })).body;
    // A parcel drawn in India: outside every DC layer, so the layers cannot speak for it.
    const far = {
      type: 'Polygon',
      coordinates: [
        [
          [73, 26],
          [73.01, 26],
          [73.01, 26.01],
          [73, 26.01],
          [73, 26],
        ],
      ],
    };
    expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'Jodhpur plot', geometry: far })).status).toBe(201);
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { project_id: project.id });
    expect(answer.status).toBe(200);
    const apns = answer.body.features.map((f) => f.properties.apn);
    expect(apns).toContain('PAR 02420088');
    expect(apns).toContain('Jodhpur plot');
    const jodhpur = answer.body.features.find((f) => f.properties.apn === 'Jodhpur plot')!.properties;
    expect(jodhpur.verdict).toBe('unknown');
    expect(reasonOf(jodhpur, 'flood')).toMatchObject({ verdict: 'unknown', note: 'The parcel lies outside the area this layer is taken to cover (longitude -77.12 to -76.9, latitude 38.79 to 39).', layer: { kind: 'flood' } });
    const onlyDc = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { project_id: project.id, bbox: dc });
    expect(onlyDc.body.features.map((f) => f.properties.apn)).not.toContain('Jodhpur plot');
    expect((await ravi.post('/api/gis/get_reasoned_geo_json/', { project_id: project.id })).status).toBe(404);
    expect((await ravi.post('/api/gis/get_filtered_geo_json/', { project_id: 'nope' })).status).toBe(404);
    // Nobody else's drawn parcels show up in a bbox search.
    const ravis = await ravi.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: [72.9, 25.9, 73.1, 26.1] });
    expect(ravis.body.screened).toBe(0);
  });

  it('refuses bad requests with field messages', async () => {
    expect(await asha.post('/api/gis/get_reasoned_geo_json/', {})).toMatchObject({ status: 400, body: { errors: { bbox: ['Give a bbox or a project_id.'] } } });
    expect(await asha.post('/api/gis/get_reasoned_geo_json/', { bbox: [1, 2, 0, 3] })).toMatchObject({ status: 400, body: { errors: { bbox: [bboxMessage] } } });
    expect((await asha.post('/api/gis/get_reasoned_geo_json/', { bbox: [1, 2, 3] })).status).toBe(400);
    expect(await asha.post('/api/gis/get_filtered_geo_json/', { bbox: dc, filters: { max_flood_overlap_pct: 101 } })).toMatchObject({
      status: 400,
      body: { errors: { 'filters.max_flood_overlap_pct': ['Must be a percentage from 0 to 100.'] } },
    });
    expect(await asha.post('/api/gis/get_filtered_geo_json/', { bbox: dc, filters: { slope: 10 } })).toMatchObject({ status: 400, body: { errors: { 'filters.slope': ['Unknown field.'] } } });
    expect((await asha.post('/api/gis/get_filtered_geo_json/', { bbox: dc }, { access: null })).status).toBe(401);
  });

  it('uses layers and parcels brought in with the import CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunplot-import-'));
    // A transmission line running north-south through the middle of the District.
    const gridFile = join(dir, 'grid.geojson');
    const line = { type: 'LineString', coordinates: [[-77.01, 38.8], [-77.01, 39.0]] };
    writeFileSync(gridFile, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kV: 230 }, geometry: line }] }));
    const grid = await importFile({ file: gridFile, source: 'Test utility map', sourceDate: '2024-05-01', layer: 'grid', name: 'Test 230 kV', coverage: [-77.12, 38.79, -76.9, 39.0] }, app.database);
    expect(grid).toMatchObject({ kind: 'grid', added: 1, refused: [] });
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc, filters: { max_grid_distance_km: 2 } });
    const reasons = answer.body.features.map((f) => reasonOf(f.properties, 'grid_distance')!);
    expect(reasons.every((r) => r.layer?.name === 'Test 230 kV' && r.layer.source_date === '2024-05-01')).toBe(true);
    expect(reasons.some((r) => r.verdict === 'pass')).toBe(true);
    expect(reasons.some((r) => r.verdict === 'fail')).toBe(true);
    for (const r of reasons) if (r.verdict === 'pass') expect(r.measured as number).toBeLessThanOrEqual(2);

    const parcelFile = join(dir, 'mine.geojson');
    const lot = { type: 'Polygon', coordinates: [[[-76.95, 38.95], [-76.949, 38.95], [-76.949, 38.951], [-76.95, 38.951], [-76.95, 38.95]]] };
    writeFileSync(parcelFile, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { PIN: 'RAVI-1' }, geometry: lot }, { type: 'Feature', properties: {}, geometry: lot }] }));
    const mine = await importFile({ file: parcelFile, source: 'Ravi survey', apnField: 'PIN', ownerEmail: ravisEmail }, app.database);
    expect(mine).toMatchObject({ added: 1, alreadyStored: 0 });
    expect(mine.refused).toHaveLength(1);
    expect((await importFile({ file: parcelFile, source: 'Ravi survey', apnField: 'PIN', ownerEmail: ravisEmail }, app.database)).alreadyStored).toBe(1);
    expect((await ravi.get('/api/gis/get_search_apn_details/?apn=ravi-1')).status).toBe(200);
    expect((await asha.get('/api/gis/get_search_apn_details/?apn=ravi-1')).status).toBe(404);
  });

  it('gives each parcel its buildable area: the area outside the flood zones and wetlands, overlaps counted once', async () => {
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc });
    const props = answer.body.features.map((f) => f.properties);
    const measured = (p: Props, criterion: string) => reasonOf(p, criterion)!.measured as number;
    // A parcel touching neither layer is buildable whole; one sharing a sliver under 0.005 % (which reads 0.00 %) keeps
    // all but the sliver.
    const clear = props.filter((p) => measured(p, 'flood') === 0 && measured(p, 'wetland') === 0);
    for (const p of clear) {
      expect(p.buildable_pct).toBe(100);
      expect(Math.abs(p.buildable_area_m2! - p.area_m2)).toBeLessThanOrEqual(p.area_m2 * 5e-5 + 0.1);
    }
    const untouched = clear.filter((p) => p.buildable_area_m2 === p.area_m2 && p.buildable_area_acres === p.area_acres);
    expect(untouched.length).toBeGreaterThan(1000);
    // A parcel partly in the flood zone (and in no wetland) keeps what the flood zone leaves.
    const flooded = props.filter((p) => measured(p, 'flood') > 5 && measured(p, 'flood') < 95 && measured(p, 'wetland') === 0);
    expect(flooded.length).toBeGreaterThan(5);
    for (const p of flooded) {
      expect(p.buildable_area_m2!).toBeLessThan(p.area_m2);
      expect(p.buildable_pct!).toBeCloseTo(100 - measured(p, 'flood'), 1);
      expect(p.buildable_area_m2!).toBeCloseTo((p.area_m2 * p.buildable_pct!) / 100, -1);
    }
    // Without an excluded layer among the criteria there is nothing to subtract, so the answer does not claim a figure.
    const areaOnly = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc, filters: { min_area_acres: 5 } });
    expect(areaOnly.body.features.every((f) => f.properties.buildable_area_m2 === null && f.properties.buildable_pct === null)).toBe(true);
  });

  it('subtracts ground two excluded layers share once (a protected layer drawn over the flood zones)', async () => {
    // The flood zones again as protected land (every feature, also the three the flood layer leaves out).
    const file = new URL('../../server/data/gis/dc/special-flood-hazard-areas.geojson', import.meta.url).pathname;
    const imported = await importFile({ file, source: 'Test copy of the flood zones', sourceDate: '2024-05-01', layer: 'protected', name: 'Flood zones as protected land', coverage: [-77.12, 38.79, -76.9, 39.0] }, app.database);
    expect(imported).toMatchObject({ kind: 'protected', refused: [] });
    const answer = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc, filters: { max_flood_overlap_pct: 0, max_protected_overlap_pct: 0 } });
    expect(answer.headers.get('x-cache')).toBe('miss');
    const both = answer.body.features.map((f) => f.properties).filter((p) => (reasonOf(p, 'flood')!.measured as number) > 1);
    expect(both.length).toBeGreaterThan(20);
    for (const p of both) {
      const flood = reasonOf(p, 'flood')!.measured as number;
      const protectedPct = reasonOf(p, 'protected')!.measured as number;
      expect(protectedPct).toBeGreaterThanOrEqual(flood - 0.01);
      // The protected copy holds every flood zone, so what is left is what the larger of the two leaves, not 100 − both.
      expect(p.buildable_pct!).toBeCloseTo(100 - protectedPct, 1);
      if (flood + protectedPct <= 100) expect(p.buildable_pct!).toBeGreaterThan(100 - flood - protectedPct);
    }
    const again = await asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { bbox: dc, filters: { max_flood_overlap_pct: 0, max_protected_overlap_pct: 0 } });
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.body.features.map((f) => f.properties.buildable_area_m2)).toEqual(answer.body.features.map((f) => f.properties.buildable_area_m2));
  });
});
