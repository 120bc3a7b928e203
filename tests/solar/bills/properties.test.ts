/**
 * Properties of the bills that hold for any load and generation (fast-check): a year is built from a random daily
 * shape of each, scaled day by day, so that every run covers all months, weekdays and weekends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billYear, type ExportRuleKind } from '../../../src/solar/bills/bill.ts';
import type { UrdbRate } from '../../../src/solar/bills/tariff.ts';

const shape = fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 24, maxLength: 24 });
const daily = fc.array(fc.double({ min: 0.2, max: 1.5, noNaN: true }), { minLength: 7, maxLength: 7 });
const year = (hours: number[], days: number[]) => Float64Array.from({ length: 8760 }, (_, i) => hours[i % 24]! * days[Math.floor(i / 24) % 7]!);
const schedule = (period: (h: number) => number) => Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => period(h)));

const flatRate = (price: number, fixed: number): UrdbRate => ({
  energyratestructure: [[{ rate: price }]],
  energyweekdayschedule: schedule(() => 0),
  energyweekendschedule: schedule(() => 0),
  fixedchargefirstmeter: fixed,
  fixedchargeunits: '$/month',
});
/** A TOU tariff with two tiers and a demand charge, to exercise every part of a bill. */
const touRate: UrdbRate = {
  energyratestructure: [
    [{ max: 300, rate: 0.1 }, { rate: 0.14 }],
    [{ max: 300, rate: 0.25 }, { rate: 0.3 }],
  ],
  energyweekdayschedule: schedule((h) => (h >= 16 && h < 21 ? 1 : 0)),
  energyweekendschedule: schedule(() => 0),
  flatdemandstructure: [[{ rate: 8 }]],
  flatdemandmonths: Array<number>(12).fill(0),
};
const rules: ExportRuleKind[] = ['net_metering', 'net_metering_dollars', 'net_billing', 'net_billing_carryover', 'buy_all_sell_all', 'none'];
const exportRule = (rule: ExportRuleKind, sellRatePerKwh = 0.05) => ({ rule, sellRatePerKwh, trueUpMonth: 12, yearEndRatePerKwh: 0.03 });

describe('bills (fast-check)', () => {
  it('a flat price, bought and sold alike under net billing, saves generation × price', () => {
    fc.assert(
      fc.property(shape, daily, shape, daily, fc.double({ min: 0.01, max: 0.5, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), (loadShape, loadDays, pvShape, pvDays, price, fixed) => {
        const generationKwh = year(pvShape, pvDays);
        const bill = billYear({ rate: flatRate(price, fixed), exportRule: exportRule('net_billing', price), loadKwh: year(loadShape, loadDays), generationKwh });
        expect(bill.savings).toBeCloseTo(bill.generationKwh * price, 6);
      }),
      { numRuns: 30 },
    );
  });

  it('doubling the load never lowers self-consumption', () => {
    fc.assert(
      fc.property(shape, daily, shape, daily, fc.constantFrom(...rules), (loadShape, loadDays, pvShape, pvDays, rule) => {
        const loadKwh = year(loadShape, loadDays);
        const generationKwh = year(pvShape, pvDays);
        const once = billYear({ rate: touRate, exportRule: exportRule(rule), loadKwh, generationKwh });
        const twice = billYear({ rate: touRate, exportRule: exportRule(rule), loadKwh: loadKwh.map((l) => l * 2), generationKwh });
        expect(twice.selfConsumedKwh).toBeGreaterThanOrEqual(once.selfConsumedKwh - 1e-9);
        expect(twice.selfConsumptionPct).toBeGreaterThanOrEqual(once.selfConsumptionPct - 1e-9);
      }),
      { numRuns: 30 },
    );
  });

  it('with no export credit, the surplus is reported curtailed, nothing is exported and nothing credited', () => {
    fc.assert(
      fc.property(shape, daily, shape, daily, (loadShape, loadDays, pvShape, pvDays) => {
        const loadKwh = year(loadShape, loadDays);
        const generationKwh = year(pvShape, pvDays);
        const bill = billYear({ rate: touRate, exportRule: exportRule('none', 0.2), loadKwh, generationKwh });
        const surplus = generationKwh.reduce((sum, g, i) => sum + Math.max(g - loadKwh[i]!, 0), 0);
        expect(bill.curtailedKwh).toBeCloseTo(surplus, 6);
        expect(bill.exportKwh).toBe(0);
        expect(bill.months.every((m) => m.with.credits === 0)).toBe(true);
        expect(bill.importKwh - bill.exportKwh).toBeCloseTo(bill.loadKwh - bill.generationKwh + bill.curtailedKwh, 6);
      }),
      { numRuns: 30 },
    );
  });

  it('every rule keeps a month’s total its charges less its credits, and its energy flows balanced', () => {
    fc.assert(
      fc.property(shape, daily, shape, daily, fc.constantFrom(...rules), (loadShape, loadDays, pvShape, pvDays, rule) => {
        const bill = billYear({ rate: touRate, exportRule: exportRule(rule), loadKwh: year(loadShape, loadDays), generationKwh: year(pvShape, pvDays) });
        for (const m of bill.months) {
          expect(m.with.total).toBeCloseTo(m.with.energy + m.with.demand + m.with.fixed + m.with.minimum - m.with.credits, 9);
          expect(m.importKwh - m.exportKwh - m.curtailedKwh).toBeCloseTo(m.loadKwh - m.generationKwh, 6);
        }
      }),
      { numRuns: 30 },
    );
  });
});
