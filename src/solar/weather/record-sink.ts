/**
 * Collects the hourly records a reader parses into a WeatherYear, in calendar order, and refuses what does not fit:
 * records out of order, too many or too few, values out of range or missing. A leap day is dropped.
 */
import { decomposeWeatherWithErbs } from '../decomposition.ts';
import type { WeatherFilePosition, WeatherFormat, WeatherSite, WeatherYear } from './weather-year.ts';
import { HOURS_PER_YEAR, WeatherFormatError, calendarOfHour, emptyWeatherYear } from './weather-year.ts';

/** One parsed record; NaN marks a value the source flags as missing. */
export interface HourlyRecord {
  month: number;
  day: number;
  /** Hour (0-23) at which the record's interval starts, on the site clock. */
  hourStart: number;
  ghi: number;
  dni: number;
  dhi: number;
  tempAir: number;
  windSpeed: number;
  /** Pa. */
  pressure: number;
  albedo: number;
  /** Snow depth, cm. */
  snowDepth: number;
  /** Calendar year the record was measured in (TMY files mix years). */
  year: number;
}

export function emptyRecord(): HourlyRecord {
  return { month: 0, day: 0, hourStart: 0, ghi: NaN, dni: NaN, dhi: NaN, tempAir: NaN, windSpeed: NaN, pressure: NaN, albedo: NaN, snowDepth: NaN, year: NaN };
}

const RANGES = {
  ghi: [0, 1600, 'GHI', 'W/m2'],
  dni: [0, 1400, 'DNI', 'W/m2'],
  dhi: [0, 1000, 'DHI', 'W/m2'],
  tempAir: [-90, 65, 'air temperature', '°C'],
  windSpeed: [0, 75, 'wind speed', 'm/s'],
} as const;

/** Sources write tiny negative irradiance (-0.0, -1) at night; anything more negative is an error. */
const NEGATIVE_IRRADIANCE_NOISE = -10;

type RangedField = keyof typeof RANGES;

const MAX_BRIDGED_HOURS = HOURS_PER_YEAR / 10;

export interface RecordSinkOptions {
  site: WeatherSite;
  format: WeatherFormat;
  /** Where in its hour each record's irradiance is representative, hours after the interval start. */
  sampleOffsetHours: number;
  notes?: string[];
  /** What the numbers given to `push` and `finish` count: lines of a text file (default) or records of a JSON one. */
  positions?: 'line' | 'record';
}

export class RecordSink {
  private readonly year: WeatherYear;
  private readonly positionOf = new Uint32Array(HOURS_PER_YEAR);
  private readonly pressure = new Float64Array(HOURS_PER_YEAR);
  private readonly albedo = new Float64Array(HOURS_PER_YEAR);
  private readonly snowDepth = new Float64Array(HOURS_PER_YEAR);
  private readonly calendarYear = new Float64Array(HOURS_PER_YEAR);
  private count = 0;
  private readonly positions: 'line' | 'record';

  constructor(options: RecordSinkOptions) {
    checkSite(options.site);
    this.year = emptyWeatherYear(options.site, options.format, options.sampleOffsetHours);
    this.year.notes.push(...(options.notes ?? []));
    this.positions = options.positions ?? 'line';
  }

  private at(position: number | undefined, field?: string): WeatherFilePosition {
    return { [this.positions]: position, field };
  }

  push(position: number, record: HourlyRecord): void {
    if (record.month === 2 && record.day === 29) return;
    const i = this.count;
    if (i >= HOURS_PER_YEAR) throw new WeatherFormatError(`more than ${HOURS_PER_YEAR} hourly records`, this.at(position));
    const expected = calendarOfHour(i);
    if (record.month !== expected.month || record.day !== expected.day || record.hourStart !== expected.hour) {
      throw new WeatherFormatError(
        `expected the hour starting ${stamp(expected.month, expected.day, expected.hour)} (hour ${i + 1} of ${HOURS_PER_YEAR}), found ${stamp(record.month, record.day, record.hourStart)}`,
        this.at(position),
      );
    }
    for (const field of Object.keys(RANGES) as RangedField[]) {
      this.year[field][i] = this.checkedValue(field, record[field], position);
    }
    this.pressure[i] = record.pressure;
    this.albedo[i] = record.albedo;
    this.snowDepth[i] = record.snowDepth >= 0 ? record.snowDepth : NaN;
    this.calendarYear[i] = record.year;
    this.positionOf[i] = position;
    this.count++;
  }

  /** The finished year; `lastPosition` is the file's last line (or record), for the truncation message. */
  finish(lastPosition: number): WeatherYear {
    if (this.count < HOURS_PER_YEAR) {
      throw new WeatherFormatError(`the file ends after ${this.count} of ${HOURS_PER_YEAR} hourly records (truncated?)`, this.at(lastPosition));
    }
    const year = this.year;
    this.requireEveryHour(year.ghi, 'GHI');
    // Temperature first: the sun positions of the Erbs split use it for refraction.
    this.fillGaps(year.tempAir, 'air temperature');
    this.fillGaps(year.windSpeed, 'wind speed');
    if (countNaN(year.dni) === HOURS_PER_YEAR && countNaN(year.dhi) === HOURS_PER_YEAR) {
      decomposeWeatherWithErbs(year);
      year.notes.push('The source has GHI only: DNI and DHI were split from it with the Erbs correlation.');
    } else {
      this.requireEveryHour(year.dni, 'DNI');
      this.requireEveryHour(year.dhi, 'DHI');
    }
    if (countNaN(this.pressure) < HOURS_PER_YEAR) {
      this.fillGaps(this.pressure, 'pressure');
      year.pressure = this.pressure;
    }
    if (countNaN(this.albedo) < HOURS_PER_YEAR) year.albedo = this.albedo;
    if (countNaN(this.snowDepth) < HOURS_PER_YEAR) year.snowDepth = this.snowDepth;
    if (countNaN(this.calendarYear) === 0) year.calendarYear = Uint16Array.from(this.calendarYear, Math.round);
    return year;
  }

  private checkedValue(field: RangedField, value: number, position: number): number {
    if (Number.isNaN(value)) return value;
    const [min, max, label, unit] = RANGES[field];
    const isIrradiance = field === 'ghi' || field === 'dni' || field === 'dhi';
    if (isIrradiance && value < 0 && value >= NEGATIVE_IRRADIANCE_NOISE) return 0;
    if (value < min || value > max) {
      throw new WeatherFormatError(`${value} ${unit} is outside the plausible range ${min} to ${max}`, this.at(position, label));
    }
    return value;
  }

  private requireEveryHour(values: Float64Array, label: string): void {
    const i = values.findIndex(Number.isNaN);
    if (i >= 0) throw new WeatherFormatError("missing (no value, or the source's missing-data code)", this.at(this.positionOf[i], label));
  }

  /** Gaps in slow quantities are bridged linearly; a quantity missing in more than a tenth of the year is refused. */
  private fillGaps(values: Float64Array, label: string): void {
    const missing = countNaN(values);
    if (missing === 0) return;
    if (missing > MAX_BRIDGED_HOURS) throw new WeatherFormatError(`${missing} of ${HOURS_PER_YEAR} ${label} values are missing`);
    let previous = -1;
    for (let i = 0; i <= HOURS_PER_YEAR; i++) {
      if (i < HOURS_PER_YEAR && Number.isNaN(values[i])) continue;
      if (i - previous > 1) bridge(values, previous, i);
      previous = i;
    }
    this.year.notes.push(`${missing} missing ${label} values were interpolated from the neighbouring hours.`);
  }
}

const SITE_RANGES = [
  ['latitude', -90, 90],
  ['longitude', -180, 180],
  ['elevation', -500, 9000],
  ['utcOffsetHours', -12, 14],
] as const;

function checkSite(site: WeatherSite): void {
  for (const [key, min, max] of SITE_RANGES) {
    if (!(site[key] >= min && site[key] <= max)) {
      throw new WeatherFormatError(`${site[key]} is outside ${min} to ${max}`, { field: key === 'utcOffsetHours' ? 'UTC offset' : key });
    }
  }
}

function bridge(values: Float64Array, before: number, after: number): void {
  const n = values.length;
  const from = before >= 0 ? (values[before] ?? NaN) : NaN;
  const to = after < n ? (values[after] ?? NaN) : NaN;
  for (let k = before + 1; k < after; k++) {
    if (Number.isNaN(from)) values[k] = to;
    else if (Number.isNaN(to)) values[k] = from;
    else values[k] = from + ((to - from) * (k - before)) / (after - before);
  }
}

function countNaN(values: Float64Array): number {
  let n = 0;
  for (const v of values) if (Number.isNaN(v)) n++;
  return n;
}

function stamp(month: number, day: number, hour: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(month)}-${two(day)} ${two(hour)}:00`;
}

/** Parses one numeric field, refusing anything that is not a finite number. */
export function parseNumberField(text: string | undefined, line: number, field: string): number {
  const trimmed = text?.trim() ?? '';
  const value = trimmed === '' ? NaN : Number(trimmed);
  if (!Number.isFinite(value)) {
    throw new WeatherFormatError(text === undefined ? 'the field is missing' : `'${trimmed}' is not a number`, { line, field });
  }
  return value;
}

/** NaN where the source writes its missing-value code. */
export function unlessMissing(value: number, missingAtOrAbove: number): number {
  return value >= missingAtOrAbove ? NaN : value;
}

/** Lines of a text file without a byte-order mark, whatever its line endings. */
export function textLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines;
}
