import { afterAll, beforeAll, expect, it } from 'vitest';
import { criteriaMessages, type LayerRef, type Reason } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import type { Bbox } from '../../server/geo/geometry.ts';
import type { ElevationGrid, FetchedSources, FetchSources } from '../../server/gis/sources/types.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { box, feature } from '../support/geojson-shapes.ts';

interface Props {
  apn: string;
  verdict: 'pass' | 'fail' | 'unknown';
  reasons: Reason[];
  buildable_pct: number | null;
}
interface Collection {
  features: { properties: Props }[];
  summary: { pass: number; fail: number; unknown: number };
  layers: LayerRef[];
}


// Ground near Greensboro, NC: 0.01° square in 100 × 100 cells, flat west of -79.795 and rising 30 % to the east of it.
const demArea: Bbox = [-79.8, 36.0, -79.79, 36.01];
function elevation(): ElevationGrid {
  const values = new Float32Array(100 * 100);
  const [w, , e] = demArea;
  const cellM = ((e - w) / 100) * 111_195 * Math.cos((36.005 * Math.PI) / 180);
  for (let row = 0; row < 100; row++) for (let col = 0; col < 100; col++) values[row * 100 + col] = col < 50 ? 250 : 250 + 0.3 * (col - 49) * cellM;
  return { ref: { id: 'usgs-3dep', kind: 'slope', name: 'USGS 3DEP 1/3 arc-second', source: 'USGS 3DEP', source_date: '2023-06-01' }, bbox: demArea, width: 100, height: 100, values, noData: -999999 };
}

// Three drawn parcels: A and C on the flat ground, B across the break of slope; C half in a setback from homes, A
// partly in a flood zone.
const parcels = {
  'NC-A': box(-79.799, 36.004, -79.797, 36.006),
  'NC-B': box(-79.797, 36.004, -79.793, 36.006),
  'NC-C': box(-79.799, 36.001, -79.797, 36.003),
};

/**
 * Online sources as the engine sees them: fixed layers, an elevation grid and failures, answered as fresh objects on
 * every call (as a source reading its database cache would). The fetchers themselves are tested in screening-sources.
 */
function fakeSources() {
  const state = { floodDate: '2024-03-01', wetlandDown: false, calls: [] as Bbox[] };
  const fetch: FetchSources = async (bbox) => {
    state.calls.push(bbox);
    const answer: FetchedSources = {
      layers: [
        {
          kind: 'flood',
          ref: { id: 'fema-nfhl', kind: 'flood', name: 'FEMA National Flood Hazard Layer', source: 'FEMA NFHL', source_date: state.floodDate },
          coverage: bbox,
          features: [feature(box(-79.7995, 36.0055, -79.7975, 36.0065))],
        },
        {
          kind: 'setback_from_homes',
          ref: { id: 'county-setbacks', kind: 'setback_from_homes', name: 'Guilford County setbacks', source: 'Guilford County GIS', source_date: '2024-02-15' },
          coverage: bbox,
          features: [feature(box(-79.8, 36.0, -79.798, 36.0035))],
        },
      ],
      elevation: elevation(),
      failures: state.wetlandDown ? [{ kind: 'wetland', ref: { id: 'usfws-nwi', kind: 'wetland', name: 'USFWS National Wetlands Inventory', source: 'USFWS NWI', source_date: null }, reason: 'USFWS NWI did not answer within 10 s' }] : [],
    };
    return answer;
  };
  return { state, fetch };
}

const reasonOf = (props: Props, criterion: string) => props.reasons.find((reason) => reason.criterion === criterion)!;

describeApi('the screening engine: custom kinds, online sources and slope (get_reasoned_geo_json)', () => {
  let app: TestApp;
  let asha: HttpClient;
  let project: Project;
  const sources = fakeSources();
  const screen = (filters: Record<string, unknown>) => asha.post<Collection>('/api/gis/get_reasoned_geo_json/', { project_id: project.id, filters });
  const byApn = (collection: Collection) => Object.fromEntries(collection.features.map((f) => [f.properties.apn, f.properties]));

  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false, screeningSources: sources.fetch } });
    asha = app.client();
    await signUpAndLogIn(app, asha);
    project = (await asha.post<Project>('/api/project/create/', { name: 'Greensboro parcels', location: { lat: 36.004, lng: -79.796 } })).body;
    for (const [apn, geometry] of Object.entries(parcels)) expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn, geometry })).status).toBe(201);
  });
  afterAll(() => app?.close());

  it('fails a parcel on a custom kind’s layer, naming the layer, its source and date', async () => {
    const answer = await screen({ max_setback_from_homes_overlap_pct: 0 });
    expect(answer.status).toBe(200);
    const { 'NC-A': a, 'NC-B': b, 'NC-C': c } = byApn(answer.body);
    expect(reasonOf(c!, 'setback_from_homes')).toMatchObject({
      rule: 'Share of the parcel in "Setback from homes" at most 0%',
      verdict: 'fail',
      layer: { id: 'county-setbacks', source: 'Guilford County GIS', source_date: '2024-02-15' },
    });
    expect(reasonOf(c!, 'setback_from_homes').measured as number).toBeCloseTo(50, 0);
    expect(c!.buildable_pct!).toBeCloseTo(50, 0);
    expect([a!.verdict, b!.verdict]).toEqual(['pass', 'pass']);
    // The sources were asked for the parcels' area (with a margin), once per screening.
    const asked = sources.state.calls.at(-1)!;
    expect(asked[0]).toBeLessThan(-79.799);
    expect(asked[2]).toBeGreaterThan(-79.793);
    // A kind nobody has a layer of is not known, never passed.
    const none = await screen({ max_tribal_land_overlap_pct: 0 });
    for (const f of none.body.features) expect(reasonOf(f.properties, 'tribal_land')).toMatchObject({ verdict: 'unknown', layer: null, note: 'No tribal_land layer is loaded.' });
    expect(none.body.summary).toEqual({ pass: 0, fail: 0, unknown: 3 });
  });

  it('fails a parcel on steep ground with the share steeper than the limit, and takes it out of the buildable area', async () => {
    const answer = await screen({ max_slope_pct: 15 });
    const { 'NC-A': a, 'NC-B': b } = byApn(answer.body);
    const slope = reasonOf(b!, 'slope');
    expect(slope).toMatchObject({ rule: 'Share of the parcel steeper than 15% at most 0%', threshold: 0, unit: '%', verdict: 'fail', layer: { id: 'usgs-3dep', source: 'USGS 3DEP', source_date: '2023-06-01' } });
    expect(slope.measured as number).toBeGreaterThan(45);
    expect(slope.measured as number).toBeLessThan(55);
    expect(b!.buildable_pct!).toBeCloseTo(100 - (slope.measured as number), 1);
    expect(reasonOf(a!, 'slope')).toMatchObject({ verdict: 'pass', measured: 0 });
    expect(a!.buildable_pct).toBe(100);
    expect(answer.body.layers.map((layer) => layer.id).sort()).toEqual(['county-setbacks', 'fema-nfhl', 'usgs-3dep']);
    const lenient = await screen({ max_slope_pct: 15, max_steep_share_pct: 60 });
    expect(byApn(lenient.body)['NC-B']!.verdict).toBe('pass');
  });

  it('answers unknown with the reason of a source that failed, while the other criteria still pass or fail', async () => {
    sources.state.wetlandDown = true;
    try {
      const answer = await screen({ max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0, max_slope_pct: 15 });
      expect(answer.status).toBe(200);
      const { 'NC-A': a, 'NC-B': b, 'NC-C': c } = byApn(answer.body);
      for (const props of [a!, b!, c!]) {
        expect(reasonOf(props, 'wetland')).toMatchObject({ verdict: 'unknown', measured: null, layer: { id: 'usfws-nwi', name: 'USFWS National Wetlands Inventory' }, note: 'USFWS NWI did not answer within 10 s' });
      }
      expect(reasonOf(a!, 'flood')).toMatchObject({ verdict: 'fail', layer: { source: 'FEMA NFHL', source_date: '2024-03-01' } });
      expect(reasonOf(b!, 'slope').verdict).toBe('fail');
      expect(reasonOf(c!, 'flood').verdict).toBe('pass');
      expect([a!.verdict, b!.verdict, c!.verdict]).toEqual(['fail', 'fail', 'unknown']);
      expect(c!.buildable_pct).toBeNull();
    } finally {
      sources.state.wetlandDown = false;
    }
    // Back up: a new answer, not the cached one with the failure.
    const recovered = await screen({ max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0, max_slope_pct: 15 });
    expect(recovered.headers.get('x-cache')).toBe('miss');
    expect(reasonOf(byApn(recovered.body)['NC-C']!, 'wetland')).toMatchObject({ verdict: 'unknown', layer: null, note: 'No wetland layer is loaded.' });
  });

  it('keys the screening cache by what the sources answered: a refreshed source is screened again', async () => {
    const filters = { max_flood_overlap_pct: 10 };
    const first = await screen(filters);
    const again = await screen(filters);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.body).toEqual(first.body);
    sources.state.floodDate = '2024-09-01';
    const refreshed = await screen(filters);
    expect(refreshed.headers.get('x-cache')).toBe('miss');
    expect(reasonOf(byApn(refreshed.body)['NC-A']!, 'flood').layer).toMatchObject({ id: 'fema-nfhl', source_date: '2024-09-01' });
    expect((await screen(filters)).headers.get('x-cache')).toBe('hit');
  });

  it('counts a planner’s own layer of a kind with the online one, for its owner only', async () => {
    // Asha's own setback over the east half of parcel A, uploaded from the map screen.
    const form = new FormData();
    form.append('label', 'Setback from homes');
    const own = { type: 'FeatureCollection', features: [feature(box(-79.798, 36.0035, -79.7965, 36.0065))] };
    form.append('file', new Blob([JSON.stringify(own)]), 'elm-road.geojson');
    const uploaded = await asha.post<{ layer: { id: string; kind: string } }>('/api/gis/own_layers/upload/', form);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.layer.kind).toBe('setback_from_homes');
    const answer = await screen({ max_setback_from_homes_overlap_pct: 0 });
    const { 'NC-A': a, 'NC-C': c } = byApn(answer.body);
    expect(reasonOf(a!, 'setback_from_homes')).toMatchObject({ verdict: 'fail', layer: { id: uploaded.body.layer.id } });
    expect(reasonOf(a!, 'setback_from_homes').measured as number).toBeCloseTo(50, 0);
    expect(reasonOf(a!, 'setback_from_homes').layers!.map((layer) => layer.id).sort()).toEqual(['county-setbacks', uploaded.body.layer.id].sort());
    expect(reasonOf(c!, 'setback_from_homes')).toMatchObject({ verdict: 'fail', layer: { id: 'county-setbacks' } });
    // Ravi draws the same ground as his own parcel: Asha's layer is not his, so only the county's speaks.
    const ravi = app.client();
    await signUpAndLogIn(app, ravi);
    const his = (await ravi.post<Project>('/api/project/create/', { name: 'Ravi’s lot', location: { lat: 36.005, lng: -79.798 } })).body;
    expect((await ravi.post('/api/gis/new_apn/', { project_id: his.id, apn: 'NC-A', geometry: parcels['NC-A'] })).status).toBe(201);
    const hisAnswer = await ravi.post<Collection>('/api/gis/get_reasoned_geo_json/', { project_id: his.id, filters: { max_setback_from_homes_overlap_pct: 0 } });
    expect(reasonOf(hisAnswer.body.features[0]!.properties, 'setback_from_homes')).toMatchObject({ verdict: 'pass', measured: 0, layer: { id: 'county-setbacks' } });
    expect(hisAnswer.body.layers.map((layer) => layer.id)).not.toContain(uploaded.body.layer.id);
  });

  it('refuses bad criteria with field messages and changes nothing', async () => {
    const calls = sources.state.calls.length;
    expect(await screen({ max_grid_overlap_pct: 5 })).toMatchObject({ status: 400, body: { errors: { 'filters.max_grid_overlap_pct': ['The grid is screened by distance: use max_grid_distance_km.'] } } });
    expect(await screen({ max_steep_share_pct: 5 })).toMatchObject({ status: 400, body: { errors: { 'filters.max_steep_share_pct': ['Give the slope limit max_slope_pct with it.'] } } });
    expect(await screen({ 'max_Homes!_overlap_pct': 5 })).toMatchObject({ status: 400, body: { errors: { 'filters.max_Homes!_overlap_pct': [criteriaMessages.kind] } } });
    expect(await screen({ max_slope_pct: 'steep' })).toMatchObject({ status: 400, body: { errors: { 'filters.max_slope_pct': ['Must be a slope from 0 to 1000 %.'] } } });
    expect(sources.state.calls.length).toBe(calls);
  });
});
