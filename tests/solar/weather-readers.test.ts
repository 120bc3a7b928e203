import { describe, expect, it } from 'vitest';
import { computeSunPath } from '../../src/solar/sun-path.ts';
import { parseEpw } from '../../src/solar/weather/epw.ts';
import { detectWeatherFormat, readWeather } from '../../src/solar/weather/read-weather.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { HOURS_PER_YEAR, WeatherFormatError } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, closure, pvCases, readShared, sum, weatherFile } from './fixtures.ts';

const reference = pvCases();

/** The file with line `lineNumber` (1-based) passed through `change`. */
function editLine(text: string, lineNumber: number, change: (line: string) => string): string {
  const lines = text.split('\n');
  lines[lineNumber - 1] = change(lines[lineNumber - 1] ?? '');
  return lines.join('\n');
}

function replaceField(line: string, index: number, value: string): string {
  const fields = line.split(',');
  fields[index] = value;
  return fields.join(',');
}

function refusal(text: string): WeatherFormatError {
  try {
    readWeather(text);
  } catch (error) {
    if (error instanceof WeatherFormatError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe.each([
  ['TMY3 CSV', WEATHER_FILES.tmy3, 'tmy3'],
  ['TMY2', WEATHER_FILES.tmy2, 'tmy2'],
  ['PVGIS JSON', WEATHER_FILES.pvgisJson, 'pvgis-json'],
  ['PVGIS CSV', WEATHER_FILES.pvgisCsv, 'pvgis-csv'],
  ['PVGIS EPW', WEATHER_FILES.pvgisEpw, 'pvgis-epw'],
] as const)('%s', (_label, file, format) => {
  const weather = weatherFile(file);

  it('reads a full non-leap year in calendar order', () => {
    expect(weather.format).toBe(format);
    expect(weather.ghi).toHaveLength(HOURS_PER_YEAR);
    expect([weather.month[0], weather.day[0], weather.hour[0]]).toEqual([1, 1, 0]);
    expect([weather.month[8759], weather.day[8759], weather.hour[8759]]).toEqual([12, 31, 23]);
    expect(weather.confidence).toBe('standard');
    expect(weather.components).toBe('source');
  });

  it('has plausible values everywhere', () => {
    for (const series of [weather.ghi, weather.dni, weather.dhi, weather.windSpeed]) {
      expect(Math.min(...series)).toBeGreaterThanOrEqual(0);
    }
    expect(Math.max(...weather.ghi)).toBeLessThan(1300);
    expect(sum(weather.tempAir) / HOURS_PER_YEAR).toBeGreaterThan(5);
  });

  it('is recognised from its content', () => {
    expect(detectWeatherFormat(readShared(file))).toBe(format === 'pvgis-epw' ? 'epw' : format);
  });
});

describe('local-time files (hour-ending, local standard time)', () => {
  it.each(Object.entries(reference.weather_files))('%s matches the reference annual sums and site', (_name, expected) => {
    const weather = weatherFile(`data/weather/${expected.file}`);
    expect(sum(weather.ghi) / 1000).toBeCloseTo(expected.annual_ghi_kwh_m2, 3);
    expect(sum(weather.dni) / 1000).toBeCloseTo(expected.annual_dni_kwh_m2, 3);
    expect(sum(weather.dhi) / 1000).toBeCloseTo(expected.annual_dhi_kwh_m2, 3);
    expect(sum(weather.tempAir) / HOURS_PER_YEAR).toBeCloseTo(expected.mean_temp_air_c, 6);
    expect(weather.site.utcOffsetHours).toBe(expected.tz_offset_h);
  });

  it('evaluates the sun at mid-hour: the record stamped 01:00 is the hour 00:00-01:00', () => {
    const weather = weatherFile(WEATHER_FILES.tmy3);
    expect(weather.hour[0]).toBe(0);
    expect(weather.sampleHour[0]).toBe(0.5);
    expect(weather.sampleHour[8759]).toBe(8759.5);
  });

  it('converts TMY2 units: tenths of °C and m/s, mbar', () => {
    const weather = weatherFile(WEATHER_FILES.tmy2);
    // First record, columns 68-71, 85-88 and 96-98 of the manual: dry bulb "0200", pressure "1017", wind "067".
    expect(weather.tempAir[0]).toBeCloseTo(20.0, 9);
    expect(weather.pressure?.[0]).toBe(101_700);
    expect(weather.windSpeed[0]).toBeCloseTo(6.7, 9);
  });
});

describe('PVGIS files (UTC stamps at the start of the hour, irradiance sampled at stamp + offset)', () => {
  const years = [WEATHER_FILES.pvgisJson, WEATHER_FILES.pvgisCsv, WEATHER_FILES.pvgisEpw].map(weatherFile);

  it('read the same year from JSON, CSV and EPW', () => {
    const [json, csv, epw] = years as [WeatherYear, WeatherYear, WeatherYear];
    for (const other of [csv, epw]) {
      expect(other.site).toMatchObject({ latitude: 45, longitude: 8, elevation: 250, utcOffsetHours: 0 });
      for (let i = 0; i < HOURS_PER_YEAR; i += 97) {
        expect(other.ghi[i]).toBeCloseTo(json.ghi[i] ?? NaN, 6);
        expect(other.dni[i]).toBeCloseTo(json.dni[i] ?? NaN, 6);
        expect(other.tempAir[i]).toBeCloseTo(json.tempAir[i] ?? NaN, 6);
        expect(other.sampleHour[i]).toBeCloseTo(json.sampleHour[i] ?? NaN, 9);
      }
    }
  });

  it('take the EPW in UTC although its LOCATION line says UTC+1', () => {
    const location = readShared(WEATHER_FILES.pvgisEpw).split('\n')[0]?.split(',');
    expect(location?.[8]).toBe('1');
    expect(years[2]?.site.utcOffsetHours).toBe(0);
  });

  it('put the sun where the data say it is: GHI = DNI·cos z + DHI closes best at stamp + 0.1761 h', () => {
    const weather = years[0] as WeatherYear;
    expect(weather.sampleHour[0]).toBeCloseTo(0.1761, 9);
    const asRead = closure(weather, 0.1761);
    expect(asRead).toBeLessThan(1);
    expect(closure(weather, 0)).toBeGreaterThan(5 * asRead);
    expect(closure(weather, 0.5)).toBeGreaterThan(5 * asRead);
  });
});

describe('broken files are refused with what and where', () => {
  const tmy3 = readShared(WEATHER_FILES.tmy3);
  const tmy2 = readShared(WEATHER_FILES.tmy2);
  const epw = readShared(WEATHER_FILES.pvgisEpw);
  const pvgisCsv = readShared(WEATHER_FILES.pvgisCsv);
  const pvgisJson = readShared(WEATHER_FILES.pvgisJson);
  const truncate = (text: string, lines: number) => text.split('\n').slice(0, lines).join('\n');

  it.each([
    ['TMY3', tmy3],
    ['TMY2', tmy2],
    ['EPW', epw],
    ['PVGIS CSV', pvgisCsv],
  ])('%s truncated', (_label, text) => {
    const error = refusal(truncate(text, 4000));
    expect(error.message).toMatch(/ends after \d+ of 8760 hourly records \(truncated\?\)/);
    expect(error.where.line).toBeGreaterThan(0);
  });

  it('PVGIS JSON truncated mid-document', () => {
    expect(refusal(pvgisJson.slice(0, 200_000)).message).toMatch(/does not parse/);
  });

  it('TMY3 with a garbage number names line and column', () => {
    const error = refusal(editLine(tmy3, 1000, (line) => replaceField(line, 4, '12x')));
    expect(error.message).toBe("line 1000, GHI: '12x' is not a number");
  });

  it('TMY2 with a garbage number names line and field', () => {
    const error = refusal(editLine(tmy2, 500, (line) => `${line.slice(0, 17)}1a2b${line.slice(21)}`));
    expect(error.message).toBe("line 500, ghi: '1a2b' is not a number");
  });

  it('EPW with a garbage number names line and field', () => {
    const error = refusal(editLine(epw, 20, (line) => replaceField(line, 6, 'warm')));
    expect(error.message).toBe("line 20, dryBulb: 'warm' is not a number");
  });

  it('PVGIS CSV with a garbage number names line and column', () => {
    const error = refusal(editLine(pvgisCsv, 300, (line) => replaceField(line, 4, '--')));
    expect(error.message).toBe("line 300, Gb(n): '--' is not a number");
  });

  it('PVGIS JSON with a value that is not a number names the record', () => {
    const error = refusal(pvgisJson.replace('"G(h)": 0.0', '"G(h)": "zero"'));
    expect(error.message).toBe('record 1, G(h): not a number ("zero") at 20180101:0000');
  });

  it('TMY3 without a DNI column', () => {
    const error = refusal(editLine(tmy3, 2, (line) => line.replace('DNI (W/m^2)', 'DNIX')));
    expect(error.message).toBe("line 2: the header has no 'DNI (W/m^2)' column");
  });

  it('TMY2 with a cut record', () => {
    expect(refusal(editLine(tmy2, 77, (line) => line.slice(0, 60))).message).toBe(
      'line 77: the record is 60 characters long; TMY2 records have at least 100',
    );
  });

  it('EPW with a row missing a field', () => {
    const error = refusal(editLine(epw, 100, (line) => line.split(',').filter((_, k) => k !== 13).join(',')));
    expect(error.message).toBe('line 100: the row has 34 fields; EPW rows have 35');
  });

  it('PVGIS CSV without the beam column', () => {
    const lines = pvgisCsv.split('\n').map((line) => (line.includes(',') ? line.split(',').filter((_, k) => k !== 4).join(',') : line));
    expect(refusal(lines.join('\n')).message).toMatch(/^line \d+: the header has no 'Gb\(n\)' column$/);
  });

  it('PVGIS JSON with a record lacking a variable', () => {
    const error = refusal(pvgisJson.replace('"Gb(n)": 0.0, ', ''));
    expect(error.message).toBe('record 1, Gb(n): missing at 20180101:0000');
  });

  it('records out of order', () => {
    const error = refusal(editLine(tmy3, 10, () => tmy3.split('\n')[10] ?? ''));
    expect(error.message).toMatch(/^line 10: expected the hour starting 01-01 07:00 \(hour 8 of 8760\), found 01-01 08:00$/);
  });

  it('values outside physical ranges', () => {
    const error = refusal(editLine(tmy3, 1000, (line) => replaceField(line, 31, '85.0')));
    expect(error.message).toBe('line 1000, air temperature: 85 °C is outside the plausible range -90 to 65');
  });

  it('values outside physical ranges in JSON name the record', () => {
    const error = refusal(pvgisJson.replace('"G(h)": 0.0', '"G(h)": 5000.0'));
    expect(error.message).toBe('record 1, GHI: 5000 W/m2 is outside the plausible range 0 to 1600');
  });

  it('a station outside the globe', () => {
    const error = refusal(editLine(tmy3, 1, (line) => replaceField(line, 4, '136.1')));
    expect(error.message).toBe('latitude: 136.1 is outside -90 to 90');
  });

  it('a file that is none of the formats', () => {
    expect(refusal('date,ghi\n2020-01-01,0\n').message).toMatch(/^unrecognised weather file/);
    expect(refusal('').message).toMatch(/^unrecognised weather file/);
  });
});

describe('repairs and assumptions', () => {
  const epw = readShared(WEATHER_FILES.pvgisEpw);

  it('drops a leap day', () => {
    const lines = epw.split('\n');
    const feb28 = lines.filter((line) => line.startsWith('2007,2,28,'));
    const leapDay = feb28.map((line) => line.replace('2007,2,28,', '2007,2,29,'));
    const at = lines.indexOf(feb28[23] ?? '') + 1;
    const withLeapDay = [...lines.slice(0, at), ...leapDay, ...lines.slice(at)].join('\n');
    expect(sum(parseEpw(withLeapDay).ghi)).toBeCloseTo(sum(parseEpw(epw).ghi), 6);
  });

  it('bridges missing temperatures (EPW 99.9) and says so', () => {
    let text = epw;
    for (const line of [4000, 4001, 4002]) text = editLine(text, line, (l) => replaceField(l, 6, '99.9'));
    const weather = parseEpw(text);
    const before = weather.tempAir[3990] ?? NaN;
    const after = weather.tempAir[3994] ?? NaN;
    expect(weather.tempAir[3992]).toBeCloseTo((before + after) / 2, 9);
    expect(weather.notes).toContain('3 missing air temperature values were interpolated from the neighbouring hours.');
  });

  it('refuses missing irradiance in single hours', () => {
    expect(() => parseEpw(editLine(epw, 5000, (l) => replaceField(l, 13, '9999')))).toThrow("line 5000, GHI: missing (no value, or the source's missing-data code)");
  });

  it('splits GHI with Erbs when a file has no DNI or DHI', () => {
    const lines = epw.split('\n').map((line, k) => (k < 8 || line === '' ? line : replaceField(replaceField(line, 14, '9999'), 15, '9999')));
    const weather = parseEpw(lines.join('\n'));
    const original = weatherFile(WEATHER_FILES.pvgisEpw);
    expect(weather.components).toBe('erbs');
    expect(weather.notes.join(' ')).toMatch(/Erbs/);
    expect(sum(weather.dhi) / sum(original.dhi)).toBeGreaterThan(0.8);
    expect(sum(weather.dhi) / sum(original.dhi)).toBeLessThan(1.4);
    const sun = computeSunPath(weather);
    for (let i = 0; i < HOURS_PER_YEAR; i++) {
      expect((weather.dni[i] ?? 0) * Math.max(sun.up[i] ?? 0, 0) + (weather.dhi[i] ?? 0)).toBeCloseTo(weather.ghi[i] ?? NaN, 6);
    }
  });
});
