import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import type { ReasonedParcels } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import type { ScreeningJob } from '../../src/contract/screening-jobs.ts';
import { createConfirmedAccount } from '../support/accounts.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { describeApi } from '../support/describe-api.ts';
import { HttpClient } from '../support/http-client.ts';
import { gridBoundary, gridBox, storeGrid, type GridOptions } from '../support/parcel-grid.ts';
import { createScratchDatabase, testEngine } from '../support/test-db.ts';

// 200 × 100 = 20,000 parcels in chunks of 500: the server is killed once a few chunks are committed.
const grid: GridOptions = { columns: 200, rows: 100 };
const criteria = { min_area_acres: 2, max_flood_overlap_pct: 0 };
const env = { SCREENING_JOB_CHUNK: '500', LOG_LEVEL: 'warn' };
// A guard against a hang, far above what the two screenings of 20,000 parcels take even on a loaded machine.
const timeoutMs = 900_000;

async function logIn(baseUrl: string, account: { email: string; password: string }) {
  const client = new HttpClient(baseUrl);
  const login = await client.post<{ access: string }>('/api/user/login/', account);
  expect(login.status).toBe(200);
  client.access = login.body.access;
  return client;
}

async function job(client: HttpClient, id: string) {
  const answer = await client.get<ScreeningJob>(`/api/gis/screening_jobs/get/?id=${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function until(client: HttpClient, id: string, done: (job: ScreeningJob) => boolean): Promise<ScreeningJob> {
  for (;;) {
    const current = await job(client, id);
    if (done(current) || ['done', 'failed', 'cancelled'].includes(current.status)) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A hash of the job's exported results, parcel by parcel in id order. */
async function resultsHash(client: HttpClient, id: string): Promise<{ hash: string; count: number }> {
  const exported = await client.get<ReasonedParcels>(`/api/gis/screening_jobs/export/?id=${id}&format=geojson`);
  expect(exported.status).toBe(200);
  const features = [...exported.body.features].sort((a, b) => a.id.localeCompare(b.id));
  const hash = createHash('sha256');
  for (const feature of features) hash.update(JSON.stringify(feature));
  return { hash: hash.digest('hex'), count: features.length };
}

describeApi('a screening job survives kill -9 of its server', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sunplot-jobs-'));
    // The parcels are stored before the server starts: PGlite's folder is the server's alone while it runs.
    if (testEngine === 'postgres') {
      const scratch = await createScratchDatabase();
      databaseUrl = scratch.url;
      dropDatabase = () => scratch.drop();
    }
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'pglite') });
    await storeGrid(database.db, grid);
    await database.close();
  }, timeoutMs);

  afterAll(async () => {
    await app?.stop();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  }, timeoutMs);

  const start = () => startAppProcess({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { buildSpa: false, dataDir });

  it(
    'resumes from its last committed chunk and finishes with the results of an uninterrupted run',
    async () => {
      app = await start();
      const account = await createConfirmedAccount(app.baseUrl, dataDir);
      let client = await logIn(app.baseUrl, account);
      const [w, s] = gridBox(grid);
      const project = (await client.post<Project>('/api/project/create/', { name: 'Chatham County', location: { lat: s + 0.05, lng: w + 0.1 }, boundary: gridBoundary(grid) })).body;
      const started = await client.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: project.id, filters: criteria });
      expect(started.status).toBe(201);

      const beforeKill = await until(client, started.body.id, (current) => current.parcels_done >= 1500);
      expect(beforeKill).toMatchObject({ status: 'running', parcels_total: 20_000 });
      app.process.kill('SIGKILL');
      await app.stop();

      app = await start();
      client = await logIn(app.baseUrl, account);
      const resumed = await job(client, started.body.id);
      // Nothing committed was lost, and the job goes on from there.
      expect(resumed.parcels_done).toBeGreaterThanOrEqual(beforeKill.parcels_done);
      expect(resumed.parcels_done).toBeLessThan(20_000);
      const finished = await until(client, started.body.id, () => false);
      expect(finished).toMatchObject({ status: 'done', parcels_total: 20_000, parcels_done: 20_000, error: null });

      const uninterrupted = await client.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: project.id, filters: criteria });
      const reference = await until(client, uninterrupted.body.id, () => false);
      expect(reference).toMatchObject({ status: 'done', summary: finished.summary });
      const [afterRestart, straight] = [await resultsHash(client, finished.id), await resultsHash(client, reference.id)];
      expect(afterRestart.count).toBe(20_000);
      expect(afterRestart).toEqual(straight);
    },
    timeoutMs,
  );
});
