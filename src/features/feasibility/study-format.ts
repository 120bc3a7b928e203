/** How study figures read on screen: energy in MWh, money in the study's currency, shares in percent. */
/** A number with thousands separators and `digits` decimals, as every figure reads. */
export const grouped = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const formatMwh = (kwh: number) => `${grouped(kwh / 1000, kwh < 100_000 ? 1 : 0)} MWh`;
export const formatMw = (kw: number) => `${grouped(kw / 1000, 2)} MW`;
export const formatPct = (fraction: number, digits = 1) => `${grouped(fraction * 100, digits)} %`;
const formatYears = (years: number) => `${grouped(years, 1)} yr`;
/** A payback the cash flows never reach, in the figure cards and the what-if table alike. */
export const noPayback = 'Not within the term';

/**
 * The payback figure and the line under it. A study whose cash never covers the capex has neither payback (the
 * discounted one comes later than the simple one, so it is missing whenever the simple one is): one sentence says so.
 */
export function paybackText(simpleYears: number | null, discountedYears: number | null): { value: string; help?: string } {
  if (simpleYears === null) return { value: noPayback };
  return { value: formatYears(simpleYears), help: discountedYears === null ? 'discounted: not within the term' : `discounted ${formatYears(discountedYears)}` };
}

const symbols: Record<string, string> = { USD: '$', EUR: '€', INR: '₹' };
const symbolOf = (currency: string) => symbols[currency] ?? `${currency} `;

/** Millions past a million, so large plants stay readable. */
export function formatMoney(value: number, currency: string): string {
  const symbol = symbolOf(currency);
  const sign = value < 0 ? '−' : '';
  const abs = Math.abs(value);
  return abs >= 1e6 ? `${sign}${symbol}${grouped(abs / 1e6, 2)} M` : `${sign}${symbol}${grouped(abs)}`;
}

/** A price per unit (kWh, Wdc) to four decimals. */
const formatPer = (unit: string) => (value: number | null, currency: string) => (value === null ? 'none' : `${symbolOf(currency)}${grouped(value, 4)}/${unit}`);
export const formatPerKwh = formatPer('kWh');
export const formatPerWdc = formatPer('Wdc');

/** A PPA price as planners quote it, per MWh to a tenth: $41.2/MWh. */
export const formatPerMwh = (perKwh: number, currency: string) => `${symbolOf(currency)}${grouped(perKwh * 1000, 1)}/MWh`;
/** An installed cost per watt (DC) to the cent: $0.93/W. */
export const formatPerW = (perW: number, currency: string) => `${symbolOf(currency)}${grouped(perW, 2)}/W`;

export const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
