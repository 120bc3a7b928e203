/**
 * `npm run bench:api [-- --seconds N --connections N --json]`: throughput of the authenticated API against a bare
 * Fastify in the same run. It starts the real app (buildApp over an in-memory PGlite, and over a scratch database on
 * DATABASE_URL's PostgreSQL when that is set) and a bare Fastify that answers a tiny JSON, then loads each over
 * loopback with keep-alive connections from a child process (its own core) for the project list, project get and
 * account get, and prints req/s, p50/p99 latency, the ratio to the baseline's req/s and the serving process's CPU time per
 * answer (steadier than req/s on a busy machine; PostgreSQL's own work is not in it). The baseline is measured before
 * and after the app runs and the mean is used, since other work on a shared machine moves every figure; only the ratio
 * means much. Each endpoint is also compared with a bare Fastify sending its very answer ("vs same"), which separates what
 * the app adds from what the answer's size costs. Each engine runs with the answer cache and without it ("uncached");
 * the list is also loaded as a browser asks for it (brotli), and a project edit shows what the cache costs a write. The
 * portfolio's answer is always read from the database; with the cache on, its login check is not.
 * Target: the project list at >= 25 % of the baseline on PostgreSQL. Figures are reported, never asserted.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface LoadJob {
  port: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

interface AppTarget {
  engine: 'pglite' | 'postgres';
  answerCache: boolean;
}

interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

/**
 * A small keep-alive load generator: each connection sends one GET, reads the answer by its Content-Length (the app
 * and the baseline both send one) and sends the next, so latency is measured per request without pipelining.
 */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const bodyHeaders = job.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(job.body)) };
  const request = Buffer.from(
    `${job.method} ${job.path} HTTP/1.1\r\nhost: 127.0.0.1:${job.port}\r\nconnection: keep-alive\r\n` +
      Object.entries({ ...job.headers, ...bodyHeaders })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n' +
      (job.body ?? ''),
  );
  const latencies: number[] = [];
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let measuring = false;
  let stopped = false;
  const headerEnd = Buffer.from('\r\n\r\n');

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = connect({ port: job.port, host: '127.0.0.1', noDelay: true });
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (stopped) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          const end = buffer.indexOf(headerEnd);
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
          const total = end + 4 + length;
          if (buffer.length < total) return;
          const status = Number(head.slice(9, 12));
          buffer = buffer.subarray(total);
          if (measuring) {
            requests++;
            if (status < 200 || status > 299) non2xx++;
            latencies.push(performance.now() - sentAt);
          }
          send();
        }
      });
    });

  const started = Promise.all(Array.from({ length: job.connections }, connection));
  await new Promise((resolve) => setTimeout(resolve, job.warmupMs));
  measuring = true;
  process.send?.('measuring');
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, job.durationMs));
  measuring = false;
  process.send?.('measured');
  const seconds = (performance.now() - from) / 1000;
  stopped = true;
  await started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests, non2xx, errors, seconds, rps: requests / seconds, p50_ms: at(0.5), p99_ms: at(0.99) };
}

// The load runs in a child process of this same file (its own core), told its job in the environment.
const loadJob = process.env.SUNPLOT_BENCH_LOAD_JOB;
if (loadJob) {
  process.send?.(await runLoad(JSON.parse(loadJob) as LoadJob));
  process.disconnect?.();
} else {
  await main();
}

async function main() {
  // The app's modules load in this process only, not in the load generator's.
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../../server/app.ts');
  const { openDatabase } = await import('../../server/db/client.ts');
  const { loadSettings } = await import('../../server/env.ts');
  const { captureMailer } = await import('../support/test-app.ts');
  const { HttpClient } = await import('../support/http-client.ts');
  const { createScratchDatabase } = await import('../support/test-db.ts');

  // run-all.ts passes its arguments to every benchmark, so options of the others are let through.
  const { values } = parseArgs({
    strict: false,
    options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' }, json: { type: 'boolean', default: false } },
  });
  const durationMs = Math.max(1, Number(values.seconds) || 5) * 1000;
  const connections = Math.max(1, Number(values.connections) || 10);
  const warmupMs = Math.min(2000, durationMs / 2);
  const targetRatio = 0.25;

  // The serving process's CPU time (user + system) over the measured seconds, per answer: steadier than req/s when other
  // work shares the machine. It counts this process only: the load generator and PostgreSQL's own work are elsewhere.
  const load = (port: number, path: string, headers: Record<string, string> = {}, write?: { method: string; body: string }) =>
    new Promise<LoadResult & { cpuMicrosPerRequest: number }>((resolve, reject) => {
      const job: LoadJob = { port, method: write?.method ?? 'GET', path, headers, body: write?.body, connections, warmupMs, durationMs };
      const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, SUNPLOT_BENCH_LOAD_JOB: JSON.stringify(job) } });
      let result: LoadResult | undefined;
      let cpuFrom: NodeJS.CpuUsage | undefined;
      let cpu: NodeJS.CpuUsage | undefined;
      child.on('message', (message) => {
        if (message === 'measuring') cpuFrom = process.cpuUsage();
        else if (message === 'measured') cpu = process.cpuUsage(cpuFrom);
        else result = message as LoadResult;
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        if (!result) return reject(new Error(`load generator exited with ${code} and no result`));
        resolve({ ...result, cpuMicrosPerRequest: cpu && result.requests > 0 ? (cpu.user + cpu.system) / result.requests : 0 });
      });
    });

  const portOf = (address: string | { port: number } | null) => (typeof address === 'object' && address ? address.port : 0);

  /** A bare Fastify answering a tiny JSON at `/`, and at `/same/N` the object `answers[N]`, serialised as the app does. */
  async function startBaseline(answers: unknown[] = []) {
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world' }));
    answers.forEach((answer, index) => bare.get(`/same/${index}`, async () => answer));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    return { port: portOf(bare.server.address()), close: () => bare.close() };
  }

  /**
   * The real app over `engine`, with one confirmed user holding ten projects, signed in as a browser would be; with the
   * answer cache (the default) once it is on, or without it.
   */
  async function startApp({ engine, answerCache }: AppTarget) {
    const scratch = engine === 'postgres' ? await createScratchDatabase() : undefined;
    const database = await openDatabase({ databaseUrl: scratch?.url });
    const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-bench-'));
    const mail = captureMailer();
    const settings = loadSettings({ PUBLIC_URL: 'http://sunplot.bench', LOG_LEVEL: 'silent', ...(answerCache ? {} : { ANSWER_CACHE_MB: '0' }) });
    const app = await buildApp({ settings, database, dataDir, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256!', version: 'bench', mailer: mail, seedDemoData: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = portOf(app.server.address());
    const client = new HttpClient(`http://127.0.0.1:${port}`);
    const email = 'bench@example.com';
    const password = 'correct horse battery staple 42';
    const must = (ok: boolean, what: string) => {
      if (!ok) throw new Error(`bench setup failed: ${what}`);
    };
    must((await client.post('/api/user/signup/', { name: 'Bench Planner', email, password })).status === 201, 'signup');
    must((await client.post('/api/user/verify/', { token: mail.linkTo(email).split('/auth/verify/')[1] })).status === 200, 'verify');
    const login = await client.post<{ access: string }>('/api/user/login/', { email, password });
    must(login.status === 200, 'login');
    client.access = login.body.access;
    let projectId = '';
    for (let i = 0; i < 10; i++) {
      const lat = 38.9 + i * 0.01;
      const ring = [
        [-77.03, lat],
        [-77.02, lat],
        [-77.02, lat + 0.005],
        [-77.03, lat + 0.005],
        [-77.03, lat],
      ];
      const created = await client.post<{ id: string }>('/api/project/create/', {
        name: `Bench site ${i + 1}`,
        location: { lat: lat + 0.0025, lng: -77.025 },
        boundary: { type: 'Polygon', coordinates: [ring] },
        description: 'A project made by the API benchmark.',
        country: 'US',
        postal_code: '20001',
      });
      must(created.status === 201, `project create (${created.status} ${JSON.stringify(created.body)})`);
      projectId = created.body.id;
    }
    // What a signed-in browser sends: the Bearer token and the csrftoken cookie the API set.
    const headers = { authorization: `Bearer ${login.body.access}`, cookie: `csrftoken=${client.csrfToken}` };
    const endpoints = [
      { name: 'project list', path: '/api/project/list/', answer: undefined as unknown },
      { name: 'project get', path: `/api/project/get/?id=${projectId}`, answer: undefined as unknown },
      { name: 'account get', path: '/api/user/account/get/', answer: undefined as unknown },
      // Not an answer kept in memory: with the cache on, only its login check is.
      { name: 'portfolio', path: '/api/project/portfolio/', answer: undefined as unknown },
    ];
    for (let waited = 0; answerCache && (await client.get<{ answer_cache: string }>('/api/health/')).body.answer_cache !== 'on'; waited += 50) {
      must(waited < 10_000, 'the answer cache did not turn on');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const endpoint of endpoints) {
      const answer = await client.get(endpoint.path);
      must(answer.status === 200, `GET ${endpoint.path} answered ${answer.status}`);
      endpoint.answer = answer.body;
    }
    // A write as the browser sends it: the CSRF cookie echoed in X-CSRFTOKEN.
    const edit = {
      path: '/api/project/edit/',
      headers: { ...headers, 'x-csrftoken': decodeURIComponent(client.csrfToken ?? '') },
      write: { method: 'PATCH', body: JSON.stringify({ id: projectId, description: 'Edited by the API benchmark.' }) },
    };
    return {
      engine,
      port,
      headers,
      endpoints,
      edit,
      async close() {
        await app.close();
        await database.close();
        await scratch?.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  // Every answer after the first of each endpoint comes from the answer cache (one user reading the same page over and
  // over); the targets without it show what each answer costs when it must be read from the database.
  const targets: AppTarget[] = [
    { engine: 'pglite', answerCache: true },
    { engine: 'pglite', answerCache: false },
    ...(process.env.DATABASE_URL ? [{ engine: 'postgres', answerCache: true } as const, { engine: 'postgres', answerCache: false } as const] : []),
  ];
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: the app runs over PGlite only.');
  console.log(`${connections} keep-alive connections, ${warmupMs / 1000} s warm-up and ${durationMs / 1000} s measured per target`);

  const baseline = await startBaseline();
  const baselineRuns = [await load(baseline.port, '/')];
  const appRuns: { label: string; endpoint: string; result: LoadResult & { cpuMicrosPerRequest: number } }[] = [];
  let answers: { name: string; answer: unknown }[] = [];
  for (const target of targets) {
    const app = await startApp(target);
    const label = `${target.engine}${target.answerCache ? '' : ' uncached'}`;
    try {
      for (const endpoint of app.endpoints) appRuns.push({ label, endpoint: endpoint.name, result: await load(app.port, endpoint.path, app.headers) });
      // As a browser asks for it: compressed (brotli), which the bare Fastify rows never are.
      const list = app.endpoints[0]!;
      appRuns.push({ label, endpoint: `${list.name}, brotli`, result: await load(app.port, list.path, { ...app.headers, 'accept-encoding': 'br, gzip' }) });
      // What the cache costs a write: it answers once its change has reached the cache (one more round trip).
      appRuns.push({ label, endpoint: 'project edit', result: await load(app.port, app.edit.path, app.edit.headers, app.edit.write) });
      answers = app.endpoints;
    } finally {
      await app.close();
    }
  }
  baselineRuns.push(await load(baseline.port, '/'));
  await baseline.close();
  // The same answers from a bare Fastify: what sending those bytes costs by itself (the list's is 5.7 kB, not 17 B), so
  // the second ratio is what the app adds on top (authentication, the query, the views).
  const sameAnswers = await startBaseline(answers.map(({ answer }) => answer));
  const sameRuns = new Map<string, LoadResult & { cpuMicrosPerRequest: number }>();
  for (const [index, { name }] of answers.entries()) sameRuns.set(name, await load(sameAnswers.port, `/same/${index}`));
  await sameAnswers.close();

  const baselineRps = baselineRuns.reduce((sum, run) => sum + run.rps, 0) / baselineRuns.length;
  const rows = [
    ...baselineRuns.map((result, i) => ({ target: `bare fastify (${i === 0 ? 'before' : 'after'})`, result, same: undefined })),
    ...[...sameRuns].map(([name, result]) => ({ target: `bare, ${name}'s answer`, result, same: undefined })),
    ...appRuns.map((run) => ({ target: `${run.label} ${run.endpoint}`, result: run.result, same: sameRuns.get(run.endpoint) })),
  ].map(({ target, result, same }) => ({
    target,
    rps: Math.round(result.rps),
    p50_ms: Number(result.p50_ms.toFixed(2)),
    p99_ms: Number(result.p99_ms.toFixed(2)),
    cpu_us_per_request: Math.round(result.cpuMicrosPerRequest),
    ratio: Number((result.rps / baselineRps).toFixed(4)),
    /** Against a bare Fastify sending the same answer: what the app's own work costs, apart from the answer's size. */
    ratio_same_answer: same ? Number((result.rps / same.rps).toFixed(4)) : null,
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
  }));
  const listOnPostgres = rows.find((row) => row.target === 'postgres project list');

  if (values.json) {
    console.log(JSON.stringify({ benchmark: 'api', connections, seconds: durationMs / 1000, baseline_rps: Math.round(baselineRps), target_ratio: targetRatio, rows, list_on_postgres_within_target: listOnPostgres ? listOnPostgres.ratio >= targetRatio : null }, null, 2));
  } else {
    const pad = (text: string | number, width: number) => String(text).padStart(width);
    const percent = (ratio: number | null) => (ratio === null ? '' : `${(ratio * 100).toFixed(1)}%`);
    console.log(`${'target'.padEnd(40)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('ratio', 9)}${pad('vs same', 9)}${pad('CPU µs', 9)}${pad('non-2xx', 9)}`);
    for (const row of rows) {
      console.log(
        `${row.target.padEnd(40)}${pad(row.rps, 9)}${pad(row.p50_ms.toFixed(2), 9)}${pad(row.p99_ms.toFixed(2), 9)}${pad(percent(row.ratio), 9)}${pad(percent(row.ratio_same_answer), 9)}${pad(row.cpu_us_per_request, 9)}${pad(row.non2xx + row.errors, 9)}`,
      );
    }
    console.log(`ratio: req/s over the bare Fastify's mean of ${Math.round(baselineRps)} req/s in this run (a 17-byte JSON); vs same: over a bare Fastify sending the same answer; CPU µs: the serving process's CPU time per answer (not PostgreSQL's)`);
    if (listOnPostgres) {
      console.log(
        `project list on PostgreSQL: ${percent(listOnPostgres.ratio)} of the baseline (target ${targetRatio * 100}%): ${listOnPostgres.ratio >= targetRatio ? 'met' : 'NOT met'}; ${percent(listOnPostgres.ratio_same_answer)} of a bare Fastify sending the same answer`,
      );
    }
  }
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) {
    console.error('some requests failed: the figures above do not measure what they say');
    process.exitCode = 1;
  }
}
