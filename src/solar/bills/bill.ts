/**
 * Behind-the-meter electricity bills with and without solar under a URDB tariff and one of NREL SAM's metering
 * options, agreeing with SAM's utility-rate module (SSC cmod_utilityrate5, BSD-3; our own code, written from its
 * conventions). docs/bills.md states each convention and works an example by hand; tests/solar/bills/ reproduce SAM's
 * published cases. Pure and synchronous: it runs on the server and in a browser worker.
 */
import { compileTariff, HOURS_PER_YEAR } from './compile.ts';
import { meterTotal, netMeteringMeter, timestepMeter, type MeterMonth } from './meters.ts';
import type { UrdbRate } from './tariff.ts';

export type ExportRuleKind = 'net_metering' | 'net_metering_dollars' | 'net_billing' | 'net_billing_carryover' | 'buy_all_sell_all' | 'none';

export interface ExportRule {
  rule: ExportRuleKind;
  /** Export price where the tariff's tier gives no `sell`. */
  sellRatePerKwh: number;
  /** 1–12, December = 12. */
  trueUpMonth: number;
  /** net_metering: the price of the surplus kWh left at the true-up month. */
  yearEndRatePerKwh: number;
  /** net_metering(_dollars): the true-up credit pays later bills instead of being paid out (SAM's ur_nm_credit_rollover). */
  rolloverTrueUp?: boolean;
  /** net_billing_carryover: credit left at the true-up month is lost instead of paid out (SAM's ur_nb_credit_expire). */
  creditsExpire?: boolean;
  /** net_billing_carryover: a month's credits pay its own charges first (SAM's ur_nb_apply_credit_current_month). */
  applyCreditsInMonthEarned?: boolean;
  /**
   * 8760 × n export prices, one a step, January 1st first (SAM's ur_ts_sell_rate): each step's export is worth its
   * own price times the year's rateScale, in place of the tiers' `sell` and `sellRatePerKwh`. Only under the time-step
   * rules (SELL_RATE_SERIES_RULES); SAM refuses time-series rates under net metering.
   */
  hourlySellRatePerKwh?: ArrayLike<number>;
}

/** The rules that value each step's export on its own (SAM's metering options 2, 3 and 4): a sell-rate series fits them. */
export const SELL_RATE_SERIES_RULES: readonly ExportRuleKind[] = ['net_billing', 'net_billing_carryover', 'buy_all_sell_all'];

/** What a year leaves to the next under net metering and net billing with carry-over (SAM's rollovers). */
export interface BillCarry {
  /** December's surplus kWh per energy period, rolled into January's periods (net_metering). */
  surplusKwh: number[];
  /** Cumulative surplus kWh at the end of December (net_metering). */
  excessKwh: number;
  /** Dollar credit left at the end of December. */
  excessDollars: number;
}

export interface BillYearInput {
  rate: UrdbRate;
  exportRule: ExportRule;
  /** Energy per step: 8760 hourly or 35040 quarter-hours (any 8760 × n). */
  loadKwh: ArrayLike<number>;
  /** 8760 × n, may differ in resolution from the load (the coarser one is spread evenly over the finer steps). */
  generationKwh: ArrayLike<number>;
  /** 0 = Monday … 6 = Sunday; SAM's default is Monday. */
  firstWeekday?: number;
  /** Multiplies buy and sell rates and charges (later years). */
  rateScale?: number;
  /** Last year's rollovers (`YearBill.carryOut`); none for the first year. */
  carryIn?: BillCarry;
}

export interface ChargesWithout { energy: number; demand: number; fixed: number; minimum: number; total: number }
/**
 * total = energy + demand + fixed + minimum − credits; negative = owed to the customer. `credits`: the net-metering
 * dollars applied, net-billing credits, buy all – sell all sales and the true-up payment of the month; `trueUp` is
 * that last part alone.
 */
export interface ChargesWith extends ChargesWithout { credits: number; trueUp: number }

/** Energy of a month or a year, kWh. */
export interface EnergyFlows {
  loadKwh: number;
  generationKwh: number;
  selfConsumedKwh: number;
  importKwh: number;
  exportKwh: number;
  curtailedKwh: number;
}

export interface MonthBill extends EnergyFlows {
  /** 1–12. */
  month: number;
  without: ChargesWithout;
  with: ChargesWith;
}

export interface YearBill extends EnergyFlows {
  months: MonthBill[];
  withoutTotal: number;
  withTotal: number;
  savings: number;
  /** Self-consumed / generation, percent. */
  selfConsumptionPct: number;
  /** Self-consumed / load, percent. */
  selfSufficiencyPct: number;
  /** What this year carries into the next (`BillYearInput.carryIn`). */
  carryOut: BillCarry;
}

function stepsPerHourOf(length: number, name: string): number {
  const steps = length / HOURS_PER_YEAR;
  if (!Number.isInteger(steps) || steps < 1 || steps > 60) throw new Error(`${name} must have 8760 × n values (n from 1 to 60), not ${length}`);
  return steps;
}

/** Spreads a series of energies onto `out`'s finer steps, scaled. */
function fill(out: Float64Array, source: ArrayLike<number>, scale: number) {
  const ratio = out.length / source.length;
  const share = scale / ratio;
  for (let i = 0; i < out.length; i++) out[i] = source[(i / ratio) | 0]! * share;
}

/**
 * A series of prices on `steps` finer steps: each price holds for its steps (an hour's sell rate for its four
 * quarter-hours, as SAM's rate_data::setup_time_series repeats it).
 */
function sellRatesOn(steps: number, rates: ArrayLike<number>): Float64Array {
  const ratio = steps / rates.length;
  const out = new Float64Array(steps);
  for (let i = 0; i < steps; i++) {
    const rate = rates[(i / ratio) | 0]!;
    if (!Number.isFinite(rate)) throw new Error(`hourlySellRatePerKwh must be finite numbers (value ${(i / ratio) | 0}: ${rate})`);
    out[i] = rate;
  }
  return out;
}

/** Adds the load meter's months to the generation meter's (buy all – sell all: the customer's bill is both). */
function addMonths(a: MeterMonth[], b: MeterMonth[]): MeterMonth[] {
  return a.map((m, i) => {
    const o = b[i]!;
    return { energy: m.energy + o.energy, credits: m.credits + o.credits, trueUp: m.trueUp + o.trueUp, demand: m.demand + o.demand, fixed: m.fixed + o.fixed, minimum: m.minimum + o.minimum };
  });
}

/**
 * A month's energy flows from its step sums. Under buy all – sell all nothing is self-consumed: the generation meter
 * exports all positive generation and imports the system's own draw (negative generation), the load meter imports the load.
 */
function flows(rule: ExportRuleKind, load: number, generation: number, self: number, bought: number, surplus: number): EnergyFlows {
  const month = { loadKwh: load, generationKwh: generation, selfConsumedKwh: self, importKwh: bought, exportKwh: surplus, curtailedKwh: 0 };
  if (rule === 'none') return { ...month, exportKwh: 0, curtailedKwh: surplus };
  // Σ max(g, 0) = self + surplus; Σ max(−g, 0) = that − Σ g.
  if (rule === 'buy_all_sell_all') return { ...month, selfConsumedKwh: 0, importKwh: load + self + surplus - generation, exportKwh: self + surplus };
  return month;
}

const NO_CARRY: BillCarry = { surplusKwh: [], excessKwh: 0, excessDollars: 0 };

export interface BillEngine {
  /** One year, the load and generation scaled (growth, degradation), rates scaled by `rateScale`. */
  year(loadKwh: ArrayLike<number>, generationKwh: ArrayLike<number>, loadScale: number, generationScale: number, rateScale: number, carry: BillCarry | undefined): YearBill;
}

/** Lays out the tariff once and keeps the step arrays, for billing many years of the same shape. */
export function createBillEngine(rate: UrdbRate, rule: ExportRule, loadLength: number, generationLength: number, firstWeekday = 0): BillEngine {
  const loadSteps = stepsPerHourOf(loadLength, 'loadKwh');
  const generationSteps = stepsPerHourOf(generationLength, 'generationKwh');
  const sellRates = rule.hourlySellRatePerKwh;
  if (sellRates && !SELL_RATE_SERIES_RULES.includes(rule.rule)) {
    throw new Error(`hourlySellRatePerKwh values each step's export: use it with ${SELL_RATE_SERIES_RULES.join(', ')}, not ${rule.rule} (SAM refuses time-series rates under net metering)`);
  }
  const sellSteps = sellRates ? stepsPerHourOf(sellRates.length, 'hourlySellRatePerKwh') : 1;
  // The bill is made at the finest resolution given: a quarter-hour sell rate against hourly energy spreads the hour's
  // energy evenly over its quarters (SAM, billing at the generation's resolution, would read the first 8,760 rates as hours).
  const stepsPerHour = Math.max(loadSteps, generationSteps, sellSteps);
  if ([loadSteps, generationSteps, sellSteps].some((n) => stepsPerHour % n !== 0)) {
    const series = `loadKwh (${loadSteps} a hour) and generationKwh (${generationSteps} a hour)`;
    throw new Error(`${sellRates ? `hourlySellRatePerKwh (${sellSteps} a hour), ${series}` : series} must divide one another`);
  }
  if (!Number.isInteger(rule.trueUpMonth) || rule.trueUpMonth < 1 || rule.trueUpMonth > 12) throw new Error(`trueUpMonth must be 1 to 12, not ${rule.trueUpMonth}`);
  if (!Number.isInteger(firstWeekday) || firstWeekday < 0 || firstWeekday > 6) throw new Error(`firstWeekday must be 0 (Monday) to 6 (Sunday), not ${firstWeekday}`);
  const tariff = compileTariff(rate, rule.sellRatePerKwh, stepsPerHour, firstWeekday);
  const steps = tariff.steps;
  const load = new Float64Array(steps);
  const generation = new Float64Array(steps);
  const withoutNet = new Float64Array(steps);
  const withNet = new Float64Array(steps);
  const sellRateSteps = sellRates ? sellRatesOn(steps, sellRates) : null;
  const creditMonth = rule.trueUpMonth - 1;
  const timestep = (net: Float64Array, scale: number, carryDollars: number, charges = true, tierDemandKw: Float64Array | null = null) =>
    timestepMeter(tariff, net, {
      carryover: rule.rule === 'net_billing_carryover',
      creditMonth,
      creditsExpire: !!rule.creditsExpire,
      applyCreditsInMonthEarned: !!rule.applyCreditsInMonthEarned,
      charges,
      tierDemandKw,
      sellRates: sellRateSteps,
      rateScale: scale,
      carryDollars,
    });
  const netMetering = (net: Float64Array, scale: number, carry: BillCarry | null) =>
    netMeteringMeter(tariff, net, { dollars: rule.rule === 'net_metering_dollars', creditMonth, yearEndRatePerKwh: rule.yearEndRatePerKwh, rollover: !!rule.rolloverTrueUp, rateScale: scale, carry });

  /** SAM bills the load alone with the reconciliation of the chosen option, so "without" depends on the rule too. */
  function bills(scale: number, carry: BillCarry | undefined): { without: MeterMonth[]; with: MeterMonth[]; carry: BillCarry } {
    switch (rule.rule) {
      case 'net_metering':
      case 'net_metering_dollars': {
        const without = netMetering(withoutNet, scale, null);
        const withSystem = netMetering(withNet, scale, carry ?? null);
        return { without: without.months, with: withSystem.months, carry: withSystem.carry };
      }
      case 'buy_all_sell_all': {
        const without = timestep(withoutNet, scale, 0);
        const sales = timestep(generation, scale, 0, false, without.peaks.flat);
        return { without: without.months, with: addMonths(sales.months, without.months), carry: NO_CARRY };
      }
      default: {
        const without = timestep(withoutNet, scale, 0);
        const withSystem = timestep(withNet, scale, carry?.excessDollars ?? 0);
        return { without: without.months, with: withSystem.months, carry: { ...NO_CARRY, excessDollars: withSystem.carryDollars } };
      }
    }
  }

  return {
    year(loadKwh, generationKwh, loadScale, generationScale, rateScale, carry) {
      if (loadKwh.length !== loadLength || generationKwh.length !== generationLength) throw new Error('loadKwh and generationKwh must keep the lengths the engine was made for');
      fill(load, loadKwh, loadScale);
      fill(generation, generationKwh, generationScale);
      const curtail = rule.rule === 'none';
      const energy: EnergyFlows[] = [];
      let c = 0;
      for (let m = 0; m < 12; m++) {
        let loadSum = 0;
        let generationSum = 0;
        let self = 0;
        let bought = 0;
        let surplus = 0;
        for (const end = tariff.monthEnd[m]!; c < end; c++) {
          const l = load[c]!;
          const g = generation[c]!;
          if (!(l >= 0 && l < Infinity) || !Number.isFinite(g)) throw new Error(`loadKwh must be numbers ≥ 0 and generationKwh numbers (step ${c} at ${tariff.stepsPerHour} a hour: ${l}, ${g})`);
          const net = g - l;
          withoutNet[c] = -l;
          withNet[c] = curtail ? Math.min(net, 0) : net;
          loadSum += l;
          generationSum += g;
          if (net >= 0) {
            self += l;
            surplus += net;
          } else {
            self += Math.max(g, 0);
            bought -= net;
          }
        }
        energy.push(flows(rule.rule, loadSum, generationSum, self, bought, surplus));
      }
      const result = bills(rateScale, carry);
      const months: MonthBill[] = energy.map((e, m) => {
        const w = result.without[m]!;
        const s = result.with[m]!;
        return {
          month: m + 1,
          without: { energy: w.energy, demand: w.demand, fixed: w.fixed, minimum: w.minimum, total: meterTotal(w) },
          with: { energy: s.energy, demand: s.demand, fixed: s.fixed, minimum: s.minimum, credits: s.credits + s.trueUp, trueUp: s.trueUp, total: meterTotal(s) },
          ...e,
        };
      });
      const total = (pick: (m: MonthBill) => number) => months.reduce((sum, m) => sum + pick(m), 0);
      const withoutTotal = total((m) => m.without.total);
      const withTotal = total((m) => m.with.total);
      const loadTotal = total((m) => m.loadKwh);
      const generationTotal = total((m) => m.generationKwh);
      const selfConsumed = total((m) => m.selfConsumedKwh);
      return {
        months,
        withoutTotal,
        withTotal,
        savings: withoutTotal - withTotal,
        loadKwh: loadTotal,
        generationKwh: generationTotal,
        selfConsumedKwh: selfConsumed,
        importKwh: total((m) => m.importKwh),
        exportKwh: total((m) => m.exportKwh),
        curtailedKwh: total((m) => m.curtailedKwh),
        selfConsumptionPct: generationTotal > 0 ? (selfConsumed / generationTotal) * 100 : 0,
        selfSufficiencyPct: loadTotal > 0 ? (selfConsumed / loadTotal) * 100 : 0,
        carryOut: result.carry,
      };
    },
  };
}

/** One year's bills with and without the system. */
export function billYear(input: BillYearInput): YearBill {
  const engine = createBillEngine(input.rate, input.exportRule, input.loadKwh.length, input.generationKwh.length, input.firstWeekday);
  return engine.year(input.loadKwh, input.generationKwh, 1, 1, input.rateScale ?? 1, input.carryIn);
}
