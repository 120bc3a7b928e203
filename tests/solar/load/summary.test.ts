import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOAD_SHAPES, loadFromShape } from '../../../src/solar/load/shapes.ts';
import { loadSummary } from '../../../src/solar/load/summary.ts';
import { daysInMonth } from '../../../src/solar/weather/weather-year.ts';

const FEBRUARY_1 = 31 * 24;

describe('the summary of a consumption year', () => {
  it('adds up a few hours by hand', () => {
    const year = new Float64Array(8760);
    year[0] = 1; // 1 January 00:00
    year[24] = 3; // 2 January 00:00
    year[FEBRUARY_1 + 5] = 2; // 1 February 05:00
    year[8759] = 0.5; // 31 December 23:00
    const summary = loadSummary(year);
    expect(summary.annualKwh).toBe(6.5);
    expect(summary.monthlyKwh).toEqual([4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5]);
    expect(summary.peakKw).toBe(3);
    expect(summary.averageDayKwh).toHaveLength(12);
    expect(summary.averageDayKwh[0]?.[0]).toBeCloseTo(4 / 31, 12);
    expect(summary.averageDayKwh[1]?.[5]).toBeCloseTo(2 / 28, 12);
    expect(summary.averageDayKwh[11]?.[23]).toBeCloseTo(0.5 / 31, 12);
    expect(summary.averageDayKwh.flat().filter((kwh) => kwh > 0)).toHaveLength(3);
  });

  it('adds quarter-hours into hours, and takes the peak demand from the largest quarter-hour', () => {
    const year = new Float64Array(35_040);
    year.fill(0.5, 0, 4); // 2 kWh in 1 January 00:00–01:00, at 2 kW
    year[4 * 24 * 40 + 4 * 13 + 2] = 1; // 1 kWh in 15 minutes on 10 February at 13:30: 4 kW
    const summary = loadSummary(year);
    expect(summary.annualKwh).toBe(3);
    expect(summary.monthlyKwh.slice(0, 3)).toEqual([2, 1, 0]);
    expect(summary.peakKw).toBe(4);
    expect(summary.averageDayKwh[0]?.[0]).toBeCloseTo(2 / 31, 12);
    expect(summary.averageDayKwh[1]?.[13]).toBeCloseTo(1 / 28, 12);
  });

  it('refuses a series that is not a year of hours or quarter-hours', () => {
    for (const length of [0, 12, 8759, 8784, 17_520]) expect(() => loadSummary(new Float64Array(length))).toThrow(RangeError);
  });

  it('agrees with itself on any shaped year: months add to the year, average days to their months', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOAD_SHAPES), fc.double({ min: 1, max: 1e8, noNaN: true }), fc.integer({ min: 0, max: 6 }), (shape, annualKwh, firstWeekday) => {
        const year = loadFromShape(shape, annualKwh, { firstWeekday });
        const { annualKwh: total, monthlyKwh, peakKw, averageDayKwh } = loadSummary(year);
        expect(total).toBeCloseTo(annualKwh, 6 - Math.ceil(Math.log10(annualKwh)));
        expect(monthlyKwh.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6 - Math.ceil(Math.log10(annualKwh)));
        averageDayKwh.forEach((day, month) => expect(day.reduce((a, b) => a + b, 0) * daysInMonth(month + 1)).toBeCloseTo(monthlyKwh[month] ?? NaN, 6 - Math.ceil(Math.log10(annualKwh))));
        expect(peakKw).toBe(Math.max(...year));
        expect(peakKw).toBeGreaterThan(total / 8760);
      }),
      { numRuns: 30 },
    );
  });
});
