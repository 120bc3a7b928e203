/**
 * Hourly consumption years built from a named load shape: an annual total spread on a shape's hours, or twelve monthly
 * totals (from bills) spread on its hours within each month. The shapes and their sources are in docs/load-profiles.md.
 */
import { HOURS_PER_YEAR, daysInMonth } from '../weather/weather-year.ts';
import type { WeekTable } from './data/reference-profiles.ts';
import { MEDIUM_OFFICE, SAM_RESIDENTIAL_MONTH_DAYS, STAND_ALONE_RETAIL } from './data/reference-profiles.ts';

export const LOAD_SHAPES = ['residential', 'office', 'retail', 'factory_one_shift', 'factory_three_shift'] as const;
export type LoadShape = (typeof LOAD_SHAPES)[number];

export interface ShapeOptions {
  /** Weekday of 1 January: 0 = Monday … 6 = Sunday (SAM's convention is a Monday start, the default). */
  firstWeekday?: number;
  /** Shift the seasons of heating- and cooling-driven shapes by six months. */
  southernHemisphere?: boolean;
}

const REOPT_PROFILES = 'NREL REopt (REopt.jl data/load_profiles/electric, files of 2021-09-28)';
const REOPT_FLAT_LOADS = 'NREL REopt (REopt.jl src/core/doe_commercial_reference_building_loads.jl, read at commit 029db01d of 2026-01-04)';
const IAC =
  '"Electrical and Production Load Factors" (Texas A&M University, Texas Digital Library; US DOE Industrial Assessment Center database): plant load factor ~0.4 for one shift, ~0.7 around the clock';

/** Label, one-line description and source (citation with date) of each shape, for the UI and docs. */
export const LOAD_SHAPE_INFO: Record<LoadShape, { label: string; description: string; source: string }> = {
  residential: {
    label: 'Residential',
    description: 'A US home: morning and evening peaks in winter, a late-afternoon air-conditioning peak in summer; every day of the week alike.',
    source:
      'NREL SAM sample residential load, ssc test/input_cases/pvsamv1_data/pvsamv1_residential_load.csv (2017-11-20, BSD-3-Clause): its average day in each month.',
  },
  office: {
    label: 'Office',
    description: 'Medium office: weekdays about 06:00–22:00, Saturday mornings, Sundays at base load; highest in winter (electric reheat), then in summer.',
    source: `DOE Commercial Reference Building medium office (Deru et al. 2011, NREL/TP-5500-46861) on TMY3 weather at Baltimore, climate zone 4A, as normalised in ${REOPT_PROFILES}: average weekday, Saturday and Sunday × 12 monthly factors; holidays left out.`,
  },
  retail: {
    label: 'Retail store',
    description: 'Stand-alone store: open about 08:00–21:00 on weekdays, 09:00–21:00 on Saturday and 10:00–18:00 on Sunday; highest in summer (cooling).',
    source: `DOE Commercial Reference Building stand-alone retail (Deru et al. 2011, NREL/TP-5500-46861) on TMY3 weather at Baltimore, climate zone 4A, as normalised in ${REOPT_PROFILES}: average weekday, Saturday and Sunday × 12 monthly factors; holidays left out.`,
  },
  factory_one_shift: {
    label: 'Factory, one shift',
    description: 'One 8-hour shift on weekdays, 09:00–17:00; nights and weekends at a fifth of the shift load; the same all year.',
    source: `Shift hours: REopt's built-in FlatLoad_8_5 profile, ${REOPT_FLAT_LOADS}. Base load of 20 % outside the shift: an assumption fitted to ${IAC} (this shape: 0.39).`,
  },
  factory_three_shift: {
    label: 'Factory, three shifts',
    description: 'Three 8-hour shifts, around the clock Monday to Friday; weekends at a fifth of the weekday load; the same all year.',
    source: `Shift hours: REopt's built-in FlatLoad_24_5 profile, ${REOPT_FLAT_LOADS}. Base load of 20 % at weekends: the one-shift assumption, fitted to ${IAC} (this shape: 0.77, with no fluctuation within shifts).`,
  },
};

/** Load outside production hours as a fraction of the production load: an assumption (see LOAD_SHAPE_INFO). */
const FACTORY_BASE_FRACTION = 0.2;

const DAY_KINDS = ['weekday', 'saturday', 'sunday'] as const;
type DayKind = (typeof DAY_KINDS)[number];

/** A shape as the relative consumption of each hour of a day of month `month` (0 = January) and kind `kind`. */
interface ShapeModel {
  /** Heating- or cooling-driven: the southern hemisphere shifts its months by six. */
  seasonal: boolean;
  day(month: number, kind: DayKind): readonly number[];
}

const weekModel = (table: WeekTable, seasonal: boolean): ShapeModel => ({
  seasonal,
  day: (month, kind) => table[kind].map((value) => value * (table.month[month] ?? 0)),
});

/** A factory day: production load 1 in the hours [start, end), the base fraction in the others. */
const shiftDay = (start: number, end: number) => Array.from({ length: 24 }, (_, hour) => (hour >= start && hour < end ? 1 : FACTORY_BASE_FRACTION));
const idleDay = shiftDay(0, 0);
const flatYear = new Array<number>(12).fill(1);

const MODELS: Record<LoadShape, ShapeModel> = {
  residential: { seasonal: true, day: (month) => SAM_RESIDENTIAL_MONTH_DAYS[month] ?? [] },
  office: weekModel(MEDIUM_OFFICE, true),
  retail: weekModel(STAND_ALONE_RETAIL, true),
  factory_one_shift: weekModel({ weekday: shiftDay(9, 17), saturday: idleDay, sunday: idleDay, month: flatYear }, false),
  factory_three_shift: weekModel({ weekday: shiftDay(0, 24), saturday: idleDay, sunday: idleDay, month: flatYear }, false),
};

/** Day of the year (0-364) on which each month starts, and one past the last day. */
const MONTH_START_DAY = Array.from({ length: 13 }, (_, month) => {
  let day = 0;
  for (let m = 1; m <= month; m++) day += daysInMonth(m);
  return day;
});

function firstWeekdayOf(options: ShapeOptions): number {
  const firstWeekday = options.firstWeekday ?? 0;
  if (!Number.isInteger(firstWeekday) || firstWeekday < 0 || firstWeekday > 6) {
    throw new RangeError(`firstWeekday must be an integer from 0 (Monday) to 6 (Sunday): got ${firstWeekday}`);
  }
  return firstWeekday;
}

/** The shape's relative consumption in each of the 8760 hours; the weekday of each day comes from its index. */
function shapeWeights(shape: LoadShape, options: ShapeOptions): Float64Array {
  const firstWeekday = firstWeekdayOf(options);
  const model = MODELS[shape];
  const monthShift = options.southernHemisphere && model.seasonal ? 6 : 0;
  const weights = new Float64Array(HOURS_PER_YEAR);
  for (let month = 0; month < 12; month++) {
    const days = DAY_KINDS.map((kind) => model.day((month + monthShift) % 12, kind));
    for (let day = MONTH_START_DAY[month] ?? 0; day < (MONTH_START_DAY[month + 1] ?? 0); day++) {
      const weekday = (firstWeekday + day) % 7;
      weights.set(days[weekday === 5 ? 1 : weekday === 6 ? 2 : 0] ?? [], day * 24);
    }
  }
  return weights;
}

function checkKwh(kwh: number, what: string): void {
  if (!Number.isFinite(kwh) || kwh < 0) throw new RangeError(`${what} must be a finite number of kWh, zero or more: got ${kwh}`);
}

/** 8760 hourly kWh summing to annualKwh. The year starts on firstWeekday (0 = Monday … 6 = Sunday; SAM's convention is Monday). Latitude's hemisphere flips the seasons for heating/cooling-driven shapes (southern hemisphere). */
export function loadFromShape(shape: LoadShape, annualKwh: number, options: ShapeOptions = {}): Float64Array {
  checkKwh(annualKwh, 'Annual consumption');
  const weights = shapeWeights(shape, options);
  const scale = annualKwh / weights.reduce((sum, weight) => sum + weight, 0);
  for (let hour = 0; hour < HOURS_PER_YEAR; hour++) weights[hour] = (weights[hour] ?? 0) * scale;
  return weights;
}

/** 12 monthly totals spread on a shape's hours within each month (each month's hours scaled to its total). */
export function spreadMonthlyTotals(monthlyKwh: readonly number[], shape: LoadShape, options: ShapeOptions = {}): Float64Array {
  if (monthlyKwh.length !== 12) throw new RangeError(`12 monthly totals are needed: got ${monthlyKwh.length}`);
  monthlyKwh.forEach((kwh, month) => checkKwh(kwh, `Month ${month + 1}'s total`));
  const weights = shapeWeights(shape, options);
  for (let month = 0; month < 12; month++) {
    const start = (MONTH_START_DAY[month] ?? 0) * 24;
    const end = (MONTH_START_DAY[month + 1] ?? 0) * 24;
    let sum = 0;
    for (let hour = start; hour < end; hour++) sum += weights[hour] ?? 0;
    const scale = (monthlyKwh[month] ?? 0) / sum;
    for (let hour = start; hour < end; hour++) weights[hour] = (weights[hour] ?? 0) * scale;
  }
  return weights;
}
