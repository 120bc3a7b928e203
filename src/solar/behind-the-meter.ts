/**
 * A behind-the-meter study's bills from the API's sections: the tariff (URDB's structure, or a flat price), the export
 * rule and the site's load against the system's generation, over the analysis period. The savings each year are the
 * study's revenue in the cash-flow models; the year-1 bills are the answer's bill figures. One mapping, used by the
 * server and by the browser's what-if, so both give the same figures.
 */
import { isUrdbTariff, tariffLabels, type ExportInput, type ExportUsed, type LoadSummary, type MonthBill, type SellRateSummary } from '../contract/behind-the-meter.ts';
import type { FinanceResult } from '../contract/energy.ts';
import { HOURS_PER_YEAR } from './bills/compile.ts';
import type { ExportRule, MonthBill as EngineMonthBill, YearBill } from './bills/bill.ts';
import { billsOverYears } from './bills/lifetime.ts';
import type { UrdbRate } from './bills/tariff.ts';
import { readUrdbRate } from './bills/urdb.ts';
import { loadSummary } from './load/summary.ts';

type Sections = FinanceResult['assumptions'];

/** The load and generation a study's bills are computed on, energy per step (8,760 hours or 35,040 quarter-hours). */
export interface SiteSeries {
  loadKwh: ArrayLike<number>;
  generationKwh: ArrayLike<number>;
  /** Weekday of January 1st, 0 = Monday (SAM's convention when no calendar year is given). */
  firstWeekday: number;
}

export type BillFields = Pick<
  FinanceResult,
  'bill_without_solar_year1' | 'bill_with_solar_year1' | 'savings_year1' | 'self_consumption_pct' | 'self_sufficiency_pct' | 'curtailed_kwh_year1' | 'bills' | 'load_summary'
>;

/** The weekday of January 1st of `year`, 0 = Monday. */
export const firstWeekdayOf = (year: number | null | undefined) => (year == null ? 0 : (new Date(Date.UTC(year, 0, 1)).getUTCDay() + 6) % 7);

/** A single rate every hour of the year. */
export function flatRate(pricePerKwh: number): UrdbRate {
  const schedule = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));
  return { energyratestructure: [[{ rate: pricePerKwh }]], energyweekdayschedule: schedule, energyweekendschedule: schedule };
}

/** The tariff's URDB rate; a flat rate at price_per_kwh when it has no structure. */
export function rateOf(tariff: Sections['tariff']): UrdbRate {
  if (!isUrdbTariff(tariff)) return flatRate(tariff.price_per_kwh);
  const read = readUrdbRate(tariff);
  if ('rate' in read) return read.rate;
  throw new RangeError(`The tariff's URDB structure is invalid: ${read.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
}

export const exportRuleOf = (used: ExportUsed): ExportRule => ({
  rule: used.rule,
  sellRatePerKwh: used.sell_rate_per_kwh,
  trueUpMonth: used.true_up_month,
  yearEndRatePerKwh: used.year_end_rate_per_kwh,
  ...(used.hourly_sell_rate_per_kwh ? { hourlySellRatePerKwh: used.hourly_sell_rate_per_kwh } : {}),
});

/** The export rule a request leaves out: SAM's default, net metering with a December true-up at no payment. */
export const DEFAULT_EXPORT: ExportUsed = { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0 };

/** The export rule a study runs on: the request's fields, SAM's defaults for the rest, and hourly sell rates with their figures. */
export function exportUsedOf(given: ExportInput | undefined): ExportUsed {
  const series = given?.hourly_sell_rate_per_kwh;
  return {
    rule: given?.rule ?? DEFAULT_EXPORT.rule,
    sell_rate_per_kwh: given?.sell_rate_per_kwh ?? DEFAULT_EXPORT.sell_rate_per_kwh,
    true_up_month: given?.true_up_month ?? DEFAULT_EXPORT.true_up_month,
    year_end_rate_per_kwh: given?.year_end_rate_per_kwh ?? DEFAULT_EXPORT.year_end_rate_per_kwh,
    ...(series ? { hourly_sell_rate_per_kwh: series, hourly_sell_rates: sellRateSummary(series) } : {}),
  };
}

/** A sell-rate series in figures: its length, steps an hour, lowest, mean and highest rate. */
export function sellRateSummary(rates: ArrayLike<number>): SellRateSummary {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < rates.length; i++) {
    const rate = rates[i]!;
    min = Math.min(min, rate);
    max = Math.max(max, rate);
    sum += rate;
  }
  return { count: rates.length, steps_per_hour: rates.length / HOURS_PER_YEAR, min, mean: sum / rates.length, max };
}

const price = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** A sell-rate series in words: "8,760 hourly sell rates from 0.02 to 0.41 (mean 0.087) per kWh". */
export const sellRateWords = (summary: SellRateSummary, unit = 'per kWh') =>
  `${summary.count.toLocaleString('en-US')} ${summary.steps_per_hour === 1 ? 'hourly' : 'quarter-hourly'} sell rates from ${price(summary.min)} to ${price(summary.max)} (mean ${price(summary.mean)}) ${unit}`;

/** OpenEI URDB's `sector` of a tariff a household or a business would not normally take. */
export function sectorNote(sector: string | undefined, owner: 'residential' | 'commercial' | undefined): string | null {
  const taken = sector?.trim().toLowerCase();
  if (!taken || !owner) return null;
  const named = sector!.trim();
  const rate = `The tariff is ${/^[aeiou]/i.test(named) ? 'an' : 'a'} ${named} rate (sector from URDB)`;
  if (taken === 'lighting') return `${rate}, for street or outdoor lighting: check the rate applies to the site's load.`;
  if (owner === 'residential' && (taken === 'commercial' || taken === 'industrial')) return `${rate} but the owner is a household: check the rate applies.`;
  if (owner === 'commercial' && taken === 'residential') return `${rate} but the owner is a business: check the rate applies.`;
  return null;
}

/** What a behind-the-meter answer says of its tariff and export rule: a sector that does not fit the owner, hourly sell rates. */
export function behindTheMeterNotes(sections: Pick<Sections, 'tariff' | 'finance' | 'export'>): string[] {
  const summary = sections.export?.hourly_sell_rates;
  return [
    sectorNote(tariffLabels(sections.tariff).sector, sections.finance.owner),
    summary ? `Exports are valued at ${sellRateWords(summary)}, each escalating with the tariff; the tariff's sell rates and sell_rate_per_kwh are not read.` : null,
  ].filter((note): note is string => note !== null);
}

/**
 * Each year's savings (index = year, 1..N; year 0 saves nothing) and the year-1 bill figures. Rates and charges change
 * by tariff.escalation_pct a year (nominal: SAM's inflation plus rate escalation), the load by load.growth_pct, and the
 * generation by finance.degradation_pct.
 */
export function behindTheMeterBills(sections: Sections, site: SiteSeries): { savingsByYear: number[]; figures: BillFields } {
  const load = sections.load;
  if (!load) throw new RangeError('A behind-the-meter study needs its load.');
  const { year1, years } = billsOverYears({
    rate: rateOf(sections.tariff),
    exportRule: exportRuleOf(sections.export ?? DEFAULT_EXPORT),
    loadKwh: site.loadKwh,
    generationKwh: site.generationKwh,
    firstWeekday: site.firstWeekday,
    analysisYears: sections.finance.analysis_years,
    degradationPctPerYear: sections.finance.degradation_pct,
    loadGrowthPctPerYear: load.growth_pct,
    escalationPct: sections.tariff.escalation_pct,
    inflationPct: 0,
  });
  const savingsByYear = [0, ...years.map((y) => y.savings)];
  return { savingsByYear, figures: billFieldsOf(year1, loadSummary(site.loadKwh)) };
}

function billFieldsOf(year: YearBill, summary: ReturnType<typeof loadSummary>): BillFields {
  const load: LoadSummary = { annual_kwh: summary.annualKwh, monthly_kwh: summary.monthlyKwh, peak_kw: summary.peakKw, average_day_kwh: summary.averageDayKwh };
  return {
    bill_without_solar_year1: year.withoutTotal,
    bill_with_solar_year1: year.withTotal,
    savings_year1: year.savings,
    self_consumption_pct: year.selfConsumptionPct,
    self_sufficiency_pct: year.selfSufficiencyPct,
    curtailed_kwh_year1: year.curtailedKwh,
    bills: year.months.map(monthBillOf),
    load_summary: load,
  };
}

const monthBillOf = (month: EngineMonthBill): MonthBill => ({
  month: month.month,
  without: { energy: month.without.energy, demand: month.without.demand, fixed: month.without.fixed, minimum: month.without.minimum, total: month.without.total },
  with: { energy: month.with.energy, demand: month.with.demand, fixed: month.with.fixed, minimum: month.with.minimum, credits: month.with.credits, total: month.with.total },
  import_kwh: month.importKwh,
  export_kwh: month.exportKwh,
  load_kwh: month.loadKwh,
  generation_kwh: month.generationKwh,
  self_consumed_kwh: month.selfConsumedKwh,
  curtailed_kwh: month.curtailedKwh,
});
