import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { energyMessages, FinanceResult, type EnergyResult } from '../../src/contract/energy.ts';
import { latitudeMessage } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { settingsMessages, type Preset } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { finance, type FinanceAssumptions } from '../../src/solar/finance.ts';
import { synthesiseWeatherYear } from '../../src/solar/monthly-synthesis.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectClose, expectEngineFigures } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { seaMessage, standInPlaces, startPvgisStandIn, type PvgisStandIn } from '../support/pvgis-stand-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { WEATHER_FILES, weatherFile } from '../solar/fixtures.ts';

const energyPath = '/api/gis/get_annual_energy_production/';
const financePath = '/api/gis/get_estimated_financial_data/';

const fixed100 = { dc_kw: 100, mount: 'fixed', tilt_deg: 30, azimuth_deg: 180 };

describeApi('energy production and financial estimate API', () => {
  let app: TestApp;
  let pvgis: PvgisStandIn;
  let asha: HttpClient;
  let ravi: HttpClient;
  let italy: Project;
  beforeAll(async () => {
    pvgis = await startPvgisStandIn({ slowMs: 6000 });
    app = await startTestApp({ env: { PVGIS_BASE_URL: pvgis.baseUrl, PVGIS_TIMEOUT_MS: '1500' }, deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
    italy = (await asha.post<Project>('/api/project/create/', { name: 'Piemonte', location: { lat: 45, lng: 8 } })).body;
  });
  afterAll(async () => {
    await app?.close();
    await pvgis?.close();
  });

  it('simulates the PVGIS year of a location, fetched once and then read from the database', async () => {
    const first = await asha.post<EnergyResult>(energyPath, { weather: { source: 'pvgis', lat: 45, lon: 8 }, system: fixed100 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const pvgisYear = weatherFile(WEATHER_FILES.pvgisJson);
    expectEngineFigures(first.body, pvgisYear);
    expect(first.body.weather).toMatchObject({ source: 'pvgis', weather_id: null, lat: 45, lon: 8, elevation_m: 250, utc_offset_hours: 0, format: 'pvgis-json', confidence: 'standard', components: 'source' });
    expect(first.body.weather.attribution).toBe('EU JRC PVGIS (PVGIS-SARAH3 / ERA5, 2005-2023), free use with attribution');
    expect(first.body.weather.retrieved_at).toEqual(expect.any(String));
    expect(first.body.model_version).toBe('sunplot-solar/1');
    expect(pvgis.calls).toHaveLength(1);
    expect(Object.fromEntries(pvgis.calls[0]!.searchParams)).toEqual({ lat: '45.000', lon: '8.000', outputformat: 'json' });

    // Another system, a point in the same 0.001° cell, and another user: no further call.
    const second = await asha.post<EnergyResult>(energyPath, { weather: { source: 'pvgis', lat: 45.0004, lon: 7.9996 }, system: { ...fixed100, tilt_deg: 20 } });
    expect(second.status).toBe(200);
    expectEngineFigures(second.body, pvgisYear);
    expect(second.body.annual_ac_kwh).not.toBe(first.body.annual_ac_kwh);
    expect((await ravi.post(energyPath, { weather: { source: 'pvgis', lat: '45', lon: '8' }, system: fixed100 })).status).toBe(200);
    expect(pvgis.calls).toHaveLength(1);
    const rows = await queryRows<{ lat_e3: number; lon_e3: number }>(app.database, sql`select lat_e3, lon_e3 from pvgis_tmy_cache`);
    expect(rows).toEqual([{ lat_e3: 45000, lon_e3: 8000 }]);
  });

  it("takes the site from the project and the system from the user's last preset", async () => {
    // A project in Piemonte with no country given: its location makes it European, so the EU defaults apply.
    const preset = (await asha.get<Preset>(`/api/settings/last/get/?project_id=${italy.id}`)).body;
    expect(preset.id).toBe('builtin:eu-utility');
    const byProject = await asha.post<EnergyResult>(energyPath, { project_id: italy.id, weather: { source: 'pvgis' } });
    expect(byProject.status, JSON.stringify(byProject.body)).toBe(200);
    const p = preset.assumptions.system;
    expect(byProject.body.system).toEqual({
      dc_kw: 1000,
      ac_kw: 1000 / p.dc_ac_ratio,
      mount: 'fixed',
      tilt_deg: p.tilt_deg,
      azimuth_deg: p.azimuth_deg,
      gcr: null,
      max_angle_deg: null,
      backtrack: null,
      losses_pct: p.losses_pct,
      dc_ac_ratio: p.dc_ac_ratio,
      inverter_efficiency_pct: p.inverter_efficiency_pct,
      gamma_pct_per_c: -0.47,
      albedo: 0.2,
      temperature_model: 'sapm',
      model: 'pvlib',
      array_type: 'fixed-open',
    });
    expect(byProject.body.preset).toEqual({ id: preset.id, name: preset.name });
    expect(byProject.body.notes.join(' ')).toContain('reference size');
    expectEngineFigures(byProject.body, weatherFile(WEATHER_FILES.pvgisJson));

    const saved = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Piemonte fixed', assumptions: { system: { mount: 'fixed', tilt_deg: 35, losses_pct: 10, dc_ac_ratio: 1.2 } } });
    expect(saved.status).toBe(201);
    const withPreset = await asha.post<EnergyResult>(energyPath, { project_id: italy.id, weather: { source: 'pvgis' }, system: { dc_kw: 250, temperature_model: 'fuentes', gamma_pct_per_c: -0.35 } });
    expect(withPreset.body.preset).toEqual({ id: saved.body.id, name: 'Piemonte fixed' });
    expect(withPreset.body.system).toMatchObject({ dc_kw: 250, mount: 'fixed', tilt_deg: 35, losses_pct: 10, dc_ac_ratio: 1.2, gcr: null, backtrack: null, temperature_model: 'fuentes', gamma_pct_per_c: -0.35 });
    expectEngineFigures(withPreset.body, weatherFile(WEATHER_FILES.pvgisJson));
    expect(pvgis.calls).toHaveLength(1);
  });

  it('synthesises an hourly year from typed monthly means and marks it lower confidence', async () => {
    const means = meansAt(26.9, 75.8, 0.55, 25);
    const weather = { source: 'monthly', name: 'Jaipur (IMD normals)', lat: 26.9, lon: 75.8, elevation_m: 430, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
    const answer = await asha.post<EnergyResult>(energyPath, { weather, system: fixed100 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.weather).toMatchObject({ source: 'monthly', name: 'Jaipur (IMD normals)', format: 'monthly-means', confidence: 'low', components: 'erbs', lat: 26.9, lon: 75.8, elevation_m: 430, attribution: null });
    expect(answer.body.weather.notes.join(' ')).toContain('Synthesised from 12 monthly means');
    const year = synthesiseWeatherYear({ ...means, name: 'Jaipur (IMD normals)', elevation: 430 });
    expectEngineFigures(answer.body, year);
    const meanDaily = means.ghiKwhM2PerDay.reduce((sum, v, m) => sum + v * [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m]!, 0);
    expect(answer.body.weather.annual_ghi_kwh_m2).toBeCloseTo(meanDaily, 6);

    // Monthly totals typed as daily means: more than the sky can deliver.
    const tooBright = await asha.post(energyPath, { weather: { ...weather, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay.map((v) => Math.min(v * 2, 12)) } });
    expect(tooBright.status).toBe(400);
    expect((tooBright.body as { errors: Record<string, string[]> }).errors['weather.ghi_kwh_m2_per_day']![0]).toMatch(/of the irradiation above the atmosphere.*kWh\/m2 per day/);
    // Without lat/lon the project's location is the site.
    const piemonte = meansAt(45, 8, 0.5);
    const atProject = await asha.post<EnergyResult>(energyPath, { project_id: italy.id, weather: { source: 'monthly', ghi_kwh_m2_per_day: piemonte.ghiKwhM2PerDay, temp_air_c: piemonte.tempAirC } });
    expect(atProject.status, JSON.stringify(atProject.body)).toBe(200);
    expect(atProject.body.weather).toMatchObject({ source: 'monthly', lat: 45, lon: 8 });
    expect(pvgis.calls).toHaveLength(1);
  });

  it('faces the equator at a southern site when the preset says south and the request says nothing', async () => {
    const sydney = meansAt(-33.9, 151.2, 0.55, 18);
    const weather = { source: 'monthly', lat: -33.9, lon: 151.2, ghi_kwh_m2_per_day: sydney.ghiKwhM2PerDay, temp_air_c: sydney.tempAirC };
    const byPreset = await asha.post<EnergyResult>(energyPath, { weather, system: { dc_kw: 100, mount: 'fixed', tilt_deg: 30 } });
    expect(byPreset.status, JSON.stringify(byPreset.body)).toBe(200);
    expect(byPreset.body.system.azimuth_deg).toBe(0);
    expect(byPreset.body.notes.join(' ')).toMatch(/away from the equator/);
    const poleFacing = await asha.post<EnergyResult>(energyPath, { weather, system: { dc_kw: 100, mount: 'fixed', tilt_deg: 30, azimuth_deg: 180 } });
    expect(poleFacing.body.system.azimuth_deg).toBe(180);
    expect(poleFacing.body.annual_ac_kwh).toBeLessThan(byPreset.body.annual_ac_kwh);
  });

  it('says plainly when PVGIS cannot serve a location, fails or is slow, never with a 500 and never with invented data', async () => {
    const before = pvgis.calls.length;
    const sea = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.sea } });
    expect(sea.status).toBe(422);
    expect(sea.body.detail).toContain('PVGIS cannot serve this location (40.000, -40.000)');
    expect(sea.body.detail).toContain(seaMessage);
    expect(sea.body.detail).toContain('Upload a weather file');
    const broken = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.broken } });
    expect([broken.status, broken.body.detail]).toEqual([502, expect.stringContaining('PVGIS answered with an error (HTTP 500)')]);
    const garbled = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.garbled } });
    expect([garbled.status, garbled.body.detail]).toEqual([502, expect.stringContaining('PVGIS answered with data that cannot be read')]);
    const elsewhere = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.elsewhere } });
    expect([elsewhere.status, elsewhere.body.detail]).toEqual([502, expect.stringContaining('PVGIS answered for another location (45, 8)')]);
    const busy = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.busy } });
    expect([busy.status, busy.headers.get('retry-after'), busy.body.detail]).toEqual([503, '60', expect.stringContaining('PVGIS is limiting requests (HTTP 429)')]);
    const slow = await asha.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', ...standInPlaces.slow } });
    expect([slow.status, slow.body.detail]).toEqual([503, expect.stringContaining('PVGIS did not answer within 1.5 s')]);
    // Nothing of these was kept: asking again asks PVGIS again.
    expect((await asha.post(financePath, { weather: { source: 'pvgis', ...standInPlaces.sea } })).status).toBe(422);
    expect(pvgis.calls.length - before).toBe(7);
    const [kept] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from pvgis_tmy_cache`);
    expect(kept?.n).toBe(1);
  });

  it('answers 503 when PVGIS cannot be reached, and refetches a location kept from another PVGIS_BASE_URL', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = await startTestApp({ database: app.database, env: { PVGIS_BASE_URL: `http://127.0.0.1:${closedPort}/api/v5_3` }, deps: { seedDemoData: false } });
    try {
      const client = offline.client();
      await signUpAndLogIn(offline, client);
      const answer = await client.post<{ detail: string }>(energyPath, { weather: { source: 'pvgis', lat: 45, lon: 8 } });
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toMatch(/^PVGIS cannot be reached: the connection was refused\. Try again later/);
      // Monthly means and uploads need no network.
      const means = meansAt(45, 8, 0.45);
      const offlineMeans = await client.post(energyPath, { weather: { source: 'monthly', lat: 45, lon: 8, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC } });
      expect(offlineMeans.status).toBe(200);
    } finally {
      await offline.close();
    }
  });

  it('computes cash flows from given energy figures exactly as the engine does', async () => {
    const body = {
      energy: { annual_ac_kwh: 150_000, dc_kw: 100, ac_kw: 80 },
      costs: { capex_per_wdc: 1.05, fixed_costs: 5000, om_per_kw_yr: 15, om_basis: 'ac', om_escalation_pct: 2.5 },
      tariff: { price_per_kwh: 0.12, escalation_pct: 2 },
      finance: { discount_rate_pct: 8, degradation_pct: 0.6, analysis_years: 20, currency: 'EUR', structure: 'pre_tax' },
    };
    const answer = await ravi.post<FinanceResult>(financePath, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const assumptions: FinanceAssumptions = {
      currency: 'EUR',
      capexPerWdc: 1.05,
      fixedCapex: 5000,
      omPerKwYear: 15,
      omBasis: 'ac',
      omEscalationPct: 2.5,
      pricePerKwh: 0.12,
      priceEscalationPct: 2,
      degradationPctPerYear: 0.6,
      discountRatePct: 8,
      analysisYears: 20,
    };
    const expected = finance({ annualAcKwh: 150_000, dcKw: 100, acKw: 80 }, assumptions);
    assert(answer.body, FinanceResult);
    expect(answer.body).toMatchObject({ currency: 'EUR', structure: 'pre_tax', energy: { source: 'given', annual_ac_kwh: 150_000, dc_kw: 100, ac_kw: 80 }, energy_production: null, assumptions: { costs: body.costs, tariff: body.tariff, finance: body.finance } });
    expect(answer.body).toMatchObject({ equity_irr_pct: null, after_tax_npv: null, min_dscr: null, debt_amount: 0, total_installed_cost: expected.capex });
    expectClose(answer.body.capex, expected.capex);
    expectClose(answer.body.npv, expected.npv);
    expect(expected.irr.kind).toBe('unique');
    expectClose(answer.body.irr_pct!, 100 * (expected.irr as { rate: number }).rate);
    expect(answer.body.irr_note).toBeNull();
    expectClose(answer.body.lcoe_per_kwh!, expected.lcoePerKwh);
    expectClose(answer.body.simple_payback_years!, expected.simplePaybackYears!);
    expectClose(answer.body.discounted_payback_years!, expected.discountedPaybackYears!);
    expectClose(answer.body.lifetime_energy_kwh, expected.lifetimeEnergyKwh);
    expect(answer.body.years).toHaveLength(21);
    answer.body.years.forEach((year, t) => {
      expectClose(year.net_cash_flow, expected.years[t]!.netCashFlow);
      expectClose(year.cumulative_discounted_cash_flow, expected.years[t]!.cumulativeDiscountedCashFlow);
    });

    // Monthly figures are summed; without ac_kw the preset's DC/AC ratio sizes the inverter; the rest is the preset's.
    const preset = (await ravi.get<Preset>('/api/settings/last/get/')).body.assumptions;
    const monthly = await ravi.post<FinanceResult>(financePath, { energy: { monthly_ac_kwh: Array(12).fill(12_500), dc_kw: 100 } });
    expect(monthly.status).toBe(200);
    expect(monthly.body.energy).toEqual({ source: 'given', annual_ac_kwh: 150_000, dc_kw: 100, ac_kw: 100 / preset.system.dc_ac_ratio });
    const { system: _system, ...sections } = preset;
    // Without a project there is no country (so no federal credit rules); the owner the credits would follow is said.
    expect(monthly.body.assumptions).toEqual({ ...sections, finance: { ...sections.finance, owner: 'commercial' } });
    expect(monthly.body.credits).toEqual([]);
    expect(monthly.body.currency).toBe(preset.finance.currency);
    expect(monthly.body.notes.join(' ')).toContain('DC/AC ratio');
  });

  it('computes the energy from a weather source first when no figures are given', async () => {
    const energy = await asha.post<EnergyResult>(energyPath, { project_id: italy.id, weather: { source: 'pvgis' }, system: fixed100 });
    const answer = await asha.post<FinanceResult>(financePath, { project_id: italy.id, weather: { source: 'pvgis' }, system: fixed100, tariff: { price_per_kwh: 0.09 }, finance: { structure: 'pre_tax' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.energy).toEqual({ source: 'computed', annual_ac_kwh: energy.body.annual_ac_kwh, dc_kw: 100, ac_kw: energy.body.system.ac_kw });
    // retrieved_at is each request's own time (tests/server/robustness-36.test.ts).
    expect(answer.body.energy_production).toEqual({ ...energy.body, weather: { ...energy.body.weather, retrieved_at: expect.any(String) as string } });
    assert(answer.body, FinanceResult);
    const preset = (await asha.get<Preset>(`/api/settings/last/get/?project_id=${italy.id}`)).body.assumptions;
    const expected = finance(
      { annualAcKwh: energy.body.annual_ac_kwh, dcKw: 100, acKw: energy.body.system.ac_kw },
      {
        currency: preset.finance.currency,
        capexPerWdc: preset.costs.capex_per_wdc,
        fixedCapex: preset.costs.fixed_costs,
        omPerKwYear: preset.costs.om_per_kw_yr,
        omBasis: preset.costs.om_basis,
        omEscalationPct: preset.costs.om_escalation_pct,
        pricePerKwh: 0.09,
        priceEscalationPct: preset.tariff.escalation_pct,
        degradationPctPerYear: preset.finance.degradation_pct,
        discountRatePct: preset.finance.discount_rate_pct,
        analysisYears: preset.finance.analysis_years,
      },
    );
    expectClose(answer.body.npv, expected.npv);
    expectClose(answer.body.lcoe_per_kwh!, expected.lcoePerKwh);
  });

  it('gives no IRR or payback, with the reason, when there is none, and every rate when there are several', async () => {
    const energy = { annual_ac_kwh: 150_000, dc_kw: 100, ac_kw: 80 };
    const never = await asha.post<FinanceResult>(financePath, { energy, tariff: { price_per_kwh: 0 }, finance: { structure: 'pre_tax' } });
    expect(never.status).toBe(200);
    expect(never.body).toMatchObject({ irr_pct: null, irr_rates_pct: [], simple_payback_years: null, discounted_payback_years: null });
    expect(never.body.irr_note).toContain('No IRR');
    expect(never.body.npv).toBeLessThan(0);
    assert(never.body, FinanceResult);

    // Cheap to build, but O&M growing 15 % a year overtakes the revenue: the flows turn negative again.
    const terms = { capex_per_wdc: 0.05, fixed_costs: 0, om_per_kw_yr: 10, om_basis: 'dc', om_escalation_pct: 15 };
    const several = await asha.post<FinanceResult>(financePath, { energy, costs: terms, tariff: { price_per_kwh: 0.1, escalation_pct: 0 }, finance: { analysis_years: 25, degradation_pct: 0.5, discount_rate_pct: 8, currency: 'USD', structure: 'pre_tax' } });
    expect(several.status).toBe(200);
    expect(several.body.irr_pct).toBeNull();
    expect(several.body.irr_rates_pct.length).toBeGreaterThan(1);
    expect(several.body.irr_note).toContain('change sign more than once');
    const expected = finance(
      { annualAcKwh: 150_000, dcKw: 100, acKw: 80 },
      { currency: 'USD', capexPerWdc: 0.05, fixedCapex: 0, omPerKwYear: 10, omBasis: 'dc', omEscalationPct: 15, pricePerKwh: 0.1, priceEscalationPct: 0, degradationPctPerYear: 0.5, discountRatePct: 8, analysisYears: 25 },
    );
    expect(expected.irr.kind).toBe('multiple');
    several.body.irr_rates_pct.forEach((rate, k) => expectClose(rate, 100 * (expected.irr as { rates: number[] }).rates[k]!));
  });

  it("validates with the spec's messages and names unknown fields", async () => {
    const bad = await asha.post(energyPath, {
      weather: { source: 'pvgis', lat: 91, lon: 8 },
      system: { dc_kw: 0.5, losses_pct: 100, inverter_efficiency_pct: 0, tilt_deg: 95, mount: 'dual_axis', albedo: 2, gamma_pct_per_c: 'x', colour: 'red' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        errors: {
          'weather.lat': [latitudeMessage],
          'system.dc_kw': [messages.notLessThanOne],
          'system.losses_pct': [messages.twoDigitValue],
          'system.inverter_efficiency_pct': [messages.twoDigitValue],
          'system.tilt_deg': [settingsMessages.tilt],
          'system.mount': ['Invalid value.'],
          'system.albedo': [energyMessages.albedo],
          'system.gamma_pct_per_c': [energyMessages.gamma],
          'system.colour': ['Unknown field.'],
        },
      },
    });
    expect(await asha.post(energyPath, {})).toMatchObject({ status: 400, body: { errors: { weather: [messages.required] } } });
    expect(await asha.post(energyPath, { weather: { source: 'meteonorm' } })).toMatchObject({ status: 400, body: { errors: { 'weather.source': [energyMessages.source] } } });
    expect(await asha.post(energyPath, { weather: { lat: 1 } })).toMatchObject({ status: 400, body: { errors: { 'weather.source': [messages.required] } } });
    expect(await asha.post(energyPath, { weather: { source: 'upload' } })).toMatchObject({ status: 400, body: { errors: { 'weather.weather_id': [messages.required] } } });
    expect(await asha.post(energyPath, { weather: { source: 'pvgis', lat: 45 } })).toMatchObject({ status: 400, body: { errors: { 'weather.lon': [messages.required] } } });
    expect(await asha.post(energyPath, { weather: { source: 'pvgis', lat: 45, lon: 8, weather_id: 'x' } })).toMatchObject({ status: 400, body: { errors: { 'weather.weather_id': ['Unknown field.'] } } });
    expect(await asha.post(energyPath, { weather: { source: 'monthly', lat: 45, lon: 8, ghi_kwh_m2_per_day: [1, 2, 3], temp_air_c: Array(12).fill(100) } })).toMatchObject({
      status: 400,
      body: { errors: { 'weather.ghi_kwh_m2_per_day': [energyMessages.twelve], 'weather.temp_air_c.0': [energyMessages.temperature] } },
    });
    const minute = Array(12).fill(0.5);
    minute[7] = 5e-324;
    expect(await asha.post(energyPath, { weather: { source: 'monthly', lat: 0, lon: 0, ghi_kwh_m2_per_day: minute, temp_air_c: Array(12).fill(20) } })).toMatchObject({
      status: 400,
      body: { errors: { 'weather.ghi_kwh_m2_per_day.7': [energyMessages.ghi] } },
    });
    expect(await asha.post(energyPath, { weather: { source: 'pvgis', lat: 45, lon: 8 }, system: { mount: 'single_axis', tilt_deg: 90 } })).toMatchObject({
      status: 400,
      body: { errors: { system: ['Axis tilt must be from 0 to below 90 degrees.'] } },
    });
    expect(await asha.post(energyPath, { weather: { source: 'pvgis', lat: 45, lon: 8 }, extra: 1 })).toMatchObject({ status: 400, body: { errors: { extra: ['Unknown field.'] } } });

    const energy = { annual_ac_kwh: 1000, dc_kw: 1 };
    const weather = { source: 'pvgis', lat: 45, lon: 8 };
    expect(await asha.post(financePath, {})).toMatchObject({ status: 400, body: { errors: { energy: [energyMessages.energyOrWeather] } } });
    expect(await asha.post(financePath, { energy, weather })).toMatchObject({ status: 400, body: { errors: { energy: [energyMessages.energyOrWeather] } } });
    expect(await asha.post(financePath, { energy, system: fixed100 })).toMatchObject({ status: 400, body: { errors: { system: [energyMessages.systemWithEnergy] } } });
    expect(await asha.post(financePath, { energy: { dc_kw: 1 } })).toMatchObject({ status: 400, body: { errors: { 'energy.annual_ac_kwh': [messages.required] } } });
    expect(await asha.post(financePath, { energy: { ...energy, monthly_ac_kwh: Array(12).fill(1) } })).toMatchObject({ status: 400, body: { errors: { energy: [energyMessages.oneEnergyFigure] } } });
    expect(
      await asha.post(financePath, {
        energy: { annual_ac_kwh: -1, dc_kw: 0 },
        costs: { capex_per_wdc: '', om_per_kw_yr: 1.234 },
        tariff: { price_per_kwh: 20_000 },
        finance: { analysis_years: 0, discount_rate_pct: 100, currency: 'GBP' },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        errors: {
          'energy.annual_ac_kwh': [energyMessages.annualEnergy],
          'energy.dc_kw': [messages.notLessThanOne],
          'costs.capex_per_wdc': [messages.priceNotEmpty],
          'costs.om_per_kw_yr': [messages.priceTwoDecimals],
          'tariff.price_per_kwh': ['Must be at most 10,000.'],
          'finance.analysis_years': [messages.notLessThanOne],
          'finance.discount_rate_pct': [messages.twoDigitValue],
          'finance.currency': ['Invalid value.'],
        },
      },
    });
  });

  it("answers 404 for another user's project and malformed ids, and 401 without a login", async () => {
    const weather = { source: 'pvgis', lat: 45, lon: 8 };
    expect((await ravi.post(energyPath, { project_id: italy.id, weather })).status).toBe(404);
    expect((await ravi.post(financePath, { project_id: italy.id, energy: { annual_ac_kwh: 1, dc_kw: 1 } })).status).toBe(404);
    expect((await ravi.post(energyPath, { project_id: 'not-a-uuid', weather })).status).toBe(404);
    expect((await ravi.post(energyPath, { weather: { source: 'upload', weather_id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await asha.post(energyPath, { weather }, { access: null })).status).toBe(401);
    expect((await asha.post(financePath, { weather }, { access: null })).status).toBe(401);
  });

  it('answers any JSON body with a 2xx or 4xx, never a 500', async () => {
    const number = fc.oneof(fc.double(), fc.integer({ min: -1000, max: 1000 }), fc.constantFrom('', '1e309', '-0', '45', null));
    const twelve = fc.oneof(fc.array(number, { maxLength: 14 }), fc.array(fc.double({ min: 0, max: 12, noNaN: true }), { minLength: 12, maxLength: 12 }));
    const weather = fc.oneof(
      fc.jsonValue(),
      fc.record({ source: fc.constantFrom('upload', 'pvgis', 'monthly', 'x'), weather_id: fc.oneof(fc.uuid(), fc.string()), lat: number, lon: number }, { requiredKeys: ['source'] }),
      fc.record({ source: fc.constant('monthly'), lat: fc.double({ min: -90, max: 90, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }), ghi_kwh_m2_per_day: twelve, temp_air_c: twelve, elevation_m: number, utc_offset_hours: number }),
    );
    const system = fc.dictionary(fc.constantFrom('dc_kw', 'mount', 'tilt_deg', 'azimuth_deg', 'gcr', 'max_angle_deg', 'backtrack', 'losses_pct', 'dc_ac_ratio', 'inverter_efficiency_pct', 'gamma_pct_per_c', 'albedo', 'temperature_model', '__proto__'), fc.oneof(number, fc.constantFrom('fixed', 'single_axis', 'fuentes', true)));
    const section = fc.dictionary(fc.constantFrom('capex_per_wdc', 'fixed_costs', 'om_per_kw_yr', 'om_basis', 'om_escalation_pct', 'price_per_kwh', 'escalation_pct', 'discount_rate_pct', 'degradation_pct', 'analysis_years', 'currency'), fc.oneof(number, fc.constantFrom('dc', 'ac', 'INR')));
    const energy = fc.record({ annual_ac_kwh: number, monthly_ac_kwh: twelve, dc_kw: number, ac_kw: number }, { requiredKeys: [] });
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ weather, system, project_id: fc.oneof(fc.uuid(), fc.constant(italy.id)) }, { requiredKeys: [] }),
      fc.record({ weather, system, energy, costs: section, tariff: section, finance: section }, { requiredKeys: [] }),
    );
    for (const path of [energyPath, financePath]) {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const answer = await asha.post(path, JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
          expect(answer.status, `${JSON.stringify(value)} → ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    }
  }, 120_000);
});
