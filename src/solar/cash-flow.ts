/** Discounting and internal rates of return of yearly cash flows (index = year, flows at year end, year 0 today). */

/** Net present value at `rate` (fraction per year): Σ CF_t / (1 + rate)^t. */
export function netPresentValue(rate: number, flows: readonly number[]): number {
  let value = 0;
  let factor = 1;
  for (const flow of flows) {
    value += flow * factor;
    factor /= 1 + rate;
  }
  return value;
}

export type IrrResult =
  | { kind: 'unique'; rate: number }
  /** NPV never crosses zero between -99 % and +1000 % a year. */
  | { kind: 'none' }
  /** Cash flows that change sign more than once can have several rates that zero NPV; none of them is "the" IRR. */
  | { kind: 'multiple'; rates: number[] };

const LOWEST_RATE = -0.99;
const HIGHEST_RATE = 10;
/** Scan steps in ln(1 + rate): about 0.3 percentage points apart near zero. */
const SCAN_STEPS = 2400;

/**
 * Every rate in [-99 %, +1000 %] at which NPV changes sign: a scan over ln(1 + rate) brackets each crossing, and
 * bisection narrows it to 1e-12. Roots closer together than the scan step (~0.3 % near zero) merge into one.
 */
export function internalRatesOfReturn(flows: readonly number[]): IrrResult {
  const uLow = Math.log(1 + LOWEST_RATE);
  const uHigh = Math.log(1 + HIGHEST_RATE);
  const npvAt = (u: number) => netPresentValue(Math.expm1(u), flows);
  const rates: number[] = [];
  let uPrevious = uLow;
  let previous = npvAt(uLow);
  if (previous === 0) rates.push(LOWEST_RATE);
  for (let k = 1; k <= SCAN_STEPS; k++) {
    const u = uLow + ((uHigh - uLow) * k) / SCAN_STEPS;
    const value = npvAt(u);
    if (value === 0) rates.push(Math.expm1(u));
    else if (previous !== 0 && Math.sign(value) !== Math.sign(previous)) rates.push(Math.expm1(bisect(npvAt, uPrevious, u, previous)));
    uPrevious = u;
    previous = value;
  }
  if (rates.length === 0) return { kind: 'none' };
  if (rates.length === 1) return { kind: 'unique', rate: rates[0] ?? NaN };
  return { kind: 'multiple', rates };
}

function bisect(f: (x: number) => number, low: number, high: number, fLow: number): number {
  let a = low;
  let b = high;
  let fa = fLow;
  for (let iteration = 0; iteration < 200 && b - a > 1e-13; iteration++) {
    const mid = (a + b) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = mid;
      fa = fm;
    } else b = mid;
  }
  return (a + b) / 2;
}

/**
 * Years until the running sum of `flows` (year 0 included) first reaches zero, interpolating linearly inside the year
 * it happens; null if it never does within the flows.
 */
export function paybackYears(flows: readonly number[]): number | null {
  let cumulative = flows[0] ?? 0;
  if (cumulative >= 0) return 0;
  for (let t = 1; t < flows.length; t++) {
    const flow = flows[t] ?? 0;
    if (cumulative + flow >= 0 && flow > 0) return t - 1 + -cumulative / flow;
    cumulative += flow;
  }
  return null;
}
