/**
 * The SAM CSV / NSRDB PSM3 and PSM4 reader on real files (tests/fixtures/weather/SOURCE.md): NREL SAM's Phoenix TMY2
 * file, NSRDB PSM3 hourly TMY, PSM3 and PSM4 30-minute years and a PSM3 5-minute day, and damaged copies of them.
 */
import { describe, expect, it } from 'vitest';
import { computeSunPath } from '../../src/solar/sun-path.ts';
import { simulate } from '../../src/solar/simulate.ts';
import { DEFAULT_SYSTEM } from '../../src/solar/system-spec.ts';
import { detectWeatherFormat, readWeather } from '../../src/solar/weather/read-weather.ts';
import { MONTHLY_TEMPERATURE_FIELD, samCsvAttribution } from '../../src/solar/weather/sam-csv.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { HOURS_PER_YEAR, WeatherFormatError, calendarOfHour, dayOfYear } from '../../src/solar/weather/weather-year.ts';
import { closure, ghiOnlyCsv, readShared, sum } from './fixtures.ts';

const FILES = {
  phoenixSam: 'weather/sam_phoenix_az_tmy2.csv',
  phoenixPsm3: 'weather/nsrdb_psm3_78208_phoenix_tmy.csv',
  psm3HalfHour: 'weather/nsrdb_psm3_401182_2017_30min.csv',
  psm4HalfHour: 'weather/nsrdb_psm4_401182_2023_30min.csv',
  psm3FiveMinuteDay: 'weather/pvlib_psm3_2019_5min_day.csv',
} as const;

const text = Object.fromEntries(Object.entries(FILES).map(([key, file]) => [key, readShared(file)])) as Record<keyof typeof FILES, string>;
const parsed = new Map<string, WeatherYear>();
const read = (key: keyof typeof FILES) => {
  let weather = parsed.get(key);
  if (!weather) parsed.set(key, (weather = readWeather(text[key])));
  return weather;
};

/** The file's lines, without a trailing empty one. */
const linesOf = (content: string) => content.replace(/\n$/, '').split('\n');

/** A SAM CSV table read independently of the reader: metadata, column names and data rows as strings. */
function table(content: string) {
  const lines = linesOf(content);
  const names = (lines[0] ?? '').split(',');
  const values = (lines[1] ?? '').split(',');
  const header = (lines[2] ?? '').split(',');
  const rows = lines.slice(3).map((line) => line.split(','));
  const column = (name: string) => {
    const k = header.indexOf(name);
    if (k < 0) throw new Error(`no column ${name}`);
    return rows.map((row) => Number(row[k]));
  };
  return { lines, names, values, header, rows, column, meta: (name: string) => values[names.indexOf(name)] };
}

/** The file with data rows (1-based line numbers beyond 3) rewritten; returning null drops the row. */
function editRows(content: string, change: (fields: string[], line: number) => string[] | string[][] | null): string {
  const lines = linesOf(content);
  const out = lines.slice(0, 3);
  lines.slice(3).forEach((line, k) => {
    const result = change(line.split(','), k + 4);
    if (result === null) return;
    if (Array.isArray(result[0])) for (const row of result as string[][]) out.push(row.join(','));
    else out.push((result as string[]).join(','));
  });
  return `${out.join('\n')}\n`;
}

function editLine(content: string, lineNumber: number, change: (line: string) => string): string {
  const lines = linesOf(content);
  lines[lineNumber - 1] = change(lines[lineNumber - 1] ?? '');
  return `${lines.join('\n')}\n`;
}

function refusal(content: string): WeatherFormatError {
  try {
    readWeather(content);
  } catch (error) {
    if (error instanceof WeatherFormatError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}


const VALUES = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'pressure', 'albedo'] as const;

/** The same year: site, format, calendar and timing exactly, the values to rounding. */
function expectSameYear(actual: WeatherYear, expected: WeatherYear): void {
  expect(actual.site).toEqual(expected.site);
  expect(actual.format).toBe(expected.format);
  expect(actual.components).toBe(expected.components);
  for (const key of ['month', 'day', 'hour', 'sampleHour'] as const) expect(actual[key]).toEqual(expected[key]);
  for (const key of VALUES) {
    const a = actual[key];
    const b = expected[key];
    expect(a === undefined, key).toBe(b === undefined);
    if (!a || !b) continue;
    let worst = 0;
    for (let i = 0; i < HOURS_PER_YEAR; i++) worst = Math.max(worst, Math.abs((a[i] ?? NaN) - (b[i] ?? NaN)) / Math.max(1, Math.abs(b[i] ?? 0)));
    expect(worst, key).toBeLessThan(1e-12);
  }
}

const hourIndex = (month: number, day: number, hour: number) => (dayOfYear(month, day) - 1) * 24 + hour;

describe('SAM CSV: NREL SAM\'s "USA AZ Phoenix (TMY2).csv" (no Minute column)', () => {
  const weather = read('phoenixSam');
  const file = table(text.phoenixSam);

  it('is recognised from its content and reads the site from the metadata lines', () => {
    expect(detectWeatherFormat(text.phoenixSam)).toBe('nsrdb-csv');
    expect(weather.format).toBe('nsrdb-csv');
    expect(weather.site).toEqual({ name: 'Phoenix, AZ, USA', latitude: 33.433333, longitude: -112.016667, elevation: 339, utcOffsetHours: -7 });
    expect(weather.components).toBe('source');
    expect(weather.notes).toEqual([]);
    expect(samCsvAttribution(text.phoenixSam)).toBe('TMY2');
  });

  it('holds 8760 hours, the row of Hour 0 being the hour 00:00-01:00 with the sun at mid-hour', () => {
    expect(file.rows).toHaveLength(8760);
    expect(weather.ghi).toHaveLength(HOURS_PER_YEAR);
    expect([weather.month[0], weather.day[0], weather.hour[0], weather.sampleHour[0]]).toEqual([1, 1, 0, 0.5]);
    expect([weather.month[8759], weather.day[8759], weather.hour[8759], weather.sampleHour[8759]]).toEqual([12, 31, 23, 8759.5]);
  });

  it("keeps the file's irradiance: annual GHI, DNI and DHI are the sums of its columns", () => {
    const ghi = sum(file.column('GHI')) / 1000;
    expect(ghi).toBeCloseTo(2117.0, 0);
    expect(sum(weather.ghi) / 1000).toBeCloseTo(ghi, 9);
    expect(sum(weather.dni) / 1000).toBeCloseTo(sum(file.column('DNI')) / 1000, 9);
    expect(sum(weather.dhi) / 1000).toBeCloseTo(sum(file.column('DHI')) / 1000, 9);
  });

  it('carries temperature, wind and pressure (mbar to Pa) row by row', () => {
    const [tdry, wspd, pres, ghi] = [file.column('Tdry'), file.column('Wspd'), file.column('Pres'), file.column('GHI')];
    for (const [month, day, hour] of [[1, 1, 0], [3, 15, 9], [7, 1, 12], [12, 31, 23]] as const) {
      const row = file.rows.findIndex((r) => Number(r[1]) === month && Number(r[2]) === day && Number(r[3]) === hour);
      const i = hourIndex(month, day, hour);
      expect(row).toBe(i);
      expect(weather.tempAir[i]).toBe(tdry[row]);
      expect(weather.windSpeed[i]).toBe(wspd[row]);
      expect(weather.pressure?.[i]).toBe((pres[row] ?? NaN) * 100);
      expect(weather.ghi[i]).toBe(ghi[row]);
    }
    expect([weather.tempAir[0], weather.windSpeed[0], weather.pressure?.[0]]).toEqual([5.6, 2.1, 98_300]);
    expect(weather.albedo).toBeUndefined();
  });

  it('puts the sun where the data say it is: GHI = DNI·cos z + DHI closes best at mid-hour', () => {
    const asRead = closure(weather, 0.5);
    expect(asRead).toBeLessThan(5);
    expect(closure(weather, 0)).toBeGreaterThan(5 * asRead);
    expect(closure(weather, 0.25)).toBeGreaterThan(3 * asRead);
    expect(closure(weather, 0.75)).toBeGreaterThan(3 * asRead);
  });

  it('simulates to a plausible Phoenix specific yield at latitude tilt', () => {
    const result = simulate(weather, { ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg: 33.4, azimuthDeg: 180 } });
    expect(result.annualGhiKwhM2).toBeCloseTo(sum(file.column('GHI')) / 1000, 6);
    expect(result.specificYieldKwhPerKwp).toBeGreaterThan(1700);
    expect(result.specificYieldKwhPerKwp).toBeLessThan(2000);
    expect(result.annualPoaKwhM2).toBeGreaterThan(2300);
    expect(result.annualPoaKwhM2).toBeLessThan(2500);
  });
});

describe('NSRDB PSM3 typical year (hourly, rows stamped HH:30)', () => {
  const weather = read('phoenixPsm3');
  const file = table(text.phoenixPsm3);

  it('reads the NSRDB metadata: no place names, so the name gives source, coordinates and location id', () => {
    expect(detectWeatherFormat(text.phoenixPsm3)).toBe('nsrdb-csv');
    expect(weather.site).toEqual({ name: 'NSRDB 33.450, -111.980 (location 78208)', latitude: 33.45, longitude: -111.98, elevation: 358, utcOffsetHours: -7 });
    expect(samCsvAttribution(text.phoenixPsm3)).toBe('NREL NSRDB v3.0.0');
    expect(sum(weather.ghi) / 1000).toBeCloseTo(sum(file.column('GHI')) / 1000, 9);
    expect(weather.albedo?.[0]).toBe(0.174);
    expect(weather.pressure?.[0]).toBe(97_000);
  });

  it('maps the row stamped 00:30 to the hour 00:00-01:00 and takes the sun at its stamp', () => {
    expect(file.rows[0]?.slice(0, 5)).toEqual(['2012', '1', '1', '0', '30']);
    expect([weather.hour[0], weather.sampleHour[0]]).toEqual([0, 0.5]);
    const asRead = closure(weather, 0.5);
    expect(asRead).toBeLessThan(2);
    expect(closure(weather, 0)).toBeGreaterThan(10 * asRead);
    expect(closure(weather, 1)).toBeGreaterThan(10 * asRead);
  });

  it('reads the same year from the pre-2019 stamps at the start of the hour (HH:00)', () => {
    const startStamped = editRows(text.phoenixPsm3, (fields) => fields.map((f, k) => (k === 4 ? '0' : f)));
    expectSameYear(readWeather(startStamped), weather);
  });

  it('reads a download in UTC (Time Zone 0, Local Time Zone -7) on the UTC clock: the same sun at the same instants', () => {
    const lines = linesOf(text.phoenixPsm3);
    const rows = lines.slice(3);
    const utcRows = rows.map((_, u) => {
      const fields = (rows[(u - 7 + HOURS_PER_YEAR) % HOURS_PER_YEAR] ?? '').split(',');
      const c = calendarOfHour(u);
      return [fields[0], c.month, c.day, c.hour, ...fields.slice(4)].join(',');
    });
    const utcMeta = (lines[1] ?? '').split(',').map((v, k) => (k === 7 ? '0' : v)).join(',');
    const utc = readWeather([lines[0], utcMeta, lines[2], ...utcRows].join('\n'));
    expect(utc.site.utcOffsetHours).toBe(0);
    expect(utc.notes).toEqual(["The time stamps are in UTC (Time Zone 0; the site's local standard time is UTC-7): months and hours are counted in UTC."]);
    const [sunUtc, sunLocal] = [computeSunPath(utc), computeSunPath(weather)];
    for (let u = 7; u < HOURS_PER_YEAR; u += 11) {
      expect(utc.ghi[u]).toBe(weather.ghi[u - 7]);
      expect(sunUtc.up[u]).toBeCloseTo(sunLocal.up[u - 7] ?? NaN, 9);
    }
  });
});

/** The hour of a sub-hourly NSRDB file from its rows: each row the instant of its stamp, the hour their trapezoid mean. */
function trapezoidHour(values: number[], stepMinutes: number, hour: number): number {
  const perHour = 60 / stepMinutes;
  let total = 0;
  for (let k = 0; k <= perHour; k++) total += (values[hour * perHour + k] ?? NaN) * (k === 0 || k === perHour ? 0.5 : 1);
  return total / perHour;
}

describe.each([
  ['PSM3 2017', 'psm3HalfHour', 'v3.2.2'],
  ['PSM4 2023', 'psm4HalfHour', '4.0.1'],
] as const)('NSRDB %s, 30-minute rows stamped HH:00 and HH:30', (_label, key, version) => {
  const weather = read(key);
  const file = table(text[key]);

  it('reads the site and averages 17520 rows into 8760 hours', () => {
    expect(file.rows).toHaveLength(17_520);
    expect(weather.site).toEqual({ name: 'NSRDB 40.530, -108.540 (location 401182)', latitude: 40.53, longitude: -108.54, elevation: 2168, utcOffsetHours: -7 });
    expect(weather.notes).toEqual([
      'The 30-minute rows were averaged into hours, each row standing for the 30 minutes centred on its time stamp (the instant NSRDB and SAM give its values for).',
    ]);
    expect(samCsvAttribution(text[key])).toBe(`NREL NSRDB ${version}`);
  });

  it('makes each hour the trapezoid mean of its rows: ¼ HH:00 + ½ HH:30 + ¼ HH+1:00', () => {
    const columns = { ghi: file.column('GHI'), dni: file.column('DNI'), dhi: file.column('DHI'), tempAir: file.column('Temperature'), windSpeed: file.column('Wind Speed') };
    for (const i of [10, 200, 4000, 4012, 4013, 6000, 8000]) {
      for (const [name, values] of Object.entries(columns) as [keyof typeof columns, number[]][]) {
        expect(weather[name][i], `${name} at hour ${i}`).toBeCloseTo(trapezoidHour(values, 30, i), 9);
      }
    }
    // The year's last hour has no row at 24:00: it is the mean over 23:00-23:45, the part its rows cover.
    const ghi = columns.ghi;
    expect(weather.tempAir[8759]).toBeCloseTo(((columns.tempAir[17_518] ?? NaN) * 15 + (columns.tempAir[17_519] ?? NaN) * 30) / 45, 9);
    // Energy is kept: the hours sum to the rows' sum over half-hours, the only difference being the half-weights at
    // the year's first and last instants, both at night.
    expect(sum(weather.ghi)).toBeCloseTo(sum(ghi) / 2, 6);
  });

  it('keeps GHI = DNI·cos z + DHI closing at mid-hour, better than the plain mean of the hour\'s two rows would', () => {
    const asRead = closure(weather, 0.5);
    const plain = { ...weather };
    for (const name of ['ghi', 'dni', 'dhi'] as const) {
      const values = file.column(name.toUpperCase());
      plain[name] = Float64Array.from({ length: HOURS_PER_YEAR }, (_, i) => ((values[2 * i] ?? NaN) + (values[2 * i + 1] ?? NaN)) / 2);
    }
    expect(asRead).toBeLessThan(8);
    expect(closure(plain, 0.5)).toBeGreaterThan(3 * asRead);
    expect(closure(weather, 0.25)).toBeGreaterThan(3 * asRead);
  });
});

describe('sub-hourly files are aggregated to the hours the engine simulates', () => {
  const hourly = read('phoenixSam');
  /** The Phoenix hourly file rewritten with `minutes` rows per hour, each holding its hour's values. */
  const constantWithinHours = (minutes: number[]) => {
    const lines = linesOf(text.phoenixSam);
    const header = (lines[2] ?? '').split(',');
    const out = [lines[0], lines[1], [...header.slice(0, 4), 'Minute', ...header.slice(4)].join(',')];
    for (const line of lines.slice(3)) {
      const fields = line.split(',');
      for (const minute of minutes) out.push([...fields.slice(0, 4), String(minute), ...fields.slice(4)].join(','));
    }
    return `${out.join('\n')}\n`;
  };

  it.each([
    ['30-minute', [15, 45]],
    ['15-minute', [7.5, 22.5, 37.5, 52.5]],
  ] as const)('an hourly file and the same data at %s resolution, each value stamped at the middle of its step, give the same year', (label, minutes) => {
    const subHourly = readWeather(constantWithinHours([...minutes]));
    expectSameYear(subHourly, hourly);
    expect(subHourly.notes).toEqual([
      `The ${label} rows were averaged into hours, each row standing for the ${label.replace('-minute', '')} minutes centred on its time stamp (the instant NSRDB and SAM give its values for).`,
    ]);
  });

  it('stamped :00 and :30 (NSRDB) the same values are instants: a quarter of each hour moves to the next, every day keeps its total', () => {
    const instants = readWeather(constantWithinHours([0, 30]));
    for (const i of [1, 4000, 4013, 8000]) {
      expect(instants.ghi[i]).toBeCloseTo(0.75 * (hourly.ghi[i] ?? NaN) + 0.25 * (hourly.ghi[i + 1] ?? NaN), 9);
    }
    for (let day = 0; day < 365; day++) {
      expect(sum(instants.ghi.subarray(day * 24, day * 24 + 24))).toBeCloseTo(sum(hourly.ghi.subarray(day * 24, day * 24 + 24)), 6);
    }
  });

  it('a real 5-minute NSRDB day (PSM3, 2019-01-01) aggregates to the hour means of its instants', () => {
    // The day from pvlib's test data, in a 5-minute year filled from the PSM3 30-minute file of the same place.
    const day = linesOf(text.psm3FiveMinuteDay).slice(1).map((line) => line.split(',').slice(1));
    const dayHeader = (linesOf(text.psm3FiveMinuteDay)[0] ?? '').split(',').slice(1);
    const halfHour = table(text.psm3HalfHour);
    const columns = ['Year', 'Month', 'Day', 'Hour', 'Minute', 'GHI', 'DNI', 'DHI', 'Temperature', 'Wind Speed', 'Pressure', 'Surface Albedo'];
    const pick = (fields: string[], from: string[]) => columns.map((name) => fields[from.indexOf(name)] ?? '');
    const rows = day.map((fields) => pick(fields, dayHeader));
    for (const fields of halfHour.rows.slice(48)) {
      const picked = pick(fields, halfHour.header);
      for (const minute of [0, 5, 10, 15, 20, 25]) rows.push(picked.map((v, k) => (k === 4 ? String(Number(v) + minute) : v)));
    }
    expect(rows).toHaveLength(105_120);
    const weather = readWeather([halfHour.lines[0], halfHour.lines[1], columns.join(','), ...rows.map((r) => r.join(','))].join('\n'));
    expect(weather.notes[0]).toMatch(/^The 5-minute rows were averaged into hours/);

    const series = (name: string) => rows.slice(0, 289).map((r) => Number(r[columns.indexOf(name)]));
    const names = { ghi: 'GHI', dni: 'DNI', dhi: 'DHI', tempAir: 'Temperature', windSpeed: 'Wind Speed' } as const;
    for (const [key, name] of Object.entries(names) as [keyof typeof names, string][]) {
      const values = series(name);
      for (let hour = 0; hour < 24; hour++) {
        const inHour = values.slice(hour * 12, hour * 12 + 13);
        const mean = (inHour[0]! / 2 + sum(inHour.slice(1, 12)) + inHour[12]! / 2) / 12;
        expect(weather[key][hour], `${key} at ${hour}:00`).toBeCloseTo(mean, 9);
      }
    }
    // The day's irradiation: GHI in W/m2 over 5-minute steps, the same as the 24 hour means.
    const ghi = series('GHI');
    expect(sum(weather.ghi.subarray(0, 24))).toBeCloseTo(sum(ghi.slice(0, 288)) / 12, 9);
    expect(Math.max(...weather.ghi.subarray(0, 24))).toBeGreaterThan(300);
  });
});

describe('leap years: February 29 is left out, as SAM does', () => {
  it.each([
    ['an hourly NSRDB 2020 download (8784 rows)', 'phoenixPsm3', 24],
    ['a 30-minute NSRDB download of a leap year (17568 rows)', 'psm4HalfHour', 48],
  ] as const)('%s reads as the same 365 days', (_label, key, perDay) => {
    // February 29 after February 28, its rows twins of February 28's with values that would show if they were kept.
    const leapDay: string[][] = [];
    const leap = editRows(text[key], (fields) => {
      const row = ['2020', ...fields.slice(1)];
      if (fields[1] === '2' && fields[2] === '28') {
        leapDay.push(['2020', '2', '29', ...fields.slice(3).map((v, k) => (k < 2 ? v : String(Number(v) * 0.5)))]);
        return row;
      }
      if (leapDay.length === 0) return row;
      return [...leapDay.splice(0), row];
    });
    expect(linesOf(leap).length - 3).toBe(366 * perDay);
    const weather = readWeather(leap);
    expectSameYear(weather, read(key));
    expect(weather.notes.at(-1)).toBe(`The ${perDay} rows of February 29 were left out: the engine's year has 365 days (SAM does the same).`);
  });
});

const ghiOnly = (content: string, temperatures?: string) => ghiOnlyCsv(content, temperatures, MONTHLY_TEMPERATURE_FIELD);

describe("a GHI-only file (NSRDB PSM4's polar TMY layout) runs on stand-ins it names", () => {
  const full = read('phoenixPsm3');
  const system = { ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg: 33.4, azimuthDeg: 180 } } as const;

  it('without temperatures: 20 °C and 1 m/s every hour, DNI and DHI split from GHI, each said', () => {
    const weather = readWeather(ghiOnly(text.phoenixPsm3));
    expect(Array.from(weather.ghi)).toEqual(Array.from(full.ghi));
    expect(new Set(weather.tempAir)).toEqual(new Set([20]));
    expect(new Set(weather.windSpeed)).toEqual(new Set([1]));
    expect(weather.components).toBe('erbs');
    expect(weather.notes).toContain("The file has no air temperature column: 20 °C every hour (NOCT's reference ambient); give the site's twelve monthly mean temperatures with the upload for truer cell temperatures.");
    expect(weather.notes).toContain("The file has no wind speed column: 1 m/s every hour (NOCT's reference wind).");
    expect(simulate(weather, system).annualAcKwh).toBeGreaterThan(0);
  });

  it("with the user's monthly means: each hour takes its month's", () => {
    const means = [12.1, 14.3, 17.6, 21.3, 26.3, 31.2, 33.9, 33.1, 30.2, 23.8, 16.9, 12.0];
    const weather = readWeather(ghiOnly(text.phoenixPsm3, means.join(' ')));
    for (const h of [0, 800, 4000, 8759]) expect(weather.tempAir[h]).toBe(means[calendarOfHour(h).month - 1]);
    expect(weather.notes).toContain(`The file has no air temperature column: each hour takes its month's mean temperature given with the upload (Jan 12.1, Feb 14.3, Mar 17.6, Apr 21.3, May 26.3, Jun 31.2, Jul 33.9, Aug 33.1, Sep 30.2, Oct 23.8, Nov 16.9, Dec 12 °C).`);
    // Hot months run the cells hotter than 20 °C would: less energy than the default's.
    expect(simulate(weather, system).annualAcKwh).toBeLessThan(simulate(readWeather(ghiOnly(text.phoenixPsm3)), system).annualAcKwh);
  });
});

describe('damaged files are refused with the line and the field', () => {
  const sam = text.phoenixSam;
  const psm3 = text.phoenixPsm3;
  const halfHour = text.psm3HalfHour;
  const truncate = (content: string, lines: number) => linesOf(content).slice(0, lines).join('\n');

  it('a missing irradiance column', () => {
    expect(refusal(editLine(sam, 3, (line) => line.replace('GHI', 'Global X'))).message).toBe(
      'line 3: the header has no GHI column (ghi, gh, global, global horizontal, global horizontal irradiance)',
    );
  });

  it('a refused monthly temperature field names itself', () => {
    const polar = ghiOnly(psm3, '5 6 7');
    expect(refusal(polar).message).toBe(
      `line 2, ${MONTHLY_TEMPERATURE_FIELD}: the ${MONTHLY_TEMPERATURE_FIELD} field must hold 12 monthly mean temperatures from -90 to 65 °C, January first, separated by spaces`,
    );
  });

  it('DNI without DHI', () => {
    expect(refusal(editLine(sam, 3, (line) => line.replace('DHI', 'Diffuse X'))).message).toBe(
      'line 3, DHI: the header has a DNI column but no DHI column: give both, or neither to split them from GHI',
    );
  });

  it('a value that is not a number', () => {
    const error = refusal(editRows(sam, (fields, line) => (line === 1000 ? fields.map((f, k) => (k === 4 ? '12x' : f)) : fields)));
    expect(error.message).toBe("line 1000, GHI: '12x' is not a number");
    expect(error.where).toEqual({ line: 1000, field: 'GHI' });
    expect(refusal(editRows(halfHour, (fields, line) => (line === 777 ? fields.map((f, k) => (k === 12 ? '' : f)) : fields))).message).toBe(
      "line 777, Temperature: '' is not a number",
    );
  });

  it('metadata that is not a number, or missing', () => {
    expect(refusal(editLine(sam, 2, (line) => line.replace('33.433333', 'north'))).message).toBe("line 2, Latitude: 'north' is not a number");
    expect(refusal(editLine(sam, 1, (line) => line.replace('Time Zone', 'Zone'))).message).toBe(
      'line 1: the metadata has no Time Zone field (the UTC offset of the time stamps)',
    );
    expect(refusal(editLine(sam, 2, (line) => line.replace('-112.016667', '-212'))).message).toBe('longitude: -212 is outside -180 to 180');
  });

  it('a truncated file', () => {
    expect(refusal(truncate(sam, 4000)).message).toBe('line 4000: the file ends after 3997 of 8760 hourly rows (truncated?)');
    expect(refusal(truncate(halfHour, 9000)).message).toBe('line 9000: the file ends after 8997 of 17520 30-minute rows (truncated?)');
    const cut = truncate(psm3, 5000);
    expect(refusal(cut.slice(0, cut.length - 30)).message).toMatch(/^line 5000: the row has \d+ fields; the header has 20$/);
    expect(refusal(truncate(sam, 3)).message).toBe('line 3: the file has no data rows after the column names (truncated?)');
  });

  it('rows out of order', () => {
    const lines = linesOf(sam);
    [lines[10], lines[11]] = [lines[11] ?? '', lines[10] ?? ''];
    const error = refusal(lines.join('\n'));
    expect(error.message).toBe('line 11, Hour: expected 01-01 07:00, found 01-01 08:00: rows missing or out of order');
    expect(error.where).toEqual({ line: 11, field: 'Hour' });
  });

  it('a missing row and a time step that changes', () => {
    expect(refusal(editRows(halfHour, (fields, line) => (line === 503 ? null : fields))).message).toBe(
      'line 503, Hour: expected 01-11 09:30, found 01-11 10:00: rows missing or out of order',
    );
    expect(refusal(editRows(halfHour, (fields, line) => (line === 503 ? fields.map((f, k) => (k === 4 ? '15' : f)) : fields))).message).toBe(
      'line 503, Minute: expected 01-11 09:30, found 01-11 09:15: the time step changes from 30 to 15 minutes',
    );
    expect(refusal(editRows(psm3, (fields, line) => (line === 100 ? [...fields.slice(0, 3), '97', ...fields.slice(4)] : fields))).message).toBe(
      'line 100, Hour: 97 is not an hour (0-23, or 1-24)',
    );
  });

  it('a time step that does not divide the hour', () => {
    const sevenMinutes = editRows(halfHour, (fields, line) => (line === 5 ? fields.map((f, k) => (k === 4 ? '7' : f)) : fields));
    expect(refusal(sevenMinutes).message).toBe('line 5, Minute: the first two rows are 7 minutes apart; the time step must divide the hour (60, 30, 15, 5 minutes, ...)');
  });

  it('a file that does not start with the year', () => {
    expect(refusal(editRows(sam, (fields, line) => (line === 4 ? null : fields))).message).toBe(
      "line 4, Hour: the first row must fall in the year's first hour (from 01-01 00:00), not at 01-01 01:00",
    );
  });

  it('a second year after the first', () => {
    const rows = linesOf(sam).slice(3, 30);
    expect(refusal(`${sam}${rows.join('\n')}\n`).message).toBe(
      'line 8764: the file holds more than one year of hourly rows (8760); the engine reads one year',
    );
  });

  it('values outside physical ranges, in hourly and in sub-hourly rows', () => {
    expect(refusal(editRows(sam, (fields, line) => (line === 2000 ? fields.map((f, k) => (k === 7 ? '85' : f)) : fields))).message).toBe(
      'line 2000, Tdry: 85 °C is outside the plausible range -90 to 65',
    );
    expect(refusal(editRows(halfHour, (fields, line) => (line === 9000 ? fields.map((f, k) => (k === 6 ? '5000' : f)) : fields))).message).toBe(
      'line 9000, GHI: 5000 W/m2 is outside the plausible range 0 to 1600',
    );
  });

  it("missing irradiance (SAM's -999) names the row", () => {
    expect(refusal(editRows(halfHour, (fields, line) => (line === 8001 ? fields.map((f, k) => (k === 6 ? '-999' : f)) : fields))).message).toBe(
      "line 8001, GHI: missing (no value, or the source's missing-data code)",
    );
  });

  it('other files are still refused as unknown', () => {
    expect(refusal('Year,Month,Day\n2020,1,1\n').message).toMatch(/^unrecognised weather file: expected TMY3 CSV, TMY2, EPW, a SAM or NSRDB/);
  });
});

describe('repairs', () => {
  it('bridges missing temperatures and says so', () => {
    const weather = readWeather(editRows(text.phoenixSam, (fields, line) => (line >= 5000 && line < 5003 ? fields.map((f, k) => (k === 7 ? '-999' : f)) : fields)));
    const i = 5000 - 4;
    expect(weather.tempAir[i + 1]).toBeCloseTo(((weather.tempAir[i - 1] ?? NaN) + (weather.tempAir[i + 3] ?? NaN)) / 2, 9);
    expect(weather.notes).toContain('3 missing air temperature values were interpolated from the neighbouring hours.');
  });

  it('splits GHI with Erbs when a file has neither DNI nor DHI', () => {
    const ghiOnly = editRows(text.phoenixSam, (fields) => fields.filter((_, k) => k !== 5 && k !== 6));
    const weather = readWeather(editLine(ghiOnly, 3, (line) => line.replace(',DNI,DHI', '')));
    expect(weather.components).toBe('erbs');
    expect(sum(weather.ghi)).toBeCloseTo(sum(read('phoenixSam').ghi), 6);
  });

  it('reads hours numbered 1 to 24 as the hours ending then', () => {
    const hourEnding = editRows(text.phoenixSam, (fields) => fields.map((f, k) => (k === 3 ? String(Number(f) + 1) : f)));
    const weather = readWeather(hourEnding);
    expectSameYear(weather, read('phoenixSam'));
    expect(weather.notes).toEqual(['The hours are numbered 1 to 24: each row was read as the hour ending at its Hour.']);
  });
});
