/**
 * PVWatts v8 over HTTP: a study's energy from NREL SAM's Phoenix file agrees with ssc's published values for each
 * module and array type, the answer says which model ran, and inputs that belong to the other model are refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert } from 'superstruct';
import type { WeatherFile } from '../../src/contract/energy.ts';
import { EnergyResult } from '../../src/contract/energy.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectEngineFigures } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { readShared } from '../solar/fixtures.ts';
import { sscCases } from '../solar/pvwatts-v8/ssc-cases.ts';

const uploadPath = '/api/gis/weather/upload/';
const energyPath = '/api/gis/get_annual_energy_production/';

type Errors = { errors: Record<string, string[]> };

describeApi('PVWatts v8 energy', () => {
  let app: TestApp;
  let asha: HttpClient;
  let weatherId: string;
  const text = readShared('weather/sam_phoenix_az_tmy2.csv');
  // ssc's default case (pvwatts_cases.h): 4 kW, tilt 20, azimuth 180, GCR 0.4, losses 14.0757 %, DC/AC 1.2, inverter 96 %.
  const base = { dc_kw: 4, tilt_deg: 20, azimuth_deg: 180, gcr: 0.4, losses_pct: 14.075660705566406, dc_ac_ratio: 1.2, inverter_efficiency_pct: 96 };

  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'USA AZ Phoenix (TMY2).csv');
    const upload = await asha.post<WeatherFile>(uploadPath, form);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    weatherId = upload.body.id;
  });
  afterAll(() => app?.close());

  const published = (name: string) => sscCases.find((c) => c.name === name)!.published_annual_kwh!;
  const cases = [
    ['standard', 'fixed-open', 'phoenix-module-0'],
    ['premium', 'fixed-open', 'phoenix-module-1'],
    ['thin-film', 'fixed-open', 'phoenix-module-2'],
    ['standard', 'fixed-roof', 'phoenix-array-1'],
    ['standard', '1-axis', 'phoenix-array-2'],
    ['standard', '1-axis-backtrack', 'phoenix-array-3'],
    ['standard', '2-axis', 'phoenix-array-4'],
  ] as const;

  it.each(cases)('%s modules on %s land on ssc\'s published energy', async (moduleType, arrayType, name) => {
    const answer = await asha.post<EnergyResult>(energyPath, {
      weather: { source: 'upload', weather_id: weatherId },
      system: { ...base, model: 'pvwatts_v8', module_type: moduleType, array_type: arrayType },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    assert(answer.body, EnergyResult);
    expect(Math.abs(answer.body.annual_ac_kwh - published(name))).toBeLessThan(0.01);
    expect(answer.body.system).toMatchObject({ model: 'pvwatts_v8', module_type: moduleType, array_type: arrayType, temperature_model: 'noct' });
    expectEngineFigures(answer.body, readWeather(text));
  }, 60_000);

  it('chooses PVWatts v8 when a PVWatts v8 input is given without a model, and says so', async () => {
    const answer = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: weatherId }, system: { ...base, array_type: 'fixed-open' } });
    expect(answer.status).toBe(200);
    expect(answer.body.system.model).toBe('pvwatts_v8');
    expect(answer.body.notes.join(' ')).toMatch(/No model given: array_type is a PVWatts v8 input, so the pvwatts_v8 model is simulated/);
    expect(Math.abs(answer.body.annual_ac_kwh - published('phoenix-module-0'))).toBeLessThan(0.01);
    const steps = answer.body.loss_waterfall.steps.map((step) => step.key);
    expect(steps).toEqual(expect.arrayContaining(['self-shading', 'incidence-angle', 'spectral', 'temperature', 'system', 'inverter']));
  }, 60_000);

  it('keeps the pvlib model by default and says so in the answer', async () => {
    const answer = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: weatherId }, system: { ...base, mount: 'fixed' } });
    expect(answer.status).toBe(200);
    expect(answer.body.system).toMatchObject({ model: 'pvlib', array_type: 'fixed-open', temperature_model: 'sapm' });
    expect(answer.body.system).not.toHaveProperty('module_type');
  });

  it('refuses the other model\'s inputs with field messages, and nonsense values with the field\'s message', async () => {
    const weather = { source: 'upload', weather_id: weatherId };
    const pvlib = await asha.post<Errors>(energyPath, { weather, system: { ...base, model: 'pvlib', module_type: 'premium', snow_model: true } });
    expect(pvlib.status).toBe(400);
    expect(pvlib.body.errors['system.module_type']).toEqual(['Only the pvwatts_v8 model reads this: send model "pvwatts_v8", or leave it out.']);
    expect(pvlib.body.errors['system.snow_model']).toHaveLength(1);
    const v8 = await asha.post<Errors>(energyPath, { weather, system: { ...base, model: 'pvwatts_v8', gamma_pct_per_c: -0.4 } });
    expect(v8.status).toBe(400);
    expect(v8.body.errors['system.gamma_pct_per_c']).toEqual(['PVWatts v8 takes this from the module type: leave it out, or send model "pvlib".']);
    const bad = await asha.post<Errors>(energyPath, { weather, system: { ...base, bifaciality: 1.5, soiling_monthly_pct: [1, 2, 3], module_type: 'mono' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['system.bifaciality']).toEqual(['Bifaciality must be from 0 to 1 (about 0.65 for bifacial modules, 0 for monofacial).']);
    expect(bad.body.errors['system.soiling_monthly_pct']).toEqual(['Give 12 monthly values, January first.']);
    expect(bad.body.errors['system.module_type']).toHaveLength(1);
    const mismatch = await asha.post<Errors>(energyPath, { weather, system: { ...base, mount: 'fixed', array_type: '2-axis' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors['system.mount']).toEqual(['Array type 2-axis is not on a fixed mount: give one of them.']);
    const backtrack = await asha.post<Errors>(energyPath, { weather, system: { ...base, array_type: '1-axis', backtrack: true } });
    expect(backtrack.body.errors['system.backtrack']).toEqual(['Array type 1-axis does not backtrack: give one of them.']);
    const tracker = await asha.post<EnergyResult>(energyPath, { weather, system: { ...base, mount: 'single_axis', backtrack: false } });
    expect(tracker.body.system).toMatchObject({ model: 'pvlib', mount: 'single_axis', array_type: '1-axis', backtrack: false });
  });

  it('names weather from far away: the Phoenix file on a project in Pune is over 10,000 km off, a file at the project is not', async () => {
    const pune = await asha.post<{ id: string }>('/api/project/create/', { name: 'Pune rooftop', location: { lat: 18.5204, lng: 73.8567 } });
    expect(pune.status).toBe(201);
    const far = await asha.post<EnergyResult>(energyPath, { project_id: pune.body.id, weather: { source: 'upload', weather_id: weatherId }, system: base });
    expect(far.status).toBe(200);
    expect(far.body.notes.join(' ')).toMatch(/^.*The weather \(Phoenix, AZ, USA\) is 1\d,\d{3} km from the project: its sun and climate are another place's, so its confidence is lower\./);
    expect(far.body.weather).toMatchObject({ confidence: 'low' });
    expect(far.body.weather.distance_km).toBeGreaterThan(10_000);
    const phoenix = await asha.post<{ id: string }>('/api/project/create/', { name: 'Phoenix plant', location: { lat: 33.45, lng: -112.07 } });
    const near = await asha.post<EnergyResult>(energyPath, { project_id: phoenix.body.id, weather: { source: 'upload', weather_id: weatherId }, system: base });
    expect(near.body.notes.join(' ')).not.toMatch(/from the project/);
  });

  it('refuses the snow model on weather without snow depth, with a 400 that says what to do', async () => {
    const tmy3 = new FormData();
    tmy3.append('file', new Blob([readShared('data/weather/723170TYA.CSV')], { type: 'text/csv' }), '723170TYA.CSV');
    const upload = await asha.post<WeatherFile>(uploadPath, tmy3);
    expect(upload.status).toBe(201);
    const answer = await asha.post<Errors>(energyPath, { weather: { source: 'upload', weather_id: upload.body.id }, system: { ...base, snow_model: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors['system.snow_model']).toEqual([
      'The snow model needs snow depth in the weather file, and this weather has none: turn the snow model off, or use a file with snow depth (an NSRDB or SAM CSV, or an EPW).',
    ]);
  });

  it('runs the snow model, monthly soiling and bifacial modules, and shows them in the waterfall', async () => {
    const answer = await asha.post<EnergyResult>(energyPath, {
      weather: { source: 'upload', weather_id: weatherId },
      system: { ...base, model: 'pvwatts_v8', bifaciality: 0.65, soiling_monthly_pct: [3, 3, 2, 1, 1, 1, 1, 1, 1, 2, 2, 3], snow_model: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.system).toMatchObject({ bifaciality: 0.65, snow_model: true, soiling_monthly_pct: [3, 3, 2, 1, 1, 1, 1, 1, 1, 2, 2, 3] });
    const step = (key: string) => answer.body.loss_waterfall.steps.find((s) => s.key === key);
    expect(step('bifacial')!.kwh).toBeLessThan(0);
    expect(step('soiling')!.kwh).toBeGreaterThan(0);
    expectEngineFigures(answer.body, readWeather(text));
  }, 60_000);
});
