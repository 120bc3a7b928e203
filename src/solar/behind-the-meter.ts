/**
 * A behind-the-meter study's bills from the API's sections: the tariff (URDB's structure, or a flat price), the export
 * rule and the site's load against the system's generation, over the analysis period. The savings each year are the
 * study's revenue in the cash-flow models; the year-1 bills are the answer's bill figures. One mapping, used by the
 * server and by the browser's what-if, so both give the same figures.
 */
import { isUrdbTariff, type ExportUsed, type LoadSummary, type MonthBill } from '../contract/behind-the-meter.ts';
import type { FinanceResult } from '../contract/energy.ts';
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
});

/** The export rule a request leaves out: SAM's default, net metering with a December true-up at no payment. */
export const DEFAULT_EXPORT: ExportUsed = { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0 };

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
