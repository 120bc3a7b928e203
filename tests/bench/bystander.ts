/**
 * `npm run bench:bystander [-- --seconds N --parcels N --cache on|off|both --json]`: what one signed-in user's costliest
 * requests cost everyone else (issue 36). The app runs as a process on PGlite; a bystander loads their project list
 * (ten projects) one request after another, alone (the baseline), then while another user sends, four at once and over
 * and over for `--seconds` (20), one of each of the costliest requests: a 3.6 MB URDB tariff of 170,000 invalid tiers, a
 * bifacial PVWatts v8 tracker study over 50 years, 50 years of quarter-hour bills with a TOU and demand tariff, and that
 * study's spreadsheet export; then while the same user imports `--parcels` (50,000) parcels into a project. Prints the
 * bystander's p50/p99/max before and during each, with the ratios, and what the heavy user's requests answered. With the
 * answer cache (the list is served from memory: what the load costs the event loop) and without it (read from the
 * database, which on PGlite runs on the same thread). The heavy user runs in a child process, so building its bodies
 * and reading its answers never delay the bystander's clock. Figures are reported, never asserted.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { createConfirmedAccount } from '../support/accounts.ts';
import { startAppProcess } from '../support/app-process.ts';
import { HttpClient } from '../support/http-client.ts';
import { gridParcels } from '../support/parcel-grid.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    parcels: { type: 'string', default: '50000' },
    cache: { type: 'string', default: 'both' },
    json: { type: 'boolean', default: false },
  },
  strict: false,
});

/** What the heavy user's child process is told: whom to act as, and what to send. */
interface HeavyJob {
  kind: 'load' | 'import';
  baseUrl: string;
  access: string;
  projectId: string;
  weatherId: string;
  studyId: string;
  seconds: number;
  parcels: number;
}

interface Answered {
  request: string;
  status: number;
  ms: number;
}

const json = { 'content-type': 'application/json' };

/** The four costliest requests, each a function that sends it once. */
function costliest(client: HttpClient, job: HeavyJob): Record<string, () => Promise<number>> {
  const flat = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));
  const hourly = Array.from({ length: 8760 }, (_, i) => (i % 24 >= 8 && i % 24 < 17 ? 40 : 0));
  // As the outside tester sent it: 170,000 tiers, each wrong twice (a text rate, a negative max).
  const tariff = JSON.stringify({
    energy: { hourly_ac_kwh: hourly, dc_kw: 80 },
    finance: { structure: 'behind_the_meter' },
    load: { shape: 'office', annual_kwh: 200_000 },
    tariff: { energyratestructure: [Array.from({ length: 170_000 }, () => ({ rate: 'x', max: -1 }))], energyweekdayschedule: flat, energyweekendschedule: flat },
  });
  const study = JSON.stringify({
    project_id: job.projectId,
    weather: { source: 'upload', weather_id: job.weatherId },
    system: { model: 'pvwatts_v8', bifaciality: 0.7, array_type: '1-axis-backtrack', dc_kw: 1000 },
    finance: { analysis_years: 50 },
  });
  const preset = TARIFF_PRESETS.find((candidate) => candidate.id === 'us-commercial-tou-demand')!;
  const bills = JSON.stringify({
    energy: { hourly_ac_kwh: Array.from({ length: 35_040 }, (_, i) => Math.max(0, 30 * Math.sin(((((i / 4) % 24) - 6) / 12) * Math.PI))), dc_kw: 500 },
    finance: { structure: 'behind_the_meter', analysis_years: 50 },
    tariff: { ...preset.rate, escalation_pct: preset.escalation_pct },
    load: { hourly_kwh: Array.from({ length: 35_040 }, (_, i) => 20 + 8 * Math.sin(i / 97)) },
    export: preset.export,
  });
  const status = async (answer: Promise<{ status: number }>) => (await answer).status;
  return {
    tariff: () => status(client.post('/api/gis/get_estimated_financial_data/', tariff, { headers: json })),
    study: () => status(client.post('/api/project/feasibility/create/', study, { headers: json })),
    bills: () => status(client.post('/api/gis/get_estimated_financial_data/', bills, { headers: json })),
    export: () => status(client.get(`/api/project/feasibility/financial_estimation/export/?id=${job.studyId}&format=xlsx`)),
  };
}

/** The heavy user, in its own process: builds what it sends, says 'ready', and on 'go' sends it; answers with what came back. */
async function heavyUser(job: HeavyJob): Promise<Answered[]> {
  const client = new HttpClient(job.baseUrl);
  client.access = job.access;
  await client.get('/api/health/');
  const answered: Answered[] = [];
  const timed = async (request: string, send: () => Promise<number>) => {
    const started = performance.now();
    const status = await send();
    answered.push({ request, status, ms: performance.now() - started });
  };
  if (job.kind === 'import') {
    const rows = gridParcels({ columns: 250, rows: Math.ceil(job.parcels / 250), prefix: 'BYSTANDER' }).slice(0, job.parcels);
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify({ type: 'FeatureCollection', features: rows.map((row) => ({ type: 'Feature', properties: { APN: row.apn }, geometry: row.geometry })) })]), 'county.geojson');
    form.append('project_id', job.projectId);
    await go();
    await timed('import', async () => (await client.post('/api/gis/parcels/import/', form)).status);
    return answered;
  }
  const requests = costliest(client, job);
  await go();
  const end = performance.now() + job.seconds * 1000;
  // Four at once: one slot per request, each sending its request again as soon as it is answered.
  await Promise.all(
    Object.entries(requests).map(async ([request, send]) => {
      while (performance.now() < end) await timed(request, send);
    }),
  );
  return answered;
}

function go() {
  process.send!('ready');
  return new Promise<void>((resolve) => process.once('message', () => resolve()));
}

/** Runs the heavy user's job in a child process; `during` runs from its 'go' until it answers. */
async function withHeavyUser<T>(job: HeavyJob, during: (over: () => boolean) => Promise<T>): Promise<{ answered: Answered[]; during: T }> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, SUNPLOT_BENCH_HEAVY_JOB: JSON.stringify(job) } });
  let answered: Answered[] | undefined;
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (answered ? resolve() : reject(new Error(`the heavy user's process exited with ${code} and no result`))));
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  child.on('message', (message) => (answered = message as Answered[]));
  child.send('go');
  const measured = await during(() => answered !== undefined);
  await exited;
  return { answered: answered!, during: measured };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The bystander's project list, one request after another until `stop()`; latencies in ms. */
async function loadList(client: HttpClient, stop: () => boolean) {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const answer = await client.get('/api/project/list/');
    if (answer.status !== 200) throw new Error(`the project list answered ${answer.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50_ms: round(percentile(latencies, 50)), p99_ms: round(percentile(latencies, 99)), max_ms: round(latencies.at(-1) ?? NaN) };
}

const forMs = (ms: number) => {
  const end = performance.now() + ms;
  return () => performance.now() > end;
};

async function signedIn(baseUrl: string, dataDir: string) {
  const account = await createConfirmedAccount(baseUrl, dataDir);
  const client = new HttpClient(baseUrl);
  client.access = (await client.post<{ access: string }>('/api/user/login/', account)).body.access;
  return client;
}

/** Counts of the heavy user's answers by request and status, with their mean time. */
function tally(answered: Answered[]) {
  const groups = new Map<string, number[]>();
  for (const { request, status, ms } of answered) groups.set(`${request} ${status}`, [...(groups.get(`${request} ${status}`) ?? []), ms]);
  return Object.fromEntries([...groups].map(([key, times]) => [key, { count: times.length, mean_ms: Math.round(times.reduce((sum, ms) => sum + ms, 0) / times.length) }]));
}

async function run(answerCache: boolean) {
  const seconds = Number(args.seconds);
  const parcels = Number(args.parcels);
  const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-bench-bystander-'));
  // Studies past the Free plan's five per project would be refused before they simulate anything.
  const app = await startAppProcess({ ANSWER_CACHE_MB: answerCache ? '64' : '0', FREE_STUDIES_PER_PROJECT: '1000', LOG_LEVEL: 'warn' }, { buildSpa: false, dataDir });
  try {
    const heavy = await signedIn(app.baseUrl, dataDir);
    const bystander = await signedIn(app.baseUrl, dataDir);
    for (let i = 0; i < 10; i++) await bystander.post('/api/project/create/', { name: `Site ${i}`, location: { lat: 35 + i / 100, lng: -80 } });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(new URL('../fixtures/weather/sam_phoenix_az_tmy2.csv', import.meta.url))]), 'phoenix.csv');
    const weather = await heavy.post<{ id: string }>('/api/gis/weather/upload/', form);
    const project = await heavy.post<{ id: string }>('/api/project/create/', { name: 'Phoenix', location: { lat: 33.45, lng: -111.98 } });
    const study = await heavy.post<{ id: string }>('/api/project/feasibility/create/', {
      project_id: project.body.id,
      weather: { source: 'upload', weather_id: weather.body.id },
      system: { model: 'pvwatts_v8', bifaciality: 0.7, array_type: '1-axis-backtrack', dc_kw: 1000 },
      finance: { analysis_years: 50 },
    });
    if (study.status !== 201) throw new Error(`the study to export was not created: ${JSON.stringify(study.body)}`);
    const job: HeavyJob = { kind: 'load', baseUrl: app.baseUrl, access: heavy.access!, projectId: project.body.id, weatherId: weather.body.id, studyId: study.body.id, seconds, parcels };

    await loadList(bystander, forMs(1000));
    const before = await loadList(bystander, forMs(Math.min(seconds, 10) * 1000));
    const load = await withHeavyUser(job, (over) => loadList(bystander, over));
    const imported = parcels > 0 ? await withHeavyUser({ ...job, kind: 'import' }, (over) => loadList(bystander, over)) : undefined;
    const ratio = (during: { p50_ms: number; p99_ms: number; max_ms: number }) => ({
      p50: round(during.p50_ms / before.p50_ms),
      p99: round(during.p99_ms / before.p99_ms),
      max: round(during.max_ms / before.max_ms),
    });
    return {
      answer_cache: answerCache,
      list_alone: before,
      list_under_load: load.during,
      load_ratio: ratio(load.during),
      heavy_answers: tally(load.answered),
      parcel_import: imported && { parcels, answers: tally(imported.answered), list_during: imported.during, ratio: ratio(imported.during) },
    };
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const modes = args.cache === 'on' ? [true] : args.cache === 'off' ? [false] : [true, false];
  const results = [];
  for (const answerCache of modes) {
    const result = await run(answerCache);
    results.push(result);
    if (args.json) continue;
    const list = (figures: { p50_ms: number; p99_ms: number; max_ms: number; requests: number }) =>
      `p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${figures.requests} lists)`;
    const label = `cache ${answerCache ? 'on ' : 'off'}`;
    console.log(`${label}: the bystander's list alone: ${list(result.list_alone)}`);
    console.log(`${label}: under four costliest requests at once for ${args.seconds} s: ${list(result.list_under_load)}; ×${result.load_ratio.p50} p50, ×${result.load_ratio.p99} p99, ×${result.load_ratio.max} max`);
    console.log(`${label}: the heavy user's answers: ${Object.entries(result.heavy_answers).map(([key, { count, mean_ms }]) => `${key} ×${count} (mean ${mean_ms} ms)`).join(', ')}`);
    const imported = result.parcel_import;
    if (imported) {
      const answers = Object.entries(imported.answers).map(([key, { mean_ms }]) => `${key} in ${(mean_ms / 1000).toFixed(1)} s`);
      console.log(`${label}: during a ${imported.parcels.toLocaleString('en-US')}-parcel import (${answers.join(', ')}): ${list(imported.list_during)}; ×${imported.ratio.p50} p50, ×${imported.ratio.max} max`);
    }
  }
  if (args.json) console.log(JSON.stringify({ benchmark: 'bystander', seconds: Number(args.seconds), results }, null, 2));
}

// The heavy user runs in a child process of this same file, told its job in the environment.
const heavyJob = process.env.SUNPLOT_BENCH_HEAVY_JOB;
if (heavyJob) {
  process.send!(await heavyUser(JSON.parse(heavyJob) as HeavyJob));
  process.disconnect();
} else {
  await main();
}
