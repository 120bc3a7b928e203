/**
 * TMY3 CSV (Wilcox & Marion 2008, NREL/TP-581-43156): a station line, a header line, then 8760 hourly rows stamped
 * with the END of their hour ("01:00".."24:00") in local standard time; values are averages over that hour.
 */
import { columnIndex, splitCsvLine } from './csv.ts';
import { RecordSink, emptyRecord, parseNumberField, textLines } from './record-sink.ts';
import type { WeatherYear } from './weather-year.ts';
import { WeatherFormatError } from './weather-year.ts';

const REQUIRED = ['Date (MM/DD/YYYY)', 'Time (HH:MM)', 'GHI (W/m^2)', 'DNI (W/m^2)', 'DHI (W/m^2)', 'Dry-bulb (C)', 'Wspd (m/s)'] as const;

/** TMY3 writes -9900 for missing data. */
const MISSING = -9900;

export function parseTmy3(text: string): WeatherYear {
  const lines = textLines(text);
  const station = splitCsvLine(lines[0] ?? '');
  if (station.length < 7) {
    throw new WeatherFormatError(`the station line has ${station.length} fields; TMY3 has 7 (id, name, state, UTC offset, latitude, longitude, elevation)`, { line: 1 });
  }
  const header = splitCsvLine(lines[1] ?? '');
  const col = columnIndex(header, REQUIRED, (name) => {
    throw new WeatherFormatError(`the header has no '${name}' column`, { line: 2 });
  });
  const optional = (name: string) => header.findIndex((h) => h.trim() === name);
  const pressureCol = optional('Pressure (mbar)');
  const albedoCol = optional('Alb (unitless)');
  const sink = new RecordSink({
    site: {
      name: (station[1] ?? '').trim(),
      utcOffsetHours: parseNumberField(station[3], 1, 'UTC offset'),
      latitude: parseNumberField(station[4], 1, 'latitude'),
      longitude: parseNumberField(station[5], 1, 'longitude'),
      elevation: parseNumberField(station[6], 1, 'elevation'),
    },
    format: 'tmy3',
    sampleOffsetHours: 0.5,
  });
  const record = emptyRecord();
  const value = (fields: string[], index: number, line: number, name: string) => {
    const v = parseNumberField(fields[index], line, name);
    return v === MISSING ? NaN : v;
  };
  for (let k = 2; k < lines.length; k++) {
    const line = k + 1;
    const fields = splitCsvLine(lines[k] ?? '');
    if (fields.length < header.length) {
      throw new WeatherFormatError(`the row has ${fields.length} fields; the header has ${header.length}`, { line });
    }
    const date = /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec((fields[col['Date (MM/DD/YYYY)']] ?? '').trim());
    const time = /^(\d{1,2}):00$/.exec((fields[col['Time (HH:MM)']] ?? '').trim());
    if (!date) throw new WeatherFormatError(`'${fields[col['Date (MM/DD/YYYY)']]}' is not a MM/DD/YYYY date`, { line, field: 'Date' });
    if (!time) throw new WeatherFormatError(`'${fields[col['Time (HH:MM)']]}' is not an HH:00 time`, { line, field: 'Time' });
    record.month = Number(date[1]);
    record.day = Number(date[2]);
    record.hourStart = Number(time[1]) - 1;
    record.ghi = value(fields, col['GHI (W/m^2)'], line, 'GHI');
    record.dni = value(fields, col['DNI (W/m^2)'], line, 'DNI');
    record.dhi = value(fields, col['DHI (W/m^2)'], line, 'DHI');
    record.tempAir = value(fields, col['Dry-bulb (C)'], line, 'Dry-bulb');
    record.windSpeed = value(fields, col['Wspd (m/s)'], line, 'Wspd');
    record.pressure = pressureCol >= 0 ? value(fields, pressureCol, line, 'Pressure') * 100 : NaN;
    record.albedo = albedoCol >= 0 ? value(fields, albedoCol, line, 'Alb') : NaN;
    sink.push(line, record);
  }
  return sink.finish(lines.length);
}
