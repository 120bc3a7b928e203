import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FinanceResult } from '../../src/contract/energy.ts';
import { StudyFinance, type FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { settingsMessages } from '../../src/contract/settings.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { pageText } from '../support/pdf-text.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
const api = '/api/project/feasibility';
type Errors = { errors: Record<string, string[]> };

const fresno = { lat: 36.74, lng: -119.79 };
const fresnoMeans = (() => {
  const means = meansAt(fresno.lat, fresno.lng, 0.62, 36);
  return { source: 'monthly', name: 'Fresno (typed means)', lat: fresno.lat, lon: fresno.lng, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
})();
/** A flat residential rate: the tariff's shape does not matter to the credits. */
const flatTariff = {
  energyratestructure: [[{ rate: 0.32 }]],
  energyweekdayschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  energyweekendschedule: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0)),
  escalation_pct: 3,
  utility: 'Test Utility',
  name: 'Flat residential test rate',
  sector: 'Residential',
  startdate: Date.UTC(2025, 0, 1) / 1000,
};

describeApi('US federal tax credits from the study dates, its owner and the law', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let fresnoProject: Project;
  let puneProject: Project;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
    fresnoProject = (await asha.post<Project>('/api/project/create/', { name: 'Fresno home', location: fresno, country: 'US', postal_code: '93721' })).body;
    puneProject = (await asha.post<Project>('/api/project/create/', { name: 'Pune plant', location: { lat: 18.52, lng: 73.86 }, country: 'IN', pincode: '411001' })).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A 5 MWdc plant's after-tax cash flows on given energy at the Fresno project. */
  const plant = (finance: Record<string, unknown>, projectId = fresnoProject.id, incentives: Record<string, unknown> = {}) =>
    asha.post<FinanceResult & Errors>(financePath, {
      project_id: projectId,
      energy: { annual_ac_kwh: 9_500_000, dc_kw: 5000 },
      finance: { structure: 'single_owner', ...finance },
      incentives: { itc_pct: 30, ...incentives },
    });

  it("a Fresno household's purchase completed in 2026 gets no federal credit, and says why citing §25D's end", async () => {
    const household = (placedInService: string) =>
      asha.post<FeasibilityStudy & Errors>(`${api}/create/`, {
        project_id: fresnoProject.id,
        weather: fresnoMeans,
        system: { dc_kw: 6, tilt_deg: 20, azimuth_deg: 180 },
        costs: { capex_per_wdc: 3.2, fixed_costs: 0, om_per_kw_yr: 25 },
        finance: { structure: 'behind_the_meter', owner: 'residential', federal_tax_rate_pct: 0, state_tax_rate_pct: 0, begin_construction_date: '2025-09-01', placed_in_service_date: placedInService },
        incentives: { itc_pct: 30, depreciation: 'none' },
        debt: { fraction_pct: 0, min_dscr: null },
        tariff: flatTariff,
        load: { shape: 'residential', annual_kwh: 10_500 },
        export: { rule: 'net_billing', sell_rate_per_kwh: 0.05 },
      });
    const study = await household('2026-04-15');
    expect(study.status, JSON.stringify(study.body).slice(0, 600)).toBe(201);
    const money = (await asha.get<StudyFinance>(`${api}/financial_estimation/get/?id=${study.body.id}`)).body;
    assert(money, StudyFinance);
    const { credits, years, assumptions } = money.finance;
    expect(assumptions.finance).toMatchObject({ owner: 'residential', country: 'US', begin_construction_date: '2025-09-01', placed_in_service_date: '2026-04-15' });
    const residential = credits!.find((credit) => credit.section === '25D')!;
    expect(residential).toMatchObject({ applies: false, rate_pct: 0 });
    expect(residential.reason).toMatch(/§70506.*31 December 2025/);
    expect(credits!.find((credit) => credit.section === '48E')).toMatchObject({ applies: false });
    expect(years.every((year) => (year.itc ?? 0) === 0)).toBe(true);

    // The same home completed in 2025 got §25D's 30 % of its cost, booked in year 1.
    const earlier = await household('2025-11-20');
    expect(earlier.status).toBe(201);
    const before = (await asha.get<StudyFinance>(`${api}/financial_estimation/get/?id=${earlier.body.id}`)).body.finance;
    expect(before.credits!.find((credit) => credit.section === '25D')).toMatchObject({ applies: true, rate_pct: 30 });
    expect(before.years[1]!.itc).toBeCloseTo(0.3 * before.capex, 6);
    expect(before.npv).toBeGreaterThan(money.finance.npv);
    // The report of the project (its primary study is the first) names the owner, the dates and the rule.
    const report = await fetch(`${app.baseUrl}/api/project/report/?id=${fresnoProject.id}`, { headers: { authorization: `Bearer ${asha.access}` } });
    expect(report.status).toBe(200);
    const text = pageText(Buffer.from(await report.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Federal tax credits for a household that buys the system, construction beginning 2025-09-01, placed in service 2026-04-15');
    expect(text).toContain('§25D (solar): none. No §25D credit: Public Law 119-21 §70506');
    expect(text).toContain('Tariff: Test Utility, Flat residential test rate (Residential sector, in force from 2025-01-01)');
    expect(text).toContain('owner: a household');
    // Another user's study is not theirs to read.
    expect((await ravi.get(`${api}/financial_estimation/get/?id=${study.body.id}`)).status).toBe(404);
  });

  it("a business's solar begun after 4 July 2026 gets §48E placed in service in 2027, none in 2028", async () => {
    const inTime = await plant({ begin_construction_date: '2026-08-03', placed_in_service_date: '2027-11-30' });
    expect(inTime.status, JSON.stringify(inTime.body).slice(0, 400)).toBe(200);
    assert(inTime.body, FinanceResult);
    expect(inTime.body.credits).toEqual([expect.objectContaining({ section: '48E', technology: 'pv', applies: true, rate_pct: 30 })]);
    expect(inTime.body.years[1]!.itc).toBeGreaterThan(0.25 * inTime.body.capex);

    const late = await plant({ begin_construction_date: '2026-08-03', placed_in_service_date: '2028-03-01' });
    expect(late.status).toBe(200);
    const credit = late.body.credits![0]!;
    expect(credit).toMatchObject({ section: '48E', applies: false, rate_pct: 0 });
    expect(credit.reason).toContain('after 31 December 2027');
    expect(late.body.years.every((year) => (year.itc ?? 0) === 0)).toBe(true);
    expect(late.body.equity_irr_pct ?? -Infinity).toBeLessThan(inTime.body.equity_irr_pct ?? Infinity);

    // Begun on 4 July 2026 itself, it keeps the credit in 2028; the PTC follows the same rule.
    const begunInTime = await plant({ begin_construction_date: '2026-07-04', placed_in_service_date: '2028-03-01' }, fresnoProject.id, { itc_pct: 0, ptc_per_kwh: 0.0275, ptc_years: 10 });
    expect(begunInTime.body.credits!.find((c) => c.section === '45Y')).toMatchObject({ applies: true, rate_pct: 100 });
    expect(begunInTime.body.years[1]!.ptc).toBeGreaterThan(0);
    const latePtc = await plant({ begin_construction_date: '2026-07-05', placed_in_service_date: '2028-03-01' }, fresnoProject.id, { itc_pct: 0, ptc_per_kwh: 0.0275, ptc_years: 10 });
    expect(latePtc.body.credits!.find((c) => c.section === '45Y')).toMatchObject({ applies: false });
    expect(latePtc.body.years.every((year) => (year.ptc ?? 0) === 0)).toBe(true);
  });

  it("a US study without the dates takes today's for both and says so", async () => {
    const before = new Date().toISOString().slice(0, 10);
    const answer = await plant({});
    const after = new Date().toISOString().slice(0, 10);
    expect(answer.status).toBe(200);
    const used = answer.body.assumptions.finance;
    expect([before, after]).toContain(used.begin_construction_date);
    expect(used.placed_in_service_date).toBe(used.begin_construction_date);
    expect(answer.body.notes.join(' ')).toContain(`No finance.begin_construction_date and finance.placed_in_service_date given: ${used.begin_construction_date} is taken for both`);
    expect(answer.body.credits![0]!.section).toBe('48E');
  });

  it('a study outside the US books the credits as entered and lists no federal ones', async () => {
    const answer = await plant({ currency: 'INR' }, puneProject.id);
    expect(answer.status).toBe(200);
    expect(answer.body.assumptions.finance.country).toBe('IN');
    expect(answer.body.credits).toEqual([]);
    expect(answer.body.years[1]!.itc).toBeGreaterThan(0.25 * answer.body.capex);
  });

  it('wrong dates answer 400 naming the field and change nothing', async () => {
    const impossible = await plant({ begin_construction_date: '2026-02-30', placed_in_service_date: '2027-01-01' });
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors['finance.begin_construction_date']).toEqual([settingsMessages.date]);
    const backwards = await plant({ begin_construction_date: '2027-02-01', placed_in_service_date: '2026-12-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors['finance.placed_in_service_date']).toEqual([settingsMessages.inServiceBeforeStart]);
    const badCountry = await plant({ country: 'USA' });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors['finance.country']).toEqual([settingsMessages.country]);
    const badOwner = await plant({ owner: 'household' });
    expect(badOwner.status).toBe(400);
    expect(Object.keys(badOwner.body.errors)).toEqual(['finance.owner']);
  });
});
