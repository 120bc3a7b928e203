import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadShape } from '../../../src/solar/load/shapes.ts';
import { LOAD_SHAPE_INFO, LOAD_SHAPES, loadFromShape, spreadMonthlyTotals } from '../../../src/solar/load/shapes.ts';
import { loadSummary } from '../../../src/solar/load/summary.ts';
import { HOURS_PER_YEAR } from '../../../src/solar/weather/weather-year.ts';

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);
const dayOf = (series: Float64Array, day: number) => Array.from(series.subarray(day * 24, day * 24 + 24));
const shapeArbitrary = fc.constantFrom(...LOAD_SHAPES);
const optionsArbitrary = fc.record({ firstWeekday: fc.integer({ min: 0, max: 6 }), southernHemisphere: fc.boolean() });
/** Day of the year (0-364) of the first day of each month in a non-leap year. */
const JANUARY_1 = 0;
const JULY_1 = 181;

describe('a consumption year from a load shape', () => {
  it.each(LOAD_SHAPES)('gives 8760 hours summing to the annual kWh, none negative (%s)', (shape) => {
    const year = loadFromShape(shape, 12_000);
    expect(year).toHaveLength(HOURS_PER_YEAR);
    expect(sum(year)).toBeCloseTo(12_000, 6);
    expect(Math.min(...year)).toBeGreaterThan(0);
  });

  it('keeps any positive annual kWh, on any weekday and in either hemisphere, with no negative hour', () => {
    fc.assert(
      fc.property(shapeArbitrary, fc.double({ min: 1e-3, max: 1e9, noNaN: true }), optionsArbitrary, (shape, annualKwh, options) => {
        const year = loadFromShape(shape, annualKwh, options);
        expect(Math.abs(sum(year) - annualKwh)).toBeLessThanOrEqual(annualKwh * 1e-12);
        expect(year.every((kwh) => kwh >= 0)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('gives an empty year for zero and refuses a negative, NaN or infinite total or a weekday outside 0-6', () => {
    expect(sum(loadFromShape('office', 0))).toBe(0);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => loadFromShape('office', bad)).toThrow(RangeError);
    for (const firstWeekday of [-1, 7, 1.5]) expect(() => loadFromShape('office', 1000, { firstWeekday })).toThrow(/firstWeekday/);
  });

  it('runs the shifts on the weekdays that firstWeekday gives (Monday = 0), the base load on weekends', () => {
    for (let firstWeekday = 0; firstWeekday <= 6; firstWeekday++) {
      const year = loadFromShape('factory_one_shift', 10_000, { firstWeekday });
      const shiftKwh = Math.max(...year);
      const level = (hour: number) => ((year[hour] ?? NaN) / shiftKwh > 0.5 ? 'shift' : 'base');
      const noons = Array.from({ length: 365 }, (_, day) => level(day * 24 + 12));
      expect(noons).toEqual(Array.from({ length: 365 }, (_, day) => ((firstWeekday + day) % 7 >= 5 ? 'base' : 'shift')));
      expect(new Set(Array.from({ length: 365 }, (_, day) => level(day * 24 + 3)))).toEqual(new Set(['base']));
      expect(Math.min(...year) / shiftKwh).toBeCloseTo(0.2, 12);
    }
  });

  it('starts a year on a Monday by default, as SAM does', () => {
    expect(loadFromShape('office', 1000)).toEqual(loadFromShape('office', 1000, { firstWeekday: 0 }));
    const year = loadFromShape('factory_three_shift', 1000);
    expect(dayOf(year, 4)[2]).toBeGreaterThan(dayOf(year, 5)[2] ?? Infinity); // Friday night runs, Saturday's does not
  });

  it('tells Saturday from Sunday where the source does: an office opens on Saturday morning, a store opens late on Sunday', () => {
    const office = loadFromShape('office', 100_000, { firstWeekday: 5 }); // 1 January is a Saturday
    expect(dayOf(office, 0)[9]).toBeGreaterThan(2 * (dayOf(office, 1)[9] ?? 0));
    expect(dayOf(office, 2)[9]).toBeGreaterThan(dayOf(office, 0)[9] ?? Infinity); // Monday above Saturday
    const retail = loadFromShape('retail', 100_000, { firstWeekday: 5 });
    expect(dayOf(retail, 0)[8]).toBeGreaterThan(2 * (dayOf(retail, 1)[8] ?? 0));
    expect(dayOf(retail, 1)[13]).toBeGreaterThan(dayOf(retail, 1)[8] ?? Infinity);
  });

  it('peaks a home on winter evenings and summer afternoons, with every day of the week alike', () => {
    const year = loadFromShape('residential', 6000);
    const january = dayOf(year, JANUARY_1);
    const july = dayOf(year, JULY_1);
    expect(january.indexOf(Math.max(...january))).toBe(18);
    expect(july.indexOf(Math.max(...july))).toBe(16);
    expect(dayOf(year, 5)).toEqual(dayOf(year, 6));
    const { monthlyKwh } = loadSummary(year);
    expect(monthlyKwh[6]).toBeGreaterThan(2 * (monthlyKwh[0] ?? Infinity));
  });

  it('moves heating and cooling seasons by six months in the southern hemisphere, and leaves factories alone', () => {
    const north = loadFromShape('residential', 6000);
    const south = loadFromShape('residential', 6000, { southernHemisphere: true });
    const ratios = dayOf(south, JANUARY_1).map((kwh, hour) => kwh / (dayOf(north, JULY_1)[hour] ?? NaN));
    for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0] ?? NaN, 9);
    const southMonths = loadSummary(south).monthlyKwh;
    expect(southMonths[0]).toBeGreaterThan(2 * (southMonths[6] ?? Infinity));
    const office = loadSummary(loadFromShape('office', 1e5, { southernHemisphere: true })).monthlyKwh;
    expect(office[6]).toBeGreaterThan(office[0] ?? Infinity); // the winter (electric reheat) peak moves to July
    for (const shape of ['factory_one_shift', 'factory_three_shift'] as const) {
      expect(loadFromShape(shape, 1000, { southernHemisphere: true })).toEqual(loadFromShape(shape, 1000));
    }
  });

  it.each([
    ['factory_one_shift', 0.39],
    ['factory_three_shift', 0.77],
  ] as const)('has the load factor its source note states (%s: %s)', (shape, loadFactor) => {
    const year = loadFromShape(shape, 8760);
    expect(1 / Math.max(...year)).toBeCloseTo(loadFactor, 2);
    expect(LOAD_SHAPE_INFO[shape].source).toContain(loadFactor.toFixed(2));
  });

  it.each(LOAD_SHAPES)('says where %s comes from, with a date', (shape: LoadShape) => {
    const { label, description, source } = LOAD_SHAPE_INFO[shape];
    expect(label).not.toBe('');
    expect(description).not.toBe('');
    expect(source).toMatch(/\b(19|20)\d\d\b/);
  });
});

describe('monthly totals spread on a shape', () => {
  const monthlyArbitrary = fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 12, maxLength: 12 });

  it('keeps each month’s total, on any shape, weekday and hemisphere', () => {
    fc.assert(
      fc.property(monthlyArbitrary, shapeArbitrary, optionsArbitrary, (monthly, shape, options) => {
        const year = spreadMonthlyTotals(monthly, shape, options);
        expect(year.every((kwh) => kwh >= 0)).toBe(true);
        loadSummary(year).monthlyKwh.forEach((kwh, month) => expect(Math.abs(kwh - (monthly[month] ?? NaN))).toBeLessThanOrEqual(1e-9 * (monthly[month] ?? 0) + 1e-12));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the shape’s hours within each month', () => {
    const shaped = loadFromShape('retail', 50_000, { firstWeekday: 3 });
    const billed = spreadMonthlyTotals([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((kwh) => kwh * 100), 'retail', { firstWeekday: 3 });
    const scale = (billed[JULY_1 * 24] ?? NaN) / (shaped[JULY_1 * 24] ?? NaN);
    for (let hour = JULY_1 * 24; hour < (JULY_1 + 31) * 24; hour++) expect((billed[hour] ?? NaN) / (shaped[hour] ?? NaN)).toBeCloseTo(scale, 9);
  });

  it('refuses anything but 12 finite totals of zero or more', () => {
    expect(() => spreadMonthlyTotals([1, 2, 3], 'office')).toThrow(/12 monthly totals/);
    expect(() => spreadMonthlyTotals([1, 1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1], 'office')).toThrow(/Month 6/);
    expect(() => spreadMonthlyTotals([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, Number.NaN], 'office')).toThrow(/Month 12/);
  });
});
