/** How study figures read on screen: energy in MWh, money in the study's currency, shares in percent. */
import { formatCompact, formatCurrency, formatDecimal, formatEnergy, formatInteger, formatPercent } from '../../lib/number-format.ts';

export const formatMwh = (kwh: number) => formatEnergy(kwh, 'MWh', Math.abs(kwh) < 100_000 ? 1 : 0);
export const formatMw = (kw: number) => `${formatDecimal(kw / 1000, 2)} MW`;
/** A share given as a fraction (0.183), in percent. */
export const formatPct = (fraction: number, digits = 1) => formatPercent(fraction * 100, digits);
const formatYears = (years: number) => `${formatDecimal(years, 1)} yr`;
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

/** Whole amounts; past a million shortened as the reader's locale shortens them ($2.46M), so large plants stay readable. */
export const formatMoney = (value: number, currency: string) =>
  Math.abs(value) >= 1e6 ? formatCurrency(value, currency, { compact: true }) : formatCurrency(value, currency, { digits: 0 });

/** A money axis's tick, without the currency: whole below a million, shortened above ("−2.5M"). */
export const formatTick = (value: number) => (Math.abs(value) >= 1e6 ? formatCompact(value) : formatInteger(value));

/** A price per unit (kWh, Wdc) to four decimals. */
const formatPer = (unit: string) => (value: number | null, currency: string) => (value === null ? 'none' : `${formatCurrency(value, currency, { digits: 4 })}/${unit}`);
export const formatPerKwh = formatPer('kWh');
export const formatPerWdc = formatPer('Wdc');

/** A PPA price as planners quote it, per MWh to a tenth: $41.2/MWh. */
export const formatPerMwh = (perKwh: number, currency: string) => `${formatCurrency(perKwh * 1000, currency, { digits: 1 })}/MWh`;

/**
 * The unit every energy price of a study reads in, the same on its cards, tables, sliders and the compare page: a
 * plant's PPA, LCOE and breakeven per MWh, as utility contracts are quoted (in rupees per kWh, as Indian tariffs
 * are); a rooftop's retail prices and LCOE per kWh, as bills are.
 */
export type EnergyPriceUnit = 'kWh' | 'MWh';
export const energyPriceUnit = (structure: string | null | undefined, currency: string): EnergyPriceUnit =>
  structure === 'behind_the_meter' || currency === 'INR' ? 'kWh' : 'MWh';
/** A price held per kWh, in `unit`: $41.2/MWh, $0.0412/kWh; 'none' for no price. */
export const formatEnergyPrice = (perKwh: number | null | undefined, currency: string, unit: EnergyPriceUnit) =>
  perKwh === null || perKwh === undefined ? 'none' : unit === 'MWh' ? formatPerMwh(perKwh, currency) : formatPerKwh(perKwh, currency);
/** An installed cost per watt (DC) to the cent: $0.93/W. */
export const formatPerW = (perW: number, currency: string) => `${formatCurrency(perW, currency, { digits: 2 })}/W`;

export const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
