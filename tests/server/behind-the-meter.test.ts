import { readFileSync } from 'node:fs';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btmMessages, LoadFile, StudyLoad } from '../../src/contract/behind-the-meter.ts';
import { FinanceResult } from '../../src/contract/energy.ts';
import { FeasibilityStudy, StudyFinance } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { pageText } from '../support/pdf-text.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
const api = '/api/project/feasibility';
type Errors = { errors: Record<string, string[]> };

const fixture = (name: string) => readFileSync(new URL(`../fixtures/sam-utilityrate/${name}`, import.meta.url), 'utf8');
const column = (text: string, count: number) =>
  text
    .split(/\r?\n/)
    .map((line) => Number(line.split(',')[0]))
    .filter((value) => Number.isFinite(value))
    .slice(0, count);

/** SAM's residential TOU tariff (cmod_utilityrate5_test.cpp setup_residential_rates) in URDB's 0-based form. */
function samResidentialTou() {
  const sam = (JSON.parse(fixture('cases.json')) as Record<string, { ur_ec_sched_weekday: number[][]; ur_ec_sched_weekend: number[][]; ur_ec_tou_mat: number[][] }>)
    .Test_Residential_TOU_Rates!;
  const zeroBased = (schedule: number[][]) => schedule.map((row) => row.map((period) => period - 1));
  return {
    energyratestructure: sam.ur_ec_tou_mat.map((row) => [{ rate: row[4]! }]),
    energyweekdayschedule: zeroBased(sam.ur_ec_sched_weekday),
    energyweekendschedule: zeroBased(sam.ur_ec_sched_weekend),
    escalation_pct: 0,
  };
}

/** An Indian residential slab tariff (monthly kWh slabs and a fixed charge), illustrative numbers. */
const slabTariff = {
  energyratestructure: [
    [
      { max: 100, unit: 'kWh', rate: 5.5 },
      { max: 300, unit: 'kWh', rate: 10.8 },
      { max: 500, unit: 'kWh', rate: 14.8 },
      { unit: 'kWh', rate: 16.7 },
    ],
  ],
  energyweekdayschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  energyweekendschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  fixedchargefirstmeter: 130,
  fixedchargeunits: '$/month',
  escalation_pct: 2,
};

/** A commercial TOU tariff with a demand charge, as OpenEI answers it: URDB's fields among the item's others. */
const openEiItem = {
  label: '5b0d8a0b5457a3f276adf7f1',
  uri: 'https://apps.openei.org/IURDB/rate/view/5b0d8a0b5457a3f276adf7f1',
  utility: 'Example Electric Co',
  name: 'Commercial TOU with demand',
  sector: 'Commercial',
  approved: true,
  energyratestructure: [[{ rate: 0.09, unit: 'kWh' }], [{ rate: 0.16, unit: 'kWh' }]],
  energyweekdayschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => (h >= 12 && h < 18 ? 1 : 0))),
  energyweekendschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  demandratestructure: [[{ rate: 0 }], [{ rate: 14.5 }]],
  demandweekdayschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => (h >= 12 && h < 18 ? 1 : 0))),
  demandweekendschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  flatdemandstructure: [[{ rate: 6 }]],
  flatdemandmonths: Array.from({ length: 12 }, () => 0),
  fixedchargefirstmeter: 45,
  fixedchargeunits: '$/month',
};

const pune = { lat: 18.52, lng: 73.86 };
const puneMeans = (() => {
  const means = meansAt(pune.lat, pune.lng, 0.55, 26);
  return { source: 'monthly', name: 'Pune (typed means)', lat: pune.lat, lon: pune.lng, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
})();

describeApi('behind-the-meter studies: load, URDB tariff, export rule, bills', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("SAM's utility-rate cases over HTTP (given load and generation)", () => {
    const load = column(fixture('pvsamv1_residential_load.csv'), 8760);
    const generation = column(fixture('gen_25_year_residential.csv'), 8760);

    it('Test_Residential_TOU_Rates: $771.8 without solar, -$11.9 with it under net metering', async () => {
      const answer = await asha.post<FinanceResult>(financePath, {
        energy: { hourly_ac_kwh: generation, dc_kw: 4 },
        finance: { structure: 'behind_the_meter', degradation_pct: 0 },
        tariff: samResidentialTou(),
        load: { hourly_kwh: load },
        export: { rule: 'net_metering', year_end_rate_per_kwh: 0.02789 },
      });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
      assert(answer.body, FinanceResult);
      expect(answer.body.bill_without_solar_year1).toBeCloseTo(771.8, 0);
      expect(Math.abs(answer.body.bill_without_solar_year1! - 771.8)).toBeLessThan(0.1);
      expect(Math.abs(answer.body.bill_with_solar_year1! - -11.9)).toBeLessThan(0.1);
      expect(answer.body.savings_year1).toBeCloseTo(answer.body.bill_without_solar_year1! - answer.body.bill_with_solar_year1!, 6);
      expect(answer.body.bills).toHaveLength(12);
      // The year's revenue in the cash flows is the bill saved.
      expect(answer.body.years[1]!.revenue).toBeCloseTo(answer.body.savings_year1!, 6);
      expect(answer.body.structure).toBe('behind_the_meter');
      expect(answer.body.breakeven_ppa_per_kwh).toBeNull();
    });
  });

  it('a 5 kW rooftop in Pune on a slab tariff, net metering and the PM Surya Ghar subsidy: bills, savings and payback', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Pune home', location: pune })).body;
    const subsidy = { capital_subsidy: 0, capital_subsidy_per_kw: [{ up_to_kw: 2, per_kw: 30000 }, { up_to_kw: 3, per_kw: 18000 }], capital_subsidy_cap: 78000 };
    const body = {
      project_id: project.id,
      weather: puneMeans,
      system: { dc_kw: 5, tilt_deg: 18, azimuth_deg: 180 },
      costs: { capex_per_wdc: 50, fixed_costs: 0, om_per_kw_yr: 500 },
      finance: { structure: 'behind_the_meter', currency: 'INR', federal_tax_rate_pct: 0, state_tax_rate_pct: 0, analysis_years: 25 },
      incentives: { ...subsidy, itc_pct: 0, depreciation: 'none' },
      debt: { fraction_pct: 0, min_dscr: null },
      reserves: { working_capital_months: 0, debt_service_months: 0, equipment: [] },
      tariff: slabTariff,
      load: { shape: 'residential', annual_kwh: 6000 },
      export: { rule: 'net_metering', true_up_month: 3, year_end_rate_per_kwh: 2.9 },
    };
    const study = await asha.post<FeasibilityStudy>(`${api}/create/`, body);
    expect(study.status, JSON.stringify(study.body).slice(0, 600)).toBe(201);
    assert(study.body, FeasibilityStudy);
    expect(study.body.assumptions.load).toMatchObject({ source: 'shape', shape: 'residential', annual_kwh: 6000, steps_per_hour: 1 });
    expect(study.body.assumptions.export).toEqual({ rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 3, year_end_rate_per_kwh: 2.9 });

    const money = (await asha.get<{ id: string; finance: FinanceResult }>(`${api}/financial_estimation/get/?id=${study.body.id}`)).body;
    assert(money, StudyFinance);
    const f = money.finance;
    expect(f.currency).toBe('INR');
    // ₹30,000 × 2 kW + ₹18,000 for the third, capped at ₹78,000.
    expect(f.total_installed_cost).toBeCloseTo(5 * 1000 * 50 - 78_000, 6);
    expect(f.bills).toHaveLength(12);
    for (const month of f.bills!) {
      expect(month.without.fixed).toBeCloseTo(130, 6);
      expect(month.without.total).toBeCloseTo(month.without.energy + month.without.demand + month.without.fixed + month.without.minimum, 6);
      expect(month.with.total).toBeCloseTo(month.with.energy + month.with.demand + month.with.fixed + month.with.minimum - month.with.credits, 6);
    }
    expect(f.bill_without_solar_year1!).toBeGreaterThan(f.bill_with_solar_year1!);
    expect(f.savings_year1!).toBeGreaterThan(0);
    // The study's headline carries year 1's bills, as the study list, the cards and the compare page read them.
    expect(study.body.headline).toMatchObject({ bill_without_solar_year1: f.bill_without_solar_year1, bill_with_solar_year1: f.bill_with_solar_year1, savings_year1: f.savings_year1 });
    expect(f.self_consumption_pct!).toBeGreaterThan(0);
    expect(f.self_consumption_pct!).toBeLessThanOrEqual(100);
    expect(f.self_sufficiency_pct!).toBeGreaterThan(0);
    expect(f.simple_payback_years).not.toBeNull();
    expect(f.simple_payback_years!).toBeLessThan(25);
    // No tax for a household: the savings are the cash.
    expect(f.years.every((y) => (y.federal_tax ?? 0) === 0 && (y.state_tax ?? 0) === 0)).toBe(true);
    expect(f.load_summary!.annual_kwh).toBeCloseTo(6000, 6);
    expect(f.load_summary!.average_day_kwh).toHaveLength(12);

    const stored = await asha.get<StudyLoad>(`${api}/load/get/?id=${study.body.id}`);
    expect(stored.status).toBe(200);
    assert(stored.body, StudyLoad);
    expect(stored.body.kwh).toHaveLength(8760);
    expect((await ravi.get(`${api}/load/get/?id=${study.body.id}`)).status).toBe(404);

    // The project report shows the primary study's bills.
    const report = await fetch(`${app.baseUrl}/api/project/report/?id=${project.id}`, { headers: { authorization: `Bearer ${asha.access}` } });
    expect(report.status).toBe(200);
    const text = pageText(Buffer.from(await report.arrayBuffer()));
    expect(text).toContain('Bills in year 1 (INR), without and with solar');
    expect(text).toContain('behind the meter: the bills it saves');
    expect(text).toContain('Load: Residential');
    expect(text).toContain('Export: net metering');
  });

  it('a US commercial rooftop on an OpenEI item (TOU with demand charges) under net billing, on an uploaded office load', async () => {
    const hours = Array.from({ length: 8760 }, (_, i) => {
      const hour = i % 24;
      const weekday = Math.floor(i / 24) % 7 < 5;
      return (weekday && hour >= 8 && hour < 18 ? 60 : 20).toFixed(1);
    });
    const form = new FormData();
    form.append('file', new Blob([`kWh\n${hours.join('\n')}\n`], { type: 'text/csv' }), 'office.csv');
    form.append('name', 'Office meter 2025');
    const upload = await asha.post<LoadFile>('/api/gis/load/upload/', form);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    assert(upload.body, LoadFile);
    expect(upload.body).toMatchObject({ name: 'Office meter 2025', kind: 'hourly' });
    expect(upload.body.monthly_kwh).toHaveLength(12);

    const generation = Array.from({ length: 8760 }, (_, i) => {
      const hour = i % 24;
      return hour >= 7 && hour <= 18 ? 50 * Math.sin(((hour - 6) / 13) * Math.PI) : 0;
    });
    const answer = await asha.post<FinanceResult>(financePath, {
      energy: { hourly_ac_kwh: generation, dc_kw: 100 },
      finance: { structure: 'behind_the_meter' },
      tariff: { ...openEiItem, escalation_pct: 2.5 },
      load: { upload_id: upload.body.id },
      export: { rule: 'net_billing', sell_rate_per_kwh: 0.04 },
    });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 600)).toBe(200);
    assert(answer.body, FinanceResult);
    const f = answer.body;
    expect(f.assumptions.tariff).toMatchObject({ utility: 'Example Electric Co', name: 'Commercial TOU with demand', escalation_pct: 2.5 });
    expect(f.assumptions.tariff).not.toHaveProperty('approved');
    expect(f.bills!.every((m) => m.without.demand > 0 && m.without.fixed === 45)).toBe(true);
    // Solar at noon trims the peak-period demand.
    expect(f.bills!.some((m) => m.with.demand < m.without.demand)).toBe(true);
    expect(f.savings_year1!).toBeGreaterThan(0);
    expect(f.equity_irr_pct === null || Number.isFinite(f.equity_irr_pct)).toBe(true);

    // Another user's upload is no upload of theirs.
    const foreign = await ravi.post<Errors>(financePath, { energy: { hourly_ac_kwh: generation, dc_kw: 100 }, finance: { structure: 'behind_the_meter' }, load: { upload_id: upload.body.id } });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['load.upload_id']);
    expect((await ravi.get<{ count: number }>('/api/gis/load/list/')).body.count).toBe(0);
    expect((await ravi.delete(`/api/gis/load/delete/?id=${upload.body.id}`)).status).toBe(404);
    expect((await asha.get<{ count: number }>('/api/gis/load/list/')).body.count).toBe(1);
    expect((await asha.delete(`/api/gis/load/delete/?id=${upload.body.id}`)).status).toBe(204);
  });

  it('accepts a year of quarter-hours of load and of generation (about 1.5 MB of JSON)', async () => {
    const quarter = (i: number) => 0.25 + 0.1 * Math.sin(i / 97);
    const load = Array.from({ length: 35040 }, (_, i) => quarter(i));
    const generation = Array.from({ length: 35040 }, (_, i) => {
      const hour = Math.floor(i / 4) % 24;
      return hour >= 7 && hour <= 18 ? 0.4 * Math.sin(((hour - 6 + (i % 4) / 4) / 13) * Math.PI) : 0;
    });
    const body = { energy: { hourly_ac_kwh: generation, dc_kw: 5 }, finance: { structure: 'behind_the_meter' }, tariff: samResidentialTou(), load: { hourly_kwh: load }, export: { rule: 'none' } };
    expect(JSON.stringify(body).length).toBeGreaterThan(1_000_000);
    const answer = await asha.post<FinanceResult>(financePath, body);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    expect(answer.body.load_summary!.peak_kw).toBeGreaterThan(1);
    // Under `none` the surplus is curtailed, never credited.
    expect(answer.body.curtailed_kwh_year1!).toBeGreaterThan(0);
    expect(answer.body.bills!.every((m) => m.with.credits === 0)).toBe(true);
  });

  it('lists the cited tariff presets, each of which a study takes as it is', async () => {
    const list = await asha.get<{ count: number; results: { id: string; currency: string; rate: object; escalation_pct: number; export: object; source: string }[] }>('/api/gis/tariff_presets/');
    expect(list.status).toBe(200);
    expect(list.body.results.map((t) => t.id)).toEqual(['us-commercial-tou-demand', 'in-residential-slab', 'eu-residential-flat', 'us-residential-pge-e-tou-c', 'us-residential-sce-tou-d-4-9pm']);
    const load = { shape: 'office', annual_kwh: 200_000 };
    const generation = Array.from({ length: 8760 }, (_, i) => (i % 24 >= 8 && i % 24 < 17 ? 40 : 0));
    for (const preset of list.body.results) {
      expect(preset.source.length).toBeGreaterThan(20);
      const answer = await asha.post<FinanceResult>(financePath, {
        energy: { hourly_ac_kwh: generation, dc_kw: 80 },
        finance: { structure: 'behind_the_meter', currency: preset.currency },
        tariff: { ...preset.rate, escalation_pct: preset.escalation_pct },
        load,
        export: preset.export,
      });
      expect(answer.status, `${preset.id}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      expect(answer.body.savings_year1!).toBeGreaterThan(0);
    }
  });

  it('refuses bad loads, tariffs and export rules with field messages, and saves nothing', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Refusals', location: pune })).body;
    const base = { energy: { hourly_ac_kwh: Array.from({ length: 8760 }, () => 1), dc_kw: 5 }, finance: { structure: 'behind_the_meter' } };
    const refused = async (body: object) => {
      const answer = await asha.post<Errors>(financePath, { ...base, ...body });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(400);
      return answer.body.errors;
    };
    expect(await refused({})).toEqual({ load: [btmMessages.needsLoad] });
    expect(await refused({ load: { hourly_kwh: Array.from({ length: 8759 }, () => 1) } })).toEqual({ 'load.hourly_kwh': [btmMessages.series] });
    expect(await refused({ load: { hourly_kwh: [...Array.from({ length: 8759 }, () => 1), -1] } })).toEqual({ 'load.hourly_kwh': [btmMessages.seriesValue] });
    expect(await refused({ load: { shape: 'residential', annual_kwh: 5000, upload_id: 'x' } })).toEqual({ load: [btmMessages.loadOneWay] });
    expect(Object.keys(await refused({ load: { shape: 'castle', annual_kwh: 5000 } }))).toEqual(['load.shape']);
    expect(await refused({ load: { shape: 'residential', annual_kwh: 0 } })).toEqual({ 'load.annual_kwh': [btmMessages.annualKwh] });
    expect(Object.keys(await refused({ load: { shape: 'office', annual_kwh: 9000 }, export: { rule: 'sell_everything' } }))).toEqual(['export.rule']);
    expect(await refused({ load: { shape: 'office', annual_kwh: 9000 }, export: { rule: 'net_metering', true_up_month: 13 } })).toEqual({ 'export.true_up_month': [btmMessages.month] });
    const badTariff = samResidentialTou();
    badTariff.energyweekdayschedule[3]![14] = 7;
    const errors = await refused({ load: { shape: 'office', annual_kwh: 9000 }, tariff: badTariff });
    expect(Object.keys(errors)).toEqual(['tariff.energyweekdayschedule.3.14']);
    // The generation must be hour by hour behind the meter.
    const yearly = await asha.post<Errors>(financePath, { energy: { annual_ac_kwh: 7000, dc_kw: 5 }, finance: { structure: 'behind_the_meter' }, load: { shape: 'office', annual_kwh: 9000 } });
    expect(yearly.body.errors).toEqual({ 'energy.hourly_ac_kwh': [btmMessages.needsGeneration] });
    // A single-owner study does not silently ignore a load or a URDB tariff.
    const misplaced = await asha.post<Errors>(financePath, { energy: { annual_ac_kwh: 7000, dc_kw: 5 }, finance: { structure: 'single_owner' }, load: { shape: 'office', annual_kwh: 9000 }, tariff: samResidentialTou() });
    expect(misplaced.body.errors).toEqual({ load: [btmMessages.onlyBehindTheMeter], 'tariff.energyratestructure': [btmMessages.onlyBehindTheMeter] });

    const study = await asha.post<Errors>(`${api}/create/`, { project_id: project.id, weather: puneMeans, finance: { structure: 'behind_the_meter' } });
    expect(study.body.errors).toEqual({ load: [btmMessages.needsLoad] });
    expect((await asha.get<{ count: number }>(`${api}/list/?project_id=${project.id}`)).body.count).toBe(0);
  });

  it('load files: damaged ones are refused with the line and the reason, binary ones as not text', async () => {
    const upload = async (content: BlobPart, name = 'load.csv') => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/csv' }), name);
      return asha.post<Errors>('/api/gis/load/upload/', form);
    };
    const lines = Array.from({ length: 8760 }, () => '1.5');
    lines[41] = 'abc';
    const damaged = await upload(`${lines.join('\n')}\n`);
    expect(damaged.status).toBe(400);
    expect(damaged.body.errors.file![0]).toMatch(/^Line 42: /);
    const short = await upload(`${lines.slice(0, 100).map(() => '1').join('\n')}\n`);
    expect(short.status).toBe(400);
    expect(short.body.errors.file!.join(' ')).toMatch(/100/);
    expect((await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]), 'load.xlsx')).status).toBe(415);
    expect((await upload('')).status).toBe(400);
    const monthly = await upload('month,kWh\n1,400\n2,380\n3,420\n4,450\n5,500\n6,520\n7,540\n8,520\n9,470\n10,430\n11,400\n12,410\n');
    expect(monthly.status, JSON.stringify(monthly.body)).toBe(201);
    expect(monthly.body).toMatchObject({ kind: 'monthly', annual_kwh: 5440 });
  });
});
