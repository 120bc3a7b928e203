/**
 * PVGIS typical meteorological year (EU JRC, api/v5_x/tmy) as JSON or CSV. Rows are stamped "YYYYMMDD:HHMM" in UTC
 * at the start of their hour; the irradiance of a row was sampled `irradiance_time_offset` hours after its stamp
 * (PVGIS 5.3). Months come from different years; only month, day and hour are kept.
 */
import { columnIndex } from './csv.ts';
import type { HourlyRecord } from './record-sink.ts';
import { RecordSink, emptyRecord, parseNumberField, textLines } from './record-sink.ts';
import type { WeatherFilePosition, WeatherSite, WeatherYear } from './weather-year.ts';
import { WeatherFormatError } from './weather-year.ts';

const VARIABLES = ['T2m', 'G(h)', 'Gb(n)', 'Gd(h)', 'WS10m', 'SP'] as const;
type Variable = (typeof VARIABLES)[number];
const TIME = 'time(UTC)';

/**
 * When and where PVGIS data sit, shared by its JSON, CSV and EPW outputs: UTC stamps, irradiance sampled `offset`
 * hours after the start of the hour, and mid-hour for files (PVGIS 5.2 and older) that do not say.
 */
export function pvgisTiming(offsetFromHourStart: number | undefined): { utcOffsetHours: 0; sampleOffsetHours: number; notes: string[] } {
  return offsetFromHourStart === undefined
    ? { utcOffsetHours: 0, sampleOffsetHours: 0.5, notes: ['This PVGIS file gives no irradiance time offset: the sun is taken at mid-hour.'] }
    : { utcOffsetHours: 0, sampleOffsetHours: offsetFromHourStart, notes: [] };
}

export function pvgisSiteName(latitude: number, longitude: number): string {
  return `PVGIS ${latitude.toFixed(3)}, ${longitude.toFixed(3)}`;
}

interface PvgisHeader {
  latitude: number;
  longitude: number;
  elevation: number;
  irradianceTimeOffset: number | undefined;
}

function pvgisSink(header: PvgisHeader, format: 'pvgis-json' | 'pvgis-csv'): RecordSink {
  const { utcOffsetHours, sampleOffsetHours, notes } = pvgisTiming(header.irradianceTimeOffset);
  const site: WeatherSite = {
    name: pvgisSiteName(header.latitude, header.longitude),
    latitude: header.latitude,
    longitude: header.longitude,
    elevation: header.elevation,
    utcOffsetHours,
  };
  return new RecordSink({ site, format, sampleOffsetHours, notes, positions: format === 'pvgis-json' ? 'record' : 'line' });
}

/** Fills `record` from one row; `where` names the row in messages. */
function fillRecord(record: HourlyRecord, time: string, value: (name: Variable) => number, where: WeatherFilePosition): void {
  const stamp = /^\d{4}(\d{2})(\d{2}):(\d{2})\d{2}$/.exec(time.trim());
  if (!stamp) throw new WeatherFormatError(`'${time}' is not a PVGIS time stamp (YYYYMMDD:HHMM)`, { ...where, field: TIME });
  record.month = Number(stamp[1]);
  record.day = Number(stamp[2]);
  record.hourStart = Number(stamp[3]);
  record.tempAir = value('T2m');
  record.ghi = value('G(h)');
  record.dni = value('Gb(n)');
  record.dhi = value('Gd(h)');
  record.windSpeed = value('WS10m');
  record.pressure = value('SP');
  record.albedo = NaN;
}

export function parsePvgisJson(text: string): WeatherYear {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new WeatherFormatError(`the PVGIS JSON does not parse: ${(error as Error).message}`);
  }
  const location = objectAt(document, ['inputs', 'location']);
  const rows = objectAt(document, ['outputs', 'tmy_hourly']);
  if (!Array.isArray(rows)) throw new WeatherFormatError('outputs.tmy_hourly is not a list of hourly records');
  const number = (v: unknown, label: string) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new WeatherFormatError(`${label} is not a number`);
    return v;
  };
  const offset = location.irradiance_time_offset;
  const sink = pvgisSink(
    {
      latitude: number(location.latitude, 'inputs.location.latitude'),
      longitude: number(location.longitude, 'inputs.location.longitude'),
      elevation: number(location.elevation, 'inputs.location.elevation'),
      irradianceTimeOffset: offset === undefined ? undefined : number(offset, 'inputs.location.irradiance_time_offset'),
    },
    'pvgis-json',
  );
  const record = emptyRecord();
  rows.forEach((row: unknown, index) => {
    // JSON rows have no line numbers: the record number (1-based) stands in for one.
    const recordNumber = index + 1;
    const fields = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    const time = fields[TIME];
    if (typeof time !== 'string') throw new WeatherFormatError('no time stamp', { record: recordNumber, field: TIME });
    const value = (name: Variable) => {
      const v = fields[name];
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        const problem = v === undefined ? 'missing' : `not a number (${JSON.stringify(v)})`;
        throw new WeatherFormatError(`${problem} at ${time}`, { record: recordNumber, field: name });
      }
      return v;
    };
    fillRecord(record, time, value, { record: recordNumber });
    sink.push(recordNumber, record);
  });
  return sink.finish(rows.length);
}

function objectAt(document: unknown, path: string[]): Record<string, unknown> {
  let node = document;
  for (const key of path) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new WeatherFormatError(`the PVGIS JSON has no ${path.join('.')}`);
  }
  return node as Record<string, unknown>;
}

const HEADER_VALUE = /^([^:]+):\s*(.*)$/;

export function parsePvgisCsv(text: string): WeatherYear {
  const lines = textLines(text);
  const headerAt = lines.findIndex((l) => l.startsWith(`${TIME},`));
  if (headerAt < 0) throw new WeatherFormatError(`no '${TIME}' header row: not a PVGIS TMY CSV`);
  const meta = new Map<string, { value: string; line: number }>();
  lines.slice(0, headerAt).forEach((l, k) => {
    const m = HEADER_VALUE.exec(l);
    if (m?.[1] && m[2] !== undefined) meta.set(m[1].trim(), { value: m[2], line: k + 1 });
  });
  const metaNumber = (key: string) => {
    const entry = meta.get(key);
    if (!entry) throw new WeatherFormatError(`the header has no '${key}:' line`);
    return parseNumberField(entry.value, entry.line, key);
  };
  const offsetEntry = meta.get('Irradiance Time Offset (h)');
  const sink = pvgisSink(
    {
      latitude: metaNumber('Latitude (decimal degrees)'),
      longitude: metaNumber('Longitude (decimal degrees)'),
      elevation: metaNumber('Elevation (m)'),
      irradianceTimeOffset: offsetEntry ? parseNumberField(offsetEntry.value, offsetEntry.line, 'Irradiance Time Offset') : undefined,
    },
    'pvgis-csv',
  );
  const header = (lines[headerAt] ?? '').split(',');
  const headerLine = headerAt + 1;
  const col = columnIndex(header, VARIABLES, (name) => {
    throw new WeatherFormatError(`the header has no '${name}' column`, { line: headerLine });
  });
  const record = emptyRecord();
  let k = headerAt + 1;
  for (; k < lines.length && (lines[k] ?? '').trim() !== ''; k++) {
    const line = k + 1;
    const fields = (lines[k] ?? '').split(',');
    if (fields.length < header.length) {
      throw new WeatherFormatError(`the row has ${fields.length} fields; the header has ${header.length}`, { line });
    }
    fillRecord(record, fields[0] ?? '', (name) => parseNumberField(fields[col[name]], line, name), { line });
    sink.push(line, record);
  }
  return sink.finish(k);
}
