/**
 * The tariff presets: each a tariff readUrdbRate accepts, and bills under them that agree with the same bills worked by
 * hand from the tariffs' published prices.
 */
import { describe, expect, it } from 'vitest';
import { exportRuleOf } from '../../src/solar/behind-the-meter.ts';
import { billYear } from '../../src/solar/bills/bill.ts';
import { DAYS_IN_MONTH, HOURS_PER_YEAR } from '../../src/solar/bills/compile.ts';
import { readUrdbRate } from '../../src/solar/bills/urdb.ts';
import { TARIFF_PRESETS, type TariffPreset } from '../../src/solar/tariff-presets.ts';

const preset = (id: TariffPreset['id']) => TARIFF_PRESETS.find((p) => p.id === id)!;
/** Each month's kWh spread evenly over its hours. */
const monthly = (kwh: readonly number[]) => Float64Array.from(DAYS_IN_MONTH.flatMap((days, m) => Array.from({ length: days * 24 }, () => kwh[m]! / (days * 24))));
const everyHour = (kwh: number) => new Float64Array(HOURS_PER_YEAR).fill(kwh);
const bill = (p: TariffPreset, loadKwh: Float64Array, generationKwh = everyHour(0)) => billYear({ rate: p.rate, exportRule: exportRuleOf(p.export), loadKwh, generationKwh });

describe.each(TARIFF_PRESETS)('the $id preset', (p) => {
  it('is a tariff readUrdbRate accepts, unchanged by reading', () => {
    expect(readUrdbRate(p.rate)).toEqual({ rate: p.rate });
  });

  it('has 12 × 24 schedules whose every period exists in its structure', () => {
    const pairs = [
      [p.rate.energyratestructure, [p.rate.energyweekdayschedule, p.rate.energyweekendschedule]],
      [p.rate.demandratestructure ?? [], [p.rate.demandweekdayschedule ?? [], p.rate.demandweekendschedule ?? []]],
    ] as const;
    for (const [structure, schedules] of pairs) {
      if (structure.length === 0) continue;
      for (const schedule of schedules) {
        expect(schedule).toHaveLength(12);
        for (const row of schedule) {
          expect(row).toHaveLength(24);
          for (const period of row) expect(structure[period]).toBeDefined();
        }
      }
    }
    for (const period of p.rate.flatdemandmonths ?? []) expect(p.rate.flatdemandstructure?.[period]).toBeDefined();
  });

  it('has tiers whose max increases, only the last one open', () => {
    const structures = [p.rate.energyratestructure, p.rate.demandratestructure ?? [], p.rate.flatdemandstructure ?? []];
    for (const tiers of structures.flat()) {
      const maxima = tiers.map((tier) => tier.max ?? Infinity);
      expect(maxima.slice(0, -1).every(Number.isFinite)).toBe(true);
      maxima.slice(1).forEach((max, t) => expect(max).toBeGreaterThan(maxima[t]!));
    }
  });

  it('names its source, the date its numbers are as of, and what it simplified', () => {
    expect(p.source.length).toBeGreaterThan(40);
    expect(p.retrieved).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
    expect(p.country).toMatch(/^[A-Z]{2}$/);
    expect(p.notes.length).toBeGreaterThan(0);
  });
});

describe('MSEDCL LT-I(B) slabs, billed by hand', () => {
  // ₹ per kWh with wheeling (energy + 1.17): 0–100 at 5.88, 101–300 at 11.46, 301–500 at 15.72, above 500 at 17.81;
  // ₹128 fixed a month.
  const cases = [
    { kwh: 80, bill: 80 * 5.88 + 128 }, // 598.40
    { kwh: 100, bill: 588 + 128 }, // 716.00
    { kwh: 250, bill: 588 + 150 * 11.46 + 128 }, // 2,435.00
    { kwh: 300, bill: 588 + 2292 + 128 }, // 3,008.00
    { kwh: 450, bill: 588 + 2292 + 150 * 15.72 + 128 }, // 5,366.00
    { kwh: 700, bill: 588 + 2292 + 3144 + 200 * 17.81 + 128 }, // 9,714.00
  ];
  const india = preset('in-residential-slab');

  it('agrees with billYear on monthly consumptions across every slab', () => {
    const kwh = [...cases.map((c) => c.kwh), ...cases.map((c) => c.kwh)];
    const year = bill(india, monthly(kwh));
    year.months.forEach((month, m) => {
      expect(month.without.total).toBeCloseTo(cases[m % cases.length]!.bill, 6);
      expect(month.without.fixed).toBeCloseTo(128, 9);
    });
  });

  it('under net metering carries surplus kWh and pays those left in March at ₹3.30', () => {
    // 250 kWh used and 350 made every month: no kWh bought, 100 kWh surplus a month; the financial year closes in March
    // with January to March's 300 kWh, and April to December's 900 kWh are still carried at December.
    const year = bill(india, monthly(Array(12).fill(250)), monthly(Array(12).fill(350)));
    for (const month of year.months) expect(month.with.energy).toBeCloseTo(0, 9);
    expect(year.months[2]!.with.trueUp).toBeCloseTo(300 * 3.3, 6);
    expect(year.months[2]!.with.total).toBeCloseTo(128 - 990, 6);
    expect(year.carryOut.excessKwh).toBeCloseTo(900, 6);
  });
});

describe('PG&E E-19, billed by hand', () => {
  it('charges a steady 100 kW load in July its TOU energy, maximum, part-peak and peak demand, and 31 days of customer charge', () => {
    // The year starts on a Monday (SAM's convention), so July 1st (day 181) is a Sunday: 22 weekdays and 9 weekend days.
    // Weekday: 11 h summer off-peak at $0.08837, 7 h part-peak at $0.11883, 6 h peak at $0.16484; weekend all off-peak.
    const weekday = 100 * (11 * 0.08837 + 7 * 0.11883 + 6 * 0.16484); // $279.292
    const weekend = 100 * 24 * 0.08837; // $212.088
    const july = bill(preset('us-commercial-tou-demand'), everyHour(100)).months[6]!.without;
    expect(july.energy).toBeCloseTo(22 * weekday + 9 * weekend, 6); // $8,053.216
    expect(july.demand).toBeCloseTo(100 * (19.53 + 5.81 + 20.97), 6); // $4,631
    expect(july.fixed).toBeCloseTo(31 * 19.71253, 6); // $611.08843
  });
});

describe('EDF Tarif Bleu Base 6 kVA, billed by hand', () => {
  it('bills a month its kWh at €0.1952 plus a twelfth of €185.64, and pays each hour\'s surplus at €0.04', () => {
    const france = preset('eu-residential-flat');
    const without = bill(france, everyHour(0.5)).months[0]!.without;
    expect(without.total).toBeCloseTo(744 * 0.5 * 0.1952 + 185.64 / 12, 6); // €72.6144 + €15.47
    // 1 kWh made and 0.5 kWh used every hour: nothing bought, 372 kWh sold in January.
    const withSolar = bill(france, everyHour(0.5), everyHour(1)).months[0]!.with;
    expect(withSolar.credits).toBeCloseTo(372 * 0.04, 6);
    expect(withSolar.total).toBeCloseTo(185.64 / 12 - 372 * 0.04, 6);
  });
});
