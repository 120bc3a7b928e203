/**
 * EnergyPlus weather (EPW, "Auxiliary Programs" manual, ch. 2): 8 header lines, then hourly rows stamped with the END
 * of their hour (1-24). Ordinary EPW files are in local standard time at the LOCATION line's offset. PVGIS writes
 * EPW in UTC whatever that field says, and gives where in the hour its irradiance belongs in a COMMENTS line.
 */
import { pvgisSiteName, pvgisTiming } from './pvgis.ts';
import { RecordSink, emptyRecord, parseNumberField, textLines, unlessMissing } from './record-sink.ts';
import type { WeatherYear } from './weather-year.ts';
import { WeatherFormatError } from './weather-year.ts';

const HEADER_LINES = 8;
const PVGIS_OFFSET = /Irradiance Time Offset \(h\):\s*(-?[\d.]+)/;

/** Column numbers (0-based) of the EPW data row. */
const COLUMNS = { year: 0, month: 1, day: 2, hour: 3, dryBulb: 6, pressure: 9, ghi: 13, dni: 14, dhi: 15, windSpeed: 21, snowDepth: 30, albedo: 32 } as const;

export function parseEpw(text: string): WeatherYear {
  const lines = textLines(text);
  const location = (lines[0] ?? '').split(',');
  if (location[0]?.trim() !== 'LOCATION' || location.length < 10) {
    throw new WeatherFormatError('the first line is not an EPW LOCATION line with 10 fields', { line: 1 });
  }
  const header = lines.slice(0, HEADER_LINES);
  const offsetLine = header.findIndex((l) => PVGIS_OFFSET.test(l));
  const fromPvgis = offsetLine >= 0 || location[4]?.trim() === 'ECMWF/ERA';
  const latitude = parseNumberField(location[6], 1, 'latitude');
  const longitude = parseNumberField(location[7], 1, 'longitude');
  const elevation = parseNumberField(location[9], 1, 'elevation');
  let timing = { utcOffsetHours: parseNumberField(location[8], 1, 'time zone'), sampleOffsetHours: 0.5, notes: [] as string[] };
  let name = [location[1], location[2], location[3]].map((s) => s?.trim()).filter((s) => s && s !== '-' && s !== 'unknown').join(', ');
  if (fromPvgis) {
    // PVGIS gives its offset from the hour-ending stamp, one hour after the start of the hour.
    const offset = PVGIS_OFFSET.exec(header[offsetLine] ?? '')?.[1];
    timing = pvgisTiming(offset === undefined ? undefined : 1 + parseNumberField(offset, offsetLine + 1, 'Irradiance Time Offset'));
    name ||= pvgisSiteName(latitude, longitude);
  }
  const sink = new RecordSink({
    site: { name: name || 'EPW', latitude, longitude, elevation, utcOffsetHours: timing.utcOffsetHours },
    format: fromPvgis ? 'pvgis-epw' : 'epw',
    sampleOffsetHours: timing.sampleOffsetHours,
    notes: timing.notes,
  });
  const record = emptyRecord();
  const width = (lines[HEADER_LINES] ?? '').split(',').length;
  for (let k = HEADER_LINES; k < lines.length; k++) {
    const line = k + 1;
    const fields = (lines[k] ?? '').split(',');
    if (fields.length !== width || width <= COLUMNS.windSpeed) {
      throw new WeatherFormatError(`the row has ${fields.length} fields; EPW rows have ${Math.max(width, 35)}`, { line });
    }
    const field = (name: keyof typeof COLUMNS) => parseNumberField(fields[COLUMNS[name]], line, name);
    record.month = field('month');
    record.day = field('day');
    record.hourStart = field('hour') - 1;
    record.tempAir = unlessMissing(field('dryBulb'), 99.9);
    record.pressure = unlessMissing(field('pressure'), 999999);
    record.ghi = unlessMissing(field('ghi'), 9999);
    record.dni = unlessMissing(field('dni'), 9999);
    record.dhi = unlessMissing(field('dhi'), 9999);
    record.windSpeed = unlessMissing(field('windSpeed'), 999);
    record.albedo = fields.length > COLUMNS.albedo ? unlessMissing(field('albedo'), 999) : NaN;
    record.snowDepth = fields.length > COLUMNS.snowDepth ? unlessMissing(field('snowDepth'), 999) : NaN;
    record.year = field('year');
    sink.push(line, record);
  }
  return sink.finish(lines.length);
}
