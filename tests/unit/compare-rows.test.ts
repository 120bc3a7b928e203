import { describe, expect, it } from 'vitest';
import type { FeasibilityStudy, StudyHeadline } from '../../src/contract/feasibility.ts';
import { diffAssumptions } from '../../src/features/feasibility/compare/assumption-diff.ts';
import { figureRows } from '../../src/features/feasibility/compare/compare-figures.ts';
import { assumptionLabels, assumptionSections, assumptionSetOf } from '../../src/features/feasibility/compare/study-assumption-set.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';

const headline = (npv: number, p50 = 1_000_000): StudyHeadline => ({
  dc_kw: 1000, ac_kw: 800, annual_ac_kwh: p50, specific_yield_kwh_per_kwp: p50 / 1000, capacity_factor_ac: 0.2, performance_ratio: 0.8,
  p50_annual_kwh: p50, p90_annual_kwh: p50 * 0.9, currency: 'USD', capex: 1e6, npv, irr_pct: 8, lcoe_per_kwh: 0.05,
  simple_payback_years: 9, discounted_payback_years: 12, monthly_ac_kwh: Array.from({ length: 12 }, () => p50 / 12), structure: 'single_owner',
});
const bestOf = (label: string, ...headlines: StudyHeadline[]) => figureRows(headlines.map((h) => ({ headline: h }))).find((row) => row.label === label)!.cells.map((cell) => cell.best);

describe('the compare page', () => {
  it('marks one best study only when it is ahead as shown: no "(best)" on a tie', () => {
    expect(bestOf('NPV', headline(500_000), headline(400_000))).toEqual([true, false]);
    expect(bestOf('NPV', headline(500_000), headline(500_000), headline(100_000))).toEqual([false, false, false]);
    // Apart in the last cent, equal as shown ($500,000): a tie.
    expect(bestOf('NPV', headline(500_000.001), headline(500_000), headline(100_000))).toEqual([false, false, false]);
    // Irr equal everywhere: no best.
    expect(bestOf('IRR', headline(1), headline(2))).toEqual([false, false]);
  });

  it('compares rooftops by their bills, and reads every energy price in one unit: per MWh for plants, per kWh for rooftops', () => {
    const rooftop = (savings: number): StudyHeadline => ({ ...headline(50_000), structure: 'behind_the_meter', bill_without_solar_year1: 10_000, bill_with_solar_year1: 10_000 - savings, savings_year1: savings });
    const rows = figureRows([rooftop(4_000), rooftop(3_000)].map((h) => ({ headline: h })));
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('Bill without solar, year 1')!.cells.map((c) => c.text)).toEqual(['$10,000', '$10,000']);
    expect(row('Bill with solar, year 1')!.cells.map((c) => [c.text, c.best])).toEqual([['$6,000', true], ['$7,000', false]]);
    expect(row('Savings, year 1')!.cells.map((c) => [c.text, c.best])).toEqual([['$4,000', true], ['$3,000', false]]);
    expect(row('LCOE')!.cells[0]!.text).toBe('$0.0500/kWh');
    // Plants (and a plant beside a rooftop): per MWh; no bill rows where no study has bills.
    const plants = figureRows([headline(1), headline(2)].map((h) => ({ headline: h })));
    expect(plants.find((r) => r.label === 'LCOE')!.cells[0]!.text).toBe('$50.0/MWh');
    expect(plants.some((r) => r.label.startsWith('Bill') || r.label.startsWith('Savings'))).toBe(false);
    expect(figureRows([headline(1), rooftop(1)].map((h) => ({ headline: h }))).find((r) => r.label === 'LCOE')!.cells.map((c) => c.text)).toEqual(['$50.0/MWh', '$50.0/MWh']);
  });

  it("reads a rooftop study's tariff, load and export in words: no URDB keys, no 288-number schedules, a year as a year", () => {
    const preset = builtinPresets.find((p) => p.id === 'builtin:commercial-rooftop')!;
    const pge = TARIFF_PRESETS.find((t) => t.id === 'us-commercial-tou-demand')!;
    const study = (year: number | null) =>
      ({
        preset: { id: preset.id, name: preset.name },
        weather: { name: 'Greensboro', source: 'upload' },
        system: { dc_kw: 150 },
        assumptions: {
          ...preset.assumptions,
          tariff: { price_per_kwh: 0.13, escalation_pct: 1.66, ...pge.rate, utility: 'Pacific Gas & Electric Co', name: 'E-19', sector: 'Commercial', startdate: 1556690400 },
          finance: { ...preset.assumptions.finance, structure: 'behind_the_meter', owner: 'commercial' },
          load: { source: 'shape', shape: 'office', upload_id: null, name: 'Office', annual_kwh: 400_000, steps_per_hour: 1, calendar_year: year, growth_pct: 0 },
          export: { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0.04 },
        },
      }) as unknown as FeasibilityStudy;
    const rows = diffAssumptions([study(2025), study(null)].map(assumptionSetOf), assumptionLabels, assumptionSections.map((s) => s.section));
    const row = (label: string) => rows.find((r) => r.label === label)?.values;
    expect(rows.some((r) => /energyratestructure|schedule|demandrate|flatdemand|fixedcharge/.test(r.path))).toBe(false);
    expect(row('Tariff')).toEqual(['Pacific Gas & Electric Co: E-19', 'Pacific Gas & Electric Co: E-19']);
    expect(row('Tariff in force from')).toEqual(['2019-05-01', '2019-05-01']);
    expect(row('Calendar year of the load')).toEqual(['2025', 'none: the year starts on a Monday']);
    expect(row('Export rule')).toEqual(['Net metering (kWh credits)', 'Net metering (kWh credits)']);
    expect(row('True-up month')).toEqual(['December', 'December']);
    expect(row('Year-end rate')).toEqual(['0.04 USD/kWh', '0.04 USD/kWh']);
    expect(row('Owner')).toEqual(['A business', 'A business']);
    // Every tariff, load and export row has a human label, none a raw key read as words.
    expect(rows.filter((r) => ['tariff', 'load', 'export'].includes(r.section)).every((r) => assumptionLabels.has(r.path))).toBe(true);
  });

  it('reads hourly sell rates by their figures beside a single sell rate, never the 8,760 values', () => {
    const preset = builtinPresets.find((p) => p.id === 'builtin:commercial-rooftop')!;
    const values = Array.from({ length: 8760 }, (_, i) => (i % 24 === 12 ? 0.31 : 0.02));
    const study = (exportUsed: object) =>
      ({
        preset: { id: preset.id, name: preset.name },
        weather: { name: 'Greensboro', source: 'upload' },
        system: { dc_kw: 150 },
        assumptions: {
          ...preset.assumptions,
          tariff: { price_per_kwh: 0.13, escalation_pct: 1.66 },
          finance: { ...preset.assumptions.finance, structure: 'behind_the_meter', owner: 'commercial' },
          load: { source: 'shape', shape: 'office', upload_id: null, name: 'Office', annual_kwh: 400_000, steps_per_hour: 1, calendar_year: null, growth_pct: 0 },
          export: { rule: 'net_billing', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0, ...exportUsed },
        },
      }) as unknown as FeasibilityStudy;
    const hourly = study({ hourly_sell_rate_per_kwh: values, hourly_sell_rates: { count: 8760, steps_per_hour: 1, min: 0.02, mean: 0.0325, max: 0.31 } });
    const rows = diffAssumptions([hourly, study({ sell_rate_per_kwh: 0.04 })].map(assumptionSetOf), assumptionLabels, assumptionSections.map((s) => s.section));
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('Sell rates')).toMatchObject({ values: ['8,760 hourly sell rates from 0.02 to 0.31 (mean 0.0325) USD/kWh', '—'], differs: true });
    expect(row('Sell rate')!.values).toEqual(['—', '0.04 USD/kWh']);
    expect(rows.filter((r) => r.section === 'export').every((r) => assumptionLabels.has(r.path) && r.values.every((v) => v.length < 100))).toBe(true);
  });
});
