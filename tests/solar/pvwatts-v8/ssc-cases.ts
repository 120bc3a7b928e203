/** The PVWatts v8 cases of tests/fixtures/ssc-v8/pvwattsv8-cases.json, as the engine's systems. */
import { arrayTypes, moduleTypes } from '../../../src/contract/settings.ts';
import type { PvwattsV8System } from '../../../src/solar/pvwatts-v8/spec.ts';
import { readWeather } from '../../../src/solar/weather/read-weather.ts';
import type { WeatherYear } from '../../../src/solar/weather/weather-year.ts';
import { readShared } from '../fixtures.ts';

export interface SscCase {
  name: string;
  weather: string;
  /** ssc's pvwattsv8 inputs, by ssc's names. */
  inputs: Record<string, number | number[]>;
  /** What ssc's own test (test/ssc_test/cmod_pvwattsv8_test.cpp) expects, where it has the case. */
  published_annual_kwh: number | null;
  ssc_annual_kwh: number;
  ssc_monthly_kwh: number[];
  ssc_loss_diagram: Record<string, number>;
}

export const sscCases: SscCase[] = (JSON.parse(readShared('ssc-v8/pvwattsv8-cases.json')) as { cases: SscCase[] }).cases;

const weathers = new Map<string, WeatherYear>();
export function caseWeather(c: SscCase): WeatherYear {
  let weather = weathers.get(c.weather);
  if (!weather) {
    weather = readWeather(readShared(`weather/${c.weather}`));
    weathers.set(c.weather, weather);
  }
  return weather;
}

/** ssc's inputs as the engine's system, with ssc's defaults where the case leaves one out. */
export function caseSystem(c: SscCase): PvwattsV8System {
  const input = c.inputs;
  const num = (key: string, fallback: number) => (typeof input[key] === 'number' ? input[key] : fallback);
  const list = (key: string) => (Array.isArray(input[key]) ? input[key] : typeof input[key] === 'number' ? [input[key]] : undefined);
  const soiling = list('soiling');
  const albedo = list('albedo');
  return {
    engine: 'pvwatts-v8',
    dcKw: num('system_capacity', 4),
    dcAcRatio: num('dc_ac_ratio', 1.1),
    inverterEfficiencyPct: num('inv_eff', 96),
    lossesPct: num('losses', 14.08),
    moduleType: moduleTypes[num('module_type', 0)]!,
    arrayType: arrayTypes[num('array_type', 0)]!,
    tiltDeg: num('tilt', 0),
    azimuthDeg: num('azimuth', 180),
    gcr: num('gcr', 0.3),
    rotationLimitDeg: num('rotlim', 45),
    bifaciality: num('bifaciality', 0),
    snowModel: num('en_snowloss', 0) === 1,
    soilingMonthlyPct: soiling === undefined ? [] : soiling.length === 1 ? new Array<number>(12).fill(soiling[0] ?? 0) : soiling,
    albedo: albedo === undefined ? 0.2 : albedo.length === 1 ? (albedo[0] ?? 0.2) : albedo,
    albedoFromWeather: num('use_wf_albedo', 1) === 1,
  };
}
