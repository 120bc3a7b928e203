import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Project } from '../../src/contract/projects.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';

interface Screened {
  screened: number;
  features: { id: string; properties: { verdict: string } }[];
  criteria: Record<string, unknown>;
}

const energyPath = '/api/gis/get_annual_energy_production/';
const financePath = '/api/gis/get_estimated_financial_data/';
const reasonedPath = '/api/gis/get_reasoned_geo_json/';
const givenEnergy = { energy: { annual_ac_kwh: 150_000, dc_kw: 100 } };
const pvgisYear = { weather: { source: 'pvgis', lat: 45, lon: 8 }, system: { dc_kw: 100, mount: 'fixed', tilt_deg: 30, azimuth_deg: 180 } };

/** A PVGIS stand-in that holds every request until the test releases it: a costly request the test can keep running. */
async function startHeldPvgis() {
  const year = readShared(WEATHER_FILES.pvgisJson);
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  const server = createServer((_request, response) => {
    held.push(response);
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5_3`,
    /** Resolves once a request is being held. */
    arrival: () => new Promise<void>((resolve) => (arrived = resolve)),
    release() {
      for (const response of held.splice(0)) response.writeHead(200, { 'content-type': 'application/json' }).end(year);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// A ring of `vertices` points around (lng, lat): an ellipse of `rx` by `ry` degrees.
function ellipse(lng: number, lat: number, rx: number, ry: number, vertices: number) {
  const ring = Array.from({ length: vertices }, (_, i) => {
    const a = (2 * Math.PI * i) / vertices;
    return [Number((lng + rx * Math.cos(a)).toFixed(6)), Number((lat + ry * Math.sin(a)).toFixed(6))];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

/**
 * Square parcels on a grid over the ellipse's box, each clearly inside or clearly outside it (straddlers are left out),
 * so the parcels the boundary overlaps are known without the server's geometry.
 */
function gridParcels(lng: number, lat: number, rx: number, ry: number, perSide: number) {
  const features = [];
  let inside = 0;
  const size = (2 * rx) / perSide;
  const height = (2 * ry) / perSide;
  for (let i = 0; i < perSide; i++) {
    for (let j = 0; j < perSide; j++) {
      const w = lng - rx + i * size;
      const s = lat - ry + j * height;
      const corners = [[w, s], [w + size * 0.8, s], [w + size * 0.8, s + height * 0.8], [w, s + height * 0.8]].map(([x, y]) => [Number(x!.toFixed(6)), Number(y!.toFixed(6))]);
      const reach = corners.map(([x, y]) => Math.hypot((x! - lng) / rx, (y! - lat) / ry));
      if (Math.max(...reach) < 0.97) inside++;
      else if (Math.min(...reach) < 1.03) continue;
      features.push({ type: 'Feature', properties: { apn: `CW-${i}-${j}` }, geometry: { type: 'Polygon', coordinates: [[...corners, corners[0]]] } });
    }
  }
  return { collection: { type: 'FeatureCollection', features }, inside };
}

describeApi('costly work: per-user limits, screening off the request thread, the screening cache', () => {
  let app: TestApp;
  let pvgis: Awaited<ReturnType<typeof startHeldPvgis>>;
  const clients: Record<'asha' | 'ravi' | 'carla' | 'dev', HttpClient> = {} as never;

  beforeAll(async () => {
    pvgis = await startHeldPvgis();
    app = await startTestApp({
      env: { PVGIS_BASE_URL: pvgis.baseUrl, PVGIS_TIMEOUT_MS: '300000' },
      deps: {
        limits: {
          costlyWorkAtOncePerUser: { limit: 1, seconds: 7 },
          // A window of 30 days: the few requests below cannot straddle two of them.
          energyPerUser: { limit: 3, seconds: 30 * 86_400 },
        },
      },
    });
    for (const name of ['asha', 'ravi', 'carla', 'dev'] as const) {
      clients[name] = app.client();
      await signUpAndLogIn(app, clients[name]);
    }
  });
  afterAll(async () => {
    await app?.close();
    await pvgis?.close();
  });

  it("answers another user's request while a screening of a 50,000-vertex boundary over thousands of parcels runs", async () => {
    const { asha, ravi } = clients;
    const [lng, lat, rx, ry] = [-100, 35, 0.06, 0.05];
    const { collection, inside } = gridParcels(lng, lat, rx, ry, 70);
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(collection)]), 'grid.geojson');
    const imported = await asha.post<{ imported: number }>('/api/gis/parcels/import/', form);
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(collection.features.length);
    expect(collection.features.length).toBeGreaterThan(3000);

    // 50,000 positions with the closing one: the most a boundary may hold.
    const boundary = ellipse(lng, lat, rx, ry, 49_999);
    const project = await asha.post<Project>('/api/project/create/', { name: 'Huge boundary', location: { lat, lng }, boundary });
    expect(project.status, JSON.stringify(project.body)).toBe(201);

    const order: string[] = [];
    const screening = asha.post<Screened>(reasonedPath, { project_id: project.body.id }).then((answer) => {
      order.push('screening');
      return answer;
    });
    // Ravi keeps asking for his project list until the screening is answered.
    let listAnswers = 0;
    while (!order.includes('screening')) {
      const list = await ravi.get('/api/project/list/');
      expect(list.status).toBe(200);
      if (!order.includes('screening')) order.push('list');
      listAnswers++;
    }
    const answer = await screening;
    expect(answer.status).toBe(200);
    expect(answer.body.screened).toBe(inside);
    expect(order[0]).toBe('list');
    expect(listAnswers).toBeGreaterThan(0);
    // A generous timeout, not a measure: the import, the project and the screening share two cores with other suites.
  }, 300_000);

  it("refuses a user's second costly request while one runs, with 429 and Retry-After, and leaves other users alone", async () => {
    const { carla, dev } = clients;
    const held = pvgis.arrival();
    const running = carla.post(energyPath, pvgisYear);
    // The server is now inside Carla's energy request, waiting for PVGIS.
    await held;
    const refused = await carla.post(reasonedPath, { bbox: [-77.05, 38.89, -77.04, 38.9] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(String(refused.body.detail)).toContain('at most 1 at once');
    expect((await carla.post(financePath, givenEnergy)).status).toBe(429);
    expect((await carla.get('/api/project/list/')).status).toBe(200);
    expect((await dev.post(financePath, givenEnergy)).status).toBe(200);
    expect((await dev.post(reasonedPath, { bbox: [-77.05, 38.89, -77.04, 38.9] })).status).toBe(200);
    pvgis.release();
    expect((await running).status).toBe(200);
    expect((await carla.post(financePath, givenEnergy)).status).toBe(200);
  });

  it('refuses costly requests past the rate window with 429, Retry-After and the limit named; other users keep theirs', async () => {
    const { ravi, dev } = clients;
    // Ravi has made none yet; Dev made one above. The window is 3 for the tests.
    for (let i = 0; i < 3; i++) expect((await ravi.post(financePath, givenEnergy)).status).toBe(200);
    const refused = await ravi.post(financePath, givenEnergy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/Too many energy and finance requests: one user may make at most 3 per 43200 minutes/);
    // The window counts every energy endpoint of the user together.
    expect((await ravi.post(energyPath, pvgisYear)).status).toBe(429);
    expect((await dev.post(financePath, givenEnergy)).status).toBe(200);
  });

  it('answers a repeated screening from the cache, the same as uncached; a changed criterion or attached parcel misses it', async () => {
    const { dev } = clients;
    const square = (w: number, s: number, e: number, n: number) => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
    const project = await dev.post<Project>('/api/project/create/', { name: 'Cached', location: { lat: 38.905, lng: -77.02 }, boundary: square(-77.04, 38.89, -77.0, 38.92) });
    expect(project.status).toBe(201);
    const body = { project_id: project.body.id };

    const first = await dev.post<Screened>(reasonedPath, body);
    expect(first.status).toBe(200);
    expect(first.body.screened).toBeGreaterThan(0);
    expect(first.headers.get('x-cache')).toBe('miss');
    const second = await dev.post<Screened>(reasonedPath, body);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    // The filtered answer of the same screening comes from the same entry.
    const filtered = await dev.post<Screened>('/api/gis/get_filtered_geo_json/', body);
    expect(filtered.headers.get('x-cache')).toBe('hit');
    expect(filtered.body.features.map((f) => f.id)).toEqual(first.body.features.filter((f) => f.properties.verdict === 'pass').map((f) => f.id));

    const stricter = await dev.post<Screened>(reasonedPath, { ...body, filters: { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0, min_area_acres: 1 } });
    expect(stricter.headers.get('x-cache')).toBe('miss');
    expect(stricter.body.criteria).toEqual({ max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0, min_area_acres: 1 });

    const attached = await dev.post('/api/gis/new_apn/', { project_id: project.body.id, apn: 'DRAWN-1', geometry: square(-76.95, 38.95, -76.949, 38.951) });
    expect(attached.status).toBe(201);
    const after = await dev.post<Screened>(reasonedPath, body);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.screened).toBe(first.body.screened + 1);
    expect((await dev.post(reasonedPath, body)).headers.get('x-cache')).toBe('hit');
  });
});
