/**
 * The bill engine's conventions on cases small enough to work by hand (docs/bills.md): the worked example, the
 * Monday start, charges by unit, sell rates, mixed resolutions, demand from power, energy flows and the years.
 */
import { describe, expect, it } from 'vitest';
import { billYear, type BillYearInput, type ExportRule, type ExportRuleKind } from '../../../src/solar/bills/bill.ts';
import { billsOverYears } from '../../../src/solar/bills/lifetime.ts';
import type { UrdbRate } from '../../../src/solar/bills/tariff.ts';

const HOURS = 8760;
const rule = (kind: ExportRuleKind, sellRatePerKwh = 0.05): ExportRule => ({ rule: kind, sellRatePerKwh, trueUpMonth: 12, yearEndRatePerKwh: 0.02 });
/** Period 1 (peak) on weekdays 16:00–21:00, period 0 otherwise, every month. */
const peakWeekdays = Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0)));
const allOffPeak = Array.from({ length: 12 }, () => Array<number>(24).fill(0));
/** The worked example's tariff: $0.10 off-peak, $0.30 peak, $10 a month. */
const example: UrdbRate = {
  energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.3 }]],
  energyweekdayschedule: peakWeekdays,
  energyweekendschedule: allOffPeak,
  fixedchargefirstmeter: 10,
  fixedchargeunits: '$/month',
};
/** 1 kWh every hour; 4 kWh from the panels 10:00–14:00 every day. */
const load = new Float64Array(HOURS).fill(1);
const generation = Float64Array.from({ length: HOURS }, (_, i) => (i % 24 >= 10 && i % 24 < 14 ? 4 : 0));
const bill = (input: Partial<BillYearInput> & { exportRule: ExportRule }) => billYear({ rate: example, loadKwh: load, generationKwh: generation, ...input });

describe('the worked example of docs/bills.md (January)', () => {
  it('without the system: 115 peak kWh and 629 off-peak kWh, $107.40 with the fixed charge', () => {
    const { without } = bill({ exportRule: rule('net_billing') }).months[0]!;
    expect(without).toMatchObject({ demand: 0, fixed: 10, minimum: 0 });
    expect(without.energy).toBeCloseTo(97.4, 9);
    expect(without.total).toBeCloseTo(107.4, 9);
  });

  it('net billing: imports $85.00, 372 kWh sold at $0.05, $76.40', () => {
    const january = bill({ exportRule: rule('net_billing') }).months[0]!;
    expect(january.with).toMatchObject({ demand: 0, fixed: 10, minimum: 0, trueUp: 0 });
    expect(january.with.energy).toBeCloseTo(85, 9);
    expect(january.with.credits).toBeCloseTo(18.6, 9);
    expect(january.with.total).toBeCloseTo(76.4, 9);
    expect(january).toMatchObject({ loadKwh: 744, generationKwh: 496, selfConsumedKwh: 124, importKwh: 620, exportKwh: 372, curtailedKwh: 0 });
  });

  it('net metering: the 372 kWh exported offset off-peak imports, $57.80', () => {
    const january = bill({ exportRule: rule('net_metering') }).months[0]!;
    expect(january.with.energy).toBeCloseTo(115 * 0.3 + (505 - 372) * 0.1, 9);
    expect(january.with.total).toBeCloseTo(57.8, 9);
  });

  it('no export credit: the surplus is curtailed and earns nothing, $95.00', () => {
    const january = bill({ exportRule: rule('none') }).months[0]!;
    expect(january).toMatchObject({ exportKwh: 0, curtailedKwh: 372, importKwh: 620 });
    expect(january.with.total).toBeCloseTo(95, 9);
  });
});

describe('calendar and charges', () => {
  it('starts the year on a Monday unless told otherwise: from a Sunday, January has 22 weekdays, not 23', () => {
    const monday = bill({ exportRule: rule('net_billing') }).months[0]!;
    const sunday = bill({ exportRule: rule('net_billing'), firstWeekday: 6 }).months[0]!;
    expect(monday.without.energy).toBeCloseTo(23 * 5 * 0.3 + (744 - 115) * 0.1, 9);
    expect(sunday.without.energy).toBeCloseTo(22 * 5 * 0.3 + (744 - 110) * 0.1, 9);
  });

  it('charges $/day fixed charges by the days of the month, $/year ones by twelfths, and a $/year minimum in December', () => {
    const daily = bill({ rate: { ...example, fixedchargefirstmeter: 1, fixedchargeunits: '$/day' }, exportRule: rule('net_billing') });
    expect(daily.months.map((m) => m.without.fixed)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    const yearly = bill({ rate: { ...example, fixedchargefirstmeter: 120, fixedchargeunits: '$/year' }, exportRule: rule('net_billing') });
    expect(yearly.months.every((m) => m.with.fixed === 10)).toBe(true);
    // Sold at $1/kWh every month's bill is a credit, floored at zero for the minimum: December is topped up by $2,000.
    const minimum = bill({ rate: { ...example, mincharge: 2000, minchargeunits: '$/year' }, exportRule: rule('net_billing', 1) });
    expect(minimum.months.map((m) => m.with.minimum)).toEqual([...Array<number>(11).fill(0), 2000]);
  });

  it('escalates every price and charge by rateScale', () => {
    const base = bill({ exportRule: rule('net_billing') });
    const later = bill({ exportRule: rule('net_billing'), rateScale: 1.1 });
    expect(later.withoutTotal).toBeCloseTo(base.withoutTotal * 1.1, 9);
    expect(later.withTotal).toBeCloseTo(base.withTotal * 1.1, 9);
  });

  it('sells at the tier’s sell rate where it gives one (0 included), else at the rule’s', () => {
    const credits = (sell: number | undefined) => {
      const rate: UrdbRate = { ...example, energyratestructure: [[{ rate: 0.1, ...(sell === undefined ? {} : { sell }) }], [{ rate: 0.3 }]] };
      return bill({ rate, exportRule: rule('net_billing', 0.05) }).months[0]!.with.credits;
    };
    expect(credits(undefined)).toBeCloseTo(372 * 0.05, 9);
    expect(credits(0.08)).toBeCloseTo(372 * 0.08, 9);
    expect(credits(0)).toBe(0);
  });
});

describe('resolution, demand and flows', () => {
  it('spreads hourly load over 15-minute generation and counts self-consumption at 15 minutes', () => {
    // All of an hour's 1 kWh of generation in its first quarter, against 0.25 kWh of load each quarter.
    const quarters = Float64Array.from({ length: HOURS * 4 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const year = billYear({ rate: example, exportRule: rule('net_billing'), loadKwh: load, generationKwh: quarters });
    expect(year.selfConsumedKwh).toBeCloseTo(HOURS * 0.25, 6);
    expect(year.exportKwh).toBeCloseTo(HOURS * 0.75, 6);
    expect(year.selfConsumptionPct).toBeCloseTo(25, 9);
    expect(year.selfSufficiencyPct).toBeCloseTo(25, 9);
  });

  it('takes demand as power: 2 kWh in a quarter hour is a 8 kW peak', () => {
    const rate: UrdbRate = { ...example, flatdemandstructure: [[{ rate: 10 }]], flatdemandmonths: Array<number>(12).fill(0) };
    const quarters = new Float64Array(HOURS * 4).fill(0.25);
    quarters[100] = 2;
    const year = billYear({ rate, exportRule: rule('net_billing'), loadKwh: quarters, generationKwh: new Float64Array(HOURS) });
    expect(year.months[0]!.without.demand).toBeCloseTo(80, 9);
    expect(year.months[1]!.without.demand).toBeCloseTo(10, 9);
  });

  it('buy all – sell all: nothing is self-consumed, all load bought and all generation sold', () => {
    const year = bill({ exportRule: rule('buy_all_sell_all') });
    const january = year.months[0]!;
    expect(january).toMatchObject({ selfConsumedKwh: 0, importKwh: 744, exportKwh: 496 });
    expect(january.with.total).toBeCloseTo(january.without.total - 496 * 0.05, 9);
  });

  it('refuses series that are not whole years of steps, resolutions that do not divide, negative loads and missing values', () => {
    expect(() => billYear({ rate: example, exportRule: rule('net_billing'), loadKwh: new Float64Array(8761), generationKwh: generation })).toThrow(/loadKwh must have 8760 × n/);
    expect(() => billYear({ rate: example, exportRule: rule('net_billing'), loadKwh: new Float64Array(HOURS * 2), generationKwh: new Float64Array(HOURS * 3) })).toThrow(/must divide/);
    expect(() => billYear({ rate: example, exportRule: rule('net_billing'), loadKwh: new Float64Array(HOURS).fill(-1), generationKwh: generation })).toThrow(/loadKwh must be numbers ≥ 0/);
    expect(() => billYear({ rate: example, exportRule: rule('net_billing'), loadKwh: load, generationKwh: new Float64Array(HOURS).fill(NaN) })).toThrow(/generationKwh numbers/);
  });
});

describe('years', () => {
  const input = { rate: example, exportRule: { ...rule('net_metering'), trueUpMonth: 5, rolloverTrueUp: true }, loadKwh: load, generationKwh: Float64Array.from(generation, (g) => g * 2) };

  it('scales rates by (1 + inflation + escalation)^(y−1), generation by degradation and load by growth, carrying credits over', () => {
    const { year1, years } = billsOverYears({ ...input, analysisYears: 3, degradationPctPerYear: 0.5, loadGrowthPctPerYear: 1, escalationPct: 1, inflationPct: 2.5 });
    let carryIn = undefined;
    for (const [index, year] of years.entries()) {
      const expected = billYear({
        ...input,
        loadKwh: Float64Array.from(load, (l) => l * 1.01 ** index),
        generationKwh: Float64Array.from(input.generationKwh, (g) => g * 0.995 ** index),
        rateScale: 1.035 ** index,
        carryIn,
      });
      expect(year.year).toBe(index + 1);
      const pairs = [[year.billWithout, expected.withoutTotal], [year.billWith, expected.withTotal], [year.savings, expected.savings], [year.generationKwh, expected.generationKwh], [year.loadKwh, expected.loadKwh]];
      for (const [ours, theirs] of pairs) expect(ours).toBeCloseTo(theirs!, 6);
      carryIn = expected.carryOut;
    }
    expect(year1.withTotal).toBe(years[0]!.billWith);
    // December's off-peak surplus kWh roll into year 2's January.
    expect(year1.carryOut.surplusKwh[0]).toBeGreaterThan(0);
  });
});
