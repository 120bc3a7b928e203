import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert, type Infer } from 'superstruct';
import { PublicConfig } from '../../src/contract/auth.ts';
import { EnergyResult, FinanceResult } from '../../src/contract/energy.ts';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectEngineFigures } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { noDataMessage, nsrdbPhoenixFile, nsrdbPlaces, startNsrdbStandIn, type NsrdbStandIn } from '../support/nsrdb-stand-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { readShared } from '../solar/fixtures.ts';

const energyPath = '/api/gis/get_annual_energy_production/';
const financePath = '/api/gis/get_estimated_financial_data/';
const studyPath = '/api/project/feasibility/create/';

const apiKey = 'nsrdb-key-6Yq2Zr8PwX4tLm0V';
const email = 'planner@sunplot.test';
const system = { dc_kw: 100, mount: 'fixed', tilt_deg: 30, azimuth_deg: 180 };

type Detail = { detail: string };
type Errors = { errors: Record<string, string[]> };

describeApi('the NSRDB weather source', () => {
  let nsrdb: NsrdbStandIn;
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let phoenix: Project;
  /** Every answer and log line of the apps, to show the key is in none of them. */
  const seen: string[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void seen.push(line) } };

  async function ask<T>(client: HttpClient, path: string, body: Record<string, unknown>) {
    const answer = await client.post<T>(path, body);
    seen.push(JSON.stringify(answer.body), JSON.stringify([...answer.headers]));
    return answer;
  }

  /** Another app on the same database with other NSRDB settings, and a signed-in user of it. */
  async function appWith(env: Record<string, string>, use: (client: HttpClient) => Promise<void>) {
    const other = await startTestApp({ database: app.database, env, deps: { seedDemoData: false, logger } });
    try {
      const client = other.client();
      await signUpAndLogIn(other, client);
      await use(client);
    } finally {
      await other.close();
    }
  }

  const nsrdbEnv = () => ({ NSRDB_API_KEY: apiKey, NSRDB_EMAIL: email, NSRDB_BASE_URL: nsrdb.baseUrl, NSRDB_TIMEOUT_MS: '1500' });

  beforeAll(async () => {
    nsrdb = await startNsrdbStandIn({ apiKey, slowMs: 6000 });
    app = await startTestApp({ env: nsrdbEnv(), deps: { seedDemoData: false, logger } });
    [asha, ravi] = await signedInPair(app);
    phoenix = (await asha.post<Project>('/api/project/create/', { name: 'Phoenix', location: { lat: nsrdbPlaces.phoenix.lat, lng: nsrdbPlaces.phoenix.lon } })).body;
  });
  afterAll(async () => {
    await app?.close();
    await nsrdb?.close();
  });

  it("estimates on NSRDB's typical year at the project's location, fetched once and then kept for everyone", async () => {
    const csv = readShared(nsrdbPhoenixFile);
    const first = await ask<EnergyResult>(asha, energyPath, { project_id: phoenix.id, weather: { source: 'nsrdb' }, system });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    assert(first.body, EnergyResult);
    expect(first.body.weather).toMatchObject({
      source: 'nsrdb',
      year: 'tmy',
      weather_id: null,
      name: 'NSRDB 33.450, -111.980 (location 78208)',
      lat: 33.45,
      lon: -111.98,
      elevation_m: 358,
      utc_offset_hours: -7,
      format: 'nsrdb-csv',
      confidence: 'standard',
      components: 'source',
      attribution: 'NREL NSRDB v3.0.0, typical meteorological year, public domain',
    });
    expect(first.body.weather.retrieved_at).toEqual(expect.any(String));
    expectEngineFigures(first.body, readWeather(csv));
    expect(nsrdb.calls).toHaveLength(1);
    const [call] = nsrdb.calls;
    expect(call!.pathname).toBe('/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv');
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      api_key: apiKey,
      email,
      wkt: 'POINT(-111.982 33.451)',
      names: 'tmy',
      interval: '60',
      utc: 'false',
      leap_day: 'false',
      attributes: 'ghi,dni,dhi,air_temperature,wind_speed,surface_albedo,surface_pressure,dew_point',
    });

    // The same cell again, by coordinates, for the finance estimate, by another user and for a study: from the database.
    const finance = await ask<FinanceResult>(ravi, financePath, { weather: { source: 'nsrdb', lat: '33.451', lon: -111.982, year: 'tmy' }, system, finance: { structure: 'pre_tax' } });
    expect(finance.status, JSON.stringify(finance.body)).toBe(200);
    assert(finance.body, FinanceResult);
    expect(finance.body.energy_production?.annual_ac_kwh).toBe(first.body.annual_ac_kwh);
    const study = await ask<FeasibilityStudy>(asha, studyPath, { project_id: phoenix.id, weather: { source: 'nsrdb' }, system });
    expect(study.status, JSON.stringify(study.body)).toBe(201);
    expect(study.body.weather).toMatchObject({ source: 'nsrdb', year: 'tmy', attribution: first.body.weather.attribution });
    expect(nsrdb.calls).toHaveLength(1);

    // A single year is another download, kept under its own key.
    const year = await ask<EnergyResult>(asha, energyPath, { project_id: phoenix.id, weather: { source: 'nsrdb', year: 2019 }, system });
    expect(year.status, JSON.stringify(year.body)).toBe(200);
    expect(year.body.weather).toMatchObject({ source: 'nsrdb', year: 2019, attribution: 'NREL NSRDB v3.0.0, 2019, public domain' });
    expect(nsrdb.calls).toHaveLength(2);
    expect(nsrdb.calls[1]!.pathname).toBe('/api/nsrdb/v2/solar/nsrdb-GOES-aggregated-v4-0-0-download.csv');
    expect(nsrdb.calls[1]!.searchParams.get('names')).toBe('2019');
    const rows = await queryRows<{ dataset: string; lat_e3: number; lon_e3: number; year: string }>(
      app.database,
      sql`select dataset, lat_e3, lon_e3, year from nsrdb_weather_cache order by year`,
    );
    expect(rows).toEqual([
      { dataset: 'GOES v4.0.0', lat_e3: 33451, lon_e3: -111982, year: '2019' },
      { dataset: 'GOES v4.0.0', lat_e3: 33451, lon_e3: -111982, year: 'tmy' },
    ]);
  });

  it('checks the year as a field', async () => {
    for (const year of [1997, 2024, 'tgy', 2019.5]) {
      const answer = await ask<Errors>(asha, energyPath, { project_id: phoenix.id, weather: { source: 'nsrdb', year } });
      expect([answer.status, answer.body.errors?.['weather.year']]).toEqual([400, ['Give "tmy" for NSRDB\'s typical year, or a year from 1998 to 2023.']]);
    }
    expect((await ask<Errors>(asha, energyPath, { weather: { source: 'nsrdb' } })).body.errors).toEqual({ 'weather.lat': ['This is Required.'], 'weather.lon': ['This is Required.'] });
  });

  it('says what to use instead when the server has no NSRDB key, and tells the client through /api/config/', async () => {
    expect((await app.client().get<Infer<typeof PublicConfig>>('/api/config/')).body).toMatchObject({ nsrdb: true });
    const before = nsrdb.calls.length;
    await appWith({ NSRDB_BASE_URL: nsrdb.baseUrl }, async (client) => {
      const config = await client.get<Infer<typeof PublicConfig>>('/api/config/');
      assert(config.body, PublicConfig);
      expect(config.body.nsrdb).toBe(false);
      for (const [path, body] of [
        [energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.phoenix } }],
        [energyPath, { weather: { source: 'nsrdb' } }],
        [financePath, { weather: { source: 'nsrdb', ...nsrdbPlaces.phoenix } }],
      ] as const) {
        const answer = await ask<Errors>(client, path, body);
        expect(answer.status).toBe(400);
        const [message] = answer.body.errors['weather.source']!;
        expect(message).toMatch(/^NSRDB is not configured on this server/);
        expect(message).toContain('Upload a weather file');
        expect(message).toContain('choose PVGIS');
        expect(message).toContain('monthly means');
      }
    });
    expect(nsrdb.calls.length).toBe(before);
  });

  it("passes on NSRDB's refusal as a 422 in its own words, and keeps nothing of it", async () => {
    const outside = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.outside } });
    expect(outside.status).toBe(422);
    expect(outside.body.detail).toContain('NSRDB cannot serve this location (51.500, -0.100)');
    expect(outside.body.detail).toContain(`NSRDB says: "${noDataMessage}"`);
    expect(outside.body.detail).toContain('Upload a weather file');
    const inYear = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.outside, year: 2001 } });
    expect([inYear.status, inYear.body.detail]).toEqual([422, expect.stringContaining('(51.500, -0.100 in 2001)')]);
    // NSRDB repeating the request back (key and all) is shown without the key.
    const echo = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.echo } });
    expect([echo.status, echo.body.detail]).toEqual([422, expect.stringContaining('api_key=[key]')]);
    const study = await ask<Detail>(asha, studyPath, { project_id: phoenix.id, weather: { source: 'nsrdb', ...nsrdbPlaces.outside } });
    expect(study.status).toBe(422);
    const [kept] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from nsrdb_weather_cache where lat_e3 <> 33451`);
    expect(kept?.n).toBe(0);
  });

  it('answers 502 or 503 with what happened and what to do when NSRDB fails, is busy, slow or out of reach', async () => {
    const broken = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.broken } });
    expect([broken.status, broken.body.detail]).toEqual([502, expect.stringMatching(/^NSRDB answered with an error \(HTTP 500\)\. Try again later, or: Upload a weather file/)]);
    const busy = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.busy } });
    expect([busy.status, busy.headers.get('retry-after'), busy.body.detail]).toEqual([503, '60', expect.stringContaining('NSRDB is limiting requests from this server (HTTP 429)')]);
    const jsonOk = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.jsonOk } });
    expect([jsonOk.status, jsonOk.body.detail]).toEqual([502, expect.stringMatching(/^NSRDB answered without a weather file: Request \?api_key=\[key\]&/)]);
    const slow = await ask<Detail>(asha, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.slow } });
    expect([slow.status, slow.body.detail]).toEqual([503, expect.stringContaining('NSRDB did not answer within 1.5 s')]);

    await appWith({ ...nsrdbEnv(), NSRDB_API_KEY: 'a-key-nsrdb-does-not-know' }, async (client) => {
      const refused = await ask<Detail>(client, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.phoenix, year: 2020 } });
      expect(refused.status).toBe(502);
      expect(refused.body.detail).toMatch(/^NSRDB did not accept this server's API key \(HTTP 403: An invalid api_key was supplied\./);
      expect(refused.body.detail).toContain('check NSRDB_API_KEY');
    });

    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await appWith({ ...nsrdbEnv(), NSRDB_BASE_URL: `http://127.0.0.1:${closedPort}` }, async (client) => {
      const offline = await ask<Detail>(client, energyPath, { weather: { source: 'nsrdb', ...nsrdbPlaces.phoenix, year: 2021 } });
      expect(offline.status).toBe(503);
      expect(offline.body.detail).toBe(
        'NSRDB cannot be reached: the connection was refused. Try again later, or: Upload a weather file for the site (TMY3, TMY2, EPW, an NSRDB or SAM CSV, or a PVGIS file), choose PVGIS, or enter its monthly means instead.',
      );
    });
    const [kept] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from nsrdb_weather_cache`);
    expect(kept?.n).toBe(2);
  });

  it('never shows the API key in an answer or a log line', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((text) => text.includes(apiKey))).toEqual([]);
    expect(seen.join('\n')).not.toMatch(/ENOTFOUND|ECONNREFUSED|api_key=(?!\[key\])/);
  });
});
