import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Position } from 'geojson';
import type { MapLayers } from '../../src/contract/screening-map.ts';
import { clipToBox } from '../../server/gis/map-layers-service.ts';
import type { FetchSources } from '../../server/gis/sources/types.ts';
import type { LayerRef } from '../../src/contract/gis.ts';
import { box, feature } from '../support/geojson-shapes.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Box = [number, number, number, number];
// Around PAR 01890022 on Benning Road, 60.3 % of it in the DC demo's flood zone AE.
const benning: Box = [-76.916, 38.888, -76.908, 38.894];

const positions = (value: unknown): Position[] => (typeof (value as Position)[0] === 'number' ? [value as Position] : (value as unknown[]).flatMap(positions));
const within = ([w, s, e, n]: Box) => (position: Position) => position[0]! >= w - 1e-9 && position[0]! <= e + 1e-9 && position[1]! >= s - 1e-9 && position[1]! <= n + 1e-9;

it('cuts polygons and lines to the box and drops what lies outside it', () => {
  const box: Box = [0, 0, 10, 10];
  const square = { type: 'Polygon' as const, coordinates: [[[5, 5], [15, 5], [15, 15], [5, 15], [5, 5]]] };
  const cut = clipToBox(square, box)!;
  expect(cut.type).toBe('Polygon');
  expect(positions((cut as typeof square).coordinates).every(within(box))).toBe(true);
  expect(clipToBox({ type: 'Polygon', coordinates: [[[20, 20], [30, 20], [30, 30], [20, 20]]] }, box)).toBeNull();
  const line = clipToBox({ type: 'LineString', coordinates: [[-5, 5], [5, 5], [5, 20]] }, box)!;
  expect(positions((line as { coordinates: Position[] }).coordinates)).toEqual([[0, 5], [5, 5], [5, 10]]);
  expect(clipToBox({ type: 'Point', coordinates: [3, 3] }, box)).toEqual({ type: 'Point', coordinates: [3, 3] });
  expect(clipToBox({ type: 'Point', coordinates: [30, 3] }, box)).toBeNull();
});

describeApi('screening map layers API', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  const layersIn = (client: HttpClient, box: Box | string) => client.get<MapLayers & { errors?: Record<string, string[]> }>(`/api/gis/map_layers/?bbox=${encodeURIComponent(String(box))}`);

  beforeAll(async () => {
    app = await startTestApp();
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  it('gives the shared flood and wetland layers inside the box, cut to it, with their source and date', async () => {
    const answer = await layersIn(asha, benning);
    expect(answer.status).toBe(200);
    expect(answer.body.bbox).toEqual(benning);
    const flood = answer.body.layers.find((layer) => layer.kind === 'flood')!;
    expect(flood).toMatchObject({ own: false, label: 'Flood zone', source_date: '2016-08-16', cut: null });
    expect(flood.attribution).toMatch(/Open Data DC/);
    expect(flood.shown).toBeGreaterThan(0);
    expect(flood.features.features).toHaveLength(flood.shown);
    expect(flood.features.features.flatMap((feature) => positions((feature.geometry as { coordinates: unknown }).coordinates)).every(within(benning))).toBe(true);
    expect(answer.body.layers.map((layer) => layer.kind).sort()).toEqual(['flood', 'wetland']);
  });

  it('draws nothing for a box too large, and says why; answers no layer where none reaches', async () => {
    const wide = (await layersIn(asha, [-77.2, 38.7, -76.6, 39.1])).body;
    expect(wide.layers.length).toBeGreaterThan(0);
    for (const layer of wide.layers) {
      expect(layer.shown).toBe(0);
      expect(layer.cut).toMatch(/^Zoom in/);
    }
    expect((await layersIn(asha, [73.0, 18.4, 73.1, 18.5])).body.layers).toEqual([]);
  });

  it("shows a planner's own layer to them alone", async () => {
    const setback = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'Homes on Benning Road' }, geometry: { type: 'Polygon', coordinates: [[[-76.913, 38.89], [-76.911, 38.89], [-76.911, 38.892], [-76.913, 38.892], [-76.913, 38.89]]] } }],
    };
    const form = new FormData();
    form.set('label', 'Setback from homes');
    form.set('file', new Blob([JSON.stringify(setback)], { type: 'application/geo+json' }), 'setback.geojson');
    expect((await asha.post('/api/gis/own_layers/upload/', form)).status).toBe(201);

    const own = (await layersIn(asha, benning)).body.layers.find((layer) => layer.own)!;
    expect(own).toMatchObject({ kind: 'setback_from_homes', label: 'Setback from homes', attribution: 'Your layer (setback.geojson)', in_view: 1, shown: 1 });
    expect((await layersIn(ravi, benning)).body.layers.some((layer) => layer.own || layer.kind === 'setback_from_homes')).toBe(false);
  });

  it('answers 400 with the field for a box it cannot read, and 401 without a login', async () => {
    for (const box of ['', '1,2,3', 'a,b,c,d', '10,0,5,5', '-77,38,-76,91', '1,2,3,4,5', '1e999,0,2,1']) {
      const refused = await layersIn(asha, box);
      expect(refused.status, box).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})[0], box).toMatch(/^bbox/);
    }
    expect((await asha.get('/api/gis/map_layers/')).status).toBe(400);
    expect((await fetch(`${app.baseUrl}/api/gis/map_layers/?bbox=${benning.join(',')}`)).status).toBe(401);
  });
});

describeApi('screening map layers from online sources', () => {
  let app: TestApp;
  let asha: HttpClient;
  const calls: Box[] = [];
  const flood: LayerRef = { id: 'source:fema-nfhl', kind: 'flood', name: 'FEMA National Flood Hazard Layer', source: 'FEMA (public domain)', source_date: '2024-03-01' };
  const wetland: LayerRef = { id: 'source:usfws-nwi', kind: 'wetland', name: 'USFWS National Wetlands Inventory', source: 'USFWS (public domain)', source_date: null };
  const slope: LayerRef = { id: 'source:usgs-3dep', kind: 'slope', name: 'USGS 3DEP', source: 'USGS (public domain)', source_date: null };
  // Near Greensboro, NC: a flood zone crossing the east edge of the box, the wetlands source down, the DEM down.
  const greensboro: Box = [-79.8, 36.0, -79.79, 36.01];
  const sources: FetchSources = Object.assign(
    async (bbox: Box) => {
      calls.push(bbox);
      return {
        layers: [{ kind: 'flood', ref: flood, coverage: bbox, features: [feature(box(-79.795, 36.002, -79.785, 36.004)), feature(box(-79.7, 36.2, -79.69, 36.21))] }],
        elevation: null,
        failures: [
          { kind: 'wetland', ref: wetland, reason: 'USFWS National Wetlands Inventory did not answer within 10 s' },
          { kind: 'slope', ref: slope, reason: 'USGS 3DEP did not answer within 10 s' },
        ],
      };
    },
    { vectorRefs: [flood, wetland] },
  );
  const layersIn = (box: Box) => asha.get<MapLayers>(`/api/gis/map_layers/?bbox=${box.join(',')}`);

  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false, screeningSources: sources } });
    [asha] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  it('draws an online layer cut to the box with its source, and names a source that failed', async () => {
    const answer = await layersIn(greensboro);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([greensboro]);
    const drawn = answer.body.layers.find((layer) => layer.id === flood.id)!;
    expect(drawn).toMatchObject({ kind: 'flood', label: 'Flood zone', own: false, attribution: 'FEMA (public domain)', source_date: '2024-03-01', in_view: 1, shown: 1, cut: null });
    expect(drawn.features.features.flatMap((f) => positions((f.geometry as { coordinates: unknown }).coordinates)).every(within(greensboro))).toBe(true);
    expect(answer.body.layers.find((layer) => layer.id === wetland.id)).toMatchObject({ shown: 0, cut: 'USFWS National Wetlands Inventory did not answer within 10 s' });
    // The elevation source has nothing to draw: its failure shows in the slope reasons of a screening, not as a layer.
    expect(answer.body.layers.some((layer) => layer.kind === 'slope')).toBe(false);
  });

  it('asks no source for a box too large for online layers, and lists them with a word to zoom in', async () => {
    calls.length = 0;
    const answer = await layersIn([-80.0, 36.0, -79.7, 36.2]);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([]);
    const online = answer.body.layers.filter((layer) => layer.id.startsWith('source:'));
    expect(online.map((layer) => layer.id)).toEqual([flood.id, wetland.id]);
    for (const layer of online) {
      expect(layer.shown).toBe(0);
      expect(layer.cut).toMatch(/^Zoom in/);
    }
  });
});
