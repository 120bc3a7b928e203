/** Recognises a weather file from its content and reads it with the matching reader. */
import { parseEpw } from './epw.ts';
import { parsePvgisCsv, parsePvgisJson } from './pvgis.ts';
import { looksLikeSamCsv, parseSamCsv } from './sam-csv.ts';
import { parseTmy2 } from './tmy2.ts';
import { parseTmy3 } from './tmy3.ts';
import type { WeatherYear } from './weather-year.ts';
import { WeatherFormatError } from './weather-year.ts';

/** The file layouts a reader exists for; an EPW's PVGIS origin is recognised while reading it. */
export type WeatherFileKind = 'tmy3' | 'tmy2' | 'epw' | 'pvgis-json' | 'pvgis-csv' | 'nsrdb-csv';

const TMY2_STATION = /^\s*\d{5} .{22}\s*\S{2}\s+-?\d+\s+[NS]\s+\d+\s+\d+\s+[EW]\s+\d+\s+\d+\s+-?\d+\s*$/;

export function detectWeatherFormat(text: string): WeatherFileKind {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const [first = '', second = '', third = ''] = start.split(/\r\n|\r|\n/, 3);
  if (start.startsWith('{')) return 'pvgis-json';
  if (first.startsWith('LOCATION,')) return 'epw';
  if (first.startsWith('Latitude (decimal degrees):')) return 'pvgis-csv';
  if (second.startsWith('Date (MM/DD/YYYY)')) return 'tmy3';
  if (TMY2_STATION.test(first)) return 'tmy2';
  if (looksLikeSamCsv(first, third)) return 'nsrdb-csv';
  throw new WeatherFormatError(
    'unrecognised weather file: expected TMY3 CSV, TMY2, EPW, a SAM or NSRDB (PSM3/PSM4) CSV, or a PVGIS TMY as JSON, CSV or EPW',
  );
}

const READERS: Record<WeatherFileKind, (text: string) => WeatherYear> = {
  tmy3: parseTmy3,
  tmy2: parseTmy2,
  epw: parseEpw,
  'pvgis-json': parsePvgisJson,
  'pvgis-csv': parsePvgisCsv,
  'nsrdb-csv': parseSamCsv,
};

export function readWeather(text: string): WeatherYear {
  return READERS[detectWeatherFormat(text)](text);
}
