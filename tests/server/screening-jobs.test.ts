import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReasonedParcels, ScreenedParcel } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { screeningCsvHeader, screeningCsvLines } from '../../src/contract/screening-export.ts';
import { screeningCsv } from '../../src/features/map/screening-format.ts';
import { isTooManyParcels, keptFinishedJobs, screeningJobMessages, type ScreeningJob, type ScreeningJobList } from '../../src/contract/screening-jobs.ts';
import { eq } from 'drizzle-orm';
import { screeningJobResults } from '../../server/db/schema.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { gridBoundary, gridBox, storeGrid, type GridOptions } from '../support/parcel-grid.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { box } from '../support/geojson-shapes.ts';

// 75 × 70 = 5,250 parcels: more than one screening request answers for. The small project covers 30 × 30 of them.
const grid: GridOptions = { columns: 75, rows: 70 };
const criteria = { min_area_acres: 2, max_flood_overlap_pct: 0 };
const chunk = 250;

/** Polls the job until it is over, keeping every answer. */
async function untilOver(client: HttpClient, id: string): Promise<ScreeningJob[]> {
  const seen: ScreeningJob[] = [];
  for (;;) {
    const answer = await client.get<ScreeningJob>(`/api/gis/screening_jobs/get/?id=${id}`);
    expect(answer.status).toBe(200);
    seen.push(answer.body);
    if (!['queued', 'running'].includes(answer.body.status)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const byId = (features: ScreenedParcel[]) => new Map(features.map((feature) => [feature.id, feature]));

describeApi('screening jobs', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let small: Project;
  let county: Project;

  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false }, env: { SCREENING_JOB_CHUNK: String(chunk) } });
    await storeGrid(app.database.db, grid);
    [asha, ravi] = await signedInPair(app);
    const [w, s] = gridBox(grid);
    small = (await asha.post<Project>('/api/project/create/', { name: 'Pittsboro east', location: { lat: s + 0.015, lng: w + 0.015 }, boundary: gridBoundary({ ...grid, columns: 30, rows: 30 }) })).body;
    county = (await asha.post<Project>('/api/project/create/', { name: 'Chatham County', location: { lat: s + 0.035, lng: w + 0.035 }, boundary: gridBoundary(grid) })).body;
    // A parcel attached outside the boundary is screened too, as the project's screening does.
    expect((await asha.post('/api/gis/new_apn/', { project_id: small.id, apn: 'NC-50-50' })).status).toBe(201);
  });
  afterAll(() => app?.close());

  it('screens a project to done in chunks, with the same results as the direct screening', async () => {
    const direct = await asha.post<ReasonedParcels>('/api/gis/get_reasoned_geo_json/', { project_id: small.id, filters: criteria });
    expect(direct.status).toBe(200);
    expect(direct.body.screened).toBe(901);
    expect(direct.body.summary.pass).toBeGreaterThan(0);
    expect(direct.body.summary.fail).toBeGreaterThan(0);

    const started = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: small.id, filters: criteria });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ project_id: small.id, status: 'queued', parcels_done: 0, percent: 0, criteria, bbox: null });
    const seen = await untilOver(asha, started.body.id);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'done', parcels_total: 901, parcels_done: 901, percent: 100, eta_seconds: null, summary: direct.body.summary, error: null });
    expect(done.layers.map((layer) => layer.kind)).toEqual(['flood']);
    // Progress only moves forward, a chunk at a time.
    const done_ = seen.map((job) => job.parcels_done);
    expect(done_).toEqual([...done_].sort((a, b) => a - b));
    for (const value of done_) expect([0, 250, 500, 750, 901]).toContain(value);

    const exported = await asha.get<ReasonedParcels>(`/api/gis/screening_jobs/export/?id=${done.id}&format=geojson`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('application/geo+json');
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const collection = exported.body;
    expect(collection).toMatchObject({ type: 'FeatureCollection', screened: 901, summary: direct.body.summary, criteria });
    const fromJob = byId(collection.features);
    expect(fromJob.size).toBe(901);
    for (const feature of direct.body.features) expect(fromJob.get(feature.id)).toEqual(feature);

    const csv = await asha.get<string>(`/api/gis/screening_jobs/export/?id=${done.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body.startsWith(screeningCsvHeader())).toBe(true);
    const lines = (text: string) => text.split('\r\n').filter(Boolean).sort();
    expect(lines(csv.body.slice(screeningCsvHeader().length))).toEqual(lines(screeningCsvLines(direct.body.features)));
    // The map screen's own export of the same screening: the same header, the same rows.
    expect(lines(csv.body)).toEqual(lines(screeningCsv(direct.body)));
  });

  it('screens more parcels than a request answers for, which the request points to', async () => {
    const direct = await asha.post<{ errors: { bbox: string[] } }>('/api/gis/get_reasoned_geo_json/', { project_id: county.id, filters: criteria });
    expect(direct.status).toBe(400);
    expect(isTooManyParcels(direct.body.errors.bbox[0])).toBe(true);
    expect(direct.body.errors.bbox[0]).toContain('background job');

    const started = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: county.id, filters: criteria });
    expect(started.status).toBe(201);
    const done = (await untilOver(asha, started.body.id)).at(-1)!;
    expect(done).toMatchObject({ status: 'done', parcels_total: 5250, parcels_done: 5250 });
    expect(done.summary.pass + done.summary.fail + done.summary.unknown).toBe(5250);

    // Narrowed to a box: the parcels of the county's boundary that meet it.
    const [w, s] = gridBox(grid);
    const narrowed = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: county.id, filters: criteria, bbox: [w + 0.0101, s + 0.0101, w + 0.0199, s + 0.0199] });
    expect((await untilOver(asha, narrowed.body.id)).at(-1)).toMatchObject({ status: 'done', parcels_total: 100 });

    const list = await asha.get<ScreeningJobList>(`/api/gis/screening_jobs/list/?project_id=${county.id}`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((job) => job.id)).toEqual([narrowed.body.id, started.body.id]);
  });

  it('cancels a job, and runs at most two of a user’s at once', async () => {
    const first = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: county.id });
    const second = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: county.id });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await asha.post('/api/gis/screening_jobs/start/', { project_id: small.id });
    expect(third).toMatchObject({ status: 429, body: { detail: screeningJobMessages.tooMany } });
    expect(third.headers.get('retry-after')).toBe('60');
    // Another user's jobs do not count against this one's.
    const ravisProject = (await ravi.post<Project>('/api/project/create/', { name: 'Ravi', location: { lat: 35.71, lng: -79.29 }, boundary: box(-79.3, 35.7, -79.295, 35.705) })).body;
    const ravis = await ravi.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: ravisProject.id });
    expect(ravis.status).toBe(201);

    expect((await asha.get<string>(`/api/gis/screening_jobs/export/?id=${first.body.id}&format=csv`)).status).toBe(409);
    const cancelled = await asha.post<ScreeningJob>('/api/gis/screening_jobs/cancel/', { id: first.body.id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', eta_seconds: null });
    expect(cancelled.body.finished_at).not.toBeNull();
    expect(await asha.post('/api/gis/screening_jobs/cancel/', { id: first.body.id })).toMatchObject({ status: 409, body: { detail: screeningJobMessages.over } });
    // A cancelled job stays cancelled: a step in flight commits nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await asha.get<ScreeningJob>(`/api/gis/screening_jobs/get/?id=${first.body.id}`)).body.status).toBe('cancelled');
    // One slot is free again.
    const again = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: small.id });
    expect(again.status).toBe(201);
    for (const job of [second.body, again.body]) await asha.post('/api/gis/screening_jobs/cancel/', { id: job.id });
    await untilOver(ravi, ravis.body.id);
  });

  it('keeps a project’s newest finished jobs with their results, dropping the oldest past them when another starts', async () => {
    const [w, s] = gridBox(grid);
    const corner = (await asha.post<Project>('/api/project/create/', { name: 'Corner', location: { lat: s + 0.001, lng: w + 0.001 }, boundary: gridBoundary({ ...grid, columns: 2, rows: 2 }) })).body;
    const finished: string[] = [];
    for (let i = 0; i < keptFinishedJobs + 1; i++) {
      const started = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: corner.id, filters: criteria });
      expect(started.status).toBe(201);
      expect((await untilOver(asha, started.body.id)).at(-1)).toMatchObject({ status: 'done', parcels_total: 4 });
      finished.push(started.body.id);
    }
    const resultsOf = async (id: string) => (await app.database.db.select().from(screeningJobResults).where(eq(screeningJobResults.jobId, id))).length;
    // Eleven finished: the first is dropped only when the next starts.
    expect(await resultsOf(finished[0]!)).toBe(4);
    const next = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: corner.id, filters: criteria });
    expect(next.status).toBe(201);
    expect((await asha.get(`/api/gis/screening_jobs/get/?id=${finished[0]}`)).status).toBe(404);
    expect(await resultsOf(finished[0]!)).toBe(0);
    const list = await asha.get<ScreeningJobList>(`/api/gis/screening_jobs/list/?project_id=${corner.id}`);
    expect(list.body.results.map((job) => job.id)).toEqual([next.body.id, ...finished.slice(1).reverse()]);
    expect(await resultsOf(finished[1]!)).toBe(4);
    // Another project's jobs are not touched.
    expect((await asha.get<ScreeningJobList>(`/api/gis/screening_jobs/list/?project_id=${county.id}`)).body.count).toBeGreaterThan(0);
    await untilOver(asha, next.body.id);
  });

  it('answers another user 404 for every job of someone else’s, and refuses bad input with field messages', async () => {
    const job = (await asha.get<ScreeningJobList>(`/api/gis/screening_jobs/list/?project_id=${small.id}`)).body.results[0]!;
    expect((await ravi.get(`/api/gis/screening_jobs/get/?id=${job.id}`)).status).toBe(404);
    expect((await ravi.get(`/api/gis/screening_jobs/export/?id=${job.id}&format=csv`)).status).toBe(404);
    expect((await ravi.post('/api/gis/screening_jobs/cancel/', { id: job.id })).status).toBe(404);
    expect((await ravi.get(`/api/gis/screening_jobs/list/?project_id=${small.id}`)).status).toBe(404);
    expect((await ravi.post('/api/gis/screening_jobs/start/', { project_id: small.id })).status).toBe(404);
    expect((await asha.get('/api/gis/screening_jobs/get/?id=not-a-uuid')).status).toBe(404);
    expect((await asha.get(`/api/gis/screening_jobs/get/?id=${job.id}`, { access: null })).status).toBe(401);

    expect(await asha.post('/api/gis/screening_jobs/start/', {})).toMatchObject({ status: 400, body: { errors: { project_id: [messages.required] } } });
    const badCriteria = await asha.post<{ errors: Record<string, string[]> }>('/api/gis/screening_jobs/start/', { project_id: small.id, filters: { max_flood_overlap_pct: 120 } });
    expect(badCriteria.status).toBe(400);
    expect(Object.keys(badCriteria.body.errors)).toEqual(['filters.max_flood_overlap_pct']);
    expect((await asha.post('/api/gis/screening_jobs/start/', { project_id: small.id, bbox: [1, 2, 0, 3] })).status).toBe(400);
    expect((await asha.post('/api/gis/screening_jobs/start/', { project_id: small.id, extra: 1 })).status).toBe(400);
    expect(await asha.get(`/api/gis/screening_jobs/export/?id=${job.id}&format=xlsx`)).toMatchObject({ status: 400, body: { errors: { format: [screeningJobMessages.exportFormat] } } });
    expect(await asha.get('/api/gis/screening_jobs/list/')).toMatchObject({ status: 400, body: { errors: { project_id: [messages.required] } } });
    expect(await asha.post('/api/gis/screening_jobs/cancel/', {})).toMatchObject({ status: 400, body: { errors: { id: [messages.required] } } });
  });
});
