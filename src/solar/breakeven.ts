/**
 * What a study would need: the year-1 PPA price that meets the target, and the most it could cost per Wdc and still
 * meet it. The target is the pre-tax model's NPV = 0 at its discount rate, or the single owner's target IRR at the
 * target year (equivalently, the equity cash flows up to that year have NPV = 0 at the target IRR). Both are found
 * by bracketing a sign change and bisecting it, never by a guess that may wander off.
 */
import { netPresentValue } from './cash-flow.ts';
import { finance, type FinanceAssumptions, type FinanceEnergy } from './finance.ts';
import { equityCashFlows, type SingleOwnerTerms } from './single-owner.ts';

export type Solved = { kind: 'solved'; value: number } | { kind: 'none'; reason: string };

/** How far above the study's own value (or 1, if that is smaller) the search for a bracket goes. */
const SEARCH_FACTOR = 1e6;
const BISECTIONS = 200;

/** The study's margin over its target: positive when it beats the target. */
export function targetMargin(energy: FinanceEnergy, assumptions: FinanceAssumptions, terms: SingleOwnerTerms | null): number {
  if (terms === null) return netPresentValue(assumptions.discountRatePct / 100, finance(energy, assumptions).years.map((y) => y.netCashFlow));
  const flows = equityCashFlows(energy, assumptions, terms).slice(0, terms.targetIrrYear + 1);
  return netPresentValue(terms.targetIrrPct / 100, flows);
}

export function breakevenPpa(energy: FinanceEnergy, assumptions: FinanceAssumptions, terms: SingleOwnerTerms | null): Solved {
  if (assumptions.savingsByYear) return { kind: 'none', reason: 'A behind-the-meter system earns the bills it saves, not a PPA price.' };
  if (energy.annualAcKwh <= 0) return { kind: 'none', reason: 'The system produces no energy, so no price meets the target.' };
  const margin = (price: number) => targetMargin(energy, { ...assumptions, pricePerKwh: price }, terms);
  if (margin(0) >= 0) return { kind: 'none', reason: 'The target is met even at a price of zero.' };
  return solveIncreasing(margin, Math.max(assumptions.pricePerKwh, 1), 'No price up to a million times today’s meets the target.');
}

export function maxCapexPerWdc(energy: FinanceEnergy, assumptions: FinanceAssumptions, terms: SingleOwnerTerms | null): Solved {
  if (energy.dcKw <= 0) return { kind: 'none', reason: 'The system has no capacity.' };
  const margin = (capex: number) => targetMargin(energy, { ...assumptions, capexPerWdc: capex }, terms);
  if (margin(0) < 0) return { kind: 'none', reason: 'The target is not met even at no installed cost.' };
  return solveIncreasing((capex) => -margin(capex), Math.max(assumptions.capexPerWdc, 1), 'The target is met at any installed cost up to a million times today’s.');
}

/**
 * The root of `f`, which is negative at 0 and grows (not necessarily strictly) with x: the upper end doubles from
 * `start` until f turns non-negative, then bisection narrows [low, high] to the last bits.
 */
function solveIncreasing(f: (x: number) => number, start: number, unreachable: string): Solved {
  let low = 0;
  let high = start;
  for (let value = f(high); value < 0 || Number.isNaN(value); value = f(high)) {
    if (Number.isNaN(value)) return { kind: 'none', reason: 'The cash flows cannot be computed for these inputs.' };
    low = high;
    high *= 2;
    if (high > start * SEARCH_FACTOR) return { kind: 'none', reason: unreachable };
  }
  for (let iteration = 0; iteration < BISECTIONS && high - low > 1e-12 * Math.max(1, high); iteration++) {
    const mid = (low + high) / 2;
    if (f(mid) < 0) low = mid;
    else high = mid;
  }
  return { kind: 'solved', value: (low + high) / 2 };
}
