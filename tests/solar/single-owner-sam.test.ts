/**
 * Agreement with NREL SAM's Single Owner model on its own published cases (NREL/ssc,
 * test/input_json/FinancialModels/singleowner/, BSD-3). tests/fixtures/sam/single-owner-cases.json holds each case's
 * inputs mapped to Sunplot's fields (year-1 energy from the case's hourly `gen`, degradation, PPA, costs, taxes,
 * PTC, depreciation allocation, DSCR-sized debt, reserves) and SAM's outputs; nothing is fetched at test time.
 * The tolerances are the issue's: 0.01 percentage points for rates, 0.1 % for money and each year's equity flow.
 */
import { describe, expect, it } from 'vitest';
import type { FinanceResult } from '../../src/contract/energy.ts';
import cases from '../fixtures/sam/single-owner-cases.json' with { type: 'json' };
import { financeFiguresFor, type StudyAssumptions } from '../../src/solar/answers.ts';

interface SamCase {
  energy: { annual_ac_kwh: number; dc_kw: number; ac_kw: number };
  assumptions: Omit<StudyAssumptions, 'debt'> & { debt: Omit<StudyAssumptions['debt'] & object, 'fraction_pct'> };
  sam: {
    project_return_aftertax_irr: number;
    project_return_aftertax_npv: number;
    size_of_debt: number;
    min_dscr: number;
    lcoe_real: number;
    lcoe_nom: number;
    flip_actual_irr: number;
    cost_installed: number;
  };
  sam_years: { cf_project_return_aftertax: number[]; cf_fedtax: number[]; cf_statax: number[]; cf_debt_payment_interest: number[]; cf_feddepr_total: number[]; cf_ptc_fed: number[] };
}

const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

function run(samCase: SamCase): FinanceResult extends infer _ ? ReturnType<typeof financeFiguresFor>['figures'] : never {
  const { energy, assumptions } = samCase;
  const sections = { ...assumptions, debt: { fraction_pct: null, ...assumptions.debt } } as StudyAssumptions;
  return financeFiguresFor({ annualAcKwh: energy.annual_ac_kwh, dcKw: energy.dc_kw, acKw: energy.ac_kw }, sections).figures;
}

describe.each(Object.entries(cases as unknown as Record<string, SamCase>))('SAM %s', (_name, samCase) => {
  const figures = run(samCase);
  const { sam, sam_years: samYears } = samCase;

  it('gives SAM’s equity IRR, IRR at the target year and after-tax NPV', () => {
    expect(Math.abs(figures.equity_irr_pct! - sam.project_return_aftertax_irr)).toBeLessThan(0.01);
    expect(Math.abs(figures.irr_at_target_year_pct! - sam.flip_actual_irr)).toBeLessThan(0.01);
    expect(relative(figures.after_tax_npv!, sam.project_return_aftertax_npv)).toBeLessThan(0.001);
  });

  it('sizes SAM’s debt at its DSCR and gives its installed cost and LCOE', () => {
    expect(relative(figures.debt_amount, sam.size_of_debt)).toBeLessThan(0.001);
    expect(Math.abs(figures.min_dscr! - sam.min_dscr)).toBeLessThan(0.005);
    expect(relative(figures.total_installed_cost, sam.cost_installed)).toBeLessThan(0.001);
    // SAM gives LCOE in cents per kWh.
    expect(Math.abs(figures.lcoe_real_per_kwh! * 100 - sam.lcoe_real)).toBeLessThan(0.001);
    expect(Math.abs(figures.lcoe_nominal_per_kwh! * 100 - sam.lcoe_nom)).toBeLessThan(0.001);
  });

  it('gives SAM’s equity cash flow, taxes, interest, depreciation and PTC in every year', () => {
    expect(figures.years).toHaveLength(samYears.cf_project_return_aftertax.length);
    figures.years.forEach((year, t) => {
      expect(relative(year.equity_cash_flow!, samYears.cf_project_return_aftertax[t]!)).toBeLessThan(0.001);
      // SAM books a tax paid as a negative cash flow; Sunplot shows it as a positive tax.
      expect(year.federal_tax!).toBeCloseTo(-samYears.cf_fedtax[t]!, 2);
      expect(year.state_tax!).toBeCloseTo(-samYears.cf_statax[t]!, 2);
      expect(year.interest!).toBeCloseTo(samYears.cf_debt_payment_interest[t]!, 2);
      expect(year.depreciation!).toBeCloseTo(samYears.cf_feddepr_total[t]!, 2);
      expect(year.ptc!).toBeCloseTo(samYears.cf_ptc_fed[t]!, 2);
    });
  });
});
