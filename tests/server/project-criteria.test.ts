import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeasibilityStudy, ProjectSizingArea } from '../../src/contract/feasibility.ts';
import type { ReasonedParcels } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { meansAt } from '../solar/monthly-means.ts';
import type { ProjectCriteria } from '../../src/contract/screening-map.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pageText } from '../support/pdf-text.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const path = '/api/project/screening_criteria/';
const flat = (text: string) => text.replace(/\s*\n\s*/g, ' ');

describeApi('project screening criteria API', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let project: Project;
  const read = (client: HttpClient, id: string) => client.get<ProjectCriteria & { errors?: Record<string, string[]> }>(`${path}?id=${encodeURIComponent(id)}`);
  const save = (client: HttpClient, body: unknown) => client.request<ProjectCriteria & { errors?: Record<string, string[]> }>('PUT', path, body as Record<string, unknown>);
  // Lines wrap where the page ends them: compare the text with its line breaks as spaces.
  const report = async (id: string) =>
    flat(pageText(Buffer.from(await (await fetch(`${app.baseUrl}/api/project/report/?id=${id}`, { headers: { authorization: `Bearer ${asha.access}` } })).arrayBuffer())));

  beforeAll(async () => {
    app = await startTestApp();
    [asha, ravi] = await signedInPair(app);
    // PAR 01890022 is 60.3 % in flood zone AE; PAR 02420088 touches no flood zone or wetland.
    project = (await asha.post<Project>('/api/project/create/', { name: 'Benning Road Solar', location: { lat: 38.8911, lng: -76.9123 }, country: 'US' })).body;
    for (const apn of ['PAR 01890022', 'PAR 02420088']) expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn })).status).toBe(201);
  });
  afterAll(() => app?.close());

  it('answers the defaults, marked as not saved, for a project whose criteria were never saved', async () => {
    const answer = await read(asha, project.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: project.id, criteria: { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 }, saved: false });
    const text = await report(project.id);
    expect(text).toContain('Criteria: the defaults (none saved on the map screen) Largest share in a flood zone: 0 %; Largest share in wetlands: 0 %.');
    expect(text).toContain('(attached or inside the boundary): 2 (1 suitable)');
  });

  it('keeps the criteria saved, reads them back, and the report screens with them and says so', async () => {
    const criteria = { max_flood_overlap_pct: '70', max_wetland_overlap_pct: 0, min_area_acres: 4, land_use: undefined };
    const saved = await save(asha, { id: project.id, criteria });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ id: project.id, criteria: { max_flood_overlap_pct: 70, max_wetland_overlap_pct: 0, min_area_acres: 4 }, saved: true });
    expect((await read(asha, project.id)).body).toEqual(saved.body);
    const text = await report(project.id);
    expect(text).toContain('Criteria saved for this project on its map screen Minimum area: 4 acres; Largest share in a flood zone: 70 %; Largest share in wetlands: 0 %.');
    // 60.3 % in a flood zone is within 70 %: both parcels pass now.
    expect(text).toContain('(attached or inside the boundary): 2 (2 suitable)');
    expect(text).toContain('PAR 01890022  -  5.57 acres  -  suitable');
  });

  it('answers 400 with field messages and changes nothing for criteria the contract refuses', async () => {
    const before = (await read(asha, project.id)).body;
    const refused = await save(asha, { id: project.id, criteria: { max_flood_overlap_pct: 120, max_grid_distance_km: 'far', surprise: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      'criteria.max_flood_overlap_pct': ['Must be a percentage from 0 to 100.'],
      'criteria.max_grid_distance_km': [expect.any(String)],
      'criteria.surprise': [expect.any(String)],
    });
    for (const body of [{ id: project.id }, { criteria: {} }, { id: project.id, criteria: { land_use: [] } }, { id: project.id, criteria: 'none' }, []]) expect((await save(asha, body)).status).toBe(400);
    expect((await read(asha, project.id)).body).toEqual(before);
  });

  it("answers 404 for another user's project and for unknown or malformed ids, and 401 without a login", async () => {
    expect((await read(ravi, project.id)).status).toBe(404);
    expect((await save(ravi, { id: project.id, criteria: { max_flood_overlap_pct: 100 } })).status).toBe(404);
    expect((await read(asha, project.id)).body.criteria.max_flood_overlap_pct).toBe(70);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await read(asha, id)).status).toBe(404);
      expect((await save(asha, { id, criteria: {} })).status).toBe(404);
    }
    expect((await asha.get(path)).status).toBe(400);
    expect((await read(asha, project.id)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}${path}?id=${project.id}`)).status).toBe(401);
  });

  it('reads criteria saved with nothing checked as the defaults screening applies', async () => {
    const cleared = await save(asha, { id: project.id, criteria: {} });
    expect(cleared.body).toEqual({ id: project.id, criteria: { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 }, saved: true });
  });

  describe('sizing a study on the buildable land of the passing parcels', () => {
    // A 1 km × 1.1 km boundary on Benning Road (about 96 ha) holding DC parcels, two of them attached.
    const boundary = { type: 'Polygon', coordinates: [[[-76.918, 38.887], [-76.906, 38.887], [-76.906, 38.897], [-76.918, 38.897], [-76.918, 38.887]]] };
    let site: Project;
    const sizingArea = (client: HttpClient, id: string) => client.get<ProjectSizingArea>(`/api/project/sizing_area/?id=${id}`);
    const means = meansAt(38.89, -76.91, 0.5, 14);
    const createStudy = (body: Record<string, unknown> = {}) =>
      asha.post<FeasibilityStudy>('/api/project/feasibility/create/', { project_id: site.id, weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC }, ...body });
    /** What the map screen shows for the project's parcels under its criteria: the passing parcels' buildable land. */
    const passingBuildable = async () => {
      const criteria = (await read(asha, site.id)).body.criteria;
      const screened = (await asha.post<ReasonedParcels>('/api/gis/get_reasoned_geo_json/', { project_id: site.id, filters: criteria })).body;
      const passing = screened.features.filter((feature) => feature.properties.verdict === 'pass');
      return { parcels: passing.length, m2: passing.reduce((sum, feature) => sum + (feature.properties.buildable_area_m2 ?? feature.properties.area_m2), 0) };
    };

    beforeAll(async () => {
      site = (await asha.post<Project>('/api/project/create/', { name: 'Benning sizing', location: { lat: 38.892, lng: -76.912 }, boundary, country: 'US' })).body;
      for (const apn of ['PAR 01890022', 'PAR 02420088']) expect((await asha.post('/api/gis/new_apn/', { project_id: site.id, apn })).status).toBe(201);
    });

    it('answers the passing parcels\' buildable land, far below the boundary, and a new study is sized on it', async () => {
      const expected = await passingBuildable();
      expect(expected.parcels).toBeGreaterThan(0);
      const answer = (await sizingArea(asha, site.id)).body;
      expect(answer).toMatchObject({ id: site.id, source: 'parcels', parcels: expected.parcels, criteria_saved: false });
      expect(answer.area_m2).toBeCloseTo(expected.m2, 3);
      expect(answer.area_m2!).toBeLessThan(site.area!.m2 / 5);
      expect(answer.boundary_area_m2).toBeCloseTo(site.area!.m2, 0);

      const study = await createStudy();
      expect(study.status, JSON.stringify(study.body)).toBe(201);
      expect(study.body.sizing).toMatchObject({ area_source: 'parcels', parcels: expected.parcels });
      expect(study.body.sizing!.area_m2).toBeCloseTo(expected.m2, 3);
      const { sizing } = study.body;
      expect(sizing!.dc_kw).toBeCloseTo(Math.round(((sizing!.area_m2 * 0.85 * sizing!.gcr * sizing!.module_w_per_m2) / 1000) * 10) / 10, 5);
      const energy = await asha.get<{ energy: { notes: string[] } }>(`/api/project/feasibility/energy_production/get/?id=${study.body.id}`);
      expect(energy.body.energy.notes.some((note) => note.startsWith(`Sized from the buildable land of ${expected.parcels} `))).toBe(true);

      const onBoundary = (await createStudy({ sizing: { area: 'boundary' } })).body;
      expect(onBoundary.sizing).toMatchObject({ area_source: 'boundary' });
      expect(onBoundary.sizing!.area_m2).toBeCloseTo(site.area!.m2, 0);
      expect(onBoundary.sizing!.dc_kw).toBeGreaterThan(sizing!.dc_kw * 5);
    });

    it('follows the saved criteria, and falls back on the boundary when no parcel passes', async () => {
      expect((await save(asha, { id: site.id, criteria: { max_flood_overlap_pct: 100, max_wetland_overlap_pct: 100 } })).status).toBe(200);
      const looser = await passingBuildable();
      const answer = (await sizingArea(asha, site.id)).body;
      expect(answer).toMatchObject({ source: 'parcels', parcels: looser.parcels, criteria_saved: true });
      expect(answer.area_m2).toBeCloseTo(looser.m2, 3);

      expect((await save(asha, { id: site.id, criteria: { min_area_acres: 9_000_000 } })).status).toBe(200);
      expect((await sizingArea(asha, site.id)).body).toMatchObject({ source: 'boundary', parcels: 0 });
      expect((await createStudy()).body.sizing).toMatchObject({ area_source: 'boundary' });
    });

    it("answers 404 for another user's project and 400 for a bad area choice", async () => {
      expect((await sizingArea(ravi, site.id)).status).toBe(404);
      expect((await sizingArea(asha, 'not-a-uuid')).status).toBe(404);
      const refused = await createStudy({ sizing: { area: 'roof' } });
      expect(refused.status).toBe(400);
      expect(Object.keys((refused.body as unknown as { errors: Record<string, string[]> }).errors)).toEqual(['sizing.area']);
    });
  });
});
