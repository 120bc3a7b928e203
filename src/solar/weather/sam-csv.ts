/**
 * SAM CSV weather files (NREL SAM's own layout, e.g. its "USA AZ Phoenix (TMY2).csv") and the NSRDB PSM3 / PSM4
 * CSV downloads, hourly or sub-hourly: a line of metadata names (Source, Location ID, City, State, Country,
 * Latitude, Longitude, Time Zone, Elevation, ...), a line of their values, a line of column names (Year, Month, Day,
 * Hour, Minute, GHI, DNI, DHI, Temperature, Wind Speed, ...), then one row per time step. Names are matched without
 * regard to case, with the aliases SAM's reader (ssc shared/lib_weatherfile.cpp) accepts.
 *
 * Clock: rows are on the clock of the "Time Zone" field, local standard time (NSRDB writes 0 there when the data were
 * asked for in UTC, and the site's offset under "Local Time Zone"; the stamps are then read as UTC).
 *
 * What a time stamp means:
 * - Hourly files: a row is the hour that starts at its Hour. NSRDB labelled an hour by its start until May 2019 and
 *   by its middle (HH:30) since, with the same values (pvlib-python issue #733; ssc's two Daggett PSM3 TMY files
 *   hold identical rows at :00 and :30). SAM's own layout has no Minute column; SAM reads such rows as hour averages
 *   with the sun at mid-hour (ssc cmod_pvwattsv8, ts_shift_hours 0.5). The sun is taken at mid-hour, as for TMY2,
 *   TMY3 and EPW. On the Phoenix SAM and PSM3 files GHI = DNI·cos z + DHI closes best with the sun at HH:30.
 * - Sub-hourly files (NSRDB 30, 15 and 5 minutes, or any step that divides the hour): a row's values belong to the
 *   instant of its stamp (GHI = DNI·cos z + DHI closes at the stamp: mean error about 1 W/m2 on PSM3 and PSM4
 *   30-minute data against about 19 W/m2 a quarter-hour either side), and SAM too puts the sun at each row's time.
 *   The engine's year is 8760 hours, so sub-hourly files are AGGREGATED to hours, not simulated sub-hourly: each row
 *   stands for the step centred on its stamp, [t - step/2, t + step/2), and an hour is the time-weighted mean of the
 *   rows over it, with the sun at mid-hour. For :00/:30 rows that is ¼ HH:00 + ½ HH:30 + ¼ HH+1:00, the trapezoid
 *   mean of the hour; rows stamped mid-step (:15 and :45) average exactly. The year's first and last hours are the
 *   mean over the part the rows cover.
 * - Hours numbered 1 to 24 (the end of each hour) are moved to 0-23, as SAM does.
 * - February 29 is left out, as SAM and the other readers do: the engine's year has 365 days.
 *
 * Values at or below -999 (SAM's missing-data code) count as missing: missing irradiance is refused, gaps in
 * temperature, wind and pressure are bridged. A file without a temperature column (NSRDB's GHI-only polar TMY) takes
 * the monthly means the user gave (MONTHLY_TEMPERATURE_FIELD) or 20 °C; without wind, 1 m/s; each said in the notes. DNI and DHI absent together are split from GHI (Erbs). Snow depth (for
 * the PVWatts v8 snow model) and each row's year (for its sun positions) are kept; dew point, relative humidity and
 * wind direction are not used by the engine and are not read.
 */
import { monthLongNames } from '../../lib/months.ts';
import { splitCsvLine } from './csv.ts';
import { RecordSink, emptyRecord, parseNumberField, textLines } from './record-sink.ts';
import type { WeatherSite, WeatherYear } from './weather-year.ts';
import { HOURS_PER_YEAR, WeatherFormatError, calendarOfHour, dayOfYear, daysInMonth } from './weather-year.ts';

/**
 * The metadata field that carries the twelve monthly mean air temperatures (°C, January first, separated by spaces) a
 * user gives with a file that has no temperature column (NSRDB's GHI-only PSM4 polar TMY: Year, Month, Day, Hour,
 * Minute, GHI). The server writes it into the kept file at upload, so every later reading of the file (a study, the
 * browser's what-if) fills the same temperatures.
 */
export const MONTHLY_TEMPERATURE_FIELD = 'Sunplot Monthly Mean Temperature (C)';
/** Without a temperature column or the user's monthly means: NOCT's reference ambient (IEC 61215), 20 °C. */
export const DEFAULT_AIR_TEMPERATURE_C = 20;
/** Without a wind speed column: NOCT's reference wind, 1 m/s. */
export const DEFAULT_WIND_SPEED_MS = 1;

const META_ALIASES = {
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'long', 'lng'],
  timeZone: ['time zone', 'timezone', 'tz'],
  localTimeZone: ['local time zone'],
  elevation: ['elevation', 'elev', 'el', 'site elevation', 'altitude'],
  locationId: ['location id', 'id', 'location', 'station', 'station id', 'wban', 'wban#', 'site'],
  city: ['city'],
  state: ['state', 'province', 'region'],
  country: ['country'],
  source: ['source', 'src', 'data source'],
  version: ['version'],
  monthlyTemperature: [MONTHLY_TEMPERATURE_FIELD.toLowerCase()],
} as const;

type MetaKey = keyof typeof META_ALIASES;

const COLUMN_ALIASES = {
  month: ['month', 'mo'],
  day: ['day'],
  hour: ['hour', 'hr'],
  minute: ['minute', 'min'],
  ghi: ['ghi', 'gh', 'global', 'global horizontal', 'global horizontal irradiance'],
  dni: ['dni', 'dn', 'beam', 'direct normal', 'direct normal irradiance', 'direct (beam) normal irradiance'],
  dhi: ['dhi', 'df', 'diffuse', 'diffuse horizontal', 'diffuse horizontal irradiance'],
  tempAir: ['temperature', 'tdry', 'air temperature', 'dry bulb', 'dry bulb temp', 'dry bulb temperature', 'ambient', 'ambient temp', 'tamb', 'temp_air'],
  windSpeed: ['wind speed', 'wspd', 'windspeed', 'ws', 'windvel', 'wind_speed'],
  pressure: ['pressure', 'pres', 'air pressure'],
  albedo: ['surface albedo', 'albedo', 'alb'],
  snowDepth: ['snow', 'snow depth', 'snow cover'],
  year: ['year', 'yr'],
} as const;

type Column = keyof typeof COLUMN_ALIASES;
type Quantity = Exclude<Column, 'month' | 'day' | 'hour' | 'minute'>;
const QUANTITIES = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'pressure', 'albedo', 'snowDepth', 'year'] as const satisfies readonly Quantity[];
/** Columns a file must have; DNI and DHI may be absent together, air temperature and wind speed each (see standIns). */
const REQUIRED: readonly Column[] = ['month', 'day', 'hour', 'ghi'];
const DESCRIPTION: Record<Column, string> = {
  month: 'Month',
  day: 'Day',
  hour: 'Hour',
  minute: 'Minute',
  ghi: 'GHI',
  dni: 'DNI',
  dhi: 'DHI',
  tempAir: 'air temperature',
  windSpeed: 'wind speed',
  pressure: 'pressure',
  albedo: 'albedo',
  snowDepth: 'snow depth',
  year: 'year',
};

/** The ranges the record sink applies to hours, applied here to each row so that a bad sub-hourly value is not averaged away. */
const RANGES: Partial<Record<Quantity, readonly [number, number, string, string]>> = {
  ghi: [0, 1600, 'GHI', 'W/m2'],
  dni: [0, 1400, 'DNI', 'W/m2'],
  dhi: [0, 1000, 'DHI', 'W/m2'],
  tempAir: [-90, 65, 'air temperature', '°C'],
  windSpeed: [0, 75, 'wind speed', 'm/s'],
};
const NEGATIVE_IRRADIANCE_NOISE = -10;
/** SAM writes -999 for a missing value. */
const MISSING_AT_OR_BELOW = -999;

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_YEAR = HOURS_PER_YEAR * 60;
const METADATA_LINES = 2;
const HEADER_LINE = 3;

const normalise = (name: string | undefined) => (name ?? '').trim().toLowerCase();

/** Whether the first and third lines are SAM CSV metadata names and column names. */
export function looksLikeSamCsv(firstLine: string, thirdLine: string): boolean {
  const names = new Set(splitCsvLine(firstLine).map(normalise));
  const columns = new Set(splitCsvLine(thirdLine).map(normalise));
  const has = (set: Set<string>, aliases: readonly string[]) => aliases.some((alias) => set.has(alias));
  return (
    has(names, META_ALIASES.latitude) &&
    has(names, META_ALIASES.longitude) &&
    has(columns, COLUMN_ALIASES.month) &&
    has(columns, COLUMN_ALIASES.day) &&
    has(columns, COLUMN_ALIASES.hour)
  );
}

interface MetaValue {
  name: string;
  value: string;
}

type Metadata = Partial<Record<MetaKey, MetaValue>>;

function readMetadata(lines: string[]): Metadata {
  const names = splitCsvLine(lines[0] ?? '');
  const values = splitCsvLine(lines[1] ?? '');
  const meta: Metadata = {};
  for (const key of Object.keys(META_ALIASES) as MetaKey[]) {
    const aliases: readonly string[] = META_ALIASES[key];
    const at = names.findIndex((name, k) => aliases.includes(normalise(name)) && (values[k] ?? '').trim() !== '');
    if (at >= 0) meta[key] = { name: (names[at] ?? '').trim(), value: (values[at] ?? '').trim() };
  }
  return meta;
}

/** A text field, or undefined when NSRDB's placeholder ('-') or an empty value stands in for it. */
function textOf(entry: MetaValue | undefined): string | undefined {
  const value = entry?.value;
  return value && !['-', 'n/a', 'none', 'unknown'].includes(value.toLowerCase()) ? value : undefined;
}

/** Who made the data, for the attribution an upload keeps: "NREL NSRDB v3.2.2" for NSRDB files, else the Source field. */
export function samCsvAttribution(text: string): string | null {
  const meta = readMetadata(textLines(text.slice(0, 20_000)));
  const source = textOf(meta.source);
  if (!source) return null;
  const version = textOf(meta.version);
  const name = /^nsrdb$/i.test(source) ? 'NREL NSRDB' : source;
  return version ? `${name} ${version}` : name;
}

interface SiteAndNotes {
  site: WeatherSite;
  notes: string[];
}

function readSite(meta: Metadata): SiteAndNotes {
  const notes: string[] = [];
  const number = (key: MetaKey, label: string) => {
    const entry = meta[key];
    if (!entry) throw new WeatherFormatError(`the metadata has no ${label} field`, { line: 1 });
    return parseNumberField(entry.value, 2, entry.name);
  };
  const latitude = number('latitude', 'Latitude');
  const longitude = number('longitude', 'Longitude');
  let utcOffsetHours: number;
  if (meta.timeZone) {
    utcOffsetHours = number('timeZone', 'Time Zone');
    const local = meta.localTimeZone ? parseNumberField(meta.localTimeZone.value, 2, meta.localTimeZone.name) : utcOffsetHours;
    if (utcOffsetHours === 0 && local !== 0) {
      notes.push(`The time stamps are in UTC (Time Zone 0; the site's local standard time is UTC${local > 0 ? '+' : ''}${local}): months and hours are counted in UTC.`);
    }
  } else if (meta.localTimeZone) {
    utcOffsetHours = number('localTimeZone', 'Local Time Zone');
  } else {
    throw new WeatherFormatError('the metadata has no Time Zone field (the UTC offset of the time stamps)', { line: 1 });
  }
  let elevation = 0;
  if (meta.elevation) elevation = number('elevation', 'Elevation');
  else notes.push('The file gives no elevation: sea level was assumed.');
  const place = [meta.city, meta.state, meta.country].map(textOf).filter((part) => part !== undefined);
  const source = textOf(meta.source) ?? 'SAM CSV';
  const id = textOf(meta.locationId);
  const name = place.length > 0 ? place.join(', ') : `${source} ${latitude.toFixed(3)}, ${longitude.toFixed(3)}${id ? ` (location ${id})` : ''}`;
  return { site: { name, latitude, longitude, elevation, utcOffsetHours }, notes };
}

/** Each known column's index in the header row, -1 when absent; refuses a file without a required one. */
function readHeader(header: string[]): { index: Record<Column, number>; label: Record<Column, string> } {
  const names = header.map(normalise);
  const index = {} as Record<Column, number>;
  const label = {} as Record<Column, string>;
  for (const column of Object.keys(COLUMN_ALIASES) as Column[]) {
    const aliases: readonly string[] = COLUMN_ALIASES[column];
    index[column] = names.findIndex((name) => aliases.includes(name));
    label[column] = index[column] >= 0 ? (header[index[column]] ?? '').trim() : DESCRIPTION[column];
  }
  for (const column of REQUIRED) {
    if (index[column] < 0) {
      throw new WeatherFormatError(`the header has no ${DESCRIPTION[column]} column (${COLUMN_ALIASES[column].join(', ')})`, { line: HEADER_LINE });
    }
  }
  if ((index.dni < 0) !== (index.dhi < 0)) {
    const [has, lacks] = index.dni < 0 ? (['DHI', 'DNI'] as const) : (['DNI', 'DHI'] as const);
    throw new WeatherFormatError(`the header has a ${has} column but no ${lacks} column: give both, or neither to split them from GHI`, {
      line: HEADER_LINE,
      field: lacks,
    });
  }
  return { index, label };
}

/** The parsed rows, without February 29, in file order. */
interface Rows {
  count: number;
  line: Uint32Array;
  month: Uint8Array;
  day: Uint8Array;
  hour: Uint8Array;
  minute: Float64Array;
  values: Record<Quantity, Float64Array>;
  leapDayRows: number;
}

function parseRows(lines: string[], header: string[], index: Record<Column, number>, label: Record<Column, string>): Rows {
  const capacity = Math.max(lines.length - HEADER_LINE, 0);
  const rows: Rows = {
    count: 0,
    line: new Uint32Array(capacity),
    month: new Uint8Array(capacity),
    day: new Uint8Array(capacity),
    hour: new Uint8Array(capacity),
    minute: new Float64Array(capacity),
    values: Object.fromEntries(QUANTITIES.map((q) => [q, new Float64Array(capacity)])) as Record<Quantity, Float64Array>,
    leapDayRows: 0,
  };
  const used = Object.values(index).filter((k) => k >= 0);
  const needed = Math.max(...used) + 1;
  for (let k = HEADER_LINE; k < lines.length; k++) {
    const line = k + 1;
    const fields = splitCsvLine(lines[k] ?? '');
    if (fields.length < needed) {
      throw new WeatherFormatError(`the row has ${fields.length} fields; the header has ${header.length}`, { line });
    }
    const whole = (column: Column, min: number, max: number, what: string) => {
      const v = parseNumberField(fields[index[column]], line, label[column]);
      if (!Number.isInteger(v) || v < min || v > max) throw new WeatherFormatError(`${v} is not ${what}`, { line, field: label[column] });
      return v;
    };
    const month = whole('month', 1, 12, 'a month (1-12)');
    const day = whole('day', 1, month === 2 ? 29 : daysInMonth(month), `a day of month ${month}`);
    const hour = whole('hour', 0, 24, 'an hour (0-23, or 1-24)');
    let minute = 0;
    if (index.minute >= 0) {
      minute = parseNumberField(fields[index.minute], line, label.minute);
      if (!(minute >= 0 && minute < 60)) throw new WeatherFormatError(`${minute} is not a minute (0 to below 60)`, { line, field: label.minute });
    }
    if (month === 2 && day === 29) {
      rows.leapDayRows++;
      continue;
    }
    const r = rows.count++;
    rows.line[r] = line;
    rows.month[r] = month;
    rows.day[r] = day;
    rows.hour[r] = hour;
    rows.minute[r] = minute;
    for (const q of QUANTITIES) rows.values[q][r] = index[q] < 0 ? NaN : quantityValue(q, parseNumberField(fields[index[q]], line, label[q]), line, label[q]);
  }
  return rows;
}

function quantityValue(q: Quantity, raw: number, line: number, field: string): number {
  if (raw <= MISSING_AT_OR_BELOW) return NaN;
  if (q === 'pressure') return raw * 100; // mbar to Pa
  const range = RANGES[q];
  if (!range) return raw;
  const [min, max, , unit] = range;
  const isIrradiance = q === 'ghi' || q === 'dni' || q === 'dhi';
  if (isIrradiance && raw < 0 && raw >= NEGATIVE_IRRADIANCE_NOISE) return 0;
  if (raw < min || raw > max) throw new WeatherFormatError(`${raw} ${unit} is outside the plausible range ${min} to ${max}`, { line, field });
  return raw;
}

/** Minutes after 01-01 00:00 of a non-leap year. */
function minuteOfYear(month: number, day: number, hour: number, minute: number): number {
  return (dayOfYear(month, day) - 1) * MINUTES_PER_DAY + hour * 60 + minute;
}

interface Stamp {
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function stampAt(minuteOfYearValue: number): Stamp {
  const hourIndex = Math.floor(minuteOfYearValue / 60);
  const { month, day, hour } = calendarOfHour(Math.min(Math.max(hourIndex, 0), HOURS_PER_YEAR - 1));
  return { month, day, hour, minute: minuteOfYearValue - hourIndex * 60 };
}

function formatStamp(s: Stamp): string {
  const two = (n: number) => `${n < 10 ? '0' : ''}${n}`;
  return `${two(s.month)}-${two(s.day)} ${two(s.hour)}:${two(s.minute)}`;
}

function stepLabel(step: number): string {
  return step === 60 ? 'hourly' : `${step}-minute`;
}

/**
 * Minutes after 01-01 00:00 of each row, checked to run at one step from the first step of the year to the last;
 * refuses rows out of order, missing rows, a step that changes or does not divide the hour, and a short file.
 */
function timeline(rows: Rows, label: Record<Column, string>, lastLine: number, notes: string[]): { minutes: Float64Array; step: number } {
  const n = rows.count;
  if (n === 0) throw new WeatherFormatError('the file has no data rows after the column names (truncated?)', { line: lastLine });
  let maxHour = 0;
  let minHour = 24;
  for (let r = 0; r < n; r++) {
    maxHour = Math.max(maxHour, rows.hour[r] ?? 0);
    minHour = Math.min(minHour, rows.hour[r] ?? 0);
  }
  const hourEnding = maxHour === 24;
  if (hourEnding && minHour === 0) {
    const r = rows.hour.indexOf(24);
    throw new WeatherFormatError('24 is not an hour in a file whose hours start at 0', { line: rows.line[r] ?? lastLine, field: label.hour });
  }
  if (hourEnding) notes.push('The hours are numbered 1 to 24: each row was read as the hour ending at its Hour.');
  const minutes = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    minutes[r] = minuteOfYear(rows.month[r] ?? 0, rows.day[r] ?? 0, (rows.hour[r] ?? 0) - (hourEnding ? 1 : 0), rows.minute[r] ?? 0);
  }
  const found = (r: number): Stamp => stampAt(minutes[r] ?? 0);
  const fieldBetween = (expected: Stamp, actual: Stamp): string => {
    if (expected.month !== actual.month) return label.month;
    if (expected.day !== actual.day) return label.day;
    if (expected.hour !== actual.hour) return label.hour;
    return label.minute;
  };
  const first = minutes[0] ?? 0;
  if (n === 1) throw new WeatherFormatError(`the file ends after 1 data row (truncated?)`, { line: lastLine });
  const step = (minutes[1] ?? 0) - first;
  if (!(step > 0 && step <= 60 && Number.isInteger(60 / step))) {
    const where = { line: rows.line[1] ?? lastLine, field: step >= 60 || step <= 0 ? label.hour : label.minute };
    if (step <= 0) throw new WeatherFormatError(`${formatStamp(found(1))} is not after the row before (${formatStamp(found(0))}): rows out of order`, where);
    throw new WeatherFormatError(`the first two rows are ${step} minutes apart; the time step must divide the hour (60, 30, 15, 5 minutes, ...)`, where);
  }
  if (first >= step) {
    throw new WeatherFormatError(`the first row must fall in the year's first ${step === 60 ? 'hour' : `${step} minutes`} (from 01-01 00:00), not at ${formatStamp(found(0))}`, {
      line: rows.line[0] ?? lastLine,
      field: fieldBetween({ month: 1, day: 1, hour: 0, minute: 0 }, found(0)),
    });
  }
  const perYear = MINUTES_PER_YEAR / step;
  for (let r = 2; r < n; r++) {
    if (r >= perYear) {
      throw new WeatherFormatError(`the file holds more than one year of ${stepLabel(step)} rows (${perYear}); the engine reads one year`, {
        line: rows.line[r] ?? lastLine,
      });
    }
    const expectedMinute = first + r * step;
    const actual = minutes[r] ?? 0;
    if (Math.abs(actual - expectedMinute) < 1e-6) continue;
    const expected = stampAt(expectedMinute);
    const where = { line: rows.line[r] ?? lastLine, field: fieldBetween(expected, found(r)) };
    const delta = actual - (minutes[r - 1] ?? 0);
    const pair = `expected ${formatStamp(expected)}, found ${formatStamp(found(r))}`;
    if (delta <= 0 || Number.isInteger(delta / step)) throw new WeatherFormatError(`${pair}: rows missing or out of order`, where);
    throw new WeatherFormatError(`${pair}: the time step changes from ${step} to ${delta} minutes`, where);
  }
  if (n < perYear) {
    throw new WeatherFormatError(`the file ends after ${n} of ${perYear} ${stepLabel(step)} rows (truncated?)`, { line: lastLine });
  }
  return { minutes, step };
}

/** A SAM/NSRDB CSV with the user's twelve monthly mean temperatures written into its metadata (MONTHLY_TEMPERATURE_FIELD). */
export function withMonthlyTemperatures(text: string, temperatures: readonly number[]): string {
  const head = /^([^\r\n]*)(\r\n|\r|\n)([^\r\n]*)/.exec(text);
  if (!head) throw new WeatherFormatError('the file ends before its metadata values', { line: 1 });
  const [whole, names, newline, values] = head;
  return `${names},${MONTHLY_TEMPERATURE_FIELD}${newline}${values},${temperatures.join(' ')}${text.slice(whole.length)}`;
}

/** Whether a SAM/NSRDB CSV's column names include an air temperature. */
export function hasTemperatureColumn(text: string): boolean {
  const header = textLines(text.slice(0, 20_000))[HEADER_LINE - 1] ?? '';
  const aliases: readonly string[] = COLUMN_ALIASES.tempAir;
  return splitCsvLine(header).some((name) => aliases.includes(normalise(name)));
}

/** Twelve monthly means written in the metadata field, or a refusal naming it. */
export function readMonthlyTemperatures(value: string): number[] {
  const values = value.trim().split(/[\s;]+/).filter((part) => part !== '').map(Number);
  const [min, max] = RANGES.tempAir!;
  if (values.length !== 12 || values.some((v) => !Number.isFinite(v) || v < min || v > max)) {
    throw new WeatherFormatError(`the ${MONTHLY_TEMPERATURE_FIELD} field must hold 12 monthly mean temperatures from ${min} to ${max} °C, January first, separated by spaces`, {
      line: 2,
      field: MONTHLY_TEMPERATURE_FIELD,
    });
  }
  return values;
}

/** What stands in for an absent air temperature or wind speed column, said in `notes`; null where the file has it. */
function standIns(meta: Metadata, index: Record<Column, number>, notes: string[]) {
  let tempByMonth: number[] | null = null;
  if (index.tempAir < 0) {
    const given = meta.monthlyTemperature && readMonthlyTemperatures(meta.monthlyTemperature.value);
    tempByMonth = given || Array.from({ length: 12 }, () => DEFAULT_AIR_TEMPERATURE_C);
    notes.push(
      given
        ? `The file has no air temperature column: each hour takes its month's mean temperature given with the upload (${given.map((v, m) => `${monthLongNames[m]!.slice(0, 3)} ${v}`).join(', ')} °C).`
        : `The file has no air temperature column: ${DEFAULT_AIR_TEMPERATURE_C} °C every hour (NOCT's reference ambient); give the site's twelve monthly mean temperatures with the upload for truer cell temperatures.`,
    );
  } else if (meta.monthlyTemperature) {
    notes.push(`The file has its own air temperature column: the ${MONTHLY_TEMPERATURE_FIELD} field is not used.`);
  }
  if (index.windSpeed < 0) notes.push(`The file has no wind speed column: ${DEFAULT_WIND_SPEED_MS} m/s every hour (NOCT's reference wind).`);
  return { tempByMonth, wind: index.windSpeed < 0 ? DEFAULT_WIND_SPEED_MS : null };
}

export function parseSamCsv(text: string): WeatherYear {
  const lines = textLines(text);
  if (lines.length <= METADATA_LINES) throw new WeatherFormatError('the file ends before the column names (truncated?)', { line: lines.length });
  const meta = readMetadata(lines);
  const { site, notes } = readSite(meta);
  const header = splitCsvLine(lines[HEADER_LINE - 1] ?? '');
  const { index, label } = readHeader(header);
  const standIn = standIns(meta, index, notes);
  const rows = parseRows(lines, header, index, label);
  const { minutes, step } = timeline(rows, label, lines.length, notes);
  if (step < 60) {
    notes.push(
      `The ${step}-minute rows were averaged into hours, each row standing for the ${step} minutes centred on its time stamp (the instant NSRDB and SAM give its values for).`,
    );
  }
  if (rows.leapDayRows > 0) {
    notes.push(`The ${rows.leapDayRows} rows of February 29 were left out: the engine's year has 365 days (SAM does the same).`);
  }

  // Each row's share of each hour: the overlap of the interval it stands for with the hour, in minutes (in hours for
  // hourly rows, so that their values pass through unchanged).
  const unit = step === 60 ? 60 : 1;
  const weight = new Float64Array(HOURS_PER_YEAR);
  const sums = Object.fromEntries(QUANTITIES.map((q) => [q, new Float64Array(HOURS_PER_YEAR)])) as Record<Quantity, Float64Array>;
  const middleLine = new Uint32Array(HOURS_PER_YEAR);
  const missingLine = new Uint32Array(HOURS_PER_YEAR);
  const present = QUANTITIES.filter((q) => index[q] >= 0 && q !== 'albedo' && q !== 'snowDepth' && q !== 'year');
  for (let r = 0; r < rows.count; r++) {
    const t = minutes[r] ?? 0;
    const from = step === 60 ? Math.floor(t / 60) * 60 : t - step / 2;
    const to = step === 60 ? from + 60 : t + step / 2;
    const line = rows.line[r] ?? 0;
    const hasMissing = present.some((q) => Number.isNaN(rows.values[q][r]));
    for (let h = Math.max(0, Math.floor(from / 60)); h < HOURS_PER_YEAR && h * 60 < to; h++) {
      const overlap = (Math.min(to, (h + 1) * 60) - Math.max(from, h * 60)) / unit;
      if (overlap <= 0) continue;
      weight[h] = (weight[h] ?? 0) + overlap;
      for (const q of QUANTITIES) sums[q][h] = (sums[q][h] ?? 0) + overlap * (rows.values[q][r] ?? NaN);
      if (from <= h * 60 + 30 && h * 60 + 30 < to) middleLine[h] = line;
      if (hasMissing && missingLine[h] === 0) missingLine[h] = line;
    }
  }

  const sink = new RecordSink({ site, format: 'nsrdb-csv', sampleOffsetHours: 0.5, notes });
  const record = emptyRecord();
  for (let h = 0; h < HOURS_PER_YEAR; h++) {
    const { month, day, hour } = calendarOfHour(h);
    const w = weight[h] ?? 0;
    record.month = month;
    record.day = day;
    record.hourStart = hour;
    record.ghi = (sums.ghi[h] ?? NaN) / w;
    record.dni = (sums.dni[h] ?? NaN) / w;
    record.dhi = (sums.dhi[h] ?? NaN) / w;
    record.tempAir = standIn.tempByMonth ? standIn.tempByMonth[month - 1]! : (sums.tempAir[h] ?? NaN) / w;
    record.windSpeed = standIn.wind ?? (sums.windSpeed[h] ?? NaN) / w;
    record.pressure = (sums.pressure[h] ?? NaN) / w;
    record.albedo = (sums.albedo[h] ?? NaN) / w;
    record.snowDepth = (sums.snowDepth[h] ?? NaN) / w;
    record.year = (sums.year[h] ?? NaN) / w;
    sink.push(missingLine[h] || middleLine[h] || lines.length, record);
  }
  return sink.finish(lines.length);
}
