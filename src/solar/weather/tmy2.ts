/**
 * TMY2 fixed-width records (Marion & Urban 1995, "User's Manual for TMY2s"): a station line, then 8760 lines stamped
 * with the END of their hour (1-24) in local standard time. Irradiance is Wh/m2 over that hour, temperature in
 * tenths of °C, wind in tenths of m/s, pressure in mbar.
 */
import { RecordSink, emptyRecord, parseNumberField, textLines, unlessMissing } from './record-sink.ts';
import type { WeatherYear } from './weather-year.ts';
import { WeatherFormatError } from './weather-year.ts';

/** Field positions of the manual's Table 3-1, as [start, end) character offsets of a data line. */
const FIELDS = {
  month: [3, 5],
  day: [5, 7],
  hour: [7, 9],
  ghi: [17, 21],
  dni: [23, 27],
  dhi: [29, 33],
  dryBulb: [67, 71],
  pressure: [84, 88],
  windSpeed: [95, 98],
} as const;

const RECORD_MIN_LENGTH = 100;

export function parseTmy2(text: string): WeatherYear {
  const lines = textLines(text);
  const station = lines[0] ?? '';
  // Station line: WBAN, city (columns 8-29), state, UTC offset, N|S deg min, E|W deg min, elevation.
  const rest = station.slice(29).trim().split(/\s+/);
  if (station.length < 40 || rest.length < 9) {
    throw new WeatherFormatError('the station line does not hold state, UTC offset, latitude, longitude and elevation', { line: 1 });
  }
  const [, tz, ns, latDeg, latMin, ew, lonDeg, lonMin, elevation] = rest;
  if ((ns !== 'N' && ns !== 'S') || (ew !== 'E' && ew !== 'W')) {
    throw new WeatherFormatError(`'${ns} ${ew}' are not hemisphere letters (N/S, E/W)`, { line: 1, field: 'hemisphere' });
  }
  const latitude = (parseNumberField(latDeg, 1, 'latitude') + parseNumberField(latMin, 1, 'latitude minutes') / 60) * (ns === 'N' ? 1 : -1);
  const longitude = (parseNumberField(lonDeg, 1, 'longitude') + parseNumberField(lonMin, 1, 'longitude minutes') / 60) * (ew === 'E' ? 1 : -1);
  const sink = new RecordSink({
    site: {
      name: station.slice(7, 29).trim(),
      latitude,
      longitude,
      elevation: parseNumberField(elevation, 1, 'elevation'),
      utcOffsetHours: parseNumberField(tz, 1, 'UTC offset'),
    },
    format: 'tmy2',
    sampleOffsetHours: 0.5,
  });
  const record = emptyRecord();
  for (let k = 1; k < lines.length; k++) {
    const line = k + 1;
    const row = lines[k] ?? '';
    if (row.length < RECORD_MIN_LENGTH) {
      throw new WeatherFormatError(`the record is ${row.length} characters long; TMY2 records have at least ${RECORD_MIN_LENGTH}`, { line });
    }
    const field = (name: keyof typeof FIELDS) => parseNumberField(row.slice(FIELDS[name][0], FIELDS[name][1]), line, name);
    record.month = field('month');
    record.day = field('day');
    record.hourStart = field('hour') - 1;
    record.ghi = unlessMissing(field('ghi'), 9999);
    record.dni = unlessMissing(field('dni'), 9999);
    record.dhi = unlessMissing(field('dhi'), 9999);
    record.tempAir = unlessMissing(field('dryBulb'), 9999) / 10;
    record.pressure = unlessMissing(field('pressure'), 9999) * 100;
    record.windSpeed = unlessMissing(field('windSpeed'), 999) / 10;
    record.albedo = NaN;
    sink.push(line, record);
  }
  return sink.finish(lines.length);
}
