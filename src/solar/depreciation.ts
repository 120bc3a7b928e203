/**
 * Tax depreciation schedules: the fraction of a depreciable basis claimed in each year of service (index 0 = year 1).
 * The MACRS half-year tables are IRS Publication 946, Table A-1; the straight-line classes are SAM's half-year
 * tables (NREL SSC cmod_singleowner, BSD-3), rounded as SAM rounds them so that our figures agree with SAM's.
 */

/** The classes a depreciable basis can be allocated to, as SAM names them. */
export const DEPRECIATION_CLASSES = ['macrs_5', 'macrs_15', 'sl_5', 'sl_15', 'sl_20', 'sl_39'] as const;
export type DepreciationClass = (typeof DEPRECIATION_CLASSES)[number];

/** The one-schedule names a study may give instead of an allocation. */
export const DEPRECIATION_SCHEDULES = ['macrs_5', 'macrs_7', 'macrs_15', 'straight_line', 'india_wdv_40', 'none'] as const;
export type DepreciationSchedule = (typeof DEPRECIATION_SCHEDULES)[number];

/** Any schedule the model can depreciate a basis on: the named schedules and SAM's allocation classes. */
export type ScheduleKey = DepreciationClass | DepreciationSchedule;

const MACRS_5 = [0.2, 0.32, 0.192, 0.1152, 0.1152, 0.0576];
const MACRS_7 = [0.1429, 0.2449, 0.1749, 0.1249, 0.0893, 0.0892, 0.0893, 0.0446];
const MACRS_15 = [0.05, 0.095, 0.0855, 0.077, 0.0693, 0.0623, 0.059, 0.059, 0.0591, 0.059, 0.0591, 0.059, 0.0591, 0.059, 0.0591, 0.0295];
const SL_5 = [0.1, 0.2, 0.2, 0.2, 0.2, 0.1];
const SL_15 = [0.0333, 0.0667, 0.0667, 0.0667, 0.0667, 0.0667, 0.0667, 0.0666, 0.0667, 0.0666, 0.0667, 0.0666, 0.0667, 0.0666, 0.0667, 0.0333];
const SL_20 = [0.025, ...Array<number>(19).fill(0.05), 0.025];
const SL_39_YEAR = 2.56410256410256e-2;
const SL_39 = [0.5 * SL_39_YEAR, ...Array<number>(38).fill(SL_39_YEAR), 0.5 * SL_39_YEAR];
/** India's Income Tax Act, Appendix I: accelerated depreciation of solar plant at 40 % of the written-down value. */
const INDIA_WDV_RATE = 0.4;

/** Straight line over `years` with the half-year convention: half a year's share in the first and in year years + 1. */
export function straightLineHalfYear(years: number): number[] {
  const share = 1 / years;
  return [share / 2, ...Array<number>(years - 1).fill(share), share / 2];
}

/** Written-down value: each year claims `rate` of what is left; what is left after `years` years is not claimed. */
export function writtenDownValue(rate: number, years: number): number[] {
  return Array.from({ length: years }, (_, index) => rate * (1 - rate) ** index);
}

/** The fractions of a basis claimed in years 1..years (zeros past a schedule's end). */
export function depreciationFractions(schedule: ScheduleKey, years: number, straightLineYears: number): number[] {
  const table = tableOf(schedule, years, straightLineYears);
  return Array.from({ length: years }, (_, index) => table[index] ?? 0);
}

function tableOf(schedule: ScheduleKey, years: number, straightLineYears: number): readonly number[] {
  switch (schedule) {
    case 'macrs_5':
      return MACRS_5;
    case 'macrs_7':
      return MACRS_7;
    case 'macrs_15':
      return MACRS_15;
    case 'sl_5':
      return SL_5;
    case 'sl_15':
      return SL_15;
    case 'sl_20':
      return SL_20;
    case 'sl_39':
      return SL_39;
    case 'straight_line':
      return straightLineHalfYear(straightLineYears);
    case 'india_wdv_40':
      return writtenDownValue(INDIA_WDV_RATE, years);
    case 'none':
      return [];
  }
}

/** Bonus depreciation applies to the MACRS classes only, as SAM's defaults have it (not straight line or WDV). */
export function takesBonus(schedule: ScheduleKey): boolean {
  return schedule === 'macrs_5' || schedule === 'macrs_7' || schedule === 'macrs_15';
}
