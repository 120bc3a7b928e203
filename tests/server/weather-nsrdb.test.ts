import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { WeatherFile, WeatherFileList, type EnergyResult } from '../../src/contract/energy.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectClose, expectEngineFigures } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { readShared, sum } from '../solar/fixtures.ts';

const uploadPath = '/api/gis/weather/upload/';
const listPath = '/api/gis/weather/list/';
const energyPath = '/api/gis/get_annual_energy_production/';

const PHOENIX_SAM = 'weather/sam_phoenix_az_tmy2.csv';
const PSM3_HALF_HOUR = 'weather/nsrdb_psm3_401182_2017_30min.csv';

function weatherForm(content: string, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), filename);
  return form;
}

type Errors = { errors: Record<string, string[]> };

describeApi('SAM CSV and NSRDB weather uploads', () => {
  let app: TestApp;
  let asha: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  it("reads NREL SAM's Phoenix file as nsrdb-csv with its site, and simulates it as the engine does", async () => {
    const text = readShared(PHOENIX_SAM);
    const engine = readWeather(text);
    const answer = await asha.post<WeatherFile>(uploadPath, weatherForm(text, 'USA AZ Phoenix (TMY2).csv'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    assert(answer.body, WeatherFile);
    expect(answer.body).toMatchObject({
      source: 'upload',
      format: 'nsrdb-csv',
      name: 'Phoenix, AZ, USA',
      site_name: 'Phoenix, AZ, USA',
      file_name: 'USA AZ Phoenix (TMY2).csv',
      lat: 33.433333,
      lon: -112.016667,
      elevation_m: 339,
      utc_offset_hours: -7,
      components: 'source',
      notes: [],
      attribution: 'TMY2',
      byte_size: Buffer.byteLength(text),
    });
    expectClose(answer.body.annual_ghi_kwh_m2, sum(engine.ghi) / 1000);
    expect(answer.body.annual_ghi_kwh_m2).toBeCloseTo(2116.98, 2);

    const list = await asha.get<WeatherFileList>(listPath);
    assert(list.body, WeatherFileList);
    expect(list.body.results.map((f) => f.format)).toContain('nsrdb-csv');

    const system = { dc_kw: 1000, mount: 'fixed', tilt_deg: 33.4, azimuth_deg: 180, losses_pct: 14.08, dc_ac_ratio: 1.2 };
    const energy = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: answer.body.id }, system });
    expect(energy.status, JSON.stringify(energy.body)).toBe(200);
    expect(energy.body.weather).toMatchObject({ source: 'upload', weather_id: answer.body.id, format: 'nsrdb-csv', confidence: 'standard', attribution: 'TMY2' });
    expectEngineFigures(energy.body, engine);
    expect(energy.body.specific_yield_kwh_per_kwp).toBeGreaterThan(1700);
    expect(energy.body.specific_yield_kwh_per_kwp).toBeLessThan(2000);
  });

  it('reads an NSRDB PSM3 30-minute download, saying how it was averaged and crediting NSRDB', async () => {
    const answer = await asha.post<WeatherFile>(uploadPath, weatherForm(readShared(PSM3_HALF_HOUR), '401182_40.53_-108.54_2017.csv'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      format: 'nsrdb-csv',
      name: 'NSRDB 40.530, -108.540 (location 401182)',
      lat: 40.53,
      lon: -108.54,
      elevation_m: 2168,
      utc_offset_hours: -7,
      attribution: 'NREL NSRDB v3.2.2',
    });
    expect(answer.body.notes).toEqual([expect.stringMatching(/^The 30-minute rows were averaged into hours/)]);
  });

  it('refuses a damaged file with 400 naming the line and the field', async () => {
    const refuse = async (content: string) => {
      const answer = await asha.post<Errors>(uploadPath, weatherForm(content, 'phoenix.csv'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.errors;
    };
    const lines = readShared(PHOENIX_SAM).split('\n');
    const broken = [...lines];
    broken[1199] = (broken[1199] ?? '').split(',').map((field, k) => (k === 4 ? 'n/a' : field)).join(',');
    expect(await refuse(broken.join('\n'))).toEqual({ file: ["Line 1200, GHI: 'n/a' is not a number"] });
    expect(await refuse(lines.slice(0, 2000).join('\n'))).toEqual({ file: ['Line 2000: the file ends after 1997 of 8760 hourly rows (truncated?)'] });
    const noDhi = [lines[0], lines[1], (lines[2] ?? '').replace('DHI', 'Diffuse X'), ...lines.slice(3)];
    expect((await refuse(noDhi.join('\n'))).file?.[0]).toBe('Line 3, DHI: the header has a DNI column but no DHI column: give both, or neither to split them from GHI');
    // A file without wind is no damaged file: it runs at NOCT's 1 m/s and says so (tests/server/weather-ghi-only.test.ts).
    const noWind = [lines[0], lines[1], (lines[2] ?? '').replace('Wspd', 'Wind'), ...lines.slice(3)];
    const windless = await asha.post<{ notes: string[] }>(uploadPath, weatherForm(noWind.join('\n'), 'phoenix.csv'));
    expect(windless.status).toBe(201);
    expect(windless.body.notes).toContain("The file has no wind speed column: 1 m/s every hour (NOCT's reference wind).");
  });
});
