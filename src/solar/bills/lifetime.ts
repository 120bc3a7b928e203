/**
 * Bills over an analysis period, as NREL SAM's utility-rate module runs its years (SSC cmod_utilityrate5, BSD-3):
 * year y's rates and charges are scaled by (1 + inflation + escalation)^(y−1), its generation by
 * (1 − degradation)^(y−1) and its load by (1 + growth)^(y−1); each year starts with what the last one carried over.
 */
import { createBillEngine, type BillYearInput, type YearBill } from './bill.ts';

export interface BillLifetimeInput extends Omit<BillYearInput, 'rateScale'> {
  analysisYears: number;
  degradationPctPerYear: number;
  loadGrowthPctPerYear: number;
  escalationPct: number;
  inflationPct: number;
}

export interface BillLifetimeYear { year: number; billWithout: number; billWith: number; savings: number; generationKwh: number; loadKwh: number }

export function billsOverYears(input: BillLifetimeInput): { year1: YearBill; years: BillLifetimeYear[] } {
  if (!Number.isInteger(input.analysisYears) || input.analysisYears < 1) throw new Error(`analysisYears must be a whole number ≥ 1, not ${input.analysisYears}`);
  const engine = createBillEngine(input.rate, input.exportRule, input.loadKwh.length, input.generationKwh.length, input.firstWeekday);
  const rateGrowth = 1 + (input.inflationPct + input.escalationPct) / 100;
  const generationFactor = 1 - input.degradationPctPerYear / 100;
  const loadFactor = 1 + input.loadGrowthPctPerYear / 100;
  const years: BillLifetimeYear[] = [];
  let carry = input.carryIn;
  let year1: YearBill | undefined;
  for (let year = 1; year <= input.analysisYears; year++) {
    const bill = engine.year(input.loadKwh, input.generationKwh, loadFactor ** (year - 1), generationFactor ** (year - 1), rateGrowth ** (year - 1), carry);
    year1 ??= bill;
    carry = bill.carryOut;
    years.push({ year, billWithout: bill.withoutTotal, billWith: bill.withTotal, savings: bill.savings, generationKwh: bill.generationKwh, loadKwh: bill.loadKwh });
  }
  return { year1: year1!, years };
}
