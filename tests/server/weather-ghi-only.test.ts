import { afterAll, beforeAll, expect, it } from 'vitest';
import { energyMessages, type EnergyResult, type WeatherFile } from '../../src/contract/energy.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { ghiOnlyCsv, readShared, WEATHER_FILES } from '../solar/fixtures.ts';

const uploadPath = '/api/gis/weather/upload/';
const energyPath = '/api/gis/get_annual_energy_production/';
type Errors = { errors: Record<string, string[]> };

const form = (content: string, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), 'nsrdb_polar_tmy.csv');
  return body;
};

describeApi("a GHI-only NSRDB download (PSM4's polar TMY layout) runs on the user's monthly temperatures or a stated default", () => {
  let app: TestApp;
  let asha: HttpClient;
  const psm3 = readShared('weather/nsrdb_psm3_78208_phoenix_tmy.csv');
  const phoenixMeans = '12.1, 14.3, 17.6, 21.3, 26.3, 31.2, 33.9, 33.1, 30.2, 23.8, 16.9, 12.0';
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  const energyOn = async (file: WeatherFile) => {
    const answer = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: file.id }, system: { dc_kw: 100, tilt_deg: 33, azimuth_deg: 180 } });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return answer.body;
  };

  it('without temperatures: 20 °C and 1 m/s, said in the notes of the file and of every answer on it', async () => {
    const upload = await asha.post<WeatherFile & Errors>(uploadPath, form(ghiOnlyCsv(psm3)));
    expect(upload.status, JSON.stringify(upload.body).slice(0, 300)).toBe(201);
    expect(upload.body).toMatchObject({ format: 'nsrdb-csv', components: 'erbs' });
    expect(upload.body.notes).toContain("The file has no air temperature column: 20 °C every hour (NOCT's reference ambient); give the site's twelve monthly mean temperatures with the upload for truer cell temperatures.");
    const energy = await energyOn(upload.body);
    expect(energy.weather.notes).toContain("The file has no wind speed column: 1 m/s every hour (NOCT's reference wind).");

    // With Phoenix's monthly means the cells run hotter than at 20 °C: less energy, and the months named.
    const withMeans = await asha.post<WeatherFile & Errors>(uploadPath, form(ghiOnlyCsv(psm3), { temp_air_c: phoenixMeans }));
    expect(withMeans.status, JSON.stringify(withMeans.body).slice(0, 300)).toBe(201);
    expect(withMeans.body.notes.join(' ')).toContain("each hour takes its month's mean temperature given with the upload (Jan 12.1, Feb 14.3,");
    const hotter = await energyOn(withMeans.body);
    expect(hotter.annual_ac_kwh).toBeLessThan(energy.annual_ac_kwh);
    expect(hotter.annual_ghi_kwh_m2).toBeCloseTo(energy.annual_ghi_kwh_m2, 9);
  });

  it('refuses monthly temperatures that are not twelve, a file with its own temperatures, and a file of another format', async () => {
    const short = await asha.post<Errors>(uploadPath, form(ghiOnlyCsv(psm3), { temp_air_c: '12 14 17' }));
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ temp_air_c: [energyMessages.uploadTemperatures] });
    const own = await asha.post<Errors>(uploadPath, form(psm3, { temp_air_c: phoenixMeans }));
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ temp_air_c: [energyMessages.temperaturesUnused] });
    const tmy3 = await asha.post<Errors>(uploadPath, form(readShared(WEATHER_FILES.tmy3), { temp_air_c: phoenixMeans }));
    expect(tmy3.status).toBe(400);
    expect(tmy3.body.errors).toEqual({ temp_air_c: [energyMessages.temperaturesNotCsv] });
  });
});
