/** Sizing a behind-the-meter array to the site: to a share of its yearly load, or to the roof area the modules may cover. */
import { DEFAULT_SIZING, dcKwFromArea } from '../../../solar/sizing.ts';

/**
 * Yearly output of 1 kWp, fixed and well oriented, by latitude band: Sunplot's rule of thumb, rounded from the PVOUT
 * layer of the Global Solar Atlas 2.0 (World Bank/ESMAP, Solargis, 2019), which gives about 1,400–1,900 kWh/kWp in
 * the sunbelt and 850–1,100 in northern Europe. Approximate: climate moves a site 20 % or more from its band.
 */
const yieldBands = [
  { belowDeg: 40, kwhPerKwp: 1500 },
  { belowDeg: 50, kwhPerKwp: 1200 },
  { belowDeg: 60, kwhPerKwp: 1000 },
  { belowDeg: 91, kwhPerKwp: 850 },
] as const;

export const yieldRuleSource = 'Global Solar Atlas 2.0 (World Bank/ESMAP, Solargis, 2019), rounded by latitude band';

export const approximateYield = (latitude: number) => yieldBands.find((band) => Math.abs(latitude) < band.belowDeg)!.kwhPerKwp;

/** The DC size whose yearly energy is `sharePct` of the yearly load: share × load ÷ specific yield. */
export const dcKwForLoadShare = (annualLoadKwh: number, sharePct: number, kwhPerKwp: number) => (annualLoadKwh * sharePct) / 100 / kwhPerKwp;

/** Modules laid over `areaM2` of roof: area × module power per m² (the area is the modules', so no usable share or spacing). */
export const dcKwForRoof = (areaM2: number, moduleWPerM2: number = DEFAULT_SIZING.moduleWPerM2) => dcKwFromArea({ areaM2, usableFraction: 1, gcr: 1, moduleWPerM2 });
