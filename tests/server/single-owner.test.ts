import { sql } from 'drizzle-orm';
import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FinanceResult, WeatherFile } from '../../src/contract/energy.ts';
import { btmMessages } from '../../src/contract/behind-the-meter.ts';
import { FeasibilityStudy, StudyFinance } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { settingsMessages, type Preset } from '../../src/contract/settings.ts';
import { financeAssumptionsOf } from '../../src/solar/answers.ts';
import { internalRatesOfReturn } from '../../src/solar/cash-flow.ts';
import { finance } from '../../src/solar/finance.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectClose } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { greensboro } from '../support/sites.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';
import { meansAt } from '../solar/monthly-means.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
const api = '/api/project/feasibility';
type Errors = { errors: Record<string, string[]> };

describeApi('after-tax single-owner finance', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let greensboroProject: Project;
  let tmy3: WeatherFile;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
    greensboroProject = (await asha.post<Project>('/api/project/create/', { name: 'Greensboro 5 MW', location: greensboro })).body;
    const form = new FormData();
    form.append('file', new Blob([readShared(WEATHER_FILES.tmy3)], { type: 'application/octet-stream' }), '723170TYA.CSV');
    tmy3 = (await asha.post<WeatherFile>('/api/gis/weather/upload/', form)).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a 5 MWdc study in Greensboro on the US utility-scale preset is after tax; on pre_tax it gives the pre-tax model', async () => {
    const preset = (await asha.get<Preset>(`/api/settings/last/get/?project_id=${greensboroProject.id}`)).body;
    expect(preset).toMatchObject({ id: 'builtin:us-utility', assumptions: { finance: { structure: 'single_owner', currency: 'USD' } } });

    const study = await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: greensboroProject.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 5000 } });
    expect(study.status, JSON.stringify(study.body)).toBe(201);
    const answer = await asha.get<{ id: string; finance: FinanceResult }>(`${api}/financial_estimation/get/?id=${study.body.id}`);
    assert(answer.body, StudyFinance);
    const money = answer.body.finance;
    expect(money.structure).toBe('single_owner');
    // The owner borrows at DSCR 1.3, collects the 30 % ITC in year 1 and depreciates on SAM's allocation.
    expect(money.debt_amount).toBeGreaterThan(0);
    expectClose(money.min_dscr!, 1.3);
    expect(money.years[1]!.itc).toBeGreaterThan(0.25 * money.capex);
    expect(money.equity_irr_pct).not.toBeNull();
    expect(money.irr_pct).toBe(money.equity_irr_pct);
    expect(money.npv).toBe(money.after_tax_npv);
    expect(money.total_installed_cost).toBeGreaterThan(money.capex);
    // The breakeven price meets the 11 % target at the end of the analysis period.
    const atBreakeven = await asha.post<FinanceResult>(financePath, {
      energy: { annual_ac_kwh: money.energy.annual_ac_kwh, dc_kw: money.energy.dc_kw, ac_kw: money.energy.ac_kw },
      tariff: { price_per_kwh: Number(money.breakeven_ppa_per_kwh!.toFixed(4)) },
      project_id: greensboroProject.id,
    });
    // The price is sent to a tenth of a cent per MWh, as the API takes it: the IRR lands within a few hundredths.
    expect(Math.abs(atBreakeven.body.equity_irr_pct! - 11)).toBeLessThan(0.1);
    expect(study.body.headline).toMatchObject({ structure: 'single_owner', equity_irr_pct: money.equity_irr_pct, breakeven_ppa_per_kwh: money.breakeven_ppa_per_kwh, min_dscr: money.min_dscr });

    // Each year's equity cash flow adds up from its lines.
    for (const y of money.years.slice(1)) {
      const sum = y.cfads! + y.reserve_interest! - y.interest! - y.principal! - y.reserve_funding! + y.reserve_release! - y.state_tax! - y.federal_tax! + y.itc! + y.ptc!;
      // CFADS already has the equipment reserve's funding off; reserve_funding counts it again, so add it back once.
      expectClose(sum + equipmentFunding(y), y.equity_cash_flow!);
    }

    const preTax = await asha.post<FeasibilityStudy>(`${api}/create/`, {
      project_id: greensboroProject.id,
      weather: { source: 'upload', weather_id: tmy3.id },
      system: { dc_kw: 5000 },
      finance: { structure: 'pre_tax' },
    });
    expect(preTax.status).toBe(201);
    const preTaxMoney = (await asha.get<{ finance: FinanceResult }>(`${api}/financial_estimation/get/?id=${preTax.body.id}`)).body.finance;
    const expected = finance({ annualAcKwh: preTaxMoney.energy.annual_ac_kwh, dcKw: 5000, acKw: preTaxMoney.energy.ac_kw }, financeAssumptionsOf(preTaxMoney.assumptions));
    expect(preTaxMoney.structure).toBe('pre_tax');
    expectClose(preTaxMoney.npv, expected.npv);
    expectClose(preTaxMoney.irr_pct!, 100 * (internalRatesOfReturn(expected.years.map((y) => y.netCashFlow)) as { rate: number }).rate);
    expect(preTaxMoney.years[1]!.equity_cash_flow).toBeUndefined();
    expect(preTax.body.headline.equity_irr_pct).toBeNull();
  });

  function equipmentFunding(y: FinanceResult['years'][number]): number {
    // reserve_funding = debt service + working capital + equipment funding; CFADS already subtracts the equipment part.
    return y.revenue + y.salvage! - y.om - y.insurance! - y.property_tax! - y.cfads!;
  }

  it('refuses behind_the_meter without a load, and bad after-tax inputs with field messages, changing nothing', async () => {
    const energy = { annual_ac_kwh: 1_500_000, dc_kw: 1000 };
    const btm = await asha.post<Errors>(financePath, { energy, finance: { structure: 'behind_the_meter' } });
    expect(btm.status).toBe(400);
    expect(btm.body.errors).toEqual({ load: [btmMessages.needsLoad] });

    const bad = await asha.post<Errors>(financePath, {
      energy,
      finance: { federal_tax_rate_pct: 120, target_irr_pct: 0 },
      incentives: { itc_pct: -1, depreciation: 'macrs_9', ptc_years: 2.5 },
      debt: { rate_pct: 'seven', min_dscr: 0 },
      reserves: { equipment: [{ cost_per_wdc: 0.1, every_years: 0, depreciation: 'macrs_5' }], working_capital_months: 200 },
      costs: { insurance_pct: 101, construction_financing: -5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'finance.federal_tax_rate_pct': [settingsMessages.percent],
      'finance.target_irr_pct': ['Till two digit Value is accepted'],
      'incentives.itc_pct': [settingsMessages.percent],
      'incentives.ptc_years': [settingsMessages.wholeYears],
      'debt.rate_pct': [settingsMessages.percent],
      'debt.min_dscr': [settingsMessages.dscr],
      'reserves.equipment.0.every_years': [settingsMessages.everyYears],
      'reserves.working_capital_months': [settingsMessages.months],
      'costs.insurance_pct': [settingsMessages.percent],
    });
    expect(bad.body.errors['incentives.depreciation']).toHaveLength(1);

    const allocation = await asha.post<Errors>(financePath, { energy, incentives: { depreciation: { macrs_5: 80, sl_20: 30 } } });
    expect(allocation.body.errors).toEqual({ 'incentives.depreciation': [settingsMessages.allocation] });
    const both = await asha.post<Errors>(financePath, { energy, debt: { fraction_pct: 60, min_dscr: 1.3 } });
    expect(both.body.errors).toEqual({ 'debt.min_dscr': [settingsMessages.debtChoice] });
    const late = await asha.post<Errors>(financePath, { energy, finance: { analysis_years: 20, target_irr_year: 25 }, debt: { tenor_years: 30 } });
    expect(late.body.errors).toEqual({ 'finance.target_irr_year': [settingsMessages.targetYear], 'debt.tenor_years': [settingsMessages.withinPeriod] });
    const tooLong = await asha.post<Errors>(financePath, { energy, finance: { analysis_years: 15 } });
    expect(tooLong.body.errors).toEqual({ 'debt.tenor_years': [settingsMessages.withinPeriod] });

    // A preset edit with a bad value is refused whole; the stored preset keeps its values.
    const own = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Carolina', based_on: 'builtin:us-utility' });
    expect(own.status).toBe(201);
    const refused = await asha.post<Errors>('/api/settings/update/v2/', { id: own.body.id, assumptions: { incentives: { itc_pct: 40, bonus_depreciation_pct: 300 } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'assumptions.incentives.bonus_depreciation_pct': [settingsMessages.percent] });
    const crossed = await asha.post<Errors>('/api/settings/update/v2/', { id: own.body.id, assumptions: { finance: { analysis_years: 10 } } });
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors).toEqual({ 'assumptions.debt.tenor_years': [settingsMessages.withinPeriod] });
    const list = (await asha.get<{ results: Preset[] }>('/api/settings/list/')).body.results;
    expect(list.find((p) => p.id === own.body.id)!.assumptions).toEqual(own.body.assumptions);
    await asha.post('/api/settings/update/v2/', { id: own.body.id, assumptions: { finance: { structure: 'pre_tax' } } });
  });

  it('sizes debt one way: a share given drops the preset’s DSCR, and a DSCR given drops its share', async () => {
    const energy = { annual_ac_kwh: 1_500_000, dc_kw: 1000 };
    const byShare = await ravi.post<FinanceResult>(financePath, { energy, debt: { fraction_pct: 60 }, reserves: { debt_service_months: 0, working_capital_months: 0, equipment: [] }, costs: { construction_financing: 0 } });
    expect(byShare.status, JSON.stringify(byShare.body)).toBe(200);
    expect(byShare.body.assumptions.debt).toMatchObject({ fraction_pct: 60, min_dscr: null });
    // Without a debt service reserve, the debt is 60 % of a cost that holds its own fee: 0.6 × cost × (1 + 0.6 × 2.75 %).
    expectClose(byShare.body.debt_amount, 0.6 * byShare.body.capex * (1 + 0.6 * 0.0275));
    const byCoverage = await ravi.post<FinanceResult>(financePath, { energy, debt: { min_dscr: 1.5 } });
    expect(byCoverage.body.assumptions.debt).toMatchObject({ fraction_pct: null, min_dscr: 1.5 });
    expectClose(byCoverage.body.min_dscr!, 1.5);
  });

  it('gives a project the defaults of its country: rupees in Pune, euros in Spain, from the location when no country is given', async () => {
    const pune = (await ravi.post<Project>('/api/project/create/', { name: 'Pune rooftop', location: { lat: 18.52, lng: 73.86 } })).body;
    const spain = (await ravi.post<Project>('/api/project/create/', { name: 'Extremadura', location: { lat: 38.9, lng: -6.34 } })).body;
    // The country given wins over the location (a code: the project form asks for one).
    const named = (await ravi.post<Project>('/api/project/create/', { name: 'Somewhere', location: { lat: 48.1, lng: 11.6 }, country: 'in' })).body;
    const indian = (await ravi.get<Preset>(`/api/settings/last/get/?project_id=${pune.id}`)).body;
    expect(indian).toMatchObject({ id: 'builtin:india-utility', assumptions: { finance: { currency: 'INR', structure: 'single_owner', federal_tax_rate_pct: 25.17 }, incentives: { depreciation: 'india_wdv_40' } } });
    expect((await ravi.get<Preset>(`/api/settings/last/get/?project_id=${spain.id}`)).body).toMatchObject({ id: 'builtin:eu-utility', assumptions: { finance: { currency: 'EUR' } } });
    expect((await ravi.get<Preset>(`/api/settings/last/get/?project_id=${named.id}`)).body.id).toBe('builtin:india-utility');

    // The India preset's study: WDV depreciation of 40 % of what is left, in rupees.
    const money = await ravi.post<FinanceResult>(financePath, { project_id: pune.id, energy: { annual_ac_kwh: 1_600_000, dc_kw: 1000 } });
    expect(money.status, JSON.stringify(money.body)).toBe(200);
    expect(money.body).toMatchObject({ currency: 'INR', structure: 'single_owner' });
    const [, first, second] = money.body.years;
    expectClose(second!.depreciation!, first!.depreciation! * 0.6);
  });

  it('reads studies saved before the after-tax model as pre-tax ones', async () => {
    const means = meansAt(greensboro.lat, greensboro.lng, 0.5, 15);
    const study = await ravi.post<FeasibilityStudy>(`${api}/create/`, {
      project_id: (await ravi.post<Project>('/api/project/create/', { name: 'Old study', location: greensboro })).body.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 100 },
      finance: { structure: 'pre_tax' },
    });
    expect(study.status, JSON.stringify(study.body)).toBe(201);
    // As a study row of an earlier release holds it: no structure and none of the after-tax figures.
    const oldKeys = ['structure', 'equity_irr_pct', 'irr_at_target_year_pct', 'project_irr_after_tax_pct', 'after_tax_npv', 'lcoe_real_per_kwh', 'lcoe_nominal_per_kwh', 'min_dscr', 'avg_dscr', 'debt_amount', 'total_installed_cost', 'breakeven_ppa_per_kwh', 'breakeven_ppa_note', 'max_capex_per_wdc', 'max_capex_note'];
    await app.database.db.execute(sql`update feasibility_studies set finance = finance - ${`{${oldKeys.join(',')}}`}::text[], headline = headline - array['structure', 'equity_irr_pct', 'breakeven_ppa_per_kwh', 'min_dscr'] where id = ${study.body.id}`);
    const [row] = await queryRows<{ has: boolean }>(app.database, sql`select finance ? 'structure' as has from feasibility_studies where id = ${study.body.id}`);
    expect(row!.has).toBe(false);
    const answer = await ravi.get<{ finance: FinanceResult }>(`${api}/financial_estimation/get/?id=${study.body.id}`);
    expect(answer.status).toBe(200);
    assert(answer.body, StudyFinance);
    expect(answer.body.finance).toMatchObject({ structure: 'pre_tax', equity_irr_pct: null, debt_amount: 0, breakeven_ppa_per_kwh: null });
    expect(answer.body.finance.breakeven_ppa_note).toMatch(/saved before/);
    const listed = await ravi.get<{ results: FeasibilityStudy[] }>(`${api}/list/?project_id=${study.body.project_id}`);
    expect(listed.status).toBe(200);
    assert(listed.body.results[0], FeasibilityStudy);
  });
});
