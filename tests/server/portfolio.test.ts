import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Portfolio, Project, ProjectList } from '../../src/contract/projects.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

// About 1 km x 1.11 km near Jodhpur: 111.1 ha.
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [73.0, 26.0],
      [73.01, 26.0],
      [73.01, 26.01],
      [73.0, 26.01],
      [73.0, 26.0],
    ],
  ],
};
const jodhpur = { lat: 26.005, lng: 73.005 };
const means = meansAt(26.0, 73.0, 0.6, 27);
// expect.closeTo is typed any; inside toEqual it stands for a number.
const near = (value: number, digits: number) => expect.closeTo(value, digits) as number;
const nothing: Portfolio = { projects: 0, hectares: 0, mwdc: 0, primary_studies: 0, mwh_per_year: 0 };

describeApi('portfolio totals', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  const portfolio = async (client: HttpClient) => {
    const answer = await client.get<Portfolio>('/api/project/portfolio/');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const createProject = async (client: HttpClient, body: Record<string, unknown>) => {
    const created = await client.post<Project>('/api/project/create/', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const createStudy = async (client: HttpClient, projectId: string, dcKw: number) => {
    const created = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: projectId,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: dcKw, mount: 'fixed', tilt_deg: 25 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };

  it('needs a login and answers zeros for a user without projects', async () => {
    expect((await app.client().get('/api/project/portfolio/')).status).toBe(401);
    expect(await portfolio(asha)).toEqual(nothing);
  });

  it("sums the boundary areas and the primary studies' size and P50 energy, never another user's", async () => {
    const park = await createProject(asha, { name: 'Jodhpur park', location: jodhpur, boundary: square });
    const rooftop = await createProject(asha, { name: 'Rooftop', location: jodhpur });
    // Ravi's project, boundary and study must never reach Asha's totals (nor hers his).
    const ravisFarm = await createProject(ravi, { name: 'Ravi farm', location: jodhpur, boundary: square });
    const ravisStudy = await createStudy(ravi, ravisFarm.id, 3000);

    expect(await portfolio(asha)).toEqual({ ...nothing, projects: 2, hectares: near(park.area!.ha, 3) });
    expect(park.area!.ha).toBeCloseTo(111.1, 1);

    const first = await createStudy(asha, park.id, 5000);
    const second = await createStudy(asha, park.id, 2000);
    expect([first.is_primary, second.is_primary]).toEqual([true, false]);
    expect(await portfolio(asha)).toEqual({
      projects: 2,
      hectares: near(park.area!.ha, 3),
      mwdc: near(5, 9),
      primary_studies: 1,
      mwh_per_year: near(first.headline.p50_annual_kwh / 1000, 6),
    });
    expect(first.headline.p50_annual_kwh / 1000 / 5).toBeGreaterThan(1000);

    // The list carries each project's primary study in brief.
    const list = (await asha.get<ProjectList>('/api/project/list/')).body.results;
    expect(list.find((p) => p.id === park.id)?.primary_study).toEqual({ id: first.id, name: first.name, dc_kw: 5000, p50_annual_kwh: near(first.headline.p50_annual_kwh, 6) });
    expect(list.find((p) => p.id === rooftop.id)?.primary_study).toBeNull();

    expect(await portfolio(ravi)).toEqual({
      projects: 1,
      hectares: near(ravisFarm.area!.ha, 3),
      mwdc: near(3, 9),
      primary_studies: 1,
      mwh_per_year: near(ravisStudy.headline.p50_annual_kwh / 1000, 6),
    });

    // Deleting the primary makes the remaining study primary: the totals follow it.
    expect((await asha.delete(`/api/project/feasibility/delete/?id=${first.id}`)).status).toBe(204);
    expect(await portfolio(asha)).toMatchObject({ mwdc: near(2, 9), primary_studies: 1, mwh_per_year: near(second.headline.p50_annual_kwh / 1000, 6) });
    expect((await asha.delete(`/api/project/feasibility/delete/?id=${second.id}`)).status).toBe(204);
    expect(await portfolio(asha)).toEqual({ ...nothing, projects: 2, hectares: near(park.area!.ha, 3) });

    // A study on the project without a boundary counts its size and energy but adds no area.
    const roofStudy = await createStudy(asha, rooftop.id, 1000);
    expect(await portfolio(asha)).toEqual({
      projects: 2,
      hectares: near(park.area!.ha, 3),
      mwdc: near(1, 9),
      primary_studies: 1,
      mwh_per_year: near(roofStudy.headline.p50_annual_kwh / 1000, 6),
    });

    // Deleting a project takes its area and its studies out.
    expect((await asha.delete(`/api/project/delete/?id=${park.id}`)).status).toBe(204);
    expect(await portfolio(asha)).toMatchObject({ projects: 1, hectares: 0, primary_studies: 1 });
    expect((await portfolio(ravi)).projects).toBe(1);
  });
});
