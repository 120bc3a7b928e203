import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StudyFinance, type FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { builtinPresetIds, PresetList, type Preset } from '../../src/contract/settings.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

const api = '/api/project/feasibility';
type Errors = { errors: Record<string, string[]> };

/** The cost and price values of a preset: what a study pays and what its energy is worth. */
const costAndPricePaths = [
  'costs.capex_per_wdc',
  'costs.fixed_costs',
  'costs.om_per_kw_yr',
  'costs.om_fixed_per_year',
  'costs.om_per_mwh',
  'costs.insurance_pct',
  'costs.construction_financing',
  'tariff.price_per_kwh',
  'debt.closing_costs',
  'reserves.equipment',
] as const;

const valueAt = (preset: Preset, path: string) => {
  const [section, field] = path.split('.') as [keyof Preset['assumptions'], string];
  return (preset.assumptions[section] as Record<string, unknown>)[field];
};
/** A figure someone quoted, not "none": a number other than 0, or a list with something in it. */
const isFigure = (value: unknown) => (Array.isArray(value) ? value.length > 0 : typeof value === 'number' && value !== 0);

const fresno = { lat: 36.74, lng: -119.79 };
const fresnoMeans = (() => {
  const means = meansAt(fresno.lat, fresno.lng, 0.62, 36);
  return { source: 'monthly', name: 'Fresno (typed means)', lat: fresno.lat, lon: fresno.lng, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
})();

describeApi('built-in presets name the edition and year of every cost and price', () => {
  let app: TestApp;
  let asha: HttpClient;
  let presets: Preset[];
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
    const list = await asha.get<PresetList>('/api/settings/list/');
    assert(list.body, PresetList);
    presets = list.body.results.filter((preset) => preset.builtin);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists every built-in, the US residential one among them', () => {
    expect(presets.map((preset) => preset.id)).toEqual([...builtinPresetIds]);
    expect(presets.find((preset) => preset.id === 'builtin:us-residential')?.name).toBe('US residential rooftop (household purchase)');
  });

  it('cites each cost and price figure by edition, shown in its source, and by the year the figure is in', () => {
    for (const preset of presets) {
      for (const path of costAndPricePaths) {
        const source = preset.sources[path]!;
        const where = `${preset.id} ${path}: ${source.source}`;
        if (source.edition === undefined) {
          // Only "nothing assumed" and Sunplot's own placeholders, flagged to be replaced, go without an edition.
          if (isFigure(valueAt(preset, path))) {
            expect(source.approximate, where).toBe(true);
            expect(source.source, where).toContain('Sunplot placeholder');
          }
          continue;
        }
        expect(source.edition.trim(), where).not.toBe('');
        expect(source.source, where).toContain(source.edition);
        expect(source.year, where).toEqual(expect.any(Number));
        expect(source.year! >= 2000 && source.year! <= new Date().getUTCFullYear(), where).toBe(true);
      }
    }
    // The figures the planner reads first all have an edition: capex, O&M and the price, except placeholders.
    const us = presets.find((preset) => preset.id === 'builtin:us-utility')!;
    expect(us.sources['costs.capex_per_wdc']).toMatchObject({ edition: 'LBNL Utility-Scale Solar, 2024 Edition', year: 2023 });
    expect(us.sources['tariff.price_per_kwh']).toMatchObject({ edition: 'LBNL Utility-Scale Solar, 2024 Edition', year: 2023 });
    expect(us.sources['costs.om_per_kw_yr']).toMatchObject({ edition: 'NREL ATB 2024', year: 2022 });
    for (const preset of presets) expect(preset.sources['costs.capex_per_wdc']!.edition, preset.id).toEqual(expect.any(String));
  });

  it('offers a household’s rooftop: roof mount, residential owner, no tax and no credit, paid in cash', () => {
    const home = presets.find((preset) => preset.id === 'builtin:us-residential')!;
    expect(home.assumptions.system).toMatchObject({ mount: 'fixed', array_type: 'fixed-roof', model: 'pvwatts_v8', tilt_deg: 20, azimuth_deg: 180 });
    expect(home.assumptions.finance).toMatchObject({ structure: 'behind_the_meter', owner: 'residential', currency: 'USD', federal_tax_rate_pct: 0, state_tax_rate_pct: 0 });
    expect(home.assumptions.incentives).toMatchObject({ itc_pct: 0, ptc_per_kwh: 0, depreciation: 'none' });
    expect(home.assumptions.debt).toMatchObject({ fraction_pct: 0 });
    expect(home.sources['costs.capex_per_wdc']).toMatchObject({ edition: 'LBNL Tracking the Sun, 2024 Edition', year: 2023 });
    expect(home.sources['costs.om_per_kw_yr']!.source).toContain('SAM');
    expect(home.sources['incentives.itc_pct']!.source).toContain('§25D');
  });

  it('a study from it for a US home completed in 2026 books no federal credit', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Fresno roof', location: fresno, country: 'US', postal_code: '93721' })).body;
    const study = await asha.post<FeasibilityStudy & Errors>(`${api}/create/`, {
      project_id: project.id,
      preset_id: 'builtin:us-residential',
      weather: fresnoMeans,
      system: { dc_kw: 6 },
      finance: { begin_construction_date: '2026-03-02', placed_in_service_date: '2026-05-15' },
      load: { shape: 'residential', annual_kwh: 10_500 },
    });
    expect(study.status, JSON.stringify(study.body).slice(0, 600)).toBe(201);
    expect(study.body.preset).toMatchObject({ id: 'builtin:us-residential' });
    const money = (await asha.get<StudyFinance>(`${api}/financial_estimation/get/?id=${study.body.id}`)).body;
    assert(money, StudyFinance);
    const { credits, years, assumptions } = money.finance;
    expect(assumptions.finance).toMatchObject({ structure: 'behind_the_meter', owner: 'residential', country: 'US' });
    expect(assumptions.costs).toMatchObject({ capex_per_wdc: 4.2, om_per_kw_yr: 29 });
    expect(credits!.find((credit) => credit.section === '25D')).toMatchObject({ applies: false, rate_pct: 0 });
    expect(credits!.every((credit) => !credit.applies)).toBe(true);
    expect(years.every((year) => (year.itc ?? 0) === 0 && (year.ptc ?? 0) === 0)).toBe(true);
  });
});
