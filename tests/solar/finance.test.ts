import { describe, expect, it } from 'vitest';
import { internalRatesOfReturn, netPresentValue, paybackYears } from '../../src/solar/cash-flow.ts';
import type { Currency, FinanceAssumptions, FinanceEnergy } from '../../src/solar/finance.ts';
import { DEFAULT_FINANCE_TERMS, finance } from '../../src/solar/finance.ts';

const oneKw: FinanceEnergy = { annualAcKwh: 1000, dcKw: 1, acKw: 0.8 };

function assumptions(overrides: Partial<FinanceAssumptions>): FinanceAssumptions {
  return {
    ...DEFAULT_FINANCE_TERMS,
    currency: 'USD',
    capexPerWdc: 1,
    omPerKwYear: 0,
    pricePerKwh: 0.1,
    discountRatePct: 8,
    ...overrides,
  };
}

describe('finance, checked by hand', () => {
  it('one year: invest 1000, receive 1100 → IRR 10 %, NPV at 10 % zero, LCOE 0.1', () => {
    // capex = 1.0 /W × 1000 W = 1000; year 1: 11 000 kWh × 0.1 = 1100.
    const result = finance({ ...oneKw, annualAcKwh: 11_000 }, assumptions({ analysisYears: 1, discountRatePct: 10 }));
    expect(result.capex).toBe(1000);
    expect(result.years.map((y) => y.netCashFlow)).toEqual([-1000, 1100]);
    expect(result.npv).toBeCloseTo(0, 9);
    expect(result.irr).toEqual({ kind: 'unique', rate: expect.closeTo(0.1, 10) as number });
    // LCOE = 1000 / (11 000 / 1.1) = 0.1 per kWh.
    expect(result.lcoePerKwh).toBeCloseTo(0.1, 12);
    // Paid back after 1000 / 1100 of the first year; discounted, 1100/1.1 = 1000 exactly at the end of year 1.
    expect(result.simplePaybackYears).toBeCloseTo(1000 / 1100, 12);
    expect(result.discountedPaybackYears).toBeCloseTo(1, 12);
  });

  it('two years with degradation, escalation and fixed costs', () => {
    const result = finance(
      oneKw,
      assumptions({
        currency: 'INR',
        fixedCapex: 500,
        omPerKwYear: 100,
        omEscalationPct: 2,
        pricePerKwh: 1,
        priceEscalationPct: 5,
        degradationPctPerYear: 10,
        discountRatePct: 8,
        analysisYears: 2,
      }),
    );
    // capex = 1.0 × 1000 W + 500 = 1500
    // year 1: energy 1000 kWh, revenue 1000 × 1.00 = 1000, O&M 100 × 1 kW = 100, net 900
    // year 2: energy 1000 × 0.9 = 900 kWh, revenue 900 × 1.05 = 945, O&M 100 × 1.02 = 102, net 843
    expect(result.currency).toBe('INR');
    expect(result.years.map((y) => [y.energyKwh, y.revenue, y.om, y.netCashFlow])).toEqual([
      [0, 0, 0, -1500],
      [1000, 1000, 100, 900],
      [900, expect.closeTo(945, 9), expect.closeTo(102, 9), expect.closeTo(843, 9)],
    ]);
    // NPV = -1500 + 900/1.08 + 843/1.08² = -1500 + 833.3333 + 722.7366 = 56.0700
    expect(result.npv).toBeCloseTo(-1500 + 900 / 1.08 + 843 / 1.1664, 9);
    expect(result.npv).toBeCloseTo(56.07, 2);
    // LCOE = (1500 + 100/1.08 + 102/1.1664) / (1000/1.08 + 900/1.1664) = 1680.0412 / 1697.5309 = 0.989697
    expect(result.lcoePerKwh).toBeCloseTo(0.989697, 6);
    // IRR: -1500 + 900x + 843x² = 0 with x = 1/(1+r): x = (-900 + √(900² + 4·843·1500)) / (2·843) = 0.902963, r = 10.7465 %
    const x = (-900 + Math.sqrt(900 ** 2 + 4 * 843 * 1500)) / (2 * 843);
    expect(result.irr).toEqual({ kind: 'unique', rate: expect.closeTo(1 / x - 1, 10) as number });
    // Simple payback: -1500 + 900 = -600 after year 1, then 600/843 of year 2 → 1.71174 years.
    expect(result.simplePaybackYears).toBeCloseTo(1 + 600 / 843, 9);
    // Discounted: -1500 + 833.3333 = -666.6667, then 666.6667/722.7366 of year 2 → 1.92242 years.
    expect(result.discountedPaybackYears).toBeCloseTo(1 + (1500 - 900 / 1.08) / (843 / 1.1664), 9);
    expect(result.lifetimeEnergyKwh).toBe(1900);
    expect(result.years.at(-1)?.cumulativeCashFlow).toBeCloseTo(-1500 + 900 + 843, 9);
  });

  it('charges O&M on the AC rating when asked', () => {
    // 10 per kW-year × 0.8 kWac = 8 per year.
    const result = finance(oneKw, assumptions({ omPerKwYear: 10, omBasis: 'ac', analysisYears: 1 }));
    expect(result.years[1]?.om).toBeCloseTo(8, 12);
  });

  it('totals 25 years of energy at 0.5 %/yr degradation: E1 × (1 - 0.995^25) / 0.005', () => {
    const result = finance(oneKw, assumptions({}));
    expect(result.years).toHaveLength(26);
    expect(result.lifetimeEnergyKwh).toBeCloseTo((1000 * (1 - 0.995 ** 25)) / 0.005, 6);
  });

  it('reports no payback and no IRR when O&M eats the revenue', () => {
    const result = finance(oneKw, assumptions({ omPerKwYear: 200, pricePerKwh: 0.1 }));
    expect(result.simplePaybackYears).toBeNull();
    expect(result.discountedPaybackYears).toBeNull();
    expect(result.irr).toEqual({ kind: 'none' });
  });

  it.each<Currency>(['INR', 'USD', 'EUR'])('carries the currency %s', (currency) => {
    expect(finance(oneKw, assumptions({ currency })).currency).toBe(currency);
  });

  it('refuses impossible assumptions with every reason', () => {
    expect(() => finance(oneKw, assumptions({ currency: 'GBP' as Currency, analysisYears: 0, discountRatePct: -120 }))).toThrow(
      'Invalid finance assumptions: currency must be one of INR, USD, EUR; discount rate must be a percentage above -100 and at most 100; analysis period must be 1 to 60 whole years',
    );
  });
});

describe('internal rates of return', () => {
  it('finds the one rate of a conventional project', () => {
    // -1000 + 500(x + x² + x³) = 0 → r = 23.375 % (the spreadsheet IRR of these flows)
    const irr = internalRatesOfReturn([-1000, 500, 500, 500]);
    expect(irr.kind).toBe('unique');
    if (irr.kind === 'unique') {
      expect(irr.rate).toBeCloseTo(0.23375, 5);
      expect(netPresentValue(irr.rate, [-1000, 500, 500, 500])).toBeCloseTo(0, 8);
    }
  });

  it('finds both rates when flows change sign twice', () => {
    // -100 + 230/(1+r) - 132/(1+r)² = 0 → -100y² + 230y - 132 = 0 with y = 1+r → y = (230 ± 10)/200 → 10 % and 20 %
    const irr = internalRatesOfReturn([-100, 230, -132]);
    expect(irr).toEqual({ kind: 'multiple', rates: [expect.closeTo(0.1, 10), expect.closeTo(0.2, 10)] });
  });

  it('reports none when NPV never crosses zero', () => {
    // -100 + 50x - 60x² has discriminant 50² - 4·60·100 < 0.
    expect(internalRatesOfReturn([-100, 50, -60])).toEqual({ kind: 'none' });
    expect(internalRatesOfReturn([100, 100])).toEqual({ kind: 'none' });
  });

  it('finds negative rates', () => {
    // -100 + 90/(1+r) = 0 → r = -10 %
    expect(internalRatesOfReturn([-100, 90])).toEqual({ kind: 'unique', rate: expect.closeTo(-0.1, 10) as number });
  });

  it('measures payback inside the year it happens', () => {
    expect(paybackYears([-1000, 400, 400, 400])).toBeCloseTo(2.5, 12);
    expect(paybackYears([-1000, 400])).toBeNull();
    expect(paybackYears([0, 10])).toBe(0);
  });
});
