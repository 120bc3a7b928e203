import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parcelImportMessages, ReasonedParcels, type ApnDetails, type Reason, type ScreenedParcel } from '../../src/contract/gis.ts';
import type { OwnLayerUploadAnswer } from '../../src/contract/own-layers.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { box } from '../support/geojson-shapes.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 43 item 4, "Screening says where it has data", over HTTP against the real app: the DC sample seeded (the
// default), SCREENING_SOURCES off (the default), one county parcel service configured near Greensboro, NC (never asked:
// screening only reads its coverage).

const reasoned = '/api/gis/get_reasoned_geo_json/';
const guilford = {
  id: 'guilford',
  name: 'Guilford County parcels',
  url: 'http://127.0.0.1:9/arcgis/rest/services/Parcels/MapServer',
  layer: '0',
  apn_field: 'PIN',
  licence: 'Public record',
  attribution: 'Guilford County GIS',
  bbox: [-80.05, 35.9, -79.53, 36.26],
};

function fileForm(content: string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  return form;
}

const featureCollection = (features: { properties: Record<string, unknown>; geometry: unknown }[]) => JSON.stringify({ type: 'FeatureCollection', features: features.map((f) => ({ type: 'Feature', ...f })) });
const reasonOf = (parcel: ScreenedParcel, criterion: string) => parcel.properties.reasons.find((reason) => reason.criterion === criterion) as Reason;

describeApi('screening says where it has data (issue 43)', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let mina: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ env: { PARCEL_SERVICES: JSON.stringify([guilford]) } });
    [asha, ravi] = await signedInPair(app);
    mina = app.client();
    await signUpAndLogIn(app, mina);
  });
  afterAll(() => app?.close());

  const screen = async (client: HttpClient, body: Record<string, unknown>) => {
    const answer = await client.post<ReasonedParcels>(reasoned, body);
    expect(answer.status).toBe(200);
    assert(answer.body, ReasonedParcels);
    return answer.body;
  };
  const create = async (client: HttpClient, project: Record<string, unknown>) => {
    const answer = await client.post<Project>('/api/project/create/', project);
    expect(answer.status).toBe(201);
    return answer.body;
  };

  it('says no parcel, parcel service, layer or source covers a boundary drawn outside the DC sample', async () => {
    const boundary = box(73.1, 26.1, 73.12, 26.12);
    const project = await create(asha, { name: 'Jodhpur east', location: { lat: 26.11, lng: 73.11 }, boundary });
    const answer = await screen(asha, { project_id: project.id });
    expect(answer.screened).toBe(0);
    expect(answer.coverage).toEqual({ bbox: [73.1, 26.1, 73.12, 26.12], parcels: false, parcel_services: [], layers: [], sources: [] });
    // The visible map area there: the same.
    expect((await screen(asha, { bbox: [73.0, 26.0, 73.2, 26.2] })).coverage).toEqual({ bbox: [73.0, 26.0, 73.2, 26.2], parcels: false, parcel_services: [], layers: [], sources: [] });
  });

  it('looks within 2 km of a project without boundary or parcels, and finds the DC sample and its layers in DC', async () => {
    const jodhpur = await create(asha, { name: 'Jodhpur west', location: { lat: 26.2, lng: 73.2 } });
    const around = (await screen(asha, { project_id: jodhpur.id })).coverage!;
    expect(around).toMatchObject({ parcels: false, layers: [] });
    const [w, s, e, n] = around.bbox!;
    expect([w < 73.2 && 73.2 < e, s < 26.2 && 26.2 < n]).toEqual([true, true]);
    expect(n - s).toBeCloseTo(4 / 110.574, 6);

    // Beside PAR 02420088 in Anacostia: the sample's parcels and its flood and wetland layers.
    const anacostia = await create(asha, { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    const dc = await screen(asha, { project_id: anacostia.id });
    expect(dc.screened).toBe(0);
    expect(dc.coverage).toMatchObject({ parcels: true, parcel_services: [], sources: [] });
    expect(dc.coverage!.layers.map((layer) => layer.kind).sort()).toEqual(['flood', 'wetland']);
  });

  it('names the parcel services covering the place', async () => {
    const greensboro = await create(asha, { name: 'Horsepen Creek', location: { lat: 36.122, lng: -79.927 } });
    expect((await screen(asha, { project_id: greensboro.id })).coverage).toMatchObject({ parcels: false, parcel_services: ['Guilford County parcels'], layers: [] });
  });

  it('fails a parcel on the shape of an uploaded flood layer over it, whatever area the layer is taken to cover', async () => {
    const layer = await ravi.post<OwnLayerUploadAnswer>(
      '/api/gis/own_layers/upload/',
      fileForm(featureCollection([{ properties: { ZONE: 'AE' }, geometry: box(73.0, 26.0, 73.004, 26.004) }]), 'river-flood.geojson', { kind: 'flood' }),
    );
    expect(layer.status).toBe(201);
    expect(layer.body.layer.bbox).toEqual([73.0, 26.0, 73.004, 26.004]);
    const project = await create(ravi, { name: 'River plots', location: { lat: 26.0015, lng: 73.003 } });
    const draw = async (apn: string, geometry: unknown) => expect((await ravi.post('/api/gis/new_apn/', { project_id: project.id, apn, geometry })).status).toBe(201);
    // Its east half beyond the layer's extent, its west half in the zone.
    await draw('Straddling', box(73.002, 26.001, 73.006, 26.002));
    await draw('Beside', box(73.005, 26.001, 73.006, 26.002));
    const answer = await screen(ravi, { project_id: project.id });
    const byApn = new Map(answer.features.map((feature) => [feature.properties.apn, feature]));
    const area = 'the area this layer is taken to cover (longitude 73 to 73.004, latitude 26 to 26.004)';
    expect(byApn.get('Straddling')!.properties.verdict).toBe('fail');
    expect(reasonOf(byApn.get('Straddling')!, 'flood')).toMatchObject({
      verdict: 'fail',
      measured: 50,
      layer: { id: layer.body.layer.id },
      note: `50% of the parcel lies outside ${area}: at least 50% of the parcel lies in a flood zone.`,
    });
    // Beyond every flood layer's area, the note names each (the DC sample's too).
    expect(reasonOf(byApn.get('Beside')!, 'flood')).toMatchObject({ verdict: 'unknown', measured: null });
    expect(reasonOf(byApn.get('Beside')!, 'flood').note).toMatch(/^The parcel lies outside the areas these layers are taken to cover \(river-flood\.geojson: longitude 73 to 73\.004, latitude 26 to 26\.004; DC special flood hazard areas/);

    expect(answer.coverage!.layers.map((ref) => ref.id)).toContain(layer.body.layer.id);

    // A limit the unknown half could still break leaves it unknown, with the share found.
    const lenient = await screen(ravi, { project_id: project.id, filters: { max_flood_overlap_pct: 60 } });
    const straddling = lenient.features.find((feature) => feature.properties.apn === 'Straddling')!;
    expect(reasonOf(straddling, 'flood')).toMatchObject({ verdict: 'unknown', measured: 50 });
    expect(reasonOf(straddling, 'flood').note).toContain(`50% of the parcel lies outside ${area}`);
  });

  it('keeps the land use of imported parcels from the property named, and screens on it', async () => {
    const project = await create(mina, { name: 'Mandore', location: { lat: 26.305, lng: 73.305 } });
    const file = featureCollection([
      { properties: { PIN: 'MND-1', LAND_USE: 'Agricultural' }, geometry: box(73.3, 26.3, 73.302, 26.302) },
      { properties: { PIN: 'MND-2', LAND_USE: 'Residential' }, geometry: box(73.303, 26.3, 73.305, 26.302) },
      { properties: { PIN: 'MND-3' }, geometry: box(73.306, 26.3, 73.308, 26.302) },
    ]);
    const parcelCount = async () => (await screen(mina, { bbox: [73.29, 26.29, 73.31, 26.31] })).screened;

    // A property no parcel has is refused, and nothing is stored.
    const wrong = await mina.post<{ errors: Record<string, string[]> }>('/api/gis/parcels/import/', fileForm(file, 'mandore.geojson', { project_id: project.id, apn_field: 'PIN', land_use_field: 'LANDUSE' }));
    expect(wrong).toMatchObject({ status: 400, body: { errors: { land_use_field: [parcelImportMessages.noLandUseField('LANDUSE')] } } });
    expect(await parcelCount()).toBe(0);

    const imported = await mina.post('/api/gis/parcels/import/', fileForm(file, 'mandore.geojson', { project_id: project.id, apn_field: 'PIN', land_use_field: 'LAND_USE' }));
    expect(imported).toMatchObject({ status: 200, body: { imported: 3, attached: 3, refused: [] } });
    expect((await mina.get<ApnDetails>('/api/gis/get_search_apn_details/?apn=MND-1')).body).toMatchObject({ land_use: 'Agricultural', attributes: { LAND_USE: 'Agricultural' } });

    const answer = await screen(mina, { project_id: project.id, filters: { land_use: ['agricultural'] } });
    const verdicts = Object.fromEntries(answer.features.map((feature) => [feature.properties.apn, [reasonOf(feature, 'land_use').verdict, reasonOf(feature, 'land_use').measured]]));
    expect(verdicts).toEqual({ 'MND-1': ['pass', 'Agricultural'], 'MND-2': ['fail', 'Residential'], 'MND-3': ['unknown', null] });
    // The project's parcels are there now; no layer covers them.
    expect(answer.coverage).toMatchObject({ parcels: true, layers: [] });
  });
});
