import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingListName, type CompressJob } from '../../server/precompress.ts';
import { DataDirInUseError, lockDataDir, lockFileName } from '../../server/platform/data-dir-lock.ts';
import { createConfirmedAccount } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';

describe('npm start', () => {
  let app: AppProcess;
  beforeAll(async () => {
    // FORCE_COLOR=0: a tool that forwards to a terminal may set it, and the logs would then be for people.
    app = await startAppProcess({ LOG_LEVEL: 'info', FORCE_COLOR: '0' });
  });
  afterAll(() => app?.stop());

  it('logs JSON records when its output is piped', async () => {
    // pino writes asynchronously: the record may follow the "listening on" line the start waited for.
    const records = () => app.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string });
    await expect.poll(records).toContainEqual(expect.objectContaining({ level: 30, msg: expect.stringMatching(/^Server listening at http/) as string }));
  });

  it('serves health, the SPA with history fallback, and JSON 404s under /api', async () => {
    const health = await fetch(`${app.baseUrl}/api/health/`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', answer_cache: 'on', version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string });
    const page = await fetch(`${app.baseUrl}/project/12/some-name`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const missing = await fetch(`${app.baseUrl}/api/nothing-here/`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Not found.' });
    expect(app.output()).toContain('database: pglite');
  });

  it('keeps the generated JWT secret and the PGlite data in DATA_DIR', async () => {
    expect((await readdir(app.dataDir)).sort()).toEqual(expect.arrayContaining(['jwt-secret', 'pglite']));
  });

  it('reads uploaded parcel files in worker threads, refusing a hostile one', async () => {
    const { email, password } = await createConfirmedAccount(app.baseUrl, app.dataDir);
    const client = new HttpClient(app.baseUrl);
    client.access = (await client.post<{ access: string }>('/api/user/login/', { email, password })).body.access;
    const upload = (bytes: Uint8Array<ArrayBuffer> | string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'parcels.bin');
      return client.post<{ imported?: number; errors?: { file: string[] } }>('/api/gis/parcels/import/', form);
    };
    const hang = new Uint8Array(44);
    hang.set([0x50, 0x4b, 0x03, 0x04]);
    const refused = await upload(hang);
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.file[0]).toMatch(/^Not a readable zipped shapefile/);
    const ring = [[-77.9, 38.8], [-77.899, 38.8], [-77.899, 38.801], [-77.9, 38.801], [-77.9, 38.8]];
    const parcel = { type: 'Feature', properties: { APN: 'E2E-1' }, geometry: { type: 'Polygon', coordinates: [ring] } };
    expect((await upload(JSON.stringify(parcel))).body).toMatchObject({ imported: 1 });
  });

  it('refuses a second start on the same DATA_DIR, and the first keeps serving', async () => {
    const second = await startAppProcess({}, { buildSpa: false, dataDir: app.dataDir }).catch((error: Error) => error.message);
    expect(second).toMatch(/^the app exited with 1 before listening/);
    expect(second).toContain(`DATA_DIR ${app.dataDir} is in use by another Sunplot (process ${app.process.pid} on ${hostname()}`);
    expect(second).toContain(`If no such process runs, delete ${join(app.dataDir, lockFileName)}.`);
    expect((await fetch(`${app.baseUrl}/api/health/`)).status).toBe(200);
  });

  it('finishes a request in flight when asked to stop, then exits cleanly', async () => {
    const client = new HttpClient(app.baseUrl);
    await client.get('/api/health/');
    // The reset mail answer is padded to 400 ms, so it is still in flight when SIGTERM arrives.
    const inFlight = client.post('/api/user/reset/email_send/', { email: 'someone@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exit = app.stop();
    expect((await inFlight).status).toBe(200);
    expect(await exit).toBe(0);
  });
});

/** A GET that leaves the body as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('npm start after a fresh build', () => {
  const compressed = "compressed the web app's";
  let dist: string;
  let app: AppProcess;
  let script: string;

  beforeAll(async () => {
    // The web app as `npm start`'s own build leaves it (server/build-spa.ts): built, with its compression listed for
    // later. Made from the e2e layer's build without its .br/.gz files, listing the page and its largest script only.
    dist = await mkdtemp(join(tmpdir(), 'sunplot-dist-'));
    await cp(fileURLToPath(new URL('../../dist', import.meta.url)), dist, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });
    const html = await readFile(join(dist, 'index.html'), 'utf8');
    // The libraries' chunk, the largest the page names (preloaded beside its first script since ADR 027).
    script = /(?:src|href)="\/(assets\/vendor-[^"]+\.js)"/.exec(html)![1]!;
    const jobs: CompressJob[] = [{ file: 'index.html', data: false }, { file: script, data: false }];
    await writeFile(join(dist, pendingListName), JSON.stringify(jobs));
    app = await startAppProcess({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, { args: ['--dist', dist] });
  });
  afterAll(async () => {
    await app?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('answers while it compresses the build, compressing on the fly, and sends the compressed files once they are written', async () => {
    const url = `${app.baseUrl}/${script}`;
    const source = await readFile(join(dist, script));
    const early = await rawGet(url, { 'accept-encoding': 'br' });
    // Answered before the compression ended: by @fastify/compress, as a stream (no length), the same bytes.
    expect(app.output()).not.toContain(compressed);
    expect(early.headers['content-encoding']).toBe('br');
    expect(early.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(early.body).equals(source)).toBe(true);

    await expect.poll(() => app.output(), { timeout: 110_000, interval: 200 }).toContain(compressed);
    expect(existsSync(join(dist, pendingListName))).toBe(false);
    for (const [encoding, extension] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const file = await readFile(join(dist, script + extension));
      const answer = await rawGet(url, { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(Number(answer.headers['content-length'])).toBe(file.length);
      expect(answer.body.equals(file)).toBe(true);
    }
    expect((await readdir(join(dist, 'assets'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('speaks to a person when asked to (LOG_FORMAT=pretty): one readable line per request', async () => {
    // Without the colours pino-pretty adds when a terminal (or FORCE_COLOR) is there.
    const lines = () => stripVTControlCharacters(app.output());
    await fetch(`${app.baseUrl}/api/health/`);
    // The health check's own pair of lines: an earlier request (an asset) also logged "request completed".
    const healthPair = () => {
      const incoming = /^\[\d\d:\d\d:\d\d\] INFO: (req-\w+) incoming request GET \/api\/health\/$/m.exec(lines());
      if (!incoming) return null;
      return new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: ${incoming[1]} request completed 200 in \\d+ ms$`, 'm').test(lines());
    };
    await expect.poll(healthPair).toBe(true);
    expect(lines()).not.toMatch(/^\{"level"/m);
  });
});

describe('npm start before its web app is built (a fresh clone)', () => {
  it('listens without waiting for the build, its pages saying the app is starting, then serves the app once built', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-data-'));
    const dist = await mkdtemp(join(tmpdir(), 'sunplot-unbuilt-'));
    try {
      // A data folder made by an earlier start, so this one listens within seconds, long before its build ends.
      await (await startAppProcess({}, { buildSpa: false, dataDir })).stop();
      const app = await startAppProcess({}, { dataDir, args: ['--dist', dist] });
      try {
        expect(app.output()).toContain('building the web app');
        expect(app.output()).not.toContain('built the web app');
        expect((await fetch(`${app.baseUrl}/api/health/`)).status).toBe(200);
        const early = await fetch(`${app.baseUrl}/getstart`);
        expect(early.status).toBe(503);
        expect(early.headers.get('retry-after')).toBe('2');
        expect(await early.text()).toContain('<h1>Sunplot is starting</h1>');
        expect((await fetch(`${app.baseUrl}/api/nothing/`)).status).toBe(404);

        await expect.poll(() => app.output(), { timeout: 150_000, interval: 250 }).toMatch(/built the web app in [\d.]+ s/);
        const landing = await fetch(`${app.baseUrl}/getstart`);
        expect(landing.status).toBe(200);
        expect(await landing.text()).toContain('data-prerendered="/getstart"');
        const screen = await fetch(`${app.baseUrl}/project`);
        expect(screen.status).toBe(200);
        expect(await screen.text()).toContain('<div id="root"></div>');
      } finally {
        await app.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(dist, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('npm start with a bad setting', () => {
  it('stops with one message naming every bad key', async () => {
    const failed = await startAppProcess({ PORT: 'abc', SMTP_URL: 'http://mail' }).catch((error: Error) => error.message);
    expect(failed).toMatch(/Invalid settings: .*PORT.*SMTP_URL/);
  });
});

describe('the DATA_DIR lock', () => {
  it('takes over a lock left by a process that is gone, and is released on demand', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-lock-'));
    try {
      const lockFile = join(dataDir, lockFileName);
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      await writeFile(lockFile, JSON.stringify({ pid: gone, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
      const lock = lockDataDir(dataDir);
      expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
      lock.release();
      expect(existsSync(lockFile)).toBe(false);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
