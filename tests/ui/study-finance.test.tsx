// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { FinanceResult } from '../../src/contract/energy.ts';
import type { StudyHeadline } from '../../src/contract/feasibility.ts';
import { CashFlowTable, FinanceSummary } from '../../src/features/feasibility/study-finance.tsx';
import { StudyFigures } from '../../src/features/feasibility/study-figures.tsx';
import { financeFiguresFor } from '../../src/solar/answers.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { polyfillBrowser } from './render-app.tsx';

const usUtility = builtinPresets.find((p) => p.id === 'builtin:us-utility')!;

/** The worked example of docs/finance.md, estimated by the server's own service. */
function workedExample(structure: 'single_owner' | 'pre_tax'): FinanceResult {
  const base = usUtility.assumptions;
  const assumptions = {
    costs: { ...base.costs, capex_per_wdc: 1, om_per_kw_yr: 15, om_basis: 'dc' as const, om_escalation_pct: 2.5, insurance_pct: 0.5 },
    tariff: { price_per_kwh: 0.08, escalation_pct: 0 },
    finance: { ...base.finance, structure, analysis_years: 10, degradation_pct: 0.5, discount_rate_pct: 8, equity_discount_rate_pct: 8, federal_tax_rate_pct: 21, state_tax_rate_pct: 5, target_irr_pct: 10 },
    incentives: { ...base.incentives, itc_pct: 30, depreciation: 'macrs_5' as const },
    debt: { fraction_pct: 50, min_dscr: null, rate_pct: 6, tenor_years: 10, upfront_fee_pct: 0, closing_costs: 0 },
    reserves: { working_capital_months: 0, debt_service_months: 0, interest_pct: 0, equipment: [] },
  };
  const { figures } = financeFiguresFor({ annualAcKwh: 1_600_000, dcKw: 1000, acKw: 800 }, assumptions);
  return { model_version: 'sunplot-solar/1', preset: { id: usUtility.id, name: usUtility.name }, energy: { source: 'given', annual_ac_kwh: 1_600_000, dc_kw: 1000, ac_kw: 800 }, energy_production: null, assumptions, ...figures, irr_note: null, notes: [] };
}

const renderIn = (node: React.ReactNode) => render(<AppProvider>{node}</AppProvider>);
const cellsOfYear = (year: number) =>
  within(screen.getByRole('table', { name: 'Yearly cash flows in USD' }))
    .getAllByRole('row')
    .find((row) => row.querySelector('td')?.textContent === String(year))!
    .querySelectorAll('td');

describe('study finance: summary and yearly table', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('shows the single owner’s debt, coverage, returns and the price it needs', () => {
    renderIn(<FinanceSummary finance={workedExample('single_owner')} />);
    const text = screen.getByTestId('finance-summary').textContent;
    expect(text).toContain('Single owner, after tax and levered');
    expect(text).toContain('Debt / equity$500,000 / $500,000');
    expect(text).toContain('Equity IRR (after tax)13.13% over 10 years; 13.13% at year 10');
    expect(text).toContain('After-tax NPV$48,228 at 8%');
    expect(text).toMatch(/PPA price needed\$7\d\.\d\/MWh in year 1, for an equity IRR of 10% at year 10/);
  });

  it('names the owner, the dates and each federal credit with the law’s reason for a US study', () => {
    const base = workedExample('single_owner');
    const sections = { ...base.assumptions, finance: { ...base.assumptions.finance, country: 'US', owner: 'commercial' as const, begin_construction_date: '2026-08-03', placed_in_service_date: '2028-03-01' } };
    const { figures } = financeFiguresFor({ annualAcKwh: 1_600_000, dcKw: 1000, acKw: 800 }, sections);
    renderIn(<FinanceSummary finance={{ ...base, assumptions: sections, ...figures }} />);
    const text = screen.getByTestId('finance-summary').textContent;
    expect(text).toContain('OwnerA business');
    expect(text).toContain('Construction begins / in serviceAugust 3, 2026 / March 1, 2028');
    expect(text).toMatch(/§48E \(solar\)No credit\. No §48E credit for a solar facility whose construction began on 3 August 2026, after 4 July 2026/);
    expect(figures.years[1]!.itc).toBe(0);
    // Without the country or dates (a study saved before), the ITC entered is booked and no credit rows are shown.
    renderIn(<FinanceSummary finance={base} />);
    expect(screen.getAllByTestId('finance-summary')[1]!.textContent).not.toContain('§48E');
    expect(base.years[1]!.itc).toBeGreaterThan(0);
  });

  it('lists every year of the after-tax cash flow, adding up as the table of docs/finance.md', () => {
    renderIn(<CashFlowTable finance={workedExample('single_owner')} />);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Year', 'Energy (MWh)', 'Revenue', 'Operating costs', 'CFADS', 'Interest', 'Principal', 'DSCR', 'Depreciation', 'Taxable income', 'State tax', 'Federal tax', 'ITC + PTC', 'Reserves (net)', 'Equity cash flow', 'Cumulative']);
    const year1 = Array.from(cellsOfYear(1), (cell) => cell.textContent);
    expect(year1).toEqual(['1', '1,600', '128,000', '20,000', '108,000', '30,000', '37,934', '1.59', '170,000', '−87,400', '−4,600', '−18,354', '300,000', '0', '363,020', '−136,980']);
    // Negatives with the true minus sign (U+2212), as every figure on screen.
    expect(cellsOfYear(0)[14]!.textContent).toBe('−500,000');
  });

  it('shows the pre-tax table and no after-tax figures for a pre-tax study', () => {
    const money = workedExample('pre_tax');
    renderIn(
      <>
        <FinanceSummary finance={money} />
        <CashFlowTable finance={money} />
      </>,
    );
    expect(screen.getByTestId('finance-summary').textContent).not.toContain('Equity IRR');
    expect(screen.getByTestId('finance-summary').textContent).toMatch(/for NPV = 0 at 8%/);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Year', 'Energy (MWh)', 'Revenue', 'O&M', 'Capex', 'Net cash flow', 'Cumulative']);
  });

  it('names the after-tax figures on the cards of a single-owner study', () => {
    const money = workedExample('single_owner');
    const headline = {
      dc_kw: 1000, ac_kw: 800, annual_ac_kwh: 1_600_000, specific_yield_kwh_per_kwp: 1600, capacity_factor_ac: 0.23, performance_ratio: 0.8, p50_annual_kwh: 1_600_000, p90_annual_kwh: 1_500_000,
      currency: 'USD', capex: money.capex, npv: money.npv, irr_pct: money.irr_pct, lcoe_per_kwh: money.lcoe_per_kwh, simple_payback_years: money.simple_payback_years, discounted_payback_years: money.discounted_payback_years,
      monthly_ac_kwh: Array<number>(12).fill(133_333), structure: 'single_owner', equity_irr_pct: money.equity_irr_pct, breakeven_ppa_per_kwh: money.breakeven_ppa_per_kwh, min_dscr: money.min_dscr,
    } satisfies StudyHeadline;
    renderIn(<StudyFigures study={{ headline, uncertainty: { combined_sigma_pct: 5 }, assumptions: { tariff: { price_per_kwh: 0.07, escalation_pct: 1 } } } as never} />);
    const text = screen.getByTestId('study-figures').textContent;
    expect(text).toContain('After-tax NPV$48,228');
    expect(text).toContain('Equity IRR13.13%');
    expect(text).toContain('Min DSCR1.43');
    expect(text).toMatch(/PPA price needed\$7\d\.\d\/MWh/);
    expect(text).toContain('PPA price$70.0/MWhyear 1, rising 1% a year');
  });
});
