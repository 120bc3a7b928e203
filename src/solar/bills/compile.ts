/**
 * A URDB tariff laid out for billing a year step by step, following the conventions of NREL SAM's utility-rate module
 * (SSC lib_utility_rate_equations, BSD-3; our own code, written from its conventions): the year starts on a Monday
 * (unless told otherwise) and has 365 days; each month's energy periods are those its weekday and weekend schedules
 * use, in ascending order; all the periods of a month share one tier ladder; daily tiers are multiplied by the days of
 * the month; kWh/kW tiers are sized by the month's peak demand when a bill is made (`monthTiers`).
 */
import type { ChargeUnit, UrdbRate } from './tariff.ts';
import { tariffProblems } from './urdb.ts';

export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
export const HOURS_PER_YEAR = 8760;
/** SAM's "no upper bound" (its float-safe maximum): large enough to never be reached, small enough to subtract. */
const UNBOUNDED = 1e38;

/** One month's tier ladder for all its periods: arrays are periods (rows) × tiers. */
export interface Tiers { count: number; max: Float64Array; buy: Float64Array; sell: Float64Array }

export interface EnergyMonth {
  /** The URDB periods the month's schedules use, ascending: row r of the tier arrays is `periods[r]`. */
  periods: number[];
  /** The weekday periods at 0:00, 5:00, 11:00 and 17:00: where SAM carries a period's surplus kWh to the next month. */
  rollover: number[];
  tiers: Tiers;
  /** Per tier of the month's first period: is it a kWh/kW tier. Only used when the first tier is one (SAM's rule). */
  perKwTier: boolean[];
  perKw: boolean;
}

export interface DemandMonth {
  periods: number[];
  tiers: number;
  max: Float64Array;
  price: Float64Array;
  flatMax: number[];
  flatPrice: number[];
}

export interface CompiledTariff {
  stepsPerHour: number;
  steps: number;
  /** The step after each month's last. */
  monthEnd: Int32Array;
  /** Per step: the row of its energy period within its month. */
  energyRow: Uint8Array;
  /** Per step: the row of its demand period within its month; null without TOU demand charges. */
  demandRow: Uint8Array | null;
  energy: EnergyMonth[];
  demand: DemandMonth[] | null;
  energyPeriods: number;
  /** $ per month before escalation. */
  fixed: Float64Array;
  minimumMonthly: Float64Array;
  minimumAnnual: number;
}

const ROLLOVER_HOURS = [0, 5, 11, 17];

function periodsOfMonth(weekday: number[][], weekend: number[][], month: number): number[] {
  return [...new Set([...weekday[month]!, ...weekend[month]!])].sort((a, b) => a - b);
}

/** Per step: the row, within its month's periods, of the schedule's period. */
function stepRows(weekday: number[][], weekend: number[][], monthPeriods: number[][], stepsPerHour: number, firstWeekday: number): Uint8Array {
  const rows = new Uint8Array(HOURS_PER_YEAR * stepsPerHour);
  let step = 0;
  let day = 0;
  for (let month = 0; month < 12; month++) {
    const rowOf = new Map(monthPeriods[month]!.map((period, row) => [period, row]));
    for (let d = 0; d < DAYS_IN_MONTH[month]!; d++, day++) {
      const schedule = (firstWeekday + day) % 7 >= 5 ? weekend : weekday;
      for (let hour = 0; hour < 24; hour++) {
        const row = rowOf.get(schedule[month]![hour]!)!;
        rows.fill(row, step, step + stepsPerHour);
        step += stepsPerHour;
      }
    }
  }
  return rows;
}

/** A charge spread over the months: `$/day` by the days of each month, `$/year` evenly. */
function perMonth(amount: number | undefined, unit: ChargeUnit | undefined): Float64Array {
  const value = amount ?? 0;
  return Float64Array.from(DAYS_IN_MONTH, (days) => (unit === '$/day' ? value * days : unit === '$/year' ? value / 12 : value));
}

function energyMonth(rate: UrdbRate, month: number, sellRatePerKwh: number): EnergyMonth {
  const periods = periodsOfMonth(rate.energyweekdayschedule, rate.energyweekendschedule, month);
  const first = rate.energyratestructure[periods[0]!]!;
  const count = first.length;
  const tiers: Tiers = { count, max: new Float64Array(periods.length * count), buy: new Float64Array(periods.length * count), sell: new Float64Array(periods.length * count) };
  periods.forEach((period, row) => {
    rate.energyratestructure[period]!.forEach((tier, t) => {
      const daily = tier.unit === 'kWh daily' || tier.unit === 'kWh/kW daily';
      // The last tier is open-ended whatever its max says: SAM would leave energy above it unbilled.
      const max = t === count - 1 || tier.max === undefined ? UNBOUNDED : tier.max * (daily ? DAYS_IN_MONTH[month]! : 1);
      tiers.max[row * count + t] = max;
      tiers.buy[row * count + t] = tier.rate + (tier.adj ?? 0);
      tiers.sell[row * count + t] = tier.sell ?? sellRatePerKwh;
    });
  });
  const perKwTier = first.map((tier) => tier.unit === 'kWh/kW' || tier.unit === 'kWh/kW daily');
  return {
    periods,
    rollover: ROLLOVER_HOURS.map((hour) => rate.energyweekdayschedule[month]![hour]!),
    tiers,
    perKwTier,
    perKw: perKwTier[0]!,
  };
}

function demandMonth(rate: UrdbRate, month: number): DemandMonth {
  const structure = rate.demandratestructure ?? [];
  const periods = structure.length > 0 && rate.demandweekdayschedule && rate.demandweekendschedule ? periodsOfMonth(rate.demandweekdayschedule, rate.demandweekendschedule, month) : [];
  const tiers = Math.max(0, ...periods.map((period) => structure[period]!.length));
  // A period with fewer tiers than the month's others is padded with free, unbounded tiers, as SAM pads them.
  const max = new Float64Array(periods.length * tiers).fill(UNBOUNDED);
  const price = new Float64Array(periods.length * tiers);
  periods.forEach((period, row) =>
    structure[period]!.forEach((tier, t, all) => {
      max[row * tiers + t] = t === all.length - 1 || tier.max === undefined ? UNBOUNDED : tier.max;
      price[row * tiers + t] = tier.rate + (tier.adj ?? 0);
    }),
  );
  const flat = rate.flatdemandstructure?.[rate.flatdemandmonths?.[month] ?? -1] ?? [];
  return {
    periods,
    tiers,
    max,
    price,
    flatMax: flat.map((tier, t) => (t === flat.length - 1 || tier.max === undefined ? UNBOUNDED : tier.max)),
    flatPrice: flat.map((tier) => tier.rate + (tier.adj ?? 0)),
  };
}

/**
 * Lays a tariff out for `stepsPerHour` steps an hour; `firstWeekday` 0 = Monday … 6 = Sunday. `sellRatePerKwh` is
 * the export price of tiers that give no `sell` (a tier's `sell` of 0 stays 0, as in SAM's rate table). Throws with
 * every problem of the tariff listed when it is not one SAM's rules can bill.
 */
export function compileTariff(rate: UrdbRate, sellRatePerKwh: number, stepsPerHour: number, firstWeekday: number): CompiledTariff {
  const problems = tariffProblems(rate);
  if (problems.length > 0) throw new Error(`The tariff cannot be billed: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  const months = Array.from({ length: 12 }, (_, month) => month);
  const energy = months.map((month) => energyMonth(rate, month, sellRatePerKwh));
  const hasDemand = !!(rate.demandratestructure?.length || rate.flatdemandstructure?.length);
  const demand = hasDemand ? months.map((month) => demandMonth(rate, month)) : null;
  const monthEnd = new Int32Array(12);
  DAYS_IN_MONTH.reduce((end, days, month) => (monthEnd[month] = end + days * 24 * stepsPerHour), 0);
  const annualMinimum = rate.minchargeunits === '$/year';
  return {
    stepsPerHour,
    steps: HOURS_PER_YEAR * stepsPerHour,
    monthEnd,
    energyRow: stepRows(rate.energyweekdayschedule, rate.energyweekendschedule, energy.map((m) => m.periods), stepsPerHour, firstWeekday),
    demandRow:
      demand && rate.demandweekdayschedule && rate.demandweekendschedule && rate.demandratestructure?.length
        ? stepRows(rate.demandweekdayschedule, rate.demandweekendschedule, demand.map((m) => m.periods), stepsPerHour, firstWeekday)
        : null,
    energy,
    demand,
    energyPeriods: rate.energyratestructure.length,
    fixed: perMonth(rate.fixedchargefirstmeter, rate.fixedchargeunits),
    minimumMonthly: annualMinimum ? new Float64Array(12) : perMonth(rate.mincharge, rate.minchargeunits),
    minimumAnnual: annualMinimum ? (rate.mincharge ?? 0) : 0,
  };
}

/**
 * The month's tier ladder for a billing demand of `demandKw`. Without kWh/kW tiers it is the tariff's own. With them
 * (SAM's block-and-step rule, first tier kWh/kW): each kWh/kW tier is a block of `max × demand` kWh; kWh steps split
 * the current block, and a kWh/kW tier followed by kWh steps is replaced by them.
 */
export function monthTiers(month: EnergyMonth, demandKw: number): Tiers {
  if (!month.perKw) return month.tiers;
  const { tiers, perKwTier } = month;
  const blocks = perKwTier.flatMap((perKw, t) => (perKw ? [tiers.max[t]! > 1e37 ? tiers.max[t]! : tiers.max[t]! * demandKw] : []));
  const source: number[] = [];
  const upper: number[] = [];
  let block = 0;
  for (let t = 0; t < tiers.count; t++) {
    const max = tiers.max[t]!;
    if (perKwTier[t]) {
      if (blocks[block]! < max * demandKw && block + 1 < blocks.length) block++;
      if (t + 1 >= tiers.count || perKwTier[t + 1]) {
        source.push(t);
        upper.push(blocks[block]!);
      }
    } else if (max < blocks[block]!) {
      source.push(t);
      upper.push(max);
    } else if (upper.length === 0 || upper[upper.length - 1]! < blocks[block]!) {
      source.push(t);
      upper.push(blocks[block]!);
    }
  }
  const rows = month.periods.length;
  const count = source.length;
  const out: Tiers = { count, max: new Float64Array(rows * count), buy: new Float64Array(rows * count), sell: new Float64Array(rows * count) };
  for (let row = 0; row < rows; row++) {
    source.forEach((t, k) => {
      out.max[row * count + k] = upper[k]!;
      out.buy[row * count + k] = tiers.buy[row * tiers.count + t]!;
      out.sell[row * count + k] = tiers.sell[row * tiers.count + t]!;
    });
  }
  return out;
}
