/**
 * Issue 43 (the bill side) over HTTP: hourly sell rates (`export.hourly_sell_rate_per_kwh`, SAM's ur_ts_sell_rate)
 * valued step by step, echoed in figures, refused with 400 naming the field when out of bounds; and a note when the
 * tariff's URDB sector does not fit the owner.
 */
import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { btmMessages } from '../../src/contract/behind-the-meter.ts';
import { FinanceResult } from '../../src/contract/energy.ts';
import { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
type Errors = { errors: Record<string, string[]> };

const HOURS = 8760;
const allDay = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));
/** $0.20 every hour, as an OpenEI item labels it. */
const flatTariff = (sector?: string) => ({ energyratestructure: [[{ rate: 0.2 }]], energyweekdayschedule: allDay, energyweekendschedule: allDay, escalation_pct: 0, ...(sector ? { sector, utility: 'Example Electric Co', name: 'Example rate' } : {}) });
/** 1 kWh every hour; 3 kWh from the panels 10:00–14:00: 2 kWh exported in each of those hours. */
const load = Array.from({ length: HOURS }, () => 1);
const generation = Array.from({ length: HOURS }, (_, i) => (i % 24 >= 10 && i % 24 < 14 ? 3 : 0));
/** $0.10 at 10:00 and 11:00, $0.30 at 12:00 and 13:00, nothing otherwise. */
const hourlyRates = Array.from({ length: HOURS }, (_, i) => ({ 10: 0.1, 11: 0.1, 12: 0.3, 13: 0.3 })[i % 24] ?? 0);
const body = (exportRule: object, tariff: object = flatTariff(), finance: object = {}) => ({
  energy: { hourly_ac_kwh: generation, dc_kw: 2 },
  finance: { structure: 'behind_the_meter', degradation_pct: 0, ...finance },
  tariff,
  load: { hourly_kwh: load },
  export: exportRule,
});

describeApi('hourly sell rates and the tariff sector, over HTTP', () => {
  let app: TestApp;
  let asha: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const estimate = async (request: Record<string, unknown>) => {
    const answer = await asha.post<FinanceResult>(financePath, request);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    assert(answer.body, FinanceResult);
    return answer.body;
  };
  const refused = async (request: Record<string, unknown>) => {
    const answer = await asha.post<Errors>(financePath, request);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(400);
    return answer.body.errors;
  };

  it('values each hour’s export at its rate under net billing, and echoes the rates in figures', async () => {
    const answer = await estimate(body({ rule: 'net_billing', hourly_sell_rate_per_kwh: hourlyRates }));
    // Without: 24 kWh a day at $0.20, 365 days = $1,752. With: 20 kWh a day bought ($1,460) less, each day,
    // 2 kWh × $0.10 × 2 hours + 2 kWh × $0.30 × 2 hours = $1.60 of exports ($584): $876.
    expect(answer.bill_without_solar_year1).toBeCloseTo(1752, 6);
    expect(answer.bill_with_solar_year1).toBeCloseTo(1460 - 584, 6);
    expect(answer.assumptions.export).toMatchObject({ rule: 'net_billing', sell_rate_per_kwh: 0, hourly_sell_rates: { count: 8760, steps_per_hour: 1, min: 0, max: 0.3 } });
    expect(answer.assumptions.export!.hourly_sell_rates!.mean).toBeCloseTo((0.1 * 2 + 0.3 * 2) / 24, 12);
    expect(answer.assumptions.export!.hourly_sell_rate_per_kwh).toHaveLength(8760);
    expect(answer.notes).toContain("Exports are valued at 8,760 hourly sell rates from 0 to 0.3 (mean 0.0333) per kWh, each escalating with the tariff; the tariff's sell rates and sell_rate_per_kwh are not read.");
    // Buy all – sell all sells all 3 kWh of each sunny hour at its rate: 365 × 3 × 0.8 = $876 of sales.
    const sold = await estimate(body({ rule: 'buy_all_sell_all', hourly_sell_rate_per_kwh: hourlyRates }));
    expect(sold.bill_with_solar_year1).toBeCloseTo(1752 - 876, 6);
  });

  it('takes 35,040 quarter-hour rates with hourly generation, billing at the quarter-hour', async () => {
    // Each hour's four quarters at its hourly rate: the same bills as the hourly rates.
    const quarters = Array.from({ length: 4 * HOURS }, (_, q) => hourlyRates[Math.floor(q / 4)]!);
    const answer = await estimate(body({ rule: 'net_billing_carryover', hourly_sell_rate_per_kwh: quarters }));
    expect(answer.assumptions.export!.hourly_sell_rates).toMatchObject({ count: 35040, steps_per_hour: 4 });
    expect(answer.bill_with_solar_year1).toBeCloseTo(1460 - 584, 6);
    expect(answer.notes.some((note) => note.startsWith('Exports are valued at 35,040 quarter-hourly sell rates'))).toBe(true);
  });

  it('answers 400 naming export.hourly_sell_rate_per_kwh for a wrong length, a rate out of range or a rule that cannot read them', async () => {
    expect(await refused(body({ rule: 'net_billing', hourly_sell_rate_per_kwh: hourlyRates.slice(1) }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeries] });
    expect(await refused(body({ rule: 'net_billing', hourly_sell_rate_per_kwh: [...hourlyRates.slice(1), -0.01] }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeriesValue] });
    expect(await refused(body({ rule: 'net_billing', hourly_sell_rate_per_kwh: [...hourlyRates.slice(1), 101] }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeriesValue] });
    expect(await refused(body({ rule: 'net_billing', hourly_sell_rate_per_kwh: [...hourlyRates.slice(1), '0.1'] }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeriesValue] });
    expect(await refused(body({ rule: 'net_metering', hourly_sell_rate_per_kwh: hourlyRates }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeriesRule] });
    expect(await refused(body({ rule: 'none', hourly_sell_rate_per_kwh: hourlyRates }))).toEqual({ 'export.hourly_sell_rate_per_kwh': [btmMessages.sellRateSeriesRule] });
    expect(await refused(body({ rule: 'net_billing', sell_rate_per_kwh: 0.05, hourly_sell_rate_per_kwh: hourlyRates }))).toEqual({ 'export.sell_rate_per_kwh': [btmMessages.sellRateOrSeries] });
  });

  it('keeps the rates a study ran on with the study, and shows their figures', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Fresno home', location: { lat: 36.74, lng: -119.79 }, country: 'US' })).body;
    const means = meansAt(36.74, -119.79, 0.55, 20);
    const study = await asha.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'monthly', name: 'Fresno (typed means)', lat: 36.74, lon: -119.79, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 2 },
      finance: { structure: 'behind_the_meter', owner: 'residential', federal_tax_rate_pct: 0, state_tax_rate_pct: 0, begin_construction_date: '2026-03-02', placed_in_service_date: '2026-05-29' },
      incentives: { depreciation: 'none' },
      tariff: flatTariff('Residential'),
      load: { shape: 'residential', annual_kwh: 6000 },
      export: { rule: 'net_billing', hourly_sell_rate_per_kwh: hourlyRates },
    });
    expect(study.status, JSON.stringify(study.body).slice(0, 600)).toBe(201);
    assert(study.body, FeasibilityStudy);
    expect(study.body.assumptions.export).toMatchObject({ rule: 'net_billing', hourly_sell_rates: { count: 8760, min: 0, max: 0.3 } });
    expect(study.body.assumptions.export!.hourly_sell_rate_per_kwh).toEqual(hourlyRates);
  });

  it('says when the tariff’s URDB sector does not fit the owner, and not when it does', async () => {
    const net = { rule: 'net_billing', sell_rate_per_kwh: 0.05 };
    const household = await estimate(body(net, flatTariff('Commercial'), { owner: 'residential' }));
    expect(household.notes).toContain('The tariff is a Commercial rate (sector from URDB) but the owner is a household: check the rate applies.');
    const industrial = await estimate(body(net, flatTariff('Industrial'), { owner: 'residential' }));
    expect(industrial.notes).toContain('The tariff is an Industrial rate (sector from URDB) but the owner is a household: check the rate applies.');
    const business = await estimate(body(net, flatTariff('Residential'), { owner: 'commercial' }));
    expect(business.notes).toContain('The tariff is a Residential rate (sector from URDB) but the owner is a business: check the rate applies.');
    for (const fitting of [await estimate(body(net, flatTariff('Residential'), { owner: 'residential' })), await estimate(body(net, flatTariff(), { owner: 'residential' }))]) {
      expect(fitting.notes.filter((note) => note.includes('sector from URDB'))).toEqual([]);
    }
  });
});
