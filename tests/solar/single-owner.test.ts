import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakevenPpa, maxCapexPerWdc, targetMargin } from '../../src/solar/breakeven.ts';
import { internalRatesOfReturn, netPresentValue } from '../../src/solar/cash-flow.ts';
import { depreciationFractions, straightLineHalfYear, writtenDownValue } from '../../src/solar/depreciation.ts';
import { DEFAULT_FINANCE_TERMS, finance, type FinanceAssumptions, type FinanceEnergy } from '../../src/solar/finance.ts';
import { equityCashFlows, singleOwner, type SingleOwnerTerms } from '../../src/solar/single-owner.ts';

/** The worked example of docs/finance.md: 1 MWdc, 10 years, ITC on MACRS 5, half the cost borrowed. */
const energy: FinanceEnergy = { annualAcKwh: 1_600_000, dcKw: 1000, acKw: 800 };
const assumptions: FinanceAssumptions = {
  ...DEFAULT_FINANCE_TERMS,
  currency: 'USD',
  capexPerWdc: 1,
  omPerKwYear: 15,
  omEscalationPct: 2.5,
  pricePerKwh: 0.08,
  discountRatePct: 8,
  analysisYears: 10,
};
const terms: SingleOwnerTerms = {
  federalTaxPct: 21,
  stateTaxPct: 5,
  equityDiscountRatePct: 8,
  inflationPct: 2.5,
  targetIrrPct: 10,
  targetIrrYear: 10,
  insurancePct: 0.5,
  propertyTaxPct: 0,
  propertyAssessedPct: 100,
  propertyAssessedDeclinePct: 0,
  omFixedPerYear: 0,
  omPerMwh: 0,
  constructionFinancing: 0,
  salvagePct: 0,
  itcPct: 30,
  itcClasses: null,
  ptcPerKwh: 0,
  ptcYears: 0,
  ptcEscalationPct: 0,
  capitalSubsidy: 0,
  depreciation: 'macrs_5',
  depreciationYears: 20,
  bonusDepreciationPct: 0,
  debt: { kind: 'fraction', fractionPct: 50 },
  debtRatePct: 6,
  debtTenorYears: 10,
  debtUpfrontFeePct: 0,
  debtClosingCosts: 0,
  workingCapitalMonths: 0,
  debtServiceMonths: 0,
  reserveInterestPct: 0,
  equipment: [],
};

/** No tax, no debt, no credit, no reserve, no insurance: nothing the pre-tax model leaves out. */
const bare: SingleOwnerTerms = { ...terms, federalTaxPct: 0, stateTaxPct: 0, insurancePct: 0, itcPct: 0, depreciation: 'none', debt: { kind: 'fraction', fractionPct: 0 }, debtTenorYears: 0 };

describe('single owner: the worked example of docs/finance.md, to the cent', () => {
  const result = singleOwner(energy, assumptions, terms);
  const year = (t: number) => result.years[t]!;

  it('pays half the cost from equity and borrows the rest at a level payment of 67,933.98', () => {
    expect(result.totalInstalledCost).toBeCloseTo(1_000_000, 2);
    expect(result.debtAmount).toBeCloseTo(500_000, 2);
    expect(year(0).equityCashFlow).toBeCloseTo(-500_000, 2);
    for (let t = 1; t <= 10; t++) expect(year(t).interest + year(t).principal).toBeCloseTo(67_933.98, 2);
  });

  it('books the table’s year 1: the ITC, half of it off the MACRS basis, and a tax benefit', () => {
    expect(year(1).energyKwh).toBe(1_600_000);
    expect(year(1).revenue).toBeCloseTo(128_000, 2);
    expect(year(1).om).toBeCloseTo(15_000, 2);
    expect(year(1).insurance).toBeCloseTo(5000, 2);
    expect(year(1).cfads).toBeCloseTo(108_000, 2);
    expect(year(1).interest).toBeCloseTo(30_000, 2);
    expect(year(1).principal).toBeCloseTo(37_933.98, 2);
    expect(year(1).depreciation).toBeCloseTo(170_000, 2);
    expect(year(1).stateTax).toBeCloseTo(-4600, 2);
    expect(year(1).federalTax).toBeCloseTo(-18_354, 2);
    expect(year(1).itc).toBeCloseTo(300_000, 2);
    expect(year(1).equityCashFlow).toBeCloseTo(363_020.02, 2);
  });

  it('gives every year’s equity cash flow of the table', () => {
    const table = [-500_000, 363_020.02, 87_045.58, 58_435.49, 40_640.29, 39_086.69, 25_269.25, 11_400.8, 9694, 7930.32, 6106.57];
    result.years.forEach((y, t) => expect(y.equityCashFlow).toBeCloseTo(table[t]!, 2));
    expect(year(6).stateTax).toBeCloseTo(1803.7, 2);
    expect(year(6).federalTax).toBeCloseTo(7196.75, 2);
    expect(year(10).interest).toBeCloseTo(3845.32, 2);
  });

  it('gives the equity IRR of 13.1334 % and the NPV of 48,227.95 at 8 %', () => {
    expect(result.equityIrr).toEqual({ kind: 'unique', rate: expect.closeTo(0.13133422, 8) as number });
    expect(result.afterTaxNpv).toBeCloseTo(48_227.95, 2);
    expect(result.minDscr).toBeCloseTo(97_376.61 / 67_933.98, 6);
  });
});

describe('single owner: properties', () => {
  const arbitraryTerms = fc.record({
    federalTaxPct: fc.double({ min: 0, max: 40, noNaN: true }),
    stateTaxPct: fc.double({ min: 0, max: 12, noNaN: true }),
    itcPct: fc.constantFrom(0, 10, 30, 40),
    depreciation: fc.constantFrom<SingleOwnerTerms['depreciation']>('macrs_5', 'macrs_7', 'straight_line', 'india_wdv_40', 'none'),
    debt: fc.oneof(fc.record({ kind: fc.constant('fraction' as const), fractionPct: fc.double({ min: 0, max: 80, noNaN: true }) }), fc.record({ kind: fc.constant('dscr' as const), minDscr: fc.double({ min: 1.1, max: 2, noNaN: true }) })),
    debtServiceMonths: fc.constantFrom(0, 6),
    workingCapitalMonths: fc.constantFrom(0, 6),
    reserveInterestPct: fc.constantFrom(0, 2),
    ptcPerKwh: fc.constantFrom(0, 0.0275),
  });

  it('a higher PPA price never lowers the equity IRR', () => {
    fc.assert(
      fc.property(arbitraryTerms, fc.double({ min: 0.04, max: 0.2, noNaN: true }), fc.double({ min: 1.01, max: 1.5, noNaN: true }), (overrides, price, raise) => {
        const base = { ...terms, ...overrides, ptcYears: 10 };
        const low = singleOwner(energy, { ...assumptions, analysisYears: 25, pricePerKwh: price }, base);
        const high = singleOwner(energy, { ...assumptions, analysisYears: 25, pricePerKwh: price * raise }, base);
        // Where both have one IRR, the higher price's is at least as high; NPV at the equity rate always rises.
        if (low.equityIrr.kind === 'unique' && high.equityIrr.kind === 'unique') expect(high.equityIrr.rate).toBeGreaterThanOrEqual(low.equityIrr.rate - 1e-9);
        expect(high.afterTaxNpv).toBeGreaterThan(low.afterTaxNpv);
      }),
      { numRuns: 150 },
    );
  });

  it('without tax, debt, credit or reserve it is the pre-tax model: the same cash flows and IRR', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.02, max: 0.3, noNaN: true }), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.integer({ min: 1, max: 40 }), (price, capex, years) => {
        const a = { ...assumptions, pricePerKwh: price, capexPerWdc: capex, analysisYears: years, degradationPctPerYear: 0.7, priceEscalationPct: 1 };
        const preTax = finance(energy, a);
        const owner = singleOwner(energy, a, { ...bare, targetIrrYear: years });
        owner.years.forEach((y, t) => expect(y.equityCashFlow).toBeCloseTo(preTax.years[t]!.netCashFlow, 6));
        expect(owner.equityIrr.kind).toBe(preTax.irr.kind);
        if (owner.equityIrr.kind === 'unique' && preTax.irr.kind === 'unique') expect(owner.equityIrr.rate).toBeCloseTo(preTax.irr.rate, 9);
        expect(owner.projectIrrAfterTax).toEqual(owner.equityIrr);
      }),
      { numRuns: 100 },
    );
  });

  it('sizes debt by coverage so that every year of the tenor has the DSCR asked for', () => {
    const result = singleOwner(energy, assumptions, { ...terms, debt: { kind: 'dscr', minDscr: 1.3 }, debtServiceMonths: 6, workingCapitalMonths: 6, reserveInterestPct: 2 });
    for (const y of result.years.slice(1)) expect(y.dscr).toBeCloseTo(1.3, 10);
    expect(result.minDscr).toBeCloseTo(1.3, 10);
    expect(result.years.at(-1)!.reserveRelease).toBeGreaterThan(0);
  });

  it('a debt share is that share of the total installed cost when there is no fee and no reserve', () => {
    const result = singleOwner(energy, assumptions, { ...terms, debt: { kind: 'fraction', fractionPct: 65 }, constructionFinancing: 20_000, debtClosingCosts: 5000 });
    expect(result.totalInstalledCost).toBeCloseTo(1_025_000, 6);
    expect(result.debtAmount).toBeCloseTo(0.65 * 1_025_000, 6);
  });
});

describe('breakeven price and highest installed cost', () => {
  it('the breakeven PPA meets the target IRR at the target year, and a cent less misses it', () => {
    const solved = breakevenPpa(energy, assumptions, { ...terms, targetIrrPct: 12, targetIrrYear: 8 });
    expect(solved.kind).toBe('solved');
    const price = solved.kind === 'solved' ? solved.value : NaN;
    const flows = equityCashFlows(energy, { ...assumptions, pricePerKwh: price }, terms).slice(0, 9);
    expect(internalRatesOfReturn(flows)).toEqual({ kind: 'unique', rate: expect.closeTo(0.12, 9) as number });
    expect(targetMargin(energy, { ...assumptions, pricePerKwh: price - 0.01 }, { ...terms, targetIrrPct: 12, targetIrrYear: 8 })).toBeLessThan(0);
  });

  it('for the pre-tax model the breakeven price and highest cost give NPV = 0 at the discount rate', () => {
    const price = breakevenPpa(energy, assumptions, null);
    const capex = maxCapexPerWdc(energy, assumptions, null);
    expect(price.kind === 'solved' && capex.kind === 'solved').toBe(true);
    if (price.kind !== 'solved' || capex.kind !== 'solved') return;
    expect(netPresentValue(0.08, finance(energy, { ...assumptions, pricePerKwh: price.value }).years.map((y) => y.netCashFlow))).toBeCloseTo(0, 4);
    expect(netPresentValue(0.08, finance(energy, { ...assumptions, capexPerWdc: capex.value }).years.map((y) => y.netCashFlow))).toBeCloseTo(0, 4);
    // Hand: NPV = 0 ⇔ price × Σ E_t/1.08^t = capex + Σ O&M_t/1.08^t.
    const pv = (f: (t: number) => number) => Array.from({ length: 10 }, (_, i) => f(i + 1) / 1.08 ** (i + 1)).reduce((a, b) => a + b, 0);
    expect(price.value).toBeCloseTo((1_000_000 + pv((t) => 15_000 * 1.025 ** (t - 1))) / pv((t) => 1_600_000 * 0.995 ** (t - 1)), 9);
  });

  it('the highest installed cost meets the target exactly', () => {
    const capex = maxCapexPerWdc(energy, assumptions, terms);
    expect(capex.kind).toBe('solved');
    if (capex.kind === 'solved') expect(targetMargin(energy, { ...assumptions, capexPerWdc: capex.value }, terms)).toBeCloseTo(0, 3);
  });

  it('says why when no price or cost meets the target', () => {
    expect(breakevenPpa({ ...energy, annualAcKwh: 0 }, assumptions, terms)).toEqual({ kind: 'none', reason: expect.stringMatching(/no energy/) as string });
    expect(breakevenPpa(energy, { ...assumptions, capexPerWdc: 0, omPerKwYear: 0 }, { ...terms, targetIrrPct: -50 })).toEqual({ kind: 'none', reason: expect.stringMatching(/price of zero/) as string });
    expect(maxCapexPerWdc(energy, { ...assumptions, pricePerKwh: 0.001 }, terms)).toEqual({ kind: 'none', reason: expect.stringMatching(/no installed cost/) as string });
  });
});

describe('depreciation schedules', () => {
  it('each schedule claims the whole basis', () => {
    for (const key of ['macrs_5', 'macrs_7', 'macrs_15', 'sl_5', 'sl_20'] as const) {
      expect(depreciationFractions(key, 50, 20).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    }
    expect(straightLineHalfYear(10)).toEqual([0.05, ...Array<number>(9).fill(0.1), 0.05]);
    expect(depreciationFractions('sl_39', 50, 20).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('India’s written-down value claims 40 % of what is left each year', () => {
    expect(writtenDownValue(0.4, 3)).toEqual([0.4, 0.24, expect.closeTo(0.144, 12)]);
  });
});
