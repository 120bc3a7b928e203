import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { geometryMessages } from '../../src/contract/gis.ts';
import type { Project, ProjectDetail } from '../../src/contract/projects.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

interface ParcelDetail {
  id: string;
  apn: string;
  area_acres: number;
  county: string;
  state: string;
  source: string;
  source_date: string | null;
  drawn: boolean;
  attributes: Record<string, unknown>;
  bbox: number[];
  center: { lat: number; lng: number };
  projects: { id: string; name: string }[];
}

interface Attached {
  project_id: string;
  parcel: { type: 'Feature'; id: string; geometry: unknown; properties: { apn: string; drawn: boolean; source: string; area_acres: number } };
}

const drawn = {
  type: 'Polygon',
  coordinates: [
    [
      [-77.0, 38.9],
      [-76.999, 38.9],
      [-76.999, 38.901],
      [-77.0, 38.901],
      [-77.0, 38.9],
    ],
  ],
};

describeApi('parcel API (new_apn, get_search_apn_details)', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let project: Project;
  beforeAll(async () => {
    // The default: the DC demo parcels are loaded into the empty store at start.
    app = await startTestApp();
    [asha, ravi] = await signedInPair(app);
    project = (await asha.post<Project>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.845, lng: -77.01 } })).body;
  });
  afterAll(() => app?.close());

  it('finds a DC parcel by its SSL however it is spaced or cased', async () => {
    const found = await asha.get<ParcelDetail>(`/api/gis/get_search_apn_details/?apn=${encodeURIComponent('par  02420088')}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ apn: 'PAR 02420088', county: 'District of Columbia', state: 'DC', source_date: '2016-08-16', drawn: false, projects: [] });
    expect(found.body.source).toContain('CC BY 4.0');
    // COMPUTED_AREA_SF 196,502.87 ft² = 4.511 acres (planar State Plane); the geodesic area agrees within 0.2 %.
    expect(found.body.area_acres).toBeCloseTo(196502.87 / 43560, 1);
    expect(found.body.attributes).toMatchObject({ SSL: 'PAR 02420088', LOT: '0088' });
    expect(found.body.center.lat).toBeGreaterThan(38.84);
    expect(found.body.bbox).toHaveLength(4);
    expect((await asha.get('/api/gis/get_search_apn_details/?apn=NOPE 123')).status).toBe(404);
    expect(await asha.get('/api/gis/get_search_apn_details/')).toMatchObject({ status: 400, body: { errors: { apn: [messages.required] } } });
    expect((await asha.get('/api/gis/get_search_apn_details/?apn=PAR%2002420088', { access: null })).status).toBe(401);
  });

  it('attaches a stored parcel to a project, once', async () => {
    const attached = await asha.post<Attached>('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 02420088' });
    expect(attached.status).toBe(201);
    expect(attached.body).toMatchObject({ project_id: project.id, parcel: { type: 'Feature', properties: { apn: 'PAR 02420088', drawn: false } } });
    const again = await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 02420088' });
    expect(again.status).toBe(409);
    const detail = await asha.get<ProjectDetail>(`/api/project/get/?id=${project.id}`);
    expect(detail.body.parcel_count).toBe(1);
    expect(detail.body.parcels.map((p) => p.apn)).toEqual(['PAR 02420088']);
    const search = await asha.get<ParcelDetail>('/api/gis/get_search_apn_details/?apn=PAR%2002420088');
    expect(search.body.projects).toEqual([{ id: project.id, name: 'Anacostia' }]);
    // Shared parcels can go into anyone's projects, but nobody sees anyone else's projects.
    const ravisProject = (await ravi.post<Project>('/api/project/create/', { name: 'Ravi site', location: { lat: 38.85, lng: -77 } })).body;
    expect((await ravi.post('/api/gis/new_apn/', { project_id: ravisProject.id, apn: 'PAR 02420088' })).status).toBe(201);
    expect((await ravi.get<ParcelDetail>('/api/gis/get_search_apn_details/?apn=PAR%2002420088')).body.projects).toEqual([{ id: ravisProject.id, name: 'Ravi site' }]);
    expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 99999999' })).status).toBe(404);
  });

  it('adds a drawn polygon under the id the user gives it, visible to that user only', async () => {
    const created = await asha.post<Attached>('/api/gis/new_apn/', { project_id: project.id, apn: 'Back field 1', geometry: drawn, land_use: 'Agricultural' });
    expect(created.status).toBe(201);
    expect(created.body.parcel.properties).toMatchObject({ apn: 'Back field 1', drawn: true, source: 'drawn' });
    // 0.001° x 0.001° at 38.9° N ≈ 86.6 m x 111.2 m ≈ 2.38 acres.
    expect(created.body.parcel.properties.area_acres).toBeCloseTo(2.38, 1);
    const duplicate = await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'back  FIELD 1', geometry: drawn });
    expect(duplicate.status).toBe(409);
    const second = (await asha.post<Project>('/api/project/create/', { name: 'Second', location: { lat: 38.9, lng: -77 } })).body;
    expect((await asha.post('/api/gis/new_apn/', { project_id: second.id, apn: 'back field 1' })).status).toBe(201);
    expect((await asha.get<ParcelDetail>('/api/gis/get_search_apn_details/?apn=Back%20field%201')).body.projects.map((p) => p.name).sort()).toEqual(['Anacostia', 'Second']);
    expect((await ravi.get('/api/gis/get_search_apn_details/?apn=Back%20field%201')).status).toBe(404);
    // A Feature is taken as its geometry, as drawing tools hand it over.
    const feature = await asha.post('/api/gis/new_apn/', { project_id: second.id, apn: 'Feature lot', geometry: { type: 'Feature', properties: {}, geometry: drawn } });
    expect(feature.status).toBe(201);
  });

  it('refuses bad input and other users’ projects', async () => {
    expect(await asha.post('/api/gis/new_apn/', {})).toMatchObject({ status: 400, body: { errors: { project_id: [messages.required], apn: [messages.required] } } });
    const point = await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'X', geometry: { type: 'Point', coordinates: [-77, 38.9] } });
    expect(point).toMatchObject({ status: 400, body: { errors: { geometry: [geometryMessages.shape] } } });
    const blank = await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { errors: { apn: [messages.notBlank] } } });
    expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'X', extra: true })).status).toBe(400);
    expect((await ravi.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 01140082' })).status).toBe(404);
    expect((await ravi.post('/api/gis/new_apn/', { project_id: 'not-a-uuid', apn: 'PAR 01140082' })).status).toBe(404);
    expect((await asha.get<ProjectDetail>(`/api/project/get/?id=${project.id}`)).body.parcels.map((p) => p.apn)).toEqual(['PAR 02420088', 'Back field 1']);
  });

  it('loads the demo only into an empty store', async () => {
    const second = await startTestApp({ database: app.database });
    try {
      const client = second.client();
      await signUpAndLogIn(second, client);
      expect((await client.get('/api/gis/get_search_apn_details/?apn=PAR%2002420088')).status).toBe(200);
    } finally {
      await second.close();
    }
    const [row] = await queryRows<{ parcels: number; layers: number }>(
      app.database,
      sql`select (select count(*)::int from parcels where owner_id is null) as parcels, (select count(*)::int from screening_layers) as layers`,
    );
    expect(row).toEqual({ parcels: 1258, layers: 2 });
  });
});
