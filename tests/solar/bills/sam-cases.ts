/**
 * SAM's utility-rate test cases (NREL/ssc test/ssc_test/cmod_utilityrate5_test.cpp, BSD-3) as Sunplot inputs.
 * tests/fixtures/sam-utilityrate/cases.json holds each case's SAM inputs (rate tables, schedules, metering options) as
 * the C++ test sets them; the CSVs are its load and generation files. SAM's inputs map to URDB's structure the way
 * SAM's own ElectricityRates_format_as_URDBv8 maps them (ssc/cmod_utilityrate5_eqns.cpp): periods and schedules
 * 0-based, one tier per row of `ur_ec_tou_mat`, its sell column as the tier's `sell`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { billYear, type ExportRule, type ExportRuleKind, type YearBill } from '../../../src/solar/bills/bill.ts';
import type { DemandTier, EnergyTier, EnergyTierUnit, UrdbRate } from '../../../src/solar/bills/tariff.ts';
import cases from '../../fixtures/sam-utilityrate/cases.json' with { type: 'json' };

const FIXTURES = fileURLToPath(new URL('../../fixtures/sam-utilityrate/', import.meta.url));

type Matrix = number[][];
export interface SamCase {
  ur_metering_option: number;
  ur_ec_sched_weekday: Matrix;
  ur_ec_sched_weekend: Matrix;
  ur_ec_tou_mat: Matrix;
  ur_dc_enable?: number;
  ur_dc_sched_weekday?: Matrix;
  ur_dc_sched_weekend?: Matrix;
  ur_dc_tou_mat?: Matrix;
  ur_dc_flat_mat?: Matrix;
  ur_nm_yearend_sell_rate?: number;
  ur_nm_credit_month?: number;
  ur_nm_credit_rollover?: number;
  ur_nb_credit_expire?: number;
  ur_nb_apply_credit_current_month?: number;
  ur_monthly_fixed_charge?: number;
  ur_monthly_min_charge?: number;
  ur_annual_min_charge?: number;
  inflation_rate: number;
  system_use_lifetime_output?: number;
  load: string;
  gen: string;
}

export const samCase = (name: string) => (cases as unknown as Record<string, SamCase>)[name]!;

/** C's atof: a leading number after white space, else 0 (so a quoted field or a byte-order mark reads as 0). */
function atof(token: string): number {
  const match = /^[ \t\n\v\f\r]*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(token);
  return match ? Number(match[1]) : 0;
}

const files = new Map<string, number[]>();
/**
 * A file read as SAM's test harness reads it (set_array in test/input_cases/code_generator_utilities.h): every
 * comma-separated field of every line through atof. gen_25_year_commercial.csv has a header and a quoted time stamp
 * before each value, so SAM's "hourly" commercial generation alternates zeros and values: we read it the same way.
 */
export function samFile(name: string): number[] {
  let values = files.get(name);
  if (!values) {
    values = readFileSync(`${FIXTURES}${name}`, 'utf8').split('\n').filter((line) => line !== '').flatMap((line) => line.split(',').filter((field) => field !== '').map(atof));
    files.set(name, values);
  }
  return values;
}

/** kW per step (SAM's `load` and `gen`) to kWh per step, for year `year` of a lifetime series. */
function kwhOfYear(kw: number[], stepsPerYear: number, year: number): Float64Array {
  const start = (year - 1) * stepsPerYear;
  return Float64Array.from(kw.slice(start, start + stepsPerYear), (value) => value / (stepsPerYear / 8760));
}

const UNITS: EnergyTierUnit[] = ['kWh', 'kWh/kW', 'kWh daily', 'kWh/kW daily'];
const bound = (max: number) => (max >= 1e37 ? {} : { max });
const zeroBased = (schedule: Matrix) => schedule.map((row) => row.map((period) => period - 1));

/** Rows of a SAM table (period or month, tier, …) grouped by their first column, in tier order. */
function byFirstColumn(rows: Matrix, offset: number): Matrix[] {
  const groups: Matrix[] = [];
  [...rows].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!).forEach((row) => (groups[row[0]! - offset] ??= []).push(row));
  return groups;
}

export function samRate(c: SamCase): UrdbRate {
  const energy = byFirstColumn(c.ur_ec_tou_mat, 1).map((rows) => rows.map(([, , max, unit, buy, sell]): EnergyTier => ({ ...bound(max!), unit: UNITS[unit!]!, rate: buy!, sell: sell! })));
  const rate: UrdbRate = { energyratestructure: energy, energyweekdayschedule: zeroBased(c.ur_ec_sched_weekday), energyweekendschedule: zeroBased(c.ur_ec_sched_weekend) };
  if (c.ur_dc_enable) {
    const demandTier = ([, , max, charge]: number[]): DemandTier => ({ ...bound(max!), rate: charge! });
    rate.demandratestructure = byFirstColumn(c.ur_dc_tou_mat!, 1).map((rows) => rows.map(demandTier));
    rate.demandweekdayschedule = zeroBased(c.ur_dc_sched_weekday!);
    rate.demandweekendschedule = zeroBased(c.ur_dc_sched_weekend!);
    // One flat-demand period per month (SAM's table is by month already).
    rate.flatdemandstructure = byFirstColumn(c.ur_dc_flat_mat!, 0).map((rows) => rows.map(demandTier));
    rate.flatdemandmonths = rate.flatdemandstructure.map((_, month) => month);
  }
  if (c.ur_monthly_fixed_charge) Object.assign(rate, { fixedchargefirstmeter: c.ur_monthly_fixed_charge, fixedchargeunits: '$/month' });
  if (c.ur_monthly_min_charge && c.ur_annual_min_charge) throw new Error('URDB has one minimum charge: a monthly or an annual one');
  if (c.ur_monthly_min_charge) Object.assign(rate, { mincharge: c.ur_monthly_min_charge, minchargeunits: '$/month' });
  if (c.ur_annual_min_charge) Object.assign(rate, { mincharge: c.ur_annual_min_charge, minchargeunits: '$/year' });
  return rate;
}

const RULES: ExportRuleKind[] = ['net_metering', 'net_metering_dollars', 'net_billing', 'net_billing_carryover', 'buy_all_sell_all'];

export function samRule(c: SamCase, meteringOption = c.ur_metering_option): ExportRule {
  return {
    rule: RULES[meteringOption]!,
    // SAM's rate table always gives a sell rate (0 where none).
    sellRatePerKwh: 0,
    trueUpMonth: (c.ur_nm_credit_month ?? 11) + 1,
    yearEndRatePerKwh: c.ur_nm_yearend_sell_rate ?? 0,
    rolloverTrueUp: !!c.ur_nm_credit_rollover,
    creditsExpire: !!c.ur_nb_credit_expire,
    applyCreditsInMonthEarned: !!c.ur_nb_apply_credit_current_month,
  };
}

/**
 * Years 1…`years` of a SAM case, each with the last one's carry-over, rates escalated by inflation (SAM's
 * rate_escalation is 0 in these cases), generation read year by year from the lifetime file when SAM's
 * system_use_lifetime_output is 1, else the one-year file again (degradation 0).
 */
export function runSamCase(name: string, years = 1, meteringOption?: number): YearBill[] {
  const c = samCase(name);
  const rate = samRate(c);
  const exportRule = samRule(c, meteringOption);
  const loadKw = samFile(c.load);
  const genKw = samFile(c.gen);
  const genSteps = c.gen.includes('15_min') ? 35040 : 8760;
  const loadKwh = kwhOfYear(loadKw, loadKw.length >= 35040 ? 35040 : 8760, 1);
  const bills: YearBill[] = [];
  for (let year = 1; year <= years; year++) {
    const generationKwh = kwhOfYear(genKw, genSteps, c.system_use_lifetime_output === 0 ? 1 : year);
    bills.push(billYear({ rate, exportRule, loadKwh, generationKwh, rateScale: (1 + c.inflation_rate / 100) ** (year - 1), carryIn: bills[year - 2]?.carryOut }));
  }
  return bills;
}
