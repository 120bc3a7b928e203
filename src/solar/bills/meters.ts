/**
 * One meter's year of bills, following NREL SAM's utility-rate module (SSC cmod_utilityrate5, BSD-3; our own code,
 * written from its conventions). Two reconciliations, as SAM's `ur_calc` and `ur_calc_timestep`:
 * - net metering (monthly): each period's net energy of the month is billed, imports across the tier ladder in
 *   proportion to each period's share, surplus kWh roll to the next month at the same time of day (or surplus $ carry
 *   at the sell rates), and what is left at the true-up month is paid at the year-end rate;
 * - time step (net billing, carry-over, buy all – sell all): each step's import is bought and export sold at its
 *   period's prices, tiers filling in the order the month's imports (and, separately, exports) arrive; or each export
 *   at its own step's price when a sell-rate series is given.
 * `net` is the grid exchange per step in kWh: positive to the grid, negative from it.
 */
import type { BillCarry } from './bill.ts';
import { monthTiers, type CompiledTariff, type Tiers } from './compile.ts';

/** SAM's monthly figures: `credits` are the credits applied to the energy charge, `trueUp` the true-up payment. */
export interface MeterMonth { energy: number; credits: number; trueUp: number; demand: number; fixed: number; minimum: number }

export const meterTotal = (m: MeterMonth) => m.energy - m.credits + m.demand + m.fixed + m.minimum - m.trueUp;

/** Per month: net energy, the largest import (kW) and the largest import of each TOU demand period. */
export interface MeterPeaks { net: Float64Array; flat: Float64Array; tou: Float64Array[] }

function scan(tariff: CompiledTariff, net: Float64Array): MeterPeaks {
  const peaks: MeterPeaks = { net: new Float64Array(12), flat: new Float64Array(12), tou: tariff.energy.map((_, m) => new Float64Array(tariff.demand?.[m]!.periods.length ?? 0)) };
  const { demandRow, stepsPerHour } = tariff;
  let c = 0;
  for (let m = 0; m < 12; m++) {
    const tou = peaks.tou[m]!;
    let sum = 0;
    let flat = 0;
    for (const end = tariff.monthEnd[m]!; c < end; c++) {
      const energy = net[c]!;
      sum += energy;
      const draw = -energy * stepsPerHour;
      if (draw > flat) flat = draw;
      if (demandRow && draw > tou[demandRow[c]!]!) tou[demandRow[c]!] = draw;
    }
    peaks.net[m] = sum;
    peaks.flat[m] = flat;
  }
  return peaks;
}

function tieredDemand(demand: number, max: ArrayLike<number>, price: ArrayLike<number>, offset: number, count: number): number {
  let charge = 0;
  let lower = 0;
  for (let t = 0; t < count; t++) {
    const upper = max[offset + t]!;
    if (demand < upper) return charge + (demand - lower) * price[offset + t]!;
    charge += (upper - lower) * price[offset + t]!;
    lower = upper;
  }
  return charge;
}

/** Flat (monthly) and TOU demand charges on the month's peaks, SAM's `get_demand_charge`. */
function demandCharge(tariff: CompiledTariff, peaks: MeterPeaks, m: number, rateScale: number): number {
  const month = tariff.demand?.[m];
  if (!month) return 0;
  let charge = tieredDemand(peaks.flat[m]!, month.flatMax, month.flatPrice, 0, month.flatMax.length);
  if (tariff.demandRow) month.periods.forEach((_, row) => (charge += tieredDemand(peaks.tou[m]![row]!, month.max, month.price, row * month.tiers, month.tiers)));
  return charge * rateScale;
}

/**
 * Cost of a month's per-period energy (import or surplus) on the ladder, SAM's proportional rule: the month's total
 * fills the tiers and each period takes its share of every tier.
 */
function tieredCost(perRow: Float64Array, tiers: Tiers, price: Float64Array): number {
  let total = 0;
  for (const energy of perRow) total += energy;
  if (total <= 0) return 0;
  let cost = 0;
  perRow.forEach((energy, row) => {
    if (energy <= 0) return;
    const share = energy / total;
    for (let t = 0, base = row * tiers.count; t < tiers.count; t++) {
      const lower = t > 0 ? tiers.max[base + t - 1]! : 0;
      const upper = tiers.max[base + t]!;
      cost += share * (Math.min(total, upper) - lower) * price[base + t]!;
      if (total <= upper) break;
    }
  });
  return cost;
}

/**
 * Fixed charges and minimums, SAM's rule: a month's bill before them (floored at zero) is topped up to the monthly
 * minimum, and in December the year's sum to the annual minimum; true-up payments come after and do not count.
 */
function addFixedAndMinimum(months: MeterMonth[], tariff: CompiledTariff, rateScale: number) {
  let year = 0;
  months.forEach((month, m) => {
    month.fixed = tariff.fixed[m]! * rateScale;
    const bill = Math.max(month.energy - month.credits + month.demand + month.fixed, 0);
    const monthlyMinimum = tariff.minimumMonthly[m]! * rateScale;
    if (bill < monthlyMinimum) month.minimum += monthlyMinimum - bill;
    year += bill;
  });
  const annualMinimum = tariff.minimumAnnual * rateScale;
  if (year < annualMinimum) months[11]!.minimum += annualMinimum - year;
}

export interface NetMeteringOptions {
  /** Surplus earns dollars at the sell rates each month (SAM's option 1) instead of rolling over as kWh (option 0). */
  dollars: boolean;
  /** 0-based true-up month. */
  creditMonth: number;
  yearEndRatePerKwh: number;
  /** The true-up credit pays later bills instead of being paid out (SAM's `ur_nm_credit_rollover`). */
  rollover: boolean;
  rateScale: number;
  /** What last year left; null in the first year. */
  carry: BillCarry | null;
}

/** SAM's monthly net metering (`ur_calc`), metering options 0 and 1. */
export function netMeteringMeter(tariff: CompiledTariff, net: Float64Array, o: NetMeteringOptions): { months: MeterMonth[]; carry: BillCarry; peaks: MeterPeaks } {
  const peaks = scan(tariff, net);
  const { creditMonth: cm, rateScale: scale, carry } = o;
  const later = carry !== null;
  const carriesDollars = o.dollars || o.rollover;

  // Cumulative surplus kWh for the true-up, from the months' raw net energy (SAM's monthly_cumulative_excess_energy).
  const excessKwh = new Float64Array(12);
  if (!o.dollars)
    for (let m = 0; m < 12; m++) {
      if (m === cm + 1) excessKwh[m] = Math.max(peaks.net[m]!, 0);
      else if (m === 0 && later && cm !== 11) excessKwh[m] = carry.excessKwh;
      else excessKwh[m] = Math.max((m > 0 ? excessKwh[m - 1]! : 0) + peaks.net[m]!, 0);
    }

  const excessDollars = new Float64Array(12);
  const surplusByPeriod = new Float64Array(tariff.energyPeriods);
  if (carry) carry.surplusKwh.forEach((kwh, period) => (surplusByPeriod[period] = kwh));
  const months: MeterMonth[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    const month = tariff.energy[m]!;
    const rows = month.periods.length;
    const use = new Float64Array(rows);
    const skipRollover = (m === 0 && !later) || m === cm + 1 || (m === 0 && cm === 11);
    if (!skipRollover && !o.dollars) {
      // Last month's surplus in a period lands in this month's period at the same time of day (0, 5, 11 or 17 h).
      const before = tariff.energy[(m + 11) % 12]!.rollover;
      surplusByPeriod.forEach((kwh, period) => {
        const slot = kwh > 0 ? before.indexOf(period) : -1;
        const row = slot >= 0 && slot < month.rollover.length ? month.periods.indexOf(month.rollover[slot]!) : -1;
        if (row >= 0) use[row]! += kwh;
      });
    }
    for (const end = tariff.monthEnd[m]!; c < end; c++) use[tariff.energyRow[c]!]! += net[c]!;
    const surplus = new Float64Array(rows);
    surplusByPeriod.fill(0);
    use.forEach((energy, row) => {
      surplus[row] = Math.max(energy, 0);
      use[row] = Math.max(-energy, 0);
      surplusByPeriod[month.periods[row]!] = surplus[row];
    });
    const tiers = monthTiers(month, peaks.flat[m]!);
    const energy = tieredCost(use, tiers, tiers.buy) * scale;
    if (o.dollars) excessDollars[m]! += tieredCost(surplus, tiers, tiers.sell) * scale;

    let charge = energy;
    let applied = 0;
    const credit = (amount: number) => {
      charge -= amount;
      applied += amount;
    };
    if (o.rollover && m === cm) credit(excessKwh[m]! * o.yearEndRatePerKwh * scale);
    if (m > 0 && (m !== cm + 1 || o.rollover)) credit(excessDollars[m - 1]!);
    else if (m === 0 && later && (cm !== 11 || o.rollover)) credit(carry.excessDollars);
    if (charge < 0) {
      if (carriesDollars) excessDollars[m]! -= charge;
    } else if (charge < excessDollars[m]!) {
      if (carriesDollars) {
        applied += charge;
        excessDollars[m]! -= charge;
      }
    } else {
      applied += excessDollars[m]!;
      excessDollars[m] = 0;
    }
    months.push({ energy, credits: Math.min(applied, energy), trueUp: 0, demand: demandCharge(tariff, peaks, m, scale), fixed: 0, minimum: 0 });
  }
  addFixedAndMinimum(months, tariff, scale);
  if (!o.dollars && !o.rollover && excessKwh[cm]! > 0) {
    excessDollars[cm] = excessKwh[cm]! * o.yearEndRatePerKwh * scale;
    months[cm]!.trueUp = excessDollars[cm]!;
  } else if (o.dollars && excessDollars[cm]! > 0) months[cm]!.trueUp = excessDollars[cm]!;
  return { months, carry: { surplusKwh: Array.from(surplusByPeriod), excessKwh: excessKwh[11]!, excessDollars: excessDollars[11]! }, peaks };
}

export interface TimestepOptions {
  /** Credits carry to next month's bills in dollars (SAM's option 3) instead of offsetting the month's charges. */
  carryover: boolean;
  creditMonth: number;
  /** Carry-over credit left at the true-up month is lost instead of paid (SAM's `ur_nb_credit_expire`). */
  creditsExpire: boolean;
  /** A month's credits pay its own charges before they roll over (SAM's `ur_nb_apply_credit_current_month`). */
  applyCreditsInMonthEarned: boolean;
  /** Fixed and minimum charges apply (not on buy all – sell all's generation meter). */
  charges: boolean;
  /** Billing demand of kWh/kW tiers when not this meter's peak (the generation meter is sized by the load's). */
  tierDemandKw: Float64Array | null;
  /** Per step, the export price in place of the tiers' (SAM's ur_ts_sell_rate); null: the tiers' sell rates. */
  sellRates: Float64Array | null;
  rateScale: number;
  /** Carry-over credit from last year. */
  carryDollars: number;
}

/** Where a month's imports (or exports) have reached on the tier ladder: kWh so far and the tier. */
interface Cursor { total: number; tier: number }

/** Buys (sells) one step's energy along the ladder from the cursor's tier, and moves the cursor. */
function stepCost(energy: number, tiers: Tiers, base: number, price: Float64Array, cursor: Cursor): number {
  const total = (cursor.total += energy);
  let upper = tiers.max[base + cursor.tier]!;
  if (total <= upper) return energy * price[base + cursor.tier]!;
  let cost = 0;
  let rest = energy;
  const last = tiers.count - 1;
  while (total > upper) {
    const inTier = rest - (total - upper);
    cost += inTier * price[base + cursor.tier]!;
    const stop = cursor.tier >= last;
    if (!stop) cursor.tier++;
    const next = tiers.max[base + cursor.tier]!;
    if (total <= next) cost += (rest - inTier) * price[base + cursor.tier]!;
    rest -= inTier;
    upper = next;
    if (stop) break;
  }
  return cost;
}

/** SAM's time-step reconciliation (`ur_calc_timestep`), metering options 2, 3 and 4. */
export function timestepMeter(tariff: CompiledTariff, net: Float64Array, o: TimestepOptions): { months: MeterMonth[]; carryDollars: number; peaks: MeterPeaks } {
  const peaks = scan(tariff, net);
  const { creditMonth: cm, rateScale: scale } = o;
  const earned = new Float64Array(12);
  const months: MeterMonth[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    const tiers = monthTiers(tariff.energy[m]!, (o.tierDemandKw ?? peaks.flat)[m]!);
    const sold: Cursor = { total: 0, tier: 0 };
    const bought: Cursor = { total: 0, tier: 0 };
    let credits = 0;
    let charges = 0;
    for (const end = tariff.monthEnd[m]!; c < end; c++) {
      const energy = net[c]!;
      const base = tariff.energyRow[c]! * tiers.count;
      // A time-series sell rate prices the step's export alone, on no tier (SAM's ur_calc_timestep).
      if (energy >= 0) credits += o.sellRates ? energy * o.sellRates[c]! : stepCost(energy, tiers, base, tiers.sell, sold);
      else charges += stepCost(-energy, tiers, base, tiers.buy, bought);
    }
    const energy = charges * scale;
    let applied = credits * scale;
    if (o.carryover) {
      earned[m] = applied;
      let charge = energy;
      applied = 0;
      const credit = (amount: number) => {
        charge -= amount;
        applied += amount;
      };
      if (m === 0 && cm !== 11) credit(o.carryDollars);
      else if (m > 0 && m !== cm + 1) credit(earned[m - 1]!);
      if (o.applyCreditsInMonthEarned) {
        credit(earned[m]!);
        earned[m] = 0;
      }
      if (charge < 0) {
        applied += charge;
        earned[m]! -= charge;
      }
      applied = Math.min(applied, energy);
    }
    months.push({ energy, credits: applied, trueUp: 0, demand: demandCharge(tariff, peaks, m, scale), fixed: 0, minimum: 0 });
  }
  if (o.charges) addFixedAndMinimum(months, tariff, scale);
  if (o.carryover && !o.creditsExpire && earned[cm]! > 0) months[cm]!.trueUp = earned[cm]!;
  return { months, carryDollars: earned[11]!, peaks };
}
