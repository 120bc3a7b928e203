/**
 * The two US residential TOU presets billed by hand from the rates their sources give: PG&E E-TOU-C (March 2026,
 * territory T) and SCE TOU-D-4-9PM (June 2026, region 9), each month on its own: a load spread over its hours by
 * period, nothing in the other months.
 */
import { describe, expect, it } from 'vitest';
import { exportRuleOf } from '../../src/solar/behind-the-meter.ts';
import { billYear } from '../../src/solar/bills/bill.ts';
import { DAYS_IN_MONTH, HOURS_PER_YEAR } from '../../src/solar/bills/compile.ts';
import { TARIFF_PRESETS, type TariffPreset } from '../../src/solar/tariff-presets.ts';

const preset = (id: TariffPreset['id']) => TARIFF_PRESETS.find((p) => p.id === id)!;
const monthStart = (month: number) => DAYS_IN_MONTH.slice(0, month).reduce((sum, days) => sum + days * 24, 0);

/** In 0-based `month` only: `kwhOf(hour)` each day at that hour of the day; 0 elsewhere. */
function dailyLoad(month: number, kwhOf: (hour: number) => number): Float64Array {
  const load = new Float64Array(HOURS_PER_YEAR);
  for (let i = monthStart(month); i < monthStart(month) + DAYS_IN_MONTH[month]! * 24; i++) load[i] = kwhOf(i % 24);
  return load;
}
const evening = (hour: number) => hour >= 16 && hour < 21;
const midday = (hour: number) => hour >= 8 && hour < 16;
const monthBill = (p: TariffPreset, month: number, load: Float64Array) =>
  billYear({ rate: p.rate, exportRule: exportRuleOf(p.export), loadKwh: load, generationKwh: new Float64Array(HOURS_PER_YEAR) }).months[month]!.without;

describe('PG&E E-TOU-C, billed by hand', () => {
  const etouc = preset('us-residential-pge-e-tou-c');

  it('July, 600 kWh, a fifth 4–9 p.m.: 120 × 0.52240 + 480 × 0.39940 − 6.5 × 31 × 0.08140 + 31 × 0.79343 = $262.59', () => {
    // 62.688 + 191.712 − 16.4021 (baseline 201.5 kWh) + 24.59633 = 262.59423
    const july = monthBill(etouc, 6, dailyLoad(6, (hour) => (evening(hour) ? 120 / 31 / 5 : 480 / 31 / 19)));
    expect(july.total).toBeCloseTo(262.59423, 6);
    expect(july.fixed).toBeCloseTo(31 * 0.79343, 9);
  });

  it('January, 150 kWh all off-peak, under the 7.5 × 31 = 232.5 kWh allowance: 150 × (0.36757 − 0.08140) + 31 × 0.79343 = $67.52', () => {
    // 42.9255 + 24.59633 = 67.52183
    expect(monthBill(etouc, 0, dailyLoad(0, (hour) => (evening(hour) ? 0 : 150 / 31 / 19))).total).toBeCloseTo(67.52183, 6);
  });

  it('bills the peak on weekends too, and only the Base Services Charge in a month with no load', () => {
    const year = billYear({ rate: etouc.rate, exportRule: exportRuleOf(etouc.export), loadKwh: dailyLoad(6, (hour) => (hour === 17 ? 1 : 0)), generationKwh: new Float64Array(HOURS_PER_YEAR) });
    // 31 kWh at 5 p.m., every day of July: all of it under the allowance, at the peak rate less the credit.
    expect(year.months[6]!.without.energy).toBeCloseTo(31 * (0.5224 - 0.0814), 9);
    expect(year.months[2]!.without.total).toBeCloseTo(31 * 0.79343, 9);
  });
});

describe('SCE TOU-D-4-9PM, billed by hand', () => {
  const toud = preset('us-residential-sce-tou-d-4-9pm');

  it("April (winter), 600 kWh, 20 % 4–9 p.m. and 33.33 % 8 a.m.–4 p.m., region 9: the source's own hand figure, $224.7648", () => {
    // 120 × (0.33156 + 0.17956) + 199.98 × (0.25153 + 0.08452) + 280.02 × (0.27270 + 0.10245) + 600 × 0.00619
    // − 12.0 × 30 × 0.10099 + 30 × 0.794 = 61.3344 + 67.203279 + 105.049503 + 3.714 − 36.3564 + 23.82 = 224.764782
    const april = monthBill(toud, 3, dailyLoad(3, (hour) => (evening(hour) ? 120 / 30 / 5 : midday(hour) ? 199.98 / 30 / 8 : 280.02 / 30 / 11)));
    expect(april.total).toBeCloseTo(224.764782, 6);
    expect(april.total.toFixed(4)).toBe('224.7648');
  });

  it('July (summer) 4–9 p.m.: on-peak on weekdays, mid-peak on weekends (the year starts on a Monday: July has 22 weekdays and 9 weekend days)', () => {
    // 1 kWh at 6 p.m. every day, all under the 16.9 × 31 kWh allowance: 22 × on-peak + 9 × mid-peak, each with the
    // Fixed Recovery Charge, less 31 baseline credits, plus 31 days of the Base Services Charge.
    const july = monthBill(toud, 6, dailyLoad(6, (hour) => (hour === 18 ? 1 : 0)));
    const onPeak = 0.33156 + 0.25321 + 0.00619;
    const midPeak = 0.33156 + 0.13326 + 0.00619;
    expect(july.energy).toBeCloseTo(22 * onPeak + 9 * midPeak - 31 * 0.10099, 9);
    expect(july.fixed).toBeCloseTo(31 * 0.794, 9);
  });
});

describe('the sector of every preset', () => {
  it('names the customers each serves, as URDB does', () => {
    expect(Object.fromEntries(TARIFF_PRESETS.map((p) => [p.id, p.sector]))).toEqual({
      'us-commercial-tou-demand': 'Commercial',
      'us-residential-pge-e-tou-c': 'Residential',
      'us-residential-sce-tou-d-4-9pm': 'Residential',
      'in-residential-slab': 'Residential',
      'eu-residential-flat': 'Residential',
    });
  });
});
