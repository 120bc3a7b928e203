/**
 * Time-series sell rates (SAM's ur_en_ts_sell_rate / ur_ts_sell_rate): each step's export is worth its own price, under
 * the rules that value exports step by step, escalating with the tariff. Hand-computed on docs/bills.md's worked
 * example, and SSC's published figure for a time-series sell rate (lib_utility_rate_test.cpp, test_ts_sell_only).
 */
import { describe, expect, it } from 'vitest';
import { billYear, type ExportRule, type ExportRuleKind } from '../../../src/solar/bills/bill.ts';
import { billsOverYears } from '../../../src/solar/bills/lifetime.ts';
import type { UrdbRate } from '../../../src/solar/bills/tariff.ts';

const HOURS = 8760;
const peakWeekdays = Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0)));
const allOffPeak = Array.from({ length: 12 }, () => Array<number>(24).fill(0));
/** The worked example's tariff: $0.10 off-peak, $0.30 on weekdays 16:00–21:00, $10 a month. */
const example: UrdbRate = { energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.3 }]], energyweekdayschedule: peakWeekdays, energyweekendschedule: allOffPeak, fixedchargefirstmeter: 10, fixedchargeunits: '$/month' };
/** 1 kWh every hour; 4 kWh from the panels 10:00–14:00: 3 kWh exported in each of those hours. */
const load = new Float64Array(HOURS).fill(1);
const generation = Float64Array.from({ length: HOURS }, (_, i) => (i % 24 >= 10 && i % 24 < 14 ? 4 : 0));
/** $0.02, $0.04, $0.10 and $0.12 in the four sunny hours (0.28 in all); $0.50 in the others, where nothing is exported. */
const sunnyHourRates: Record<number, number> = { 10: 0.02, 11: 0.04, 12: 0.1, 13: 0.12 };
const hourlyRates = Float64Array.from({ length: HOURS }, (_, i) => sunnyHourRates[i % 24] ?? 0.5);
const withRates = (kind: ExportRuleKind, rates: ArrayLike<number> = hourlyRates): ExportRule => ({ rule: kind, sellRatePerKwh: 0.05, trueUpMonth: 12, yearEndRatePerKwh: 0, hourlySellRatePerKwh: rates });
const january = (rule: ExportRule, loadKwh: ArrayLike<number> = load, generationKwh: ArrayLike<number> = generation) => billYear({ rate: example, exportRule: rule, loadKwh, generationKwh }).months[0]!;

describe('hourly sell rates on the worked example (January: 31 days, 23 weekdays)', () => {
  it('net billing: the 372 kWh exported earn 31 × 3 × 0.28 = $26.04 in place of the flat $0.05, and the bill is $68.96', () => {
    const month = january(withRates('net_billing'));
    expect(month.with.energy).toBeCloseTo(85, 9); // 115 × 0.30 + 505 × 0.10, as without hourly rates
    expect(month.with.credits).toBeCloseTo(26.04, 9);
    expect(month.with.total).toBeCloseTo(85 + 10 - 26.04, 9);
    expect(month.exportKwh).toBe(372);
    // The bill without the system exports nothing: the rates do not touch it.
    expect(month.without.total).toBeCloseTo(107.4, 9);
  });

  it('net billing with carry-over: January earns $26.04 and February spends it', () => {
    const year = billYear({ rate: example, exportRule: withRates('net_billing_carryover'), loadKwh: load, generationKwh: generation });
    expect(year.months[0]!.with.credits).toBe(0);
    expect(year.months[0]!.with.total).toBeCloseTo(95, 9);
    expect(year.months[1]!.with.credits).toBeCloseTo(26.04, 9);
  });

  it('buy all – sell all: all 496 kWh generated are sold at their hours’ rates, 31 × 4 × 0.28 = $34.72', () => {
    const month = january(withRates('buy_all_sell_all'));
    expect(month.with.credits).toBeCloseTo(34.72, 9);
    expect(month.with.total).toBeCloseTo(107.4 - 34.72, 9);
  });

  it('escalates with the tariff: in year 2 at 10 % a year every rate, bought or sold, is 1.1 times year 1’s', () => {
    const { years } = billsOverYears({ rate: example, exportRule: withRates('net_billing'), loadKwh: load, generationKwh: generation, analysisYears: 2, degradationPctPerYear: 0, loadGrowthPctPerYear: 0, escalationPct: 10, inflationPct: 0 });
    expect(years[1]!.billWith).toBeCloseTo(years[0]!.billWith * 1.1, 6);
    expect(years[1]!.savings).toBeCloseTo(years[0]!.savings * 1.1, 6);
  });

  it('35,040 quarter-hour rates against hourly energy: the hour is spread over its quarters, each at its rate', () => {
    // 10:00–11:00 at $0.01, $0.02, $0.03, $0.04 (mean $0.025); every other quarter-hour at 0.
    const quarters = Float64Array.from({ length: 4 * HOURS }, (_, q) => (Math.floor(q / 4) % 24 === 10 ? 0.01 * ((q % 4) + 1) : 0));
    const month = january(withRates('net_billing', quarters));
    expect(month.with.credits).toBeCloseTo(31 * 3 * 0.025, 9);
    expect(month.with.energy).toBeCloseTo(85, 9);
    expect(month).toMatchObject({ exportKwh: 372, importKwh: 620 });
  });

  it('hourly rates against quarter-hour generation: each hour’s rate holds for its four quarters (SAM repeats it)', () => {
    const quarterGeneration = Float64Array.from({ length: 4 * HOURS }, (_, q) => generation[Math.floor(q / 4)]! / 4);
    expect(january(withRates('net_billing'), load, quarterGeneration).with.credits).toBeCloseTo(26.04, 9);
  });

  it('is refused under net metering and `none`, as SAM refuses time-series rates there, and at a wrong length or a non-finite rate', () => {
    expect(() => january(withRates('net_metering'))).toThrow(/SAM refuses time-series rates under net metering/);
    expect(() => january(withRates('net_metering_dollars'))).toThrow(/not net_metering_dollars/);
    expect(() => january(withRates('none'))).toThrow(/not none/);
    expect(() => january(withRates('net_billing', new Float64Array(HOURS + 1)))).toThrow(/hourlySellRatePerKwh must have 8760 × n values/);
    expect(() => january(withRates('net_billing', Float64Array.from(hourlyRates, (rate, i) => (i === 5 ? Number.NaN : rate))))).toThrow(/finite/);
  });
});

describe("SSC's time-series sell rate figure (lib_utility_rate_test.cpp, test_ts_sell_only)", () => {
  // shared_rate_data.cpp set_up_time_series: January weekdays 0:00–15:00 are period 1 at $0.10 (0-based period 0);
  // sell rate of hour i = i % 4. The forecast over 1 January 0:00–8:00 (a Monday), + to the grid, − from it:
  // 50, −100, −50, −50, −25, 25, 50, 100. SSC: −402.50 = 225 kWh × $0.10 − (50 × 0 + 25 × 1 + 50 × 2 + 100 × 3).
  const weekday = Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => (h >= 15 && h < 20 ? 3 : 0)));
  const rate: UrdbRate = { energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.075 }], [{ rate: 0.2 }], [{ rate: 0.4 }]], energyweekdayschedule: weekday, energyweekendschedule: allOffPeak };
  const forecast = [50, -100, -50, -50, -25, 25, 50, 100];
  const net = Float64Array.from({ length: HOURS }, (_, i) => forecast[i] ?? 0);

  it('bills the eight hours at −$402.50', () => {
    const month = billYear({
      rate,
      exportRule: { rule: 'net_billing', sellRatePerKwh: 0, trueUpMonth: 12, yearEndRatePerKwh: 0, hourlySellRatePerKwh: Float64Array.from({ length: HOURS }, (_, i) => i % 4) },
      loadKwh: net.map((e) => Math.max(-e, 0)),
      generationKwh: net.map((e) => Math.max(e, 0)),
    }).months[0]!;
    expect(month.with.energy).toBeCloseTo(22.5, 9);
    expect(month.with.credits).toBeCloseTo(425, 9);
    expect(Math.abs(month.with.total - -402.5)).toBeLessThan(0.02);
  });
});
