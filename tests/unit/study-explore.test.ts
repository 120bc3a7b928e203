/**
 * The study page's pure pieces for exploring the finance: the cash-flow chart's stacked parts, the tornado's rows and
 * the breakeven sentences, on the worked example of docs/finance.md and on hand-made figures.
 */
import { describe, expect, it } from 'vitest';
import { breakevenText, type BreakevenText } from '../../src/features/feasibility/breakeven-line.tsx';
import { partsOf, yearParts } from '../../src/features/feasibility/cash-flow-parts.ts';
import { tornadoView } from '../../src/features/feasibility/tornado-rows.ts';
import { financeFiguresFor, type StudyAssumptions } from '../../src/solar/answers.ts';
import type { Tornado } from '../../src/solar/sensitivity.ts';

/** SAM's Single Owner defaults as the US utility-scale preset carries them (reserves, an inverter reserve, DSCR debt). */
const usUtility: StudyAssumptions = {
  costs: { capex_per_wdc: 1.08, fixed_costs: 0, om_per_kw_yr: 20, om_basis: 'ac', om_escalation_pct: 2.5, insurance_pct: 0, property_tax_pct: 0, property_assessed_pct: 100, property_assessed_decline_pct: 0, om_fixed_per_year: 0, om_per_mwh: 0, construction_financing: 0, salvage_pct: 0 },
  tariff: { price_per_kwh: 0.035, escalation_pct: 0 },
  finance: { discount_rate_pct: 9.1, degradation_pct: 0.5, analysis_years: 25, currency: 'USD', structure: 'single_owner', federal_tax_rate_pct: 21, state_tax_rate_pct: 7, equity_discount_rate_pct: 9.06, inflation_pct: 2.5, target_irr_pct: 11, target_irr_year: null },
  incentives: { itc_pct: 30, itc_classes: null, ptc_per_kwh: 0, ptc_years: 10, ptc_escalation_pct: 2.5, capital_subsidy: 0, depreciation_years: 20, bonus_depreciation_pct: 0, depreciation: { macrs_5: 90, macrs_15: 1.5, sl_15: 2.5, sl_20: 3 } },
  debt: { fraction_pct: null, min_dscr: 1.3, rate_pct: 7, tenor_years: 18, upfront_fee_pct: 2.75, closing_costs: 0 },
  reserves: { working_capital_months: 6, debt_service_months: 6, interest_pct: 1.75, equipment: [{ cost_per_wdc: 0.1, every_years: 15, depreciation: 'macrs_5' }] },
};

/** docs/finance.md's worked example: 1 MWdc, 1,600 MWh, $1/Wdc, PPA $0.08, 30 % ITC, 50 % debt at 6 %, 10 years. */
function workedExample(structure: 'single_owner' | 'pre_tax'): StudyAssumptions {
  return {
    costs: { ...usUtility.costs, capex_per_wdc: 1, om_per_kw_yr: 15, om_basis: 'dc', insurance_pct: 0.5 },
    tariff: { price_per_kwh: 0.08, escalation_pct: 0 },
    finance: { ...usUtility.finance, structure, analysis_years: 10, degradation_pct: 0.5, discount_rate_pct: 8, equity_discount_rate_pct: 8, federal_tax_rate_pct: 21, state_tax_rate_pct: 5, target_irr_pct: 10, target_irr_year: null },
    incentives: { ...usUtility.incentives!, depreciation: 'macrs_5' },
    debt: { fraction_pct: 50, min_dscr: null, rate_pct: 6, tenor_years: 10, upfront_fee_pct: 0, closing_costs: 0 },
    reserves: { working_capital_months: 0, debt_service_months: 0, interest_pct: 0, equipment: [] },
  };
}
const energy = { annualAcKwh: 1_600_000, dcKw: 1000, acKw: 800 };
const figuresOf = (assumptions: StudyAssumptions) => financeFiguresFor(energy, assumptions).figures;

describe('cash-flow chart parts', () => {
  it('splits the worked example’s year 1 as docs/finance.md adds it up, and year 0 is the equity paid in', () => {
    const years = figuresOf(workedExample('single_owner')).years;
    const year1 = yearParts(years[1]!, 'single_owner');
    expect(year1.revenue).toBeCloseTo(128_000, 6);
    expect(year1.operating_costs).toBeCloseTo(-20_000, 6);
    expect(year1.debt_service).toBeCloseTo(-67_933.98, 2);
    // State −4,600 and federal −18,354 are benefits: positive cash.
    expect(year1.tax).toBeCloseTo(22_954, 2);
    expect(year1.credits).toBeCloseTo(300_000, 6);
    expect(year1.reserves).toBe(0);
    expect(yearParts(years[0]!, 'single_owner')).toMatchObject({ investment: -500_000, revenue: 0, tax: 0 });
  });

  it('adds up to each year’s net cash flow, with reserves, a salvage and a PTC (SAM’s US utility-scale defaults)', () => {
    for (const structure of ['single_owner', 'pre_tax'] as const) {
      const assumptions: StudyAssumptions = { ...usUtility, costs: { ...usUtility.costs, salvage_pct: 10 }, finance: { ...usUtility.finance, structure }, incentives: { ...usUtility.incentives!, ptc_per_kwh: 0.0275 } };
      const years = financeFiguresFor({ annualAcKwh: 9_200_000, dcKw: 5000, acKw: 4000 }, assumptions).figures.years;
      for (const year of years) {
        const parts = yearParts(year, structure);
        const sum = partsOf(structure).reduce((total, part) => total + parts[part], 0);
        expect(sum).toBeCloseTo(year.net_cash_flow, 4);
      }
    }
  });
});

describe('tornado rows', () => {
  const figures = (irrPct: number | null, npv: number) => ({ irrPct, npv });
  const tornado: Tornado = {
    base: figures(10, 1000),
    drivers: [
      // Capex: dearer is worse; the ±20 % bar is the ±10 % bar and as much again.
      { driver: 'capex', npvSwing: 800, steps: [{ change: -0.2, figures: figures(14, 1400) }, { change: -0.1, figures: figures(12, 1200) }, { change: 0.1, figures: figures(8, 800) }, { change: 0.2, figures: figures(6, 600) }] },
      { driver: 'om', npvSwing: 80, steps: [{ change: -0.2, figures: figures(10.4, 1040) }, { change: -0.1, figures: figures(10.2, 1020) }, { change: 0.1, figures: figures(9.8, 980) }, { change: 0.2, figures: figures(9.6, 960) }] },
    ],
    notApplicable: [{ driver: 'interest_rate', reason: 'The study has no debt.' }],
    scenarios: [
      { scenario: 'p90', applies: true, figures: figures(9, 900) },
      { scenario: 'itc_off', applies: true, figures: figures(null, -500) },
      { scenario: 'no_debt', applies: false, reason: 'The study has no debt.' },
    ],
  };

  it('splits each driver into its ±10 % bar and the rest of its ±20 % bar, narrowest row first', () => {
    const view = tornadoView(tornado, 'irr', true);
    expect(view.base).toBe(10);
    expect(view.rows.map((row) => row.label)).toEqual(['O&M', 'P90 energy', 'Capex']);
    expect(view.rows[2]).toEqual({ label: 'Capex', down10: 2, down20: 2, up10: -2, up20: -2, scenario: 0 });
    expect(view.rows[1]).toEqual({ label: 'P90 energy', down10: 0, down20: 0, up10: 0, up20: 0, scenario: -1 });
    expect(view.valueAt('Capex', 'down20')).toBe(14);
    expect(view.valueAt('Capex', 'scenario')).toBeUndefined();
    // Without the ITC the flows have no single IRR: that scenario is named, not drawn as a zero.
    expect(view.omitted).toEqual([
      { label: 'Interest rate', reason: 'The study has no debt.' },
      { label: 'ITC off', reason: 'The cash flows give no single IRR.' },
      { label: 'No debt', reason: 'The study has no debt.' },
    ]);
  });

  it('draws the NPV of the same steps, the ITC scenario included', () => {
    const view = tornadoView(tornado, 'npv', false);
    expect(view.rows.map((row) => row.label)).toEqual(['O&M', 'P90 energy', 'Capex', 'ITC off']);
    expect(view.rows[3]!.scenario).toBe(-1500);
    expect(view.rows[0]).toEqual({ label: 'O&M', down10: 20, down20: 20, up10: -20, up20: -20, scenario: 0 });
  });
});

describe('breakeven sentences', () => {
  it('name the study’s own target and give the price per MWh and the cost per W the solvers found', () => {
    const assumptions = workedExample('single_owner');
    const figures = figuresOf(assumptions);
    const [ppa, capex] = breakevenText(figures, assumptions) as [BreakevenText, BreakevenText];
    expect(ppa.label).toBe('PPA needed for 10% equity IRR');
    expect(ppa.value).toBe(`$${(figures.breakeven_ppa_per_kwh! * 1000).toFixed(1)}/MWh`);
    expect(capex.label).toBe('Capex that still reaches 10%');
    expect(capex.value).toBe(`$${figures.max_capex_per_wdc!.toFixed(2)}/W`);
    // The worked example beats 10 % (13.13 %): it could sell for less and cost more.
    expect(figures.breakeven_ppa_per_kwh!).toBeLessThan(0.08);
    expect(figures.max_capex_per_wdc!).toBeGreaterThan(1);
  });

  it('say the target year when it is not the last, the pre-tax target as NPV = 0, and why there is no answer', () => {
    const early = workedExample('single_owner');
    early.finance = { ...early.finance, target_irr_year: 8, target_irr_pct: 9.5 };
    expect(breakevenText(figuresOf(early), early).map((line) => line.label)).toEqual(['PPA needed for 9.5% equity IRR at year 8', 'Capex that still reaches 9.5% at year 8']);

    const preTax = workedExample('pre_tax');
    expect(breakevenText(figuresOf(preTax), preTax)[0]!.label).toBe('PPA needed for 8% IRR (NPV = 0)');

    const dark = financeFiguresFor({ ...energy, annualAcKwh: 0 }, preTax).figures;
    const [ppa, capex] = breakevenText(dark, preTax) as [BreakevenText, BreakevenText];
    expect(ppa).toEqual({ label: 'PPA needed for 8% IRR (NPV = 0)', value: 'none', note: 'The system produces no energy, so no price meets the target.' });
    expect(capex).toEqual({ label: 'Capex that still reaches 8%', value: 'none', note: 'The target is not met even at no installed cost.' });
  });

  it('give a rooftop, which earns the bills it saves, the installed cost alone: no PPA sentence', () => {
    const rooftop = workedExample('single_owner');
    rooftop.finance = { ...rooftop.finance, structure: 'behind_the_meter' };
    const figures = { ...figuresOf(workedExample('single_owner')), breakeven_ppa_per_kwh: null, breakeven_ppa_note: 'A behind-the-meter system earns the bills it saves, not a PPA price.' };
    expect(breakevenText(figures, rooftop).map((line) => line.label)).toEqual(['Capex that still reaches 10%']);
  });
});
