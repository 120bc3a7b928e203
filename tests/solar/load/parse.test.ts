import { describe, expect, it } from 'vitest';
import type { LoadCsvResult, ParsedLoad } from '../../../src/solar/load/parse.ts';
import { loadSeriesOf, parseLoadCsv } from '../../../src/solar/load/parse.ts';
import { loadFromShape } from '../../../src/solar/load/shapes.ts';
import { loadSummary } from '../../../src/solar/load/summary.ts';

/** A recognisable value for step `k`: never negative, never repeating within a day. */
const valueAt = (k: number) => Math.round(((k % 97) + 1) * 1000) / 8000;
const values = (n: number) => Array.from({ length: n }, (_, k) => valueAt(k));
const csv = (rows: readonly string[], newline = '\n') => rows.join(newline) + newline;
const pad = (n: number) => String(n).padStart(2, '0');
/** `Jan 1 00:00`-style timestamps of the hours of a non-leap year, written as `yyyy-mm-dd hh:00`. */
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const timestamps = () => DAYS.flatMap((days, m) => Array.from({ length: days * 24 }, (_, h) => `2023-${pad(m + 1)}-${pad(Math.floor(h / 24) + 1)} ${pad(h % 24)}:00`));

function loadOf(result: LoadCsvResult): ParsedLoad {
  if (!('load' in result)) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.load;
}
function problemsOf(result: LoadCsvResult) {
  if (!('problems' in result)) throw new Error(`accepted a ${result.load.kind} file`);
  return result.problems;
}

describe('reading a consumption CSV', () => {
  it('reads 8760 bare values as an hourly year', () => {
    const load = loadOf(parseLoadCsv(csv(values(8760).map(String))));
    expect(load.kind).toBe('hourly');
    expect(Array.from(load.kwh)).toEqual(values(8760));
  });

  it('reads a header and a timestamp column, comma-separated, with CRLF and a byte-order mark', () => {
    const rows = timestamps().map((time, k) => `${time},${valueAt(k)}`);
    const result = parseLoadCsv('\ufeff' + csv(['timestamp,kWh', ...rows], '\r\n'));
    expect(Array.from(loadOf(result).kwh)).toEqual(values(8760));
    expect(result).toMatchObject({ calendarYear: 2023, notes: ["The time stamps start in 2023: the load's weekdays follow 2023's calendar."] });
  });

  it("reads the calendar year from the first value's time stamp, in the forms meters write it, and says so", () => {
    const hourly = (stamp: (k: number) => string, separator = ',') => parseLoadCsv(csv(['time,kWh', ...values(8760).map((kwh, k) => `${stamp(k)}${separator}${kwh}`)]));
    expect(hourly(() => '2021-01-01T00:00:00Z')).toMatchObject({ calendarYear: 2021, notes: [expect.stringContaining('2021')] });
    expect(hourly(() => '2019/01/01 00:00')).toMatchObject({ calendarYear: 2019 });
    expect(hourly(() => '01/01/2018 00:00')).toMatchObject({ calendarYear: 2018 });
    expect(parseLoadCsv(csv(values(8760).map((kwh) => `1.1.2022;00:00;${String(kwh).replace('.', ',')}`)))).toMatchObject({ calendarYear: 2022 });
    // The first value's year, though an hour-ending file's last stamp is in the next year.
    expect(hourly((k) => (k === 8759 ? '2024-01-01 00:00' : '2023-12-31 23:00'))).toMatchObject({ calendarYear: 2023 });
    // Monthly totals by month of a year.
    const totals = [900, 820, 760, 640, 700, 980, 1210, 1180, 930, 700, 690, 880];
    expect(parseLoadCsv(csv(totals.map((kwh, m) => `2020-${pad(m + 1)},${kwh}`)))).toMatchObject({ calendarYear: 2020, load: { kind: 'monthly', kwh: totals } });
    // A leap year's file is read as that year, its 29 February dropped.
    const leap = Array.from({ length: 8784 }, (_, k) => `2024-01-01 00:00,${valueAt(k)}`);
    expect(parseLoadCsv(csv(leap))).toMatchObject({ calendarYear: 2024, notes: [expect.stringContaining('2024'), expect.stringMatching(/29 February/)] });
    // No year: no stamp, an hour counter, a time alone, a month name, a year outside 1900-2100.
    for (const stamp of [(k: number) => String(k + 1), () => '00:00', () => 'Jan', () => '1800-01-01 00:00']) expect(hourly(stamp)).toMatchObject({ calendarYear: null, notes: [] });
    expect(parseLoadCsv(csv(values(8760).map(String)))).toMatchObject({ calendarYear: null, notes: [] });
  });

  it('reads semicolons with a decimal comma, and tabs with a decimal comma', () => {
    const semicolons = timestamps().map((time, k) => `${time};${String(valueAt(k)).replace('.', ',')}`);
    expect(Array.from(loadOf(parseLoadCsv(csv(['Zeitstempel;Verbrauch (kWh)', ...semicolons]))).kwh)).toEqual(values(8760));
    const tabs = timestamps().map((time, k) => `${time}\t${String(valueAt(k)).replace('.', ',')}`);
    expect(Array.from(loadOf(parseLoadCsv(csv(tabs))).kwh)).toEqual(values(8760));
  });

  it('reads a date and a time in separate columns, quoted fields, an hour counter, and spreadsheet rows of separators alone', () => {
    const split = timestamps().map((time, k) => `"${time.slice(0, 10)}";"${time.slice(11)}";"${String(valueAt(k)).replace('.', ',')}"`);
    expect(Array.from(loadOf(parseLoadCsv(csv(['Date;Time;kWh', ...split, ';;', ';;']))).kwh)).toEqual(values(8760));
    const counted = values(8760).map((kwh, k) => `${k + 1},${kwh}`);
    expect(Array.from(loadOf(parseLoadCsv(csv(['hour,kwh', ...counted]))).kwh)).toEqual(values(8760));
    const commaInTime = values(8760).map((kwh) => `"Jan 1, 2023",${kwh}`);
    expect(loadOf(parseLoadCsv(csv(commaInTime))).kind).toBe('hourly');
  });

  it('reads 35,040 quarter-hours as kWh per quarter-hour', () => {
    const load = loadOf(parseLoadCsv(csv(['kWh', ...values(35_040).map(String)])));
    expect(load.kind).toBe('quarter_hourly');
    expect(load.kwh).toHaveLength(35_040);
  });

  it('reads 12 monthly totals, bare, with month names or with month numbers', () => {
    const totals = [900, 820, 760, 640, 700, 980, 1210, 1180, 930, 700, 690, 880];
    expect(loadOf(parseLoadCsv(csv(totals.map(String))))).toEqual({ kind: 'monthly', kwh: totals });
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(loadOf(parseLoadCsv(csv(['Month;kWh', ...totals.map((kwh, m) => `${names[m]};${kwh},5`)])))).toEqual({ kind: 'monthly', kwh: totals.map((kwh) => kwh + 0.5) });
    expect(loadOf(parseLoadCsv(csv(totals.map((kwh, m) => `${m + 1},${kwh}`))))).toEqual({ kind: 'monthly', kwh: totals });
  });

  it.each([
    ['hourly', 24],
    ['quarter_hourly', 96],
  ] as const)('drops 29 February from a leap-year %s file and says so', (kind, perDay) => {
    const leapYear = Array.from({ length: 366 * perDay }, (_, k) => (Math.floor(k / perDay) === 59 ? 99 : valueAt(k)));
    const result = parseLoadCsv(csv(leapYear.map(String)));
    const load = loadOf(result);
    expect(load.kind).toBe(kind);
    expect(load.kwh).toHaveLength(365 * perDay);
    expect(Array.from(load.kwh)).not.toContain(99);
    expect(load.kwh[59 * perDay]).toBe(valueAt(60 * perDay)); // 1 March follows 28 February
    expect(result).toMatchObject({ notes: [expect.stringMatching(/leap-year.*29 February/i)] });
  });

  it('gives the series of each kind: hourly and quarter-hourly as read, monthly spread on a shape', () => {
    const hourly = loadOf(parseLoadCsv(csv(values(8760).map(String))));
    expect(loadSeriesOf(hourly, 'office')).toBe(hourly.kwh);
    const monthly: ParsedLoad = { kind: 'monthly', kwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
    const series = loadSeriesOf(monthly, 'residential', { southernHemisphere: true });
    expect(loadSummary(series).monthlyKwh.map((kwh) => Math.round(kwh * 1e9) / 1e9)).toEqual(monthly.kwh);
    expect(series).not.toEqual(loadSeriesOf(monthly, 'residential'));
  });
});

describe('refusing a damaged consumption CSV', () => {
  const hourlyWith = (line: number, text: string, header = false) => {
    const rows = values(8760).map(String);
    rows[line - 1 - (header ? 1 : 0)] = text;
    return csv(header ? ['kWh', ...rows] : rows);
  };

  it('names the line of a value that is not a number, counting the header', () => {
    expect(problemsOf(parseLoadCsv(hourlyWith(101, 'abc')))).toEqual([{ line: 101, reason: '"abc" is not a number' }]);
    expect(problemsOf(parseLoadCsv(hourlyWith(101, '1.2.3', true)))).toEqual([{ line: 101, reason: '"1.2.3" is not a number' }]);
  });

  it('refuses negative values, NaN and infinity', () => {
    expect(problemsOf(parseLoadCsv(hourlyWith(7, '-0.4')))).toEqual([{ line: 7, reason: expect.stringMatching(/negative value -0\.4/) as string }]);
    for (const text of ['NaN', 'Infinity', '-inf', '1e400']) {
      expect(problemsOf(parseLoadCsv(hourlyWith(9, text)))).toEqual([{ line: 9, reason: `"${text}" is not a finite number` }]);
    }
  });

  it('refuses a wrong count as a whole-file problem', () => {
    expect(problemsOf(parseLoadCsv(csv(values(8759).map(String))))).toEqual([
      { line: 0, reason: 'found 8,759 values: expected 8,760 hourly, 35,040 quarter-hourly or 12 monthly' },
    ]);
    expect(problemsOf(parseLoadCsv('kWh\n5\n'))).toEqual([{ line: 0, reason: 'found 1 value: expected 8,760 hourly, 35,040 quarter-hourly or 12 monthly' }]);
  });

  it('refuses an empty file and binary content', () => {
    for (const text of ['', '\ufeff', '\n \r\n\t\n']) expect(problemsOf(parseLoadCsv(text))).toEqual([{ line: 0, reason: 'the file is empty' }]);
    const xlsx = 'PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000[Content_Types].xml';
    expect(problemsOf(parseLoadCsv(xlsx))).toEqual([{ line: 0, reason: expect.stringMatching(/^binary content/) as string }]);
    const garbled = Array.from({ length: 400 }, (_, k) => String.fromCharCode(k % 2 ? 0x01 : 0xfffd) + 'x').join('');
    expect(problemsOf(parseLoadCsv(garbled))[0]?.reason).toMatch(/^binary content/);
  });

  it('reports at most the first five problems, in file order', () => {
    const rows = values(8760).map(String);
    for (const line of [3, 50, 51, 700, 800, 900, 1000]) rows[line - 1] = 'x';
    expect(problemsOf(parseLoadCsv(csv(rows))).map((problem) => problem.line)).toEqual([3, 50, 51, 700, 800]);
  });

  it('refuses two numbers in a row rather than guess which is the value', () => {
    const decimalCommas = values(8760).map((kwh) => String(kwh).replace('.', ','));
    expect(problemsOf(parseLoadCsv(csv(decimalCommas)))[0]).toEqual({ line: 1, reason: expect.stringMatching(/more than one number in the row.*";"/) as string });
    const twoColumns = values(8760).map((kwh) => `${kwh};${kwh}`);
    expect(problemsOf(parseLoadCsv(csv(twoColumns)))[0]?.line).toBe(1);
    const dayAndHour = values(8760).map((kwh, k) => `2023-01-01;${k % 24};${kwh}`);
    expect(problemsOf(parseLoadCsv(csv(dayAndHour)))[0]?.reason).toMatch(/more than one number/);
  });

  it('says when a timestamp has no value after it', () => {
    const rows = timestamps().map((time, k) => `${time};${valueAt(k)}`);
    rows[41] = `${timestamps()[41]};`;
    expect(problemsOf(parseLoadCsv(csv(rows)))).toEqual([{ line: 42, reason: `no value after "${timestamps()[41]}"` }]);
  });
});

describe('a consumption year written and read again', () => {
  it('reads back what a shape produced', () => {
    const year = loadFromShape('office', 250_000, { firstWeekday: 2 });
    expect(loadOf(parseLoadCsv(csv(Array.from(year, String)))).kwh).toEqual(year);
  });
});
