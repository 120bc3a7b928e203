/** Access to the reference results and real weather files in tests/fixtures, the one place that knows where they live. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeSunPath } from '../../src/solar/sun-path.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import { HOURS_PER_YEAR, type WeatherYear } from '../../src/solar/weather/weather-year.ts';

const SHARED = new URL('../fixtures/', import.meta.url);

export function sharedPath(relative: string): string {
  return fileURLToPath(new URL(relative, SHARED));
}

export function readShared(relative: string): string {
  return readFileSync(sharedPath(relative), 'utf8');
}

export const WEATHER_FILES = {
  tmy3: 'data/weather/723170TYA.CSV',
  tmy2: 'data/weather/12839.tm2',
  pvgisJson: 'data/weather/tmy_45.000_8.000_2005_2023.json',
  pvgisCsv: 'data/weather/tmy_45.000_8.000_2005_2023.csv',
  pvgisEpw: 'data/weather/tmy_45.000_8.000_2005_2023.epw',
} as const;

/**
 * NSRDB's GHI-only PSM4 polar TMY layout (Year, Month, Day, Hour, Minute, GHI) cut from a full SAM/NSRDB CSV (comma
 * separated, unquoted); `temperatures` goes into the monthly temperature metadata field the server writes at upload.
 */
export function ghiOnlyCsv(content: string, temperatures?: string, field = 'Sunplot Monthly Mean Temperature (C)'): string {
  const [names = '', values = '', header = '', ...rows] = content.replace(/\n$/, '').split('\n');
  const columns = header.split(',');
  const keep = ['Year', 'Month', 'Day', 'Hour', 'Minute', 'GHI'].map((name) => columns.indexOf(name));
  const cut = (line: string) => keep.map((k) => line.split(',')[k]).join(',');
  const meta = temperatures === undefined ? [names, values] : [`${names},${field}`, `${values},${temperatures}`];
  return `${[...meta, cut(header), ...rows.map(cut)].join('\n')}\n`;
}

const parsed = new Map<string, WeatherYear>();

/** A weather file from data/weather, read once per test file. */
export function weatherFile(relative: string): WeatherYear {
  let weather = parsed.get(relative);
  if (!weather) {
    weather = readWeather(readShared(relative));
    parsed.set(relative, weather);
  }
  return weather;
}

export interface PvCase {
  id: string;
  inputs: {
    file: string;
    latitude: number;
    longitude: number;
    elevation_m: number;
    tz_offset_h: number;
    dc_kw: number;
    losses_pct: number;
    dc_ac_ratio: number;
    inverter_eta_nom: number;
    gamma_pdc_per_c: number;
    albedo: number;
    tracking: 'fixed' | 'single_axis';
    tilt: number | null;
    azimuth: number | null;
    axis_tilt?: number;
    axis_azimuth?: number;
    max_angle?: number;
    backtrack?: boolean;
    gcr?: number;
  };
  outputs: {
    annual_poa_kwh_m2: number;
    annual_poa_effective_kwh_m2: number;
    annual_dc_kwh: number;
    annual_ac_kwh: number;
    monthly_ac_kwh: number[];
    specific_yield_kwh_per_kwp: number;
    capacity_factor_dc: number;
    performance_ratio: number;
    clipped_hours: number;
    poa_weighted_tcell_c: number;
    alt_fuentes_noct45: { annual_dc_kwh: number; annual_ac_kwh: number; poa_weighted_tcell_c: number };
  };
}

export interface PvCases {
  tolerances: Record<string, string>;
  weather_files: Record<
    string,
    { file: string; latitude: number; longitude: number; elevation_m: number; tz_offset_h: number; annual_ghi_kwh_m2: number; annual_dni_kwh_m2: number; annual_dhi_kwh_m2: number; mean_temp_air_c: number }
  >;
  cases: PvCase[];
}

export function pvCases(): PvCases {
  return JSON.parse(readShared('reference/pv-cases.json')) as PvCases;
}

export function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] ?? 0;
  return total;
}

/** Mean |GHI - DNI·cos z - DHI| over clear-ish daylight hours with the sun taken `offsetHours` after each hour's start. */
export function closure(weather: WeatherYear, offsetHours: number): number {
  const shifted = { ...weather, sampleHour: weather.sampleHour.map((_, i) => i + offsetHours) };
  const sun = computeSunPath(shifted);
  let error = 0;
  let hours = 0;
  for (let i = 0; i < HOURS_PER_YEAR; i++) {
    const cosZenith = sun.up[i] ?? 0;
    if ((weather.dni[i] ?? 0) < 200 || cosZenith < 0.1) continue;
    error += Math.abs((weather.ghi[i] ?? 0) - (weather.dni[i] ?? 0) * cosZenith - (weather.dhi[i] ?? 0));
    hours++;
  }
  return error / hours;
}
