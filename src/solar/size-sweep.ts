/**
 * Behind the meter, what a size is worth: the year-1 savings, self-consumption, payback and NPV of the same array at
 * several sizes, on the same load, tariff and money. At a fixed DC/AC ratio the engine's AC output scales with the DC
 * size hour by hour, so one simulation serves every size; the bills and cash flows are computed afresh for each.
 */
import { financeAssumptionsOf, singleOwnerTermsOf, type StudyAssumptions } from './answers.ts';
import { behindTheMeterBills } from './behind-the-meter.ts';
import { singleOwner } from './single-owner.ts';

export interface SweepPoint {
  dcKw: number;
  annualAcKwh: number;
  savingsYear1: number;
  selfConsumptionPct: number;
  /** Share of the load met by solar, percent. */
  selfSufficiencyPct: number;
  simplePaybackYears: number | null;
  npv: number;
}

/** The sizes a sweep shows: multiples of the study's, and the size whose yearly energy equals the load's. */
export function sweepSizes(dcKw: number, annualAcKwh: number, annualLoadKwh: number): number[] {
  const multiples = [0.25, 0.5, 0.75, 1, 1.5, 2, 3].map((k) => k * dcKw);
  const coversLoad = annualAcKwh > 0 ? (annualLoadKwh / annualAcKwh) * dcKw : NaN;
  const sizes = Number.isFinite(coversLoad) && coversLoad > 0 && coversLoad <= 3 * dcKw ? [...multiples, coversLoad] : multiples;
  return [...new Set(sizes.map((size) => Math.round(size * 100) / 100))].filter((size) => size > 0).sort((a, b) => a - b);
}

export interface SweepInputs {
  sections: StudyAssumptions;
  /** The study's generation at `dcKw`, energy per step. */
  generationKwh: ArrayLike<number>;
  dcKw: number;
  acKw: number;
  loadKwh: ArrayLike<number>;
  firstWeekday: number;
}

export function sizeSweep(inputs: SweepInputs, sizes: readonly number[]): SweepPoint[] {
  const { sections, generationKwh, dcKw, acKw, loadKwh, firstWeekday } = inputs;
  let annual = 0;
  for (let i = 0; i < generationKwh.length; i++) annual += generationKwh[i]!;
  const scaled = new Float64Array(generationKwh.length);
  return sizes.map((size) => {
    const k = size / dcKw;
    for (let i = 0; i < scaled.length; i++) scaled[i] = generationKwh[i]! * k;
    const bills = behindTheMeterBills(sections, { loadKwh, generationKwh: scaled, firstWeekday });
    const energy = { annualAcKwh: annual * k, dcKw: size, acKw: acKw * k };
    const terms = singleOwnerTermsOf(sections, size);
    if (!terms) throw new RangeError('A behind-the-meter study runs on the after-tax model.');
    const out = singleOwner(energy, { ...financeAssumptionsOf(sections), savingsByYear: bills.savingsByYear }, terms);
    return {
      dcKw: size,
      annualAcKwh: energy.annualAcKwh,
      savingsYear1: bills.figures.savings_year1 ?? 0,
      selfConsumptionPct: bills.figures.self_consumption_pct ?? 0,
      selfSufficiencyPct: bills.figures.self_sufficiency_pct ?? 0,
      simplePaybackYears: out.simplePaybackYears,
      npv: out.afterTaxNpv,
    };
  });
}
