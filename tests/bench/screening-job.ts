/**
 * `npm run bench:jobs [-- --columns N --rows N --seconds N --json]`: a county-sized screening job (250 × 200 = 50,000
 * generated parcels with a flood layer, tests/support/parcel-grid.ts) on the app started as a process, on PGlite and,
 * when DATABASE_URL is set, on a scratch database of that PostgreSQL, while a second user loads their project list one
 * request after another. Prints the job's parcels/s and wall time (from its start request to its last commit, as the
 * server timed it), and p50/p99 of the other user's list before the job (the baseline) and while it runs, with the
 * ratio. Each engine runs twice: with the answer cache (the list is served from memory: what the job costs the event
 * loop) and without it (the list is read from the database: what it costs the database too). Figures are reported,
 * never asserted: on a shared machine only the ratios mean much.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client.ts';
import type { ScreeningJob } from '../../src/contract/screening-jobs.ts';
import { startAppProcess } from '../support/app-process.ts';
import { HttpClient } from '../support/http-client.ts';
import { linkFromOutbox } from '../support/outbox.ts';
import { gridBoundary, gridBox, storeGrid, type GridOptions } from '../support/parcel-grid.ts';
import { createScratchDatabase } from '../support/test-db.ts';

const { values: args } = parseArgs({
  options: { columns: { type: 'string', default: '250' }, rows: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' }, json: { type: 'boolean', default: false } },
  strict: false,
});
const grid: GridOptions = { columns: Number(args.columns), rows: Number(args.rows) };
const baselineMs = Number(args.seconds) * 1000;
const criteria = { min_area_acres: 2, max_flood_overlap_pct: 0 };
const password = 'correct horse battery staple 42';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedIn(baseUrl: string, dataDir: string, label: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  if ((await client.post('/api/user/signup/', { name: 'Bench Planner', email, password })).status !== 201) throw new Error('signup failed');
  let link: string | undefined;
  for (let i = 0; i < 200 && !link; i++) {
    link = await linkFromOutbox(dataDir, email, /\/auth\/verify\/[\w-]+/);
    if (!link) await sleep(50);
  }
  if (!link) throw new Error('no verification mail');
  await client.post('/api/user/verify/', { token: link.split('/').pop() });
  const login = await client.post<{ access: string }>('/api/user/login/', { email, password });
  client.access = login.body.access;
  return client;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The other user's project list, one request after another, until `stop()` says so; latencies in ms. */
async function loadList(client: HttpClient, stop: () => boolean) {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const answer = await client.get('/api/project/list/');
    if (answer.status !== 200) throw new Error(`the project list answered ${answer.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99) };
}

async function run(engine: 'pglite' | 'postgres', answerCache: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-bench-jobs-'));
  const scratch = engine === 'postgres' ? await createScratchDatabase() : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: join(dataDir, 'pglite') });
  const stored = await storeGrid(database.db, grid);
  await database.close();
  const app = await startAppProcess({ ...(scratch ? { DATABASE_URL: scratch.url } : {}), ANSWER_CACHE_MB: answerCache ? '64' : '0', LOG_LEVEL: 'warn' }, { buildSpa: false, dataDir });
  try {
    const planner = await signedIn(app.baseUrl, dataDir, 'planner');
    const other = await signedIn(app.baseUrl, dataDir, 'other');
    for (let i = 0; i < 10; i++) await other.post('/api/project/create/', { name: `Site ${i}`, location: { lat: 35 + i / 100, lng: -80 } });
    const [w, s] = gridBox(grid);
    const project = (await planner.post<{ id: string }>('/api/project/create/', { name: 'County', location: { lat: s + 0.01, lng: w + 0.01 }, boundary: gridBoundary(grid) })).body;

    await loadList(other, (() => { const end = performance.now() + 1000; return () => performance.now() > end; })());
    const before = await loadList(other, (() => { const end = performance.now() + baselineMs; return () => performance.now() > end; })());

    const started = await planner.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: project.id, filters: criteria });
    if (started.status !== 201) throw new Error(`the job did not start: ${JSON.stringify(started.body)}`);
    let job = started.body;
    let over = false;
    const watching = (async () => {
      while (!over) {
        await sleep(500);
        job = (await planner.get<ScreeningJob>(`/api/gis/screening_jobs/get/?id=${started.body.id}`)).body;
        over = !['queued', 'running'].includes(job.status);
      }
    })();
    const during = await loadList(other, () => over);
    await watching;
    if (job.status !== 'done') throw new Error(`the job ended ${job.status}: ${job.error}`);
    const wallSeconds = (Date.parse(job.finished_at!) - Date.parse(job.created_at)) / 1000;
    return {
      engine,
      answer_cache: answerCache,
      parcels: job.parcels_total,
      stored_parcels: stored.parcels,
      job_wall_s: Math.round(wallSeconds * 10) / 10,
      job_parcels_per_s: Math.round(job.parcels_done / wallSeconds),
      summary: job.summary,
      list_before: before,
      list_during: during,
      p50_ratio: Math.round((during.p50_ms / before.p50_ms) * 100) / 100,
      p99_ratio: Math.round((during.p99_ms / before.p99_ms) * 100) / 100,
    };
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const engines: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
const results = [];
for (const engine of engines) {
  for (const answerCache of [true, false]) {
    const result = await run(engine, answerCache);
    results.push(result);
    if (!args.json) {
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `${engine.padEnd(8)} cache ${answerCache ? 'on ' : 'off'}: ${result.parcels} parcels in ${result.job_wall_s} s (${result.job_parcels_per_s} parcels/s); ` +
          `other user's list p50 ${ms(result.list_before.p50_ms)} → ${ms(result.list_during.p50_ms)} (×${result.p50_ratio}), ` +
          `p99 ${ms(result.list_before.p99_ms)} → ${ms(result.list_during.p99_ms)} (×${result.p99_ratio}); ${result.list_during.requests} requests during the job`,
      );
    }
  }
}
if (args.json) console.log(JSON.stringify(results, null, 2));
