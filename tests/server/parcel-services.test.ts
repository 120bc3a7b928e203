import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { onlineApnMessage } from '../../server/gis/sources/parcel-services.ts';
import type { Infer } from 'superstruct';
import type { ApnDetails, NewApnAnswer, ParcelServiceList, ReasonedParcels } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { countyParcels, greensboroParcels, parcelPoints, startGisStandIn, type GisStandIn, type StandInService } from '../support/gis-stand-ins.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

const search = (apn: string, projectId?: string) => `/api/gis/get_search_apn_details/?apn=${encodeURIComponent(apn)}${projectId ? `&project_id=${projectId}` : ''}`;
const at = ({ lng, lat }: { lng: number; lat: number }) => `/api/gis/parcel_at/?lng=${lng}&lat=${lat}`;
const guilfordSource = 'Guilford County parcels: Guilford County GIS (Public record, free to use with attribution)';

describeApi('parcels from county parcel services (PARCEL_SERVICES at the stand-ins)', () => {
  let standIn: GisStandIn;
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let greensboro: Project;
  let durham: Project;
  let dc: Project;
  const queries = (service: StandInService) => standIn.requests.filter((r) => r.service === service && r.url.pathname.endsWith('/query'));
  const parcelRows = (apn: string) => queryRows<{ owner_id: string | null; address: string; source: string }>(app.database, sql`select owner_id, address, source from parcels where apn = ${apn}`);

  beforeAll(async () => {
    standIn = await startGisStandIn();
    // Guilford's service gives up after 2 s, so the slow case is quick; flood from the NFHL stand-in to screen with.
    const services = standIn.parcelServices().map((service) => (service.id === 'guilford' ? { ...service, timeout_s: 2 } : service));
    const flood = standIn.sources().filter((source) => source.id === 'fema-nfhl');
    // The DC sample is seeded (the default), so the spec'd DC answers are checked with services on.
    app = await startTestApp({ env: { PARCEL_SERVICES: JSON.stringify(services), SCREENING_SOURCES: JSON.stringify(flood) } });
    [asha, ravi] = await signedInPair(app);
    greensboro = (await asha.post<Project>('/api/project/create/', { name: 'Horsepen Creek', location: { lat: 36.122, lng: -79.927 } })).body;
    durham = (await asha.post<Project>('/api/project/create/', { name: 'Ellis Road', location: { lat: 35.992, lng: -78.9025 } })).body;
    dc = (await asha.post<Project>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.845, lng: -77.01 } })).body;
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    for (const service of ['guilford', 'durham', 'nfhl'] as const) standIn.set(service, { mode: 'ok' });
  });

  it('lists the configured services with their terms and coverage', async () => {
    const list = await asha.get<ParcelServiceList>('/api/gis/parcel_services/');
    expect(list.status).toBe(200);
    expect(list.body.services).toEqual([
      { id: 'guilford', name: 'Guilford County parcels', attribution: 'Guilford County GIS', licence: 'Public record, free to use with attribution', county: 'Guilford County', state: 'NC', bbox: [-80.05, 35.9, -79.53, 36.26] },
      { id: 'durham', name: 'Durham County parcels', attribution: 'Durham County GIS', licence: 'Public record', county: 'Durham County', state: 'NC', bbox: [-79.02, 35.86, -78.7, 36.24] },
    ]);
    expect((await asha.get('/api/gis/parcel_services/', { access: null })).status).toBe(401);
  });

  it('finds a Guilford parcel by APN through the county service of the project, saying which service answered, and stores nothing', async () => {
    const before = standIn.count();
    const found = await asha.get<ApnDetails>(search(countyParcels.west.PIN, greensboro.id));
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({
      apn: '7864551234',
      owner_name: 'HOLT FAMILY FARMS LLC',
      address: '5200 HORSEPEN CREEK RD',
      land_use: 'AGRICULTURAL',
      county: 'Guilford County',
      state: 'NC',
      source: guilfordSource,
      // The layer's editingInfo.dataLastEditDate.
      source_date: '2026-10-14',
      drawn: false,
      projects: [],
      service: { id: 'guilford', name: 'Guilford County parcels', attribution: 'Guilford County GIS', licence: 'Public record, free to use with attribution' },
      geometry: greensboroParcels.west,
      bbox: [-79.935, 36.12, -79.93, 36.124],
    });
    // Measured on the geometry, as imported parcels are; the county's deeded acres are kept among the attributes.
    expect(found.body.area_acres).toBeCloseTo(49.4, 0);
    expect(found.body.attributes).toMatchObject({ PIN: '7864551234', DEED_ACRES: 49.1 });
    // One where clause on the APN field, no geometry, the configured fields; GeoJSON, as the layer offers it.
    const [query] = queries('guilford').slice(-1);
    expect(Object.fromEntries(query!.url.searchParams)).toMatchObject({ where: "PIN = '7864551234'", outFields: 'PIN,OWNER_NAME,SITE_ADDRESS,LAND_USE,DEED_ACRES', f: 'geojson', outSR: '4326' });
    expect(query!.url.searchParams.has('geometry')).toBe(false);
    // Only the service covering the project was asked.
    expect(standIn.requests.slice(before).every((r) => r.service === 'guilford')).toBe(true);
    expect(await parcelRows('7864551234')).toEqual([]);
  });

  it('joins a parcel the layer holds in two features, paging through them', async () => {
    const asked = queries('guilford').length;
    const found = await asha.get<ApnDetails>(search(countyParcels.split.PIN, greensboro.id));
    expect(found.status).toBe(200);
    expect(found.body.geometry).toMatchObject({ type: 'MultiPolygon' });
    expect((found.body.geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
    // One record a page: two pages.
    expect(queries('guilford').slice(asked).map((r) => r.url.searchParams.get('resultOffset'))).toEqual(['0', '1']);
  });

  it('reads an Esri-JSON-only county server, asked only for the project it covers', async () => {
    const guilfordAsked = standIn.count('guilford');
    const found = await asha.get<ApnDetails>(search(' 0821-45-6789 ', durham.id));
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ apn: '0821-45-6789', owner_name: 'BULL CITY SOLAR LLC', address: '1400 ELLIS RD', county: 'Durham County', service: { id: 'durham' } });
    expect(found.body.geometry).toEqual({ type: 'Polygon', coordinates: [[[-78.905, 35.99], [-78.9, 35.99], [-78.9, 35.994], [-78.905, 35.994], [-78.905, 35.99]]] });
    expect(queries('durham').at(-1)!.url.searchParams.get('f')).toBe('json');
    expect(standIn.count('guilford')).toBe(guilfordAsked);
  });

  it('answers 404 naming where it looked for a number no service has', async () => {
    const missing = await asha.get(search('7864000000', greensboro.id));
    expect(missing).toMatchObject({ status: 404, body: { detail: 'No parcel with this APN in the parcel store or Guilford County parcels.' } });
    const attach = await asha.post('/api/gis/new_apn/', { project_id: greensboro.id, apn: '7864000000' });
    expect(attach).toMatchObject({ status: 404, body: { detail: 'No parcel with this APN in the parcel store or Guilford County parcels. Check the number, or draw the parcel on the map to add it.' } });
  });

  it('refuses hostile APN strings with a field message before any service is asked', async () => {
    const before = standIn.count();
    for (const apn of ["7864551234' OR '1'='1", "x'); DELETE FROM parcels; --", '7864%', '(SELECT 1)', '7864551234"']) {
      expect(await asha.get(search(apn, greensboro.id)), apn).toMatchObject({ status: 400, body: { errors: { apn: [onlineApnMessage] } } });
      expect(await asha.post('/api/gis/new_apn/', { project_id: greensboro.id, apn }), apn).toMatchObject({ status: 400, body: { errors: { apn: [onlineApnMessage] } } });
    }
    expect(standIn.count()).toBe(before);
  });

  it('keeps the spec\'d DC answers: the store answers first, and a DC project asks no county', async () => {
    const before = standIn.count();
    const found = await asha.get<ApnDetails>(search('par 02420088', dc.id));
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ apn: 'PAR 02420088', county: 'District of Columbia', address: '', projects: [] });
    expect(found.body.service).toBeUndefined();
    expect(await asha.get(search('NOPE 123', dc.id))).toMatchObject({ status: 404, body: { detail: 'No parcel with this APN in the parcel store.' } });
    expect(await asha.get(search('NOPE 123'))).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(standIn.count()).toBe(before);
  });

  it('finds the parcel under a clicked point, with a point query', async () => {
    const found = await asha.get<ApnDetails>(at(parcelPoints.west));
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ apn: '7864551234', service: { id: 'guilford' }, projects: [] });
    const params = Object.fromEntries(queries('guilford').at(-1)!.url.searchParams);
    expect(params).toMatchObject({ geometry: '-79.9325,36.122', geometryType: 'esriGeometryPoint', inSR: '4326', spatialRel: 'esriSpatialRelIntersects', where: '1=1' });
    expect((await asha.get<ApnDetails>(at(parcelPoints.durham))).body).toMatchObject({ apn: '0821-45-6789', service: { id: 'durham' } });

    expect(await asha.get(at(parcelPoints.empty))).toMatchObject({ status: 404, body: { detail: 'No parcel here in the parcel store or Guilford County parcels.' } });
    const before = standIn.count();
    expect(await asha.get(at({ lng: 2.35, lat: 48.85 }))).toMatchObject({ status: 404, body: { detail: 'No parcel here in the parcel store, and no parcel service covers this place.' } });
    expect(standIn.count()).toBe(before);
    expect(await asha.get('/api/gis/parcel_at/?lng=200&lat=x')).toMatchObject({ status: 400, body: { errors: { lng: ['Longitude must be between -180 and 180.'], lat: ['Latitude must be between -90 and 90.'] } } });
  });

  it('attaches an online parcel, stored as the user\'s own with its source, and screens it like any parcel', async () => {
    const attached = await asha.post<Infer<typeof NewApnAnswer>>('/api/gis/new_apn/', { project_id: greensboro.id, apn: countyParcels.west.PIN });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect(attached.body.parcel.properties).toMatchObject({ apn: '7864551234', source: guilfordSource, source_date: '2026-10-14', drawn: false, owner_name: 'HOLT FAMILY FARMS LLC', land_use: 'AGRICULTURAL' });
    const [row] = await parcelRows('7864551234');
    expect(row).toMatchObject({ address: '5200 HORSEPEN CREEK RD', source: guilfordSource });
    expect(row!.owner_id).not.toBeNull();
    expect((await asha.post('/api/gis/new_apn/', { project_id: greensboro.id, apn: '7864551234' })).status).toBe(409);

    // From now on the store answers, the service is not asked.
    const asked = standIn.count('guilford');
    const stored = await asha.get<ApnDetails>(search('7864551234', greensboro.id));
    expect(stored.body).toMatchObject({ id: attached.body.parcel.id, projects: [{ id: greensboro.id, name: 'Horsepen Creek' }], address: '5200 HORSEPEN CREEK RD' });
    expect(stored.body.service).toBeUndefined();
    expect((await asha.get<ApnDetails>(at(parcelPoints.west))).body).toMatchObject({ id: attached.body.parcel.id });
    expect(standIn.count('guilford')).toBe(asked);

    const screened = await asha.post<ReasonedParcels>('/api/gis/get_reasoned_geo_json/', { project_id: greensboro.id, filters: { max_flood_overlap_pct: 0, land_use: ['Agricultural'] } });
    expect(screened.status).toBe(200);
    const reasons = Object.fromEntries(screened.body.features[0]!.properties.reasons.map((reason) => [reason.criterion, reason]));
    expect(screened.body.features.map((f) => f.properties.apn)).toEqual(['7864551234']);
    expect(reasons.flood).toMatchObject({ verdict: 'fail', layer: { id: 'source:fema-nfhl' } });
    expect(reasons.land_use).toMatchObject({ verdict: 'pass' });
  });

  it('never shows one user\'s stored online parcel to another', async () => {
    const mine = (await asha.get<ApnDetails>(search('7864551234', greensboro.id))).body;
    expect(mine.service).toBeUndefined();
    expect((await ravi.get(search('7864551234'))).status).toBe(404);
    expect((await ravi.get(search('7864551234', greensboro.id))).status).toBe(404);
    expect((await ravi.post('/api/gis/new_apn/', { project_id: greensboro.id, apn: '7864551234' })).status).toBe(404);
    // Ravi sees the county's public record, not Asha's row.
    const theirs = await ravi.get<ApnDetails>(at(parcelPoints.west));
    expect(theirs.body).toMatchObject({ apn: '7864551234', service: { id: 'guilford' }, projects: [] });
    expect(theirs.body.id).not.toBe(mine.id);
  });

  it('says which service failed or was slow, as a 502 or 503, and changes nothing', async () => {
    const count = async () => (await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from parcels where apn = ${countyParcels.east.PIN}`))[0]!.n;
    standIn.set('guilford', { mode: 'fail', status: 503 });
    const down = await asha.get(search(countyParcels.east.PIN, greensboro.id));
    expect(down).toMatchObject({ status: 502, body: { detail: 'Guilford County parcels answered 503. The parcel could not be looked up: try again later, or import it from a file.' } });
    expect((await asha.post('/api/gis/new_apn/', { project_id: greensboro.id, apn: countyParcels.east.PIN })).status).toBe(502);
    standIn.set('guilford', { mode: 'garbage' });
    const garbage = await asha.get<{ detail: string }>(at({ lng: -79.9225, lat: 36.122 }));
    expect(garbage.status).toBe(502);
    expect(garbage.body.detail).toMatch(/^Guilford County parcels answered with something that is not JSON \(text\/html\)\./);
    standIn.set('guilford', { mode: 'slow', ms: 5000 });
    const slow = await asha.post('/api/gis/new_apn/', { project_id: greensboro.id, apn: countyParcels.east.PIN });
    expect(slow).toMatchObject({ status: 503, body: { detail: 'Guilford County parcels did not answer within 2 s. The parcel could not be looked up: try again later, or import it from a file.' } });
    expect(await count()).toBe(0);
    const detail = await asha.get<ApnDetails>(`/api/project/get/?id=${greensboro.id}`);
    expect(detail.body).toMatchObject({ parcel_count: 1 });
  });
});

describeApi('parcel look-ups with PARCEL_SERVICES off (the default)', () => {
  let standIn: GisStandIn;
  let app: TestApp;
  beforeAll(async () => {
    standIn = await startGisStandIn();
    app = await startTestApp({ deps: { seedDemoData: false } });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  it('lists no service, looks only in the store and asks nothing', async () => {
    const client = app.client();
    await signUpAndLogIn(app, client);
    const project = (await client.post<Project>('/api/project/create/', { name: 'Horsepen Creek', location: { lat: 36.122, lng: -79.927 } })).body;
    expect((await client.get<ParcelServiceList>('/api/gis/parcel_services/')).body).toEqual({ services: [] });
    expect(await client.get(search(countyParcels.west.PIN, project.id))).toMatchObject({ status: 404, body: { detail: 'No parcel with this APN in the parcel store.' } });
    // Without services an APN is only looked up in the store, so any text is a number to look for.
    expect((await client.get(search("7864' OR '1'='1", project.id))).status).toBe(404);
    expect(await client.post('/api/gis/new_apn/', { project_id: project.id, apn: countyParcels.west.PIN })).toMatchObject({ status: 404, body: { detail: 'No parcel with this APN in the parcel store. Draw it on the map to add it.' } });
    expect(await client.get(at(parcelPoints.west))).toMatchObject({ status: 404, body: { detail: 'No parcel here in the parcel store, and no parcel service covers this place.' } });
    expect(standIn.count()).toBe(0);
  });
});
