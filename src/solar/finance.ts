/**
 * Project cash flows from an energy result and financial assumptions. Conventions, so that every figure can be
 * redone by hand: capex is paid at year 0; each operating year t = 1..N books its energy, revenue and O&M at its end;
 * energy_t = E1·(1 - d)^(t-1); price and O&M escalate separately from year 1; everything is discounted at one
 * nominal rate r. LCOE = (capex + Σ O&M_t/(1+r)^t) / Σ energy_t/(1+r)^t.
 */
import type { IrrResult } from './cash-flow.ts';
import { internalRatesOfReturn, netPresentValue, paybackYears } from './cash-flow.ts';
import type { SimulationResult } from './simulate.ts';

export const CURRENCIES = ['INR', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface FinanceAssumptions {
  currency: Currency;
  /** Installed cost per watt of DC capacity, currency/Wdc. */
  capexPerWdc: number;
  /** Costs that do not scale with size (interconnection, development), currency. */
  fixedCapex: number;
  /** O&M in year 1 per kW-year of capacity, currency. */
  omPerKwYear: number;
  /** Which capacity the O&M rate applies to. */
  omBasis: 'dc' | 'ac';
  omEscalationPct: number;
  /** Tariff or PPA price in year 1, currency/kWh. */
  pricePerKwh: number;
  priceEscalationPct: number;
  /** Yearly loss of output, percent of the previous year's. */
  degradationPctPerYear: number;
  /** Nominal discount rate, percent a year. */
  discountRatePct: number;
  analysisYears: number;
  /**
   * Behind the meter: each operating year's bill savings (index = year, 1..N), earned instead of energy × price. The
   * bills already carry degradation, load growth and the tariff's escalation (src/solar/bills).
   */
  savingsByYear?: readonly number[];
}

/** A year's revenue: its bill savings behind the meter, else its energy sold at the escalated price. */
export function revenueOf(a: FinanceAssumptions, year: number, energyKwh: number): number {
  if (a.savingsByYear) return a.savingsByYear[year] ?? 0;
  return energyKwh * a.pricePerKwh * (1 + a.priceEscalationPct / 100) ** (year - 1);
}

export const DEFAULT_FINANCE_TERMS: Pick<
  FinanceAssumptions,
  'fixedCapex' | 'omBasis' | 'omEscalationPct' | 'priceEscalationPct' | 'degradationPctPerYear' | 'analysisYears'
> = {
  fixedCapex: 0,
  omBasis: 'dc',
  omEscalationPct: 0,
  priceEscalationPct: 0,
  degradationPctPerYear: 0.5,
  analysisYears: 25,
};

export type FinanceEnergy = Pick<SimulationResult, 'annualAcKwh' | 'dcKw' | 'acKw'>;

export interface CashFlowYear {
  /** 0 is the investment; 1..N are operating years. */
  year: number;
  energyKwh: number;
  revenue: number;
  om: number;
  capex: number;
  /** revenue - om - capex. */
  netCashFlow: number;
  discountedCashFlow: number;
  cumulativeCashFlow: number;
  cumulativeDiscountedCashFlow: number;
}

export interface FinanceResult {
  currency: Currency;
  capex: number;
  years: CashFlowYear[];
  npv: number;
  irr: IrrResult;
  /** Discounted (nominal) levelised cost of energy, currency/kWh. */
  lcoePerKwh: number;
  simplePaybackYears: number | null;
  discountedPaybackYears: number | null;
  lifetimeEnergyKwh: number;
}

export function finance(energy: FinanceEnergy, assumptions: FinanceAssumptions): FinanceResult {
  const problems = financeProblems(assumptions);
  if (problems.length > 0) throw new RangeError(`Invalid finance assumptions: ${problems.join('; ')}`);
  const a = assumptions;
  const rate = a.discountRatePct / 100;
  const capex = a.capexPerWdc * energy.dcKw * 1000 + a.fixedCapex;
  const omCapacityKw = a.omBasis === 'dc' ? energy.dcKw : energy.acKw;
  const years: CashFlowYear[] = [];
  let cumulative = 0;
  let cumulativeDiscounted = 0;
  let discountedCosts = capex;
  let discountedEnergy = 0;
  for (let year = 0; year <= a.analysisYears; year++) {
    const operating = year >= 1;
    const growth = (pct: number) => (1 + pct / 100) ** (year - 1);
    const energyKwh = operating ? energy.annualAcKwh * (1 - a.degradationPctPerYear / 100) ** (year - 1) : 0;
    const revenue = operating ? revenueOf(a, year, energyKwh) : 0;
    const om = operating ? a.omPerKwYear * omCapacityKw * growth(a.omEscalationPct) : 0;
    const yearCapex = operating ? 0 : capex;
    const netCashFlow = revenue - om - yearCapex;
    const discount = (1 + rate) ** -year;
    cumulative += netCashFlow;
    cumulativeDiscounted += netCashFlow * discount;
    if (operating) {
      discountedCosts += om * discount;
      discountedEnergy += energyKwh * discount;
    }
    years.push({
      year,
      energyKwh,
      revenue,
      om,
      capex: yearCapex,
      netCashFlow,
      discountedCashFlow: netCashFlow * discount,
      cumulativeCashFlow: cumulative,
      cumulativeDiscountedCashFlow: cumulativeDiscounted,
    });
  }
  const flows = years.map((y) => y.netCashFlow);
  return {
    currency: a.currency,
    capex,
    years,
    npv: netPresentValue(rate, flows),
    irr: internalRatesOfReturn(flows),
    lcoePerKwh: discountedEnergy > 0 ? discountedCosts / discountedEnergy : Infinity,
    simplePaybackYears: paybackYears(flows),
    discountedPaybackYears: paybackYears(years.map((y) => y.discountedCashFlow)),
    lifetimeEnergyKwh: years.reduce((sum, y) => sum + y.energyKwh, 0),
  };
}

export function financeProblems(a: FinanceAssumptions): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const finite = (v: number) => Number.isFinite(v);
  check(CURRENCIES.includes(a.currency), `currency must be one of ${CURRENCIES.join(', ')}`);
  check(finite(a.capexPerWdc) && a.capexPerWdc >= 0, 'capex per Wdc must be zero or more');
  check(finite(a.fixedCapex) && a.fixedCapex >= 0, 'fixed capex must be zero or more');
  check(finite(a.omPerKwYear) && a.omPerKwYear >= 0, 'O&M per kW-year must be zero or more');
  check(a.omBasis === 'dc' || a.omBasis === 'ac', "O&M basis must be 'dc' or 'ac'");
  check(finite(a.pricePerKwh) && a.pricePerKwh >= 0, 'price per kWh must be zero or more');
  for (const [value, label] of [
    [a.omEscalationPct, 'O&M escalation'],
    [a.priceEscalationPct, 'price escalation'],
    [a.discountRatePct, 'discount rate'],
  ] as const) {
    check(finite(value) && value > -100 && value <= 100, `${label} must be a percentage above -100 and at most 100`);
  }
  check(finite(a.degradationPctPerYear) && a.degradationPctPerYear >= 0 && a.degradationPctPerYear < 100, 'degradation must be from 0 to below 100 % a year');
  check(Number.isInteger(a.analysisYears) && a.analysisYears >= 1 && a.analysisYears <= 60, 'analysis period must be 1 to 60 whole years');
  return problems;
}
