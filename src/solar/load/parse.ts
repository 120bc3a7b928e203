/**
 * Reads a consumption file a user uploads: one value per row (hourly, quarter-hourly or monthly kWh), with an optional
 * header row and optional leading timestamp columns. The accepted forms are listed in docs/load-profiles.md.
 */
import { HOURS_PER_YEAR } from '../weather/weather-year.ts';
import type { LoadShape, ShapeOptions } from './shapes.ts';
import { spreadMonthlyTotals } from './shapes.ts';

export type ParsedLoad =
  | { kind: 'hourly'; kwh: Float64Array } // 8760 values
  | { kind: 'quarter_hourly'; kwh: Float64Array } // 35040 values (energy per quarter-hour, kWh)
  | { kind: 'monthly'; kwh: number[] }; // 12 totals

/** 1-based line of the file; line 0 for whole-file problems. */
export interface LoadProblem {
  line: number;
  reason: string;
}

/**
 * A file read: the load, the calendar year its time stamps give (null without them), and what was assumed or repaired
 * (the year read, a leap day dropped) for the user to see.
 */
export type LoadCsvResult = { load: ParsedLoad; calendarYear: number | null; notes: string[] } | { problems: LoadProblem[] };

const MAX_PROBLEMS = 5;
/** The most one hour or quarter-hour of load may hold, kWh: a site drawing 1 GW (docs/api.md, "Input bounds"). */
export const MAX_STEP_KWH = 1e6;
/** The most one month of load may hold, kWh: a year of 1.2e9 kWh, about a shape's largest annual_kwh (1e9). */
export const MAX_MONTH_KWH = 1e8;
const QUARTER_HOURS_PER_YEAR = 4 * HOURS_PER_YEAR;
/** 29 February starts after 31 + 28 days. */
const LEAP_DAY_START = 59;

/** The year lengths a file may have, and the day of 29 February to drop for leap-year files. */
const LENGTHS: Record<number, { kind: ParsedLoad['kind']; stepsPerDay?: number }> = {
  [HOURS_PER_YEAR]: { kind: 'hourly' },
  [HOURS_PER_YEAR + 24]: { kind: 'hourly', stepsPerDay: 24 },
  [QUARTER_HOURS_PER_YEAR]: { kind: 'quarter_hourly' },
  [QUARTER_HOURS_PER_YEAR + 96]: { kind: 'quarter_hourly', stepsPerDay: 96 },
  12: { kind: 'monthly' },
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NOT_FINITE = /^[+-]?(nan|inf|infinity)$/i;
const INTEGER = /^\d+$/;
/** Tab, line feed, form feed and carriage return: the control characters a text file may hold. */
const TEXT_CONTROLS = new Set([9, 10, 12, 13]);

/** A date's year at the start of a time stamp: 2023-01-01, 2023/01/01 00:00, 2023-01 (a month); or 01/01/2023, 1.1.2023. */
const YEAR_FIRST = /^(\d{4})[-/.]\d{1,2}(?![\d:])/;
const YEAR_LAST = /^\d{1,2}[-/.]\d{1,2}[-/.](\d{4})(?!\d)/;
/** The years a load's calendar may be (the contract's calendar_year). */
const [FIRST_YEAR, LAST_YEAR] = [1900, 2100];

/** The year of the time stamp in a row's leading columns, or null when they hold no date. */
function stampYear(labels: readonly string[]): number | null {
  const stamp = labels.join(' ').trim();
  const year = Number((YEAR_FIRST.exec(stamp) ?? YEAR_LAST.exec(stamp))?.[1]);
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR ? year : null;
}

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const quoted = (field: string) => `"${field.length > 40 ? `${field.slice(0, 40)}…` : field}"`;

/** Text that is not a CSV at all: a NUL byte, a zip (xlsx) signature, or many control or undecodable characters. */
function isBinary(text: string): boolean {
  if (text.includes('\0') || text.startsWith('PK\u0003\u0004')) return true;
  const head = text.slice(0, 8192);
  let odd = 0;
  for (let k = 0; k < head.length; k++) {
    const code = head.charCodeAt(k);
    if ((code < 32 && !TEXT_CONTROLS.has(code)) || code === 0xfffd) odd++;
  }
  return odd > head.length / 100;
}

/** Tab, then semicolon, then comma: the first that the opening lines use. */
function separatorOf(lines: readonly string[]): string {
  const opening = lines.slice(0, 5).join('\n');
  if (opening.includes('\t')) return '\t';
  return opening.includes(';') ? ';' : ',';
}

/** Fields of one row, trimmed, with double quotes removed; empty fields at the end (trailing separators) dropped. */
function fieldsOf(line: string, separator: string): string[] {
  const fields = line.includes('"') ? quotedFieldsOf(line, separator) : line.split(separator).map((field) => field.trim());
  while (fields.length > 1 && fields.at(-1) === '') fields.pop();
  return fields;
}

function quotedFieldsOf(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === separator && !inQuotes) {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

type Reading = { value: number } | { reason: string } | { text: string };

/** One field as a consumption; a decimal comma is read where the separator is not a comma. */
function readValue(field: string, decimalComma: boolean): Reading {
  const plain = decimalComma ? field.replace(',', '.') : field;
  if (NOT_FINITE.test(plain)) return { reason: `${quoted(field)} is not a finite number` };
  if (!NUMBER.test(plain)) return { text: field };
  const value = Number(plain);
  if (!Number.isFinite(value)) return { reason: `${quoted(field)} is not a finite number` };
  if (value < 0) return { reason: `negative value ${field}: consumption cannot be below zero (is the file net of solar export?)` };
  return { value };
}

const isNumber = (field: string, decimalComma: boolean) => NUMBER.test(decimalComma ? field.replace(',', '.') : field);

const TWO_NUMBERS =
  'more than one number in the row: give one value per row, after an optional timestamp (where "," is the decimal mark, separate the columns with ";")';

/** Reads a CSV of 8760 hourly kWh, 35040 quarter-hour kWh or 12 monthly totals: one value per row, optionally with a header row and/or leading timestamp/month columns; comma, semicolon or tab; a decimal comma when the separator is a semicolon or a tab; BOM and CRLF tolerated; the first value's time stamp, when it has one, gives the calendar year (said in `notes`); a leap-year file of 8784 hours or 35136 quarter-hours drops Feb 29 (said in `notes`). Refuses a damaged file, or values above MAX_STEP_KWH (MAX_MONTH_KWH for monthly totals), with the first problems found (max 5). */
export function parseLoadCsv(text: string): LoadCsvResult {
  if (isBinary(text)) return { problems: [{ line: 0, reason: 'binary content: this is not a text CSV file (an Excel workbook? save it as CSV)' }] };
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const separator = separatorOf(lines.filter((content) => content.trim() !== ''));
  const decimalComma = separator !== ',';
  // Rows of separators alone (a spreadsheet's empty rows) count as blank lines.
  const rows = lines.flatMap((content, index) => {
    const fields = fieldsOf(content, separator);
    return fields.every((field) => field === '') ? [] : [{ line: index + 1, fields, hasSeparator: content.includes(separator) }];
  });
  if (rows.length === 0) return { problems: [{ line: 0, reason: 'the file is empty' }] };

  const values: number[] = [];
  /** Where each value was read: its line and its text. */
  const sources: { line: number; field: string }[] = [];
  const problems: LoadProblem[] = [];
  /** Rows whose first column holds a number: accepted only as a row counter (0, 1, 2 … or 1, 2, 3 …). */
  const counter: { line: number; value: number }[] = [];
  /** The year of the first value's time stamp: the load's calendar, for its weekdays. */
  let calendarYear: number | null | undefined;
  for (const [index, { line, fields, hasSeparator }] of rows.entries()) {
    if (problems.length >= MAX_PROBLEMS) break;
    const last = fields.at(-1) ?? '';
    const reading = readValue(last, decimalComma);
    if ('text' in reading && index === 0) continue; // the header row
    if ('reason' in reading) problems.push({ line, reason: reading.reason });
    else if ('text' in reading) problems.push({ line, reason: fields.length === 1 && hasSeparator ? `no value after ${quoted(last)}` : `${quoted(last)} is not a number` });
    else {
      values.push(reading.value);
      sources.push({ line, field: last });
      if (calendarYear === undefined) calendarYear = stampYear(fields.slice(0, -1));
    }
    const [first, ...others] = fields.slice(0, -1);
    if (others.some((label) => isNumber(label, decimalComma))) problems.push({ line, reason: TWO_NUMBERS });
    else if (first !== undefined && isNumber(first, decimalComma)) counter.push({ line, value: INTEGER.test(first) ? Number(first) : NaN });
  }
  if (problems.length === 0) {
    const start = counter[0]?.value ?? 0;
    const notCounting = counter.find(({ value }, k) => counter.length !== values.length || start > 1 || value !== start + k);
    if (notCounting) problems.push({ line: notCounting.line, reason: TWO_NUMBERS });
  }
  if (problems.length > 0) return { problems: problems.slice(0, MAX_PROBLEMS) };
  return loadOf(values, sources, calendarYear ?? null);
}

function loadOf(values: number[], sources: readonly { line: number; field: string }[], calendarYear: number | null): LoadCsvResult {
  const length = LENGTHS[values.length];
  if (!length) {
    const found = `found ${count(values.length)} value${values.length === 1 ? '' : 's'}`;
    return { problems: [{ line: 0, reason: `${found}: expected ${count(HOURS_PER_YEAR)} hourly, ${count(QUARTER_HOURS_PER_YEAR)} quarter-hourly or 12 monthly` }] };
  }
  const [most, span] = length.kind === 'monthly' ? [MAX_MONTH_KWH, 'a month'] : [MAX_STEP_KWH, 'an hour or a quarter-hour'];
  const tooLarge = values.flatMap((value, k) => (value > most ? [{ line: sources[k]!.line, reason: `${sources[k]!.field} kWh is above ${count(most)} kWh, the most ${span} may hold` }] : []));
  if (tooLarge.length > 0) return { problems: tooLarge.slice(0, MAX_PROBLEMS) };
  const notes: string[] = [];
  if (calendarYear !== null) notes.push(`The time stamps start in ${calendarYear}: the load's weekdays follow ${calendarYear}'s calendar.`);
  if (length.stepsPerDay) {
    values.splice(LEAP_DAY_START * length.stepsPerDay, length.stepsPerDay);
    notes.push(`A leap-year file (${count(values.length + length.stepsPerDay)} values): the ${length.stepsPerDay} values of 29 February were dropped.`);
  }
  const load: ParsedLoad = length.kind === 'monthly' ? { kind: 'monthly', kwh: values } : { kind: length.kind, kwh: Float64Array.from(values) };
  return { load, calendarYear, notes };
}

/** The hourly or quarter-hourly series of a parsed load (monthly totals spread on `shape`). */
export function loadSeriesOf(parsed: ParsedLoad, shape: LoadShape, options: ShapeOptions = {}): Float64Array {
  return parsed.kind === 'monthly' ? spreadMonthlyTotals(parsed.kwh, shape, options) : parsed.kwh;
}
