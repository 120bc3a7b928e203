/**
 * Issue 36, "one signed-in user stalls everyone": costly work runs in the engine's threads, so one user's CPU-heavy
 * requests overlap (and their at-once limit engages) while other users are answered; the map's layer endpoints have
 * rate limits. Order of answers, never wall-clock limits, tells who waited for whom. The bench (tests/bench/bystander.ts)
 * measures the bystander's latency.
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WeatherFile } from '../../src/contract/energy.ts';
import type { ParcelImportAnswer } from '../../src/contract/gis.ts';
import type { Project, ProjectDetail } from '../../src/contract/projects.ts';
import { parcelsRepository } from '../../server/gis/parcels-repository.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { box } from '../support/geojson-shapes.ts';
import type { HttpClient } from '../support/http-client.ts';
import { gridParcels } from '../support/parcel-grid.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { readShared } from '../solar/fixtures.ts';

const energyPath = '/api/gis/get_annual_energy_production/';
/** Rows in the parcel file reader's batches of 500. */
const inBatches = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, k) => rows.slice(k * 500, (k + 1) * 500));

describeApi('one user stalls no one (issue 36)', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let weatherId: string;

  beforeAll(async () => {
    // A window of 30 days: the few requests below cannot straddle two of them.
    app = await startTestApp({ deps: { logger: { level: 'error' }, seedDemoData: false, limits: { layersPerUser: { limit: 3, seconds: 30 * 86_400 } } } });
    [asha, ravi] = await signedInPair(app);
    const form = new FormData();
    form.append('file', new Blob([readShared('weather/sam_phoenix_az_tmy2.csv')], { type: 'text/csv' }), 'phoenix.csv');
    const upload = await asha.post<WeatherFile>('/api/gis/weather/upload/', form);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    weatherId = upload.body.id;
  });
  afterAll(() => app?.close());

  it("runs four of a user's CPU-heavy requests at once, refuses a fifth with 429 and Retry-After, and answers another user first", async () => {
    // A bifacial PVWatts v8 tracker year: about a second of CPU each, a legitimate request.
    const body = { weather: { source: 'upload', weather_id: weatherId }, system: { model: 'pvwatts_v8', bifaciality: 0.7, array_type: '1-axis-backtrack', dc_kw: 1000 } };
    const order: string[] = [];
    const costly = Array.from({ length: 5 }, () =>
      asha.post<{ annual_ac_kwh?: number; detail?: string }>(energyPath, body).then((answer) => {
        order.push(`asha ${answer.status}`);
        return answer;
      }),
    );
    const list = ravi.get('/api/project/list/').then((answer) => {
      order.push(`ravi ${answer.status}`);
      return answer;
    });
    const answers = await Promise.all(costly);
    expect((await list).status).toBe(200);

    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 429]);
    expect(refused[0]!.headers.get('retry-after')).toBe('5');
    expect(refused[0]!.body.detail).toContain('at most 4 at once');
    // The refusal and Ravi's list come before any of the four runs ends.
    expect(order.slice(0, 2).sort()).toEqual(['asha 429', 'ravi 200']);
    const energies = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.annual_ac_kwh);
    expect(new Set(energies).size).toBe(1);
  }, 120_000);

  it("limits a user's map layer and own layer feature requests per window with 429 and Retry-After; other users keep theirs", async () => {
    const layer = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: box(-77.02, 38.9, -77.01, 38.91) }] };
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(layer)]), 'setback.geojson');
    form.append('label', 'Setback from homes');
    const uploaded = await asha.post<{ layer: { id: string } }>('/api/gis/own_layers/upload/', form);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const mapLayers = (client: HttpClient) => client.get<{ detail?: string }>('/api/gis/map_layers/?bbox=-77.03,38.89,-77.0,38.92');
    const features = () => asha.get<{ detail?: string }>(`/api/gis/own_layers/features/?id=${uploaded.body.layer.id}`);

    // The window (3 for the tests) counts both endpoints together.
    expect((await mapLayers(asha)).status).toBe(200);
    expect((await features()).status).toBe(200);
    expect((await mapLayers(asha)).status).toBe(200);
    for (const refused of [await mapLayers(asha), await features()]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(/^Too many map layer requests: one user may make at most 3 per 43200 minutes\. Try again in \d+ s\.$/);
    }
    expect((await mapLayers(ravi)).status).toBe(200);
  });

  it('imports thousands of parcels in batches: another query runs between them, and every parcel is stored and attached', async () => {
    const grid = gridParcels({ columns: 60, rows: 50, prefix: 'BATCH' });
    const collection = { type: 'FeatureCollection', features: grid.map((row) => ({ type: 'Feature', properties: { APN: row.apn }, geometry: row.geometry })) };
    const project = await ravi.post<Project>('/api/project/create/', { name: 'Three thousand parcels', location: { lat: 35.72, lng: -79.27 } });
    expect(project.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(collection)]), 'county.geojson');
    form.append('project_id', project.body.id);
    const imported = await ravi.post<ParcelImportAnswer>('/api/gis/parcels/import/', form);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 3000, attached: 3000, total: 3000, refused: [] });
    const detail = await ravi.get<ProjectDetail>(`/api/project/get/?id=${project.body.id}`);
    expect(detail.body.parcels.map((parcel) => parcel.apn)).toEqual(grid.map((row) => row.apn).sort());

    // The same through the repository, with a query asked again and again while the import runs: on PGlite one
    // transaction held every such query until it ended.
    const [carla] = await queryRows<{ id: string }>(app.database, sql`insert into users (email, name, password_hash) values ('carla-36@example.com', 'Carla', '') returning id`);
    const rows = gridParcels({ columns: 40, rows: 50, prefix: 'OTHERS' }).map(({ ownerId: _, ...row }) => row);
    let done = false;
    const importing = parcelsRepository(app.database.db).importOwnAndAttach(carla!.id, inBatches(rows), undefined).finally(() => (done = true));
    let answeredMeanwhile = 0;
    while (!done) {
      // As a request would, each query comes from the event loop (PGlite answers in microtasks, which alone never yield).
      await setImmediate();
      await queryRows(app.database, sql`select 1`);
      if (!done) answeredMeanwhile++;
    }
    expect((await importing).added).toHaveLength(2000);
    expect(answeredMeanwhile).toBeGreaterThan(1);
  });

  it('stores nothing of an import that fails part-way: parcels added are deleted, parcels kept are detached again', async () => {
    const repository = parcelsRepository(app.database.db);
    const [dev] = await queryRows<{ id: string }>(app.database, sql`insert into users (email, name, password_hash) values ('dev-36@example.com', 'Dev', '') returning id`);
    const [project] = await queryRows<{ id: string }>(app.database, sql`insert into projects (owner_id, name) values (${dev!.id}, 'Undone') returning id`);
    const rows = gridParcels({ columns: 30, rows: 40, prefix: 'UNDO' }).map(({ ownerId: _, ...row }) => row);
    // Dev already has the first one, unattached; the import would attach it.
    await repository.importOwnAndAttach(dev!.id, [rows.slice(0, 1)], undefined);
    // A parcel without its box, in the third batch: PostgreSQL refuses it after two batches were written.
    const broken = rows.map((row, k) => (k === 1100 ? { ...row, minLng: null as never } : row));
    await expect(repository.importOwnAndAttach(dev!.id, inBatches(broken), project!.id)).rejects.toThrow();
    const [stored] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from parcels where owner_id = ${dev!.id}`);
    const [attached] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from project_parcels where project_id = ${project!.id}`);
    expect({ stored: stored!.n, attached: attached!.n }).toEqual({ stored: 1, attached: 0 });
  });
});
