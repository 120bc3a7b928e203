/**
 * Reading OpenEI URDB items: a whole item of the API's shape, every problem named by its field, and the round trip of
 * valid structures (property tests with fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billYear } from '../../../src/solar/bills/bill.ts';
import type { EnergyTier, UrdbRate } from '../../../src/solar/bills/tariff.ts';
import { readUrdbRate } from '../../../src/solar/bills/urdb.ts';
import item from '../../fixtures/sam-utilityrate/openei-item-illustrative.json' with { type: 'json' };

const flat = (period: number) => Array.from({ length: 12 }, () => Array<number>(24).fill(period));
const simple = (): UrdbRate => ({ energyratestructure: [[{ rate: 0.1 }]], energyweekdayschedule: flat(0), energyweekendschedule: flat(0) });
const problemsOf = (raw: unknown) => {
  const read = readUrdbRate(raw);
  return 'problems' in read ? read.problems : [];
};

describe('an OpenEI item (tests/fixtures/sam-utilityrate/openei-item-illustrative.json, illustrative numbers)', () => {
  const read = readUrdbRate(item);
  const rate = 'rate' in read ? read.rate : undefined;

  it('reads the tariff, absent fields given as null included, other fields ignored', () => {
    expect(rate).toBeDefined();
    expect(rate!.energyratestructure).toEqual([
      [{ unit: 'kWh', rate: 0.08, adj: 0.005 }],
      [{ unit: 'kWh', rate: 0.11, adj: 0.005 }],
      [{ unit: 'kWh', rate: 0.09, adj: 0.005 }],
      [{ unit: 'kWh', rate: 0.16, adj: 0.005, sell: 0.05 }],
    ]);
    expect(rate!.flatdemandstructure).toEqual([[{ rate: 12 }], [{ max: 500, rate: 14 }, { rate: 11 }]]);
    expect(rate!.flatdemandmonths).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0]);
    expect(rate).toMatchObject({ fixedchargefirstmeter: 45, fixedchargeunits: '$/month' });
    expect(Object.keys(rate!).sort()).toEqual(
      ['demandratestructure', 'demandweekdayschedule', 'demandweekendschedule', 'energyratestructure', 'energyweekdayschedule', 'energyweekendschedule', 'fixedchargefirstmeter', 'fixedchargeunits', 'flatdemandmonths', 'flatdemandstructure'].sort(),
    );
  });

  it('bills a constant 100 kW load as worked by hand: January $7,983.00 and July $10,287.00', () => {
    const year = billYear({ rate: rate!, exportRule: { rule: 'net_billing', sellRatePerKwh: 0, trueUpMonth: 12, yearEndRatePerKwh: 0 }, loadKwh: new Float64Array(8760).fill(100), generationKwh: new Float64Array(8760) });
    // January (Monday the 1st): 23 weekdays × 6 on-peak hours; 100 kW × $12 flat demand; no winter TOU demand charge.
    const january = 138 * 100 * 0.115 + 606 * 100 * 0.085 + 100 * 12 + 45;
    // July (Sunday the 1st): 22 weekdays × 6 on-peak hours; 100 kW in the first $14 flat tier; $8.50 on-peak demand.
    const july = 132 * 100 * 0.165 + 612 * 100 * 0.095 + 100 * 14 + 100 * 8.5 + 45;
    expect(year.months[0]!.without.total).toBeCloseTo(january, 6);
    expect(year.months[6]!.without.total).toBeCloseTo(july, 6);
    expect(year.months[6]!.without.demand).toBeCloseTo(2250, 6);
  });
});

describe('problems, each with its field', () => {
  it('lists every problem of a broken item', () => {
    const broken = {
      energyratestructure: [[{ rate: -1 }, { max: 100, rate: 0.2 }], [{ max: 'lots', unit: 'MWh', rate: 0.1 }]],
      energyweekdayschedule: flat(0).slice(0, 11),
      energyweekendschedule: flat(0).map((row, m) => (m === 2 ? row.map((_, h) => (h === 5 ? 7 : 0)) : row)),
      flatdemandstructure: [[{ rate: 5 }]],
      fixedchargeunits: '$/week',
    };
    expect(problemsOf(broken)).toEqual([
      // What is not even a number comes first, then the checks of the numbers.
      { field: 'energyratestructure[1][0].max', message: 'must be a number, not text ("lots")' },
      { field: 'energyratestructure[0][0].rate', message: 'must be a number from 0 to 100 (per kWh)' },
      { field: 'energyratestructure[0][1].max', message: 'follows tier 0, which has no max (unbounded) and the same unit' },
      { field: 'energyratestructure[1][0].unit', message: 'must be one of kWh, kWh/kW, kWh daily, kWh/kW daily' },
      { field: 'energyweekdayschedule', message: 'has 11 months: give 12 months × 24 hours of period indices' },
      { field: 'energyweekendschedule[2][5]', message: 'March, 05:00: must be a period of energyratestructure (0 to 1)' },
      { field: 'flatdemandmonths', message: 'is missing: give 12, January to December, each a period of flatdemandstructure' },
      { field: 'fixedchargeunits', message: 'must be one of $/month, $/day, $/year' },
    ]);
  });

  it('refuses a number written as text, and every number out of its range (docs/bills.md, "Input bounds")', () => {
    const tier = (fields: Record<string, unknown>) => problemsOf({ ...simple(), energyratestructure: [[{ rate: 0.1, ...fields }]] });
    expect(tier({ rate: '0.7' })).toEqual([{ field: 'energyratestructure[0][0].rate', message: 'must be a number, not text ("0.7")' }]);
    expect(tier({ rate: 1e21 })).toEqual([{ field: 'energyratestructure[0][0].rate', message: 'must be a number from 0 to 100 (per kWh)' }]);
    expect(tier({ adj: -101 })).toEqual([{ field: 'energyratestructure[0][0].adj', message: 'must be a number from -100 to 100 (per kWh)' }]);
    expect(tier({ max: 1e308 })).toEqual([{ field: 'energyratestructure[0][0].max', message: 'must be a number above 0 and at most 1,000,000,000' }]);
    expect(tier({ rate: '' })).toEqual([{ field: 'energyratestructure[0][0].rate', message: 'is missing: give a number from 0 to 100 (per kWh)' }]);
    expect(problemsOf({ ...simple(), flatdemandstructure: [[{ rate: 10_001 }]], flatdemandmonths: Array<number>(12).fill(0) })).toEqual([
      { field: 'flatdemandstructure[0][0].rate', message: 'must be a number from 0 to 10,000 (per kW)' },
    ]);
    expect(problemsOf({ ...simple(), fixedchargefirstmeter: '45', mincharge: 1e8 })).toEqual([
      { field: 'fixedchargefirstmeter', message: 'must be a number, not text ("45")' },
      { field: 'mincharge', message: 'must be a number from 0 to 10,000,000' },
    ]);
  });

  it('refuses arrays past their limits from their lengths, and lists the first ten problems and a count of the rest', () => {
    expect(problemsOf({ ...simple(), energyratestructure: [Array.from({ length: 17 }, (_, t) => ({ max: t + 1, rate: 'x' }))] })).toEqual([
      { field: 'energyratestructure[0]', message: 'has 17 tiers: at most 16' },
    ]);
    expect(problemsOf({ ...simple(), demandratestructure: Array.from({ length: 73 }, () => [{ rate: 1 }]) })).toEqual([{ field: 'demandratestructure', message: 'has 73 periods: at most 72' }]);
    expect(problemsOf({ ...simple(), energyweekdayschedule: flat(0).map((row, m) => (m === 5 ? [...row, 0] : row)) })).toEqual([
      { field: 'energyweekdayschedule[5]', message: 'June has 25 hours: give 24 period indices, 00:00 to 23:00' },
    ]);
    const many = problemsOf({ ...simple(), energyratestructure: [Array.from({ length: 16 }, (_, t) => ({ max: t + 1, rate: -1 }))] });
    expect(many).toHaveLength(11);
    expect(many[10]).toEqual({ field: '', message: '6 more problems besides the 10 shown.' });
  });

  it('names the shape that is wrong instead of what follows from it', () => {
    expect(problemsOf('a rate')).toEqual([{ field: '', message: 'must be one OpenEI rate item (an object)' }]);
    expect(problemsOf({ ...simple(), energyratestructure: { period: 1 } })).toEqual([{ field: 'energyratestructure', message: 'must be a list of periods, each a list of tiers' }]);
    expect(problemsOf({ ...simple(), energyratestructure: [[0.1]] })).toEqual([{ field: 'energyratestructure[0][0]', message: 'must be a tier: an object with rate and optional max, adj, unit, sell' }]);
  });

  it('holds SAM’s rules: one tier ladder per month, kWh/kW tiers only under a kWh/kW first tier, demand schedules with demand rates', () => {
    const twoPeriods = (second: EnergyTier[]): UrdbRate => ({
      energyratestructure: [[{ max: 10, rate: 0.1 }, { rate: 0.2 }], second],
      energyweekdayschedule: flat(0),
      energyweekendschedule: flat(0).map((row, m) => (m === 3 ? flat(1)[0]! : row)),
    });
    expect(problemsOf(twoPeriods([{ rate: 0.3 }]))).toEqual([{ field: 'energyratestructure[1]', message: 'must have as many tiers (2) as period 0, which shares April' }]);
    expect(problemsOf(twoPeriods([{ max: 12, rate: 0.3 }, { rate: 0.4 }]))).toEqual([{ field: 'energyratestructure[1][0].max', message: "must equal tier 0's max and unit in period 0, which shares April" }]);
    expect(problemsOf(twoPeriods([{ max: 10, rate: 0.3 }, { rate: 0.4 }]))).toEqual([]);
    expect(problemsOf({ ...simple(), energyratestructure: [[{ max: 100, rate: 0.1 }, { max: 200, unit: 'kWh/kW', rate: 0.05 }, { rate: 0.01 }]] })).toEqual([
      { field: 'energyratestructure[0][1].unit', message: 'kWh/kW tiers are billed only when the first tier of the period is kWh/kW too' },
    ]);
    expect(problemsOf({ ...simple(), demandratestructure: [[{ rate: 10 }]] })).toEqual([
      { field: 'demandweekdayschedule', message: 'is missing: give 12 months × 24 hours of period indices' },
      { field: 'demandweekendschedule', message: 'is missing: give 12 months × 24 hours of period indices' },
    ]);
  });
});

/** Valid tariffs: every period shares one ladder (so any schedule is valid), optional demand, fixed and minimum charges. */
const validRate: fc.Arbitrary<UrdbRate> = fc
  .record({
    periods: fc.integer({ min: 1, max: 4 }),
    maxima: fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 3 }).map((values) => values.sort((a, b) => a - b)),
    unit: fc.constantFrom(undefined, 'kWh' as const, 'kWh daily' as const),
    prices: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 16, maxLength: 16 }),
    sell: fc.boolean(),
    hours: fc.array(fc.nat(), { minLength: 576, maxLength: 576 }),
    demand: fc.boolean(),
    fixed: fc.option(fc.record({ amount: fc.double({ min: 0, max: 100, noNaN: true }), unit: fc.constantFrom('$/month' as const, '$/day' as const, '$/year' as const) }), { nil: undefined }),
  })
  .map(({ periods, maxima, unit, prices, sell, hours, demand, fixed }) => {
    const tier = (p: number, t: number): EnergyTier => ({
      ...(t < maxima.length ? { max: maxima[t]! } : {}),
      ...(unit ? { unit } : {}),
      rate: prices[(p * 4 + t) % 16]!,
      ...(sell ? { sell: prices[(p * 4 + t + 1) % 16]! } : {}),
    });
    const schedule = (offset: number) => Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => hours[offset + m * 24 + h]! % periods));
    const rate: UrdbRate = {
      energyratestructure: Array.from({ length: periods }, (_, p) => Array.from({ length: maxima.length + 1 }, (_, t) => tier(p, t))),
      energyweekdayschedule: schedule(0),
      energyweekendschedule: schedule(288),
    };
    if (demand) Object.assign(rate, { flatdemandstructure: [[{ max: 50, rate: prices[0]! * 20 }, { rate: prices[1]! * 20 }]], flatdemandmonths: Array<number>(12).fill(0) });
    if (fixed) Object.assign(rate, { fixedchargefirstmeter: fixed.amount, fixedchargeunits: fixed.unit });
    return rate;
  });

describe('round trip (fast-check)', () => {
  it('reads back any valid structure, and refuses it with its numbers written as strings', () => {
    fc.assert(
      fc.property(validRate, (rate) => {
        expect(readUrdbRate(JSON.parse(JSON.stringify(rate)))).toEqual({ rate });
        const asStrings = JSON.parse(JSON.stringify(rate, (key, value: unknown) => (typeof value === 'number' && key !== '' ? String(value) : value))) as unknown;
        const problems = problemsOf(asStrings);
        expect(problems[0]).toEqual({ field: 'energyratestructure[0][0].rate', message: `must be a number, not text ("${rate.energyratestructure[0]![0]!.rate}")` });
        expect(problems.length).toBeLessThanOrEqual(11);
      }),
      { numRuns: 50 },
    );
  });

  it('names the field of a broken tier rate or schedule hour', () => {
    fc.assert(
      fc.property(validRate, fc.nat(), fc.nat(), fc.constantFrom(-1, 'abc', null), (rate, at, hour, bad) => {
        const p = at % rate.energyratestructure.length;
        const t = (at >> 3) % rate.energyratestructure[p]!.length;
        const broken = structuredClone(rate) as unknown as { energyratestructure: Record<string, unknown>[][]; energyweekdayschedule: number[][] };
        broken.energyratestructure[p]![t]!.rate = bad;
        broken.energyweekdayschedule[hour % 12]![hour % 24] = rate.energyratestructure.length;
        const fields = problemsOf(broken).map((problem) => problem.field);
        expect(fields).toContain(`energyratestructure[${p}][${t}].rate`);
        expect(fields).toContain(`energyweekdayschedule[${hour % 12}][${hour % 24}]`);
      }),
      { numRuns: 50 },
    );
  });
});
