// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { FeasibilityStudy, StudyHeadline } from '../../src/contract/feasibility.ts';
import { StudyFigures } from '../../src/features/feasibility/study-figures.tsx';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { polyfillBrowser } from './render-app.tsx';

const usUtility = builtinPresets.find((p) => p.id === 'builtin:us-utility')!;
const commercial = builtinPresets.find((p) => p.id === 'builtin:commercial-rooftop')!;
const pge = TARIFF_PRESETS.find((t) => t.id === 'us-commercial-tou-demand')!;

const headline: StudyHeadline = {
  dc_kw: 5000,
  ac_kw: 3730,
  annual_ac_kwh: 9_800_000,
  specific_yield_kwh_per_kwp: 1960,
  capacity_factor_ac: 0.3,
  performance_ratio: 0.84,
  p50_annual_kwh: 9_800_000,
  p90_annual_kwh: 9_100_000,
  currency: 'USD',
  capex: 5_400_000,
  npv: -1_200_000,
  irr_pct: -2.7,
  lcoe_per_kwh: 0.04123,
  simple_payback_years: null,
  discounted_payback_years: null,
  monthly_ac_kwh: Array.from({ length: 12 }, () => 9_800_000 / 12),
  structure: 'single_owner',
  equity_irr_pct: -2.7,
  breakeven_ppa_per_kwh: 0.05615,
  min_dscr: 1.3,
};

const study = (h: StudyHeadline, assumptions: unknown) => ({ headline: h, assumptions, uncertainty: { combined_sigma_pct: 5.6, p50_annual_kwh: h.p50_annual_kwh, p90_annual_kwh: h.p90_annual_kwh, terms: [] } }) as unknown as FeasibilityStudy;

function show(s: FeasibilityStudy) {
  render(
    <AppProvider>
      <StudyFigures study={s} />
    </AppProvider>,
  );
  return screen.getByTestId('study-figures').textContent ?? '';
}

describe('a study’s headline names the price it assumed, in one unit', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('a utility plant shows its PPA, its LCOE and the PPA it needs, all per MWh, with coverage', () => {
    const text = show(study(headline, usUtility.assumptions));
    expect(text).toContain('PPA price$35.0/MWhflat, all years');
    expect(text).toContain('LCOE$41.2/MWh');
    expect(text).toContain('PPA price needed$56.2/MWh');
    expect(text).toContain('Min DSCR1.30');
    expect(text).not.toMatch(/\/kWh/);
  });

  it('a rooftop speaks bills: the tariff it ran on, the bill before and after, the savings, NPV and payback; no coverage or PPA', () => {
    const rooftop: StudyHeadline = { ...headline, structure: 'behind_the_meter', npv: 41_000, simple_payback_years: 7.1, discounted_payback_years: 11.4, breakeven_ppa_per_kwh: null, min_dscr: null, bill_without_solar_year1: 61_200, bill_with_solar_year1: 38_950, savings_year1: 22_250 };
    const assumptions = {
      ...commercial.assumptions,
      tariff: { ...pge.rate, utility: 'Pacific Gas & Electric Co', name: 'E-19 Medium General Demand TOU (Secondary)', sector: 'Commercial', price_per_kwh: 0.13, escalation_pct: 1.66 },
      finance: { ...commercial.assumptions.finance, structure: 'behind_the_meter', owner: 'commercial' },
      export: { rule: 'net_billing', sell_rate_per_kwh: 0.04, true_up_month: 12, year_end_rate_per_kwh: 0 },
    };
    const text = show(study(rooftop, assumptions));
    expect(text).toContain('TariffE-19 Medium General Demand TOU (Secondary)Pacific Gas & Electric Co; Net billing');
    expect(text).toContain('Bill without solar$61,200year 1');
    expect(text).toContain('Bill with solar$38,950year 1');
    expect(text).toContain('Savings, year 1$22,250');
    expect(text).toContain('NPV$41,000');
    expect(text).toContain('Payback7.1 yr');
    expect(text).not.toMatch(/DSCR|PPA|LCOE|Equity IRR/);
  });

  it('a rooftop on a flat price names that price per kWh', () => {
    const rooftop: StudyHeadline = { ...headline, structure: 'behind_the_meter', breakeven_ppa_per_kwh: null, min_dscr: null, bill_without_solar_year1: 1_640, bill_with_solar_year1: 410, savings_year1: 1_230 };
    const assumptions = { ...commercial.assumptions, tariff: { price_per_kwh: 0.3, escalation_pct: 2 }, finance: { ...commercial.assumptions.finance, structure: 'behind_the_meter', owner: 'residential' } };
    const text = show(study(rooftop, assumptions));
    expect(text).toContain('Electricity price$0.3000/kWh');
    // A household pays no tax on what it saves: the NPV is of the savings, not "after tax".
    expect(text).toMatch(/NPV−\$1\.2Mof the savings; capex/);
  });
});
