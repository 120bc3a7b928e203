/**
 * Issue 36's defects found from outside: pages refused to clients that ask no compression, formulas in a CSV export,
 * a GeoJSON nested 100,000 levels answering 500, PVGIS and NSRDB following redirects to any host, and the shared
 * weather cache telling a user when someone else fetched a place.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyResult } from '../../src/contract/energy.ts';
import type { Project } from '../../src/contract/projects.ts';
import { screeningCsvColumns } from '../../src/contract/screening-export.ts';
import type { ScreeningJob } from '../../src/contract/screening-jobs.ts';
import { maxGeoJsonDepth } from '../../server/geo/parcel-import.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { nsrdbPlaces, startNsrdbStandIn, type NsrdbStandIn } from '../support/nsrdb-stand-in.ts';
import { standInPlaces, startPvgisStandIn, type PvgisStandIn } from '../support/pvgis-stand-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const energyPath = '/api/gis/get_annual_energy_production/';
const system = { dc_kw: 100, mount: 'fixed', tilt_deg: 30, azimuth_deg: 180 };
const apiKey = 'nsrdb-key-36-Rb9Xw2Lq';
const nsrdbEnv = (baseUrl: string) => ({ NSRDB_API_KEY: apiKey, NSRDB_EMAIL: 'planner@sunplot.test', NSRDB_BASE_URL: baseUrl, NSRDB_TIMEOUT_MS: '3000' });

// A built web app as small as it can be: index.html, one prerendered page and one asset, each with the .br and .gz
// siblings the build writes (server/precompress.ts), all over 1 KiB so compression applies.
const padding = `<!-- ${'sunplot '.repeat(200)} -->`;
const indexHtml = `<!doctype html><html><head><title>Sunplot app shell</title></head><body><div id="root"></div>${padding}</body></html>`;
const landingHtml = `<!doctype html><html><head><title>Sunplot landing page</title></head><body><main>Get started</main>${padding}</body></html>`;
const assetJs = `console.log(${JSON.stringify('x'.repeat(1500))});`;

async function writeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'sunplot-dist-'));
  const files: Record<string, string> = { 'index.html': indexHtml, 'prerendered/getstart.html': landingHtml, 'assets/app-3f9a1c.js': assetJs };
  await mkdir(join(dist, 'prerendered'));
  await mkdir(join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(dist, name), text);
    await writeFile(join(dist, `${name}.gz`), gzipSync(text));
    await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
  }
  return dist;
}

/** A GET as curl sends it: node:http adds no Accept-Encoding (fetch always would). The body decoded as its encoding says. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: body.toString('utf8') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A loopback host that redirects: `/moved/<rest>` to `/hop/<rest>` on itself, then `/hop/<rest>` to `<rest>` on
 * `elsewhere(rest)`, another origin. It keeps every path and query it was asked.
 */
async function startRedirector(elsewhere: (rest: string) => string) {
  const calls: URL[] = [];
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://redirector');
    calls.push(url);
    const [, step, rest] = /^\/(moved|hop)(\/.*)$/.exec(url.pathname) ?? [];
    if (step === 'moved') return response.writeHead(302, { location: `/hop${rest}${url.search}` }).end();
    if (step === 'hop') return response.writeHead(307, { location: `${elsewhere(rest!)}${rest}${url.search}` }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A CSV line's first cell as written: quoted with its quotes doubled, or up to the first comma. */
const firstCell = (line: string) => (line.startsWith('"') ? /^"(?:[^"]|"")*"/.exec(line)![0] : line.split(',')[0]!);

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

function fileForm(text: string, fileName: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), fileName);
  return form;
}

async function untilOver(client: HttpClient, id: string): Promise<ScreeningJob> {
  for (;;) {
    const answer = await client.get<ScreeningJob>(`/api/gis/screening_jobs/get/?id=${id}`);
    expect(answer.status).toBe(200);
    if (!['queued', 'running'].includes(answer.body.status)) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeApi('issue 36: robustness found from outside', () => {
  let dist: string;
  let pvgis: PvgisStandIn;
  let nsrdb: NsrdbStandIn;
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;

  beforeAll(async () => {
    dist = await writeDist();
    pvgis = await startPvgisStandIn();
    nsrdb = await startNsrdbStandIn({ apiKey });
    app = await startTestApp({
      env: { PVGIS_BASE_URL: pvgis.baseUrl, ...nsrdbEnv(nsrdb.baseUrl) },
      deps: { staticDir: dist, seedDemoData: false, limits: { costlyWorkAtOncePerUser: { limit: 100, seconds: 5 }, parcelImportPerUser: { limit: 1000, seconds: 3600 } } },
    });
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
    await pvgis?.close();
    await nsrdb?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  describe('every page answers its HTML whatever Accept-Encoding says', () => {
    // Absent as curl and uptime monitors send it, identity only, each encoding, and "anything but nothing acceptable".
    const encodings = [undefined, 'identity', 'gzip', 'br', 'gzip, deflate, br', '*;q=0', 'gzip;q=0, br;q=0'];
    const pages: [path: string, title: string][] = [
      ['/', 'Sunplot app shell'],
      ['//', 'Sunplot app shell'],
      ['/assets/', 'Sunplot app shell'],
      ['/prerendered/', 'Sunplot app shell'],
      ['/projects/', 'Sunplot app shell'],
      ['/projects/3/map', 'Sunplot app shell'],
      ['/a/%2e%2e/', 'Sunplot app shell'],
      ['/%2e%2e', 'Sunplot app shell'],
      ['/getstart', 'Sunplot landing page'],
    ];
    it.each(pages)('%s', async (path, title) => {
      for (const encoding of encodings) {
        const page = await rawGet(app.baseUrl + path, encoding);
        expect([encoding, page.status, page.type], page.body.slice(0, 200)).toEqual([encoding, 200, 'text/html; charset=utf-8']);
        expect(page.body).toContain(`<title>${title}</title>`);
      }
    });

    it('an asset answers its file, never 403', async () => {
      for (const encoding of encodings) {
        const asset = await rawGet(`${app.baseUrl}/assets/app-3f9a1c.js`, encoding);
        expect([encoding, asset.status, asset.type]).toEqual([encoding, 200, 'application/javascript; charset=utf-8']);
        expect(asset.body).toBe(assetJs);
      }
    });
  });

  it("neutralises formulas in a screening job's CSV export: an imported parcel's number reads as text", async () => {
    const payloads = ['=HYPERLINK("http://x","y")', '+SUM(1+1)*cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+9)'];
    // Each payload as a parcel number, and -12.5 too: a plain number stays a number.
    const apns = [...payloads, '-12.5'];
    const square = (k: number) => {
      const [w, s] = [-77 + k * 0.002, 38.9];
      return [[[w, s], [w + 0.001, s], [w + 0.001, s + 0.001], [w, s + 0.001], [w, s]]];
    };
    const collection = { type: 'FeatureCollection', features: apns.map((apn, k) => ({ type: 'Feature', properties: { APN: apn }, geometry: { type: 'Polygon', coordinates: square(k) } })) };
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Formula site', location: { lat: 38.9, lng: -77 } })).body;
    const imported = await asha.post(`/api/gis/parcels/import/`, fileForm(JSON.stringify(collection), 'parcels.geojson', { project_id: project.id }));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);

    const started = await asha.post<ScreeningJob>('/api/gis/screening_jobs/start/', { project_id: project.id, filters: { min_area_acres: 1 } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await untilOver(asha, started.body.id)).toMatchObject({ status: 'done', parcels_total: apns.length });
    const csv = await asha.get<string>(`/api/gis/screening_jobs/export/?id=${started.body.id}&format=csv`);
    expect(csv.status).toBe(200);
    const firstCells = csv.body.split('\r\n').slice(1, -1).map(firstCell);
    // Each payload comes out quoted, after a single quote, its own quotes doubled; the number as it is.
    for (const payload of payloads) expect(firstCells).toContain(`"'${payload.replace(/"/g, '""')}"`);
    expect(firstCells).toContain('-12.5');
    expect(firstCells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual(['-12.5']);
    expect(csv.body.split('\r\n')[0]).toBe(screeningCsvColumns.join(','));
  });

  describe(`a GeoJSON nested deeper than ${maxGeoJsonDepth} levels answers 400 naming the file field`, () => {
    const deepCollection = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":${deepArray(100_000)}}}]}`;
    const tooDeep = { errors: { file: [`The file nests deeper than ${maxGeoJsonDepth} levels of arrays and objects; GeoJSON needs fewer than 30.`] } };

    it('as an own layer', async () => {
      const answer = await asha.post('/api/gis/own_layers/upload/', fileForm(deepCollection, 'deep.geojson', { label: 'Deep layer' }));
      expect([answer.status, answer.body]).toEqual([400, tooDeep]);
    });

    it('as a parcel import', async () => {
      const answer = await asha.post('/api/gis/parcels/import/', fileForm(deepCollection, 'deep.geojson', {}));
      expect([answer.status, answer.body]).toEqual([400, tooDeep]);
    });

    it('and a JSON body nested 10,000 levels on an ordinary endpoint answers 400 too', async () => {
      const body = `{"name":"Deep","location":{"lat":1,"lng":2},"boundary":${deepArray(10_000)}}`;
      const answer = await asha.post('/api/project/create/', body, { headers: { 'content-type': 'application/json' } });
      expect([answer.status, answer.body]).toEqual([400, { errors: { boundary: ['Nested too deeply: at most 32 levels.'] } }]);
    });
  });

  it('follows a redirect of PVGIS or NSRDB on its own host only: one to another host is refused, and the key never goes there', async () => {
    // The hosts a redirect points to: stand-ins that would answer, if they were asked.
    const otherPvgis = await startPvgisStandIn();
    const otherNsrdb = await startNsrdbStandIn({ apiKey });
    const redirector = await startRedirector((rest) => (rest.startsWith('/api/nsrdb/') ? otherNsrdb.baseUrl : new URL(otherPvgis.baseUrl).origin));
    const other = await startTestApp({
      database: app.database,
      env: { PVGIS_BASE_URL: `${redirector.baseUrl}/moved/api/v5_3`, ...nsrdbEnv(`${redirector.baseUrl}/moved`) },
      deps: { seedDemoData: false },
    });
    try {
      const client = other.client();
      await signUpAndLogIn(other, client);
      const { lat, lon } = standInPlaces.served;
      const fromPvgis = await client.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', lat, lon }, system });
      expect(fromPvgis.status, JSON.stringify(fromPvgis.body)).toBe(502);
      expect(fromPvgis.body.detail).toMatch(new RegExp(`^PVGIS sent this server to another host \\(127\\.0\\.0\\.1:${new URL(otherPvgis.baseUrl).port}\\), which it does not follow\\.`));

      const phoenix = nsrdbPlaces.phoenix;
      const fromNsrdb = await client.post<{ detail: string }>(energyPath, { weather: { source: 'nsrdb', lat: phoenix.lat, lon: phoenix.lon }, system });
      expect(fromNsrdb.status, JSON.stringify(fromNsrdb.body)).toBe(502);
      expect(fromNsrdb.body.detail).toMatch(/^NSRDB sent this server to another host \(127\.0\.0\.1:\d+\), which it does not follow\./);
      expect(fromNsrdb.body.detail).not.toContain(apiKey);

      // The same-host hop was followed, the other host never asked.
      expect(redirector.calls.map((url) => url.pathname.split('/')[1])).toEqual(['moved', 'hop', 'moved', 'hop']);
      expect(otherPvgis.calls).toEqual([]);
      expect(otherNsrdb.calls).toEqual([]);
    } finally {
      await other.close();
      await redirector.close();
      await otherPvgis.close();
      await otherNsrdb.close();
    }
  });

  it.each([
    ['pvgis', { source: 'pvgis', ...standInPlaces.served }],
    ['nsrdb', { source: 'nsrdb', lat: nsrdbPlaces.phoenix.lat, lon: nsrdbPlaces.phoenix.lon }],
  ])("does not tell a user when someone else fetched a place from %s: retrieved_at is this user's request's", async (service, weather) => {
    const calls = () => (service === 'pvgis' ? pvgis.calls : nsrdb.calls).length;
    const before = calls();
    const first = await asha.post<EnergyResult>(energyPath, { weather, system });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = Date.now();
    const second = await ravi.post<EnergyResult>(energyPath, { weather, system });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // Still fetched once for both.
    expect(calls()).toBe(before + 1);
    expect(Date.parse(second.body.weather.retrieved_at!)).toBeGreaterThanOrEqual(asked);
  });
});
