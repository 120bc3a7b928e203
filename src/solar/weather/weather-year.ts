/**
 * The one hourly weather type every reader produces and the engine consumes: a non-leap year of 8760 records
 * in calendar order, in typed arrays, on a fixed UTC offset.
 */

export type WeatherFormat = 'tmy3' | 'tmy2' | 'epw' | 'pvgis-json' | 'pvgis-csv' | 'pvgis-epw' | 'nsrdb-csv' | 'monthly-means';

export const HOURS_PER_YEAR = 8760;

export interface WeatherSite {
  name: string;
  latitude: number;
  /** Degrees east. */
  longitude: number;
  /** Metres above sea level. */
  elevation: number;
  /** Offset from UTC of the clock the records are labelled in: local standard time for TMY, EPW and NSRDB, 0 for PVGIS. */
  utcOffsetHours: number;
}

export interface WeatherYear {
  site: WeatherSite;
  format: WeatherFormat;
  /** 'lower' when the hours were synthesised from monthly means rather than read from an hourly source. */
  confidence: 'standard' | 'lower';
  /** Where DNI and DHI come from: the source itself, or split from GHI with the Erbs correlation. */
  components: 'source' | 'erbs';
  /** Things the reader repaired or assumed, for the user to see. */
  notes: string[];
  /** Month (1-12), day of month and hour (0-23) at which each record's interval starts, on the site clock. */
  month: Uint8Array;
  day: Uint8Array;
  hour: Uint8Array;
  /**
   * Hours after 1990-01-01 00:00 on the site clock at which each record's irradiance is representative; the sun is
   * evaluated there (mid-hour for hour-ending averages, label + irradiance time offset for PVGIS).
   */
  sampleHour: Float64Array;
  /** W/m2. */
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  /** Dry-bulb air temperature, °C. */
  tempAir: Float64Array;
  /** Wind speed at 10 m, m/s. */
  windSpeed: Float64Array;
  /** Station pressure, Pa, when the source has it. */
  pressure?: Float64Array;
  /** Ground albedo (0-1), when the source has it; NaN in hours it lacks. */
  albedo?: Float64Array;
  /** Snow depth, cm, when the source has it (SAM CSV, NSRDB, EPW); NaN in hours it lacks. */
  snowDepth?: Float64Array;
  /**
   * The calendar year each record was measured in, when the source says (TMY files mix years). Only the PVWatts v8
   * mode uses it, as SAM does, for the sun's position; the other mode puts every record in 1990.
   */
  calendarYear?: Uint16Array;
}

/** Where in a weather file a problem is: a 1-based line of a text file or record of a JSON one, and the field. */
export interface WeatherFilePosition {
  line?: number;
  record?: number;
  field?: string;
}

/** Refusal of a weather file, naming what is wrong and where. */
export class WeatherFormatError extends Error {
  override name = 'WeatherFormatError';
  constructor(
    message: string,
    readonly where: WeatherFilePosition = {},
  ) {
    const place = where.line !== undefined ? `line ${where.line}` : where.record !== undefined ? `record ${where.record}` : undefined;
    const prefix = [place, where.field].filter((part) => part !== undefined).join(', ');
    super(prefix === '' ? message : `${prefix}: ${message}`);
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(month: number): number {
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** Day of the (non-leap) year, 1-365, of a month and day. */
export function dayOfYear(month: number, day: number): number {
  let doy = day;
  for (let m = 1; m < month; m++) doy += daysInMonth(m);
  return doy;
}

/** Site clock fields of hour `index` (0-8759) of the non-leap year. */
export function calendarOfHour(index: number): { month: number; day: number; hour: number } {
  let dayIndex = Math.floor(index / 24);
  let month = 1;
  while (dayIndex >= daysInMonth(month)) dayIndex -= daysInMonth(month++);
  return { month, day: dayIndex + 1, hour: index % 24 };
}

/** An empty year whose records are timed by `sampleOffsetHours` after the start of each hour. */
export function emptyWeatherYear(
  site: WeatherSite,
  format: WeatherFormat,
  sampleOffsetHours: number,
): WeatherYear {
  const month = new Uint8Array(HOURS_PER_YEAR);
  const day = new Uint8Array(HOURS_PER_YEAR);
  const hour = new Uint8Array(HOURS_PER_YEAR);
  const sampleHour = new Float64Array(HOURS_PER_YEAR);
  for (let i = 0; i < HOURS_PER_YEAR; i++) {
    const c = calendarOfHour(i);
    month[i] = c.month;
    day[i] = c.day;
    hour[i] = c.hour;
    sampleHour[i] = i + sampleOffsetHours;
  }
  return {
    site,
    format,
    confidence: 'standard',
    components: 'source',
    notes: [],
    month,
    day,
    hour,
    sampleHour,
    ghi: new Float64Array(HOURS_PER_YEAR),
    dni: new Float64Array(HOURS_PER_YEAR),
    dhi: new Float64Array(HOURS_PER_YEAR),
    tempAir: new Float64Array(HOURS_PER_YEAR),
    windSpeed: new Float64Array(HOURS_PER_YEAR),
  };
}

/** A copy of `weather` at another location or clock offset (the records themselves are shared, not copied). */
export function withSite(weather: WeatherYear, site: Partial<WeatherSite>): WeatherYear {
  return { ...weather, site: { ...weather.site, ...site } };
}
