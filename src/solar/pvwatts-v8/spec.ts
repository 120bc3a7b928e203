/** What PVWatts v8 simulates: its inputs, with its names and defaults (ssc cmod_pvwattsv8.cpp, NREL SAM 2023+). */
import type { ArrayType, ModuleType } from '../../contract/settings.ts';

export type { ArrayType, ModuleType };

export interface PvwattsV8System {
  engine: 'pvwatts-v8';
  /** DC nameplate, kW. */
  dcKw: number;
  dcAcRatio: number;
  /** Inverter efficiency at rated power, % (PVWatts allows 90 to 99.5). */
  inverterEfficiencyPct: number;
  /** Total DC system losses, % (PVWatts' "losses"): everything but soiling and snow when those are modelled. */
  lossesPct: number;
  moduleType: ModuleType;
  arrayType: ArrayType;
  /** Surface tilt of fixed arrays; the axis tilt of 1-axis trackers; unused for 2-axis. Degrees. */
  tiltDeg: number;
  /** Surface azimuth of fixed arrays; the axis azimuth of 1-axis trackers (180 = north-south axis). Degrees from north. */
  azimuthDeg: number;
  /** Ground coverage ratio: self-shading of fixed open racks and 1-axis trackers, and tracker backtracking. */
  gcr: number;
  /** 1-axis tracker rotation limit, degrees. */
  rotationLimitDeg: number;
  /** Rear over front efficiency, 0 (monofacial) to 1; PVWatts suggests 0.65 for bifacial modules. */
  bifaciality: number;
  /** PVWatts v8's snow model; needs snow depth in the weather file. */
  snowModel: boolean;
  /** Soiling loss of each month's plane-of-array irradiance, %, January first; empty for none. */
  soilingMonthlyPct: readonly number[];
  /** Ground albedo: one value, or twelve (January first). */
  albedo: number | readonly number[];
  /** Take the weather file's albedo where it is valid (0 < albedo < 1), as PVWatts v8 does by default. */
  albedoFromWeather: boolean;
}

/** PVWatts v8's defaults (pvwatts.nrel.gov and ssc's variable table). */
export const PVWATTS_V8_DEFAULTS: Omit<PvwattsV8System, 'engine' | 'dcKw' | 'arrayType' | 'tiltDeg' | 'azimuthDeg'> = {
  dcAcRatio: 1.2,
  inverterEfficiencyPct: 96,
  lossesPct: 14.08,
  moduleType: 'standard',
  gcr: 0.4,
  rotationLimitDeg: 45,
  bifaciality: 0,
  snowModel: false,
  soilingMonthlyPct: [],
  albedo: 0.2,
  albedoFromWeather: true,
};

/** ssc's defaults where an albedo is invalid (outside 0 < albedo < 1): 0.6 under snow when the snow model runs. */
export const DEFAULT_ALBEDO_V8 = 0.2;
export const DEFAULT_SNOW_ALBEDO_V8 = 0.6;


/** The problems with a system, as sentences; empty when it can be simulated. */
export function pvwattsV8Problems(system: PvwattsV8System): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  check(system.dcKw > 0 && Number.isFinite(system.dcKw), 'DC size must be a positive number of kW');
  check(system.dcAcRatio > 0 && Number.isFinite(system.dcAcRatio), 'DC/AC ratio must be positive');
  check(system.inverterEfficiencyPct >= 90 && system.inverterEfficiencyPct <= 99.5, 'PVWatts v8 needs an inverter efficiency from 90 to 99.5 %');
  check(system.lossesPct >= -5 && system.lossesPct <= 99, 'PVWatts v8 needs system losses from -5 to 99 %');
  check(system.tiltDeg >= 0 && system.tiltDeg <= 90, 'tilt must be between 0 and 90 degrees');
  check(system.azimuthDeg >= 0 && system.azimuthDeg <= 360, 'azimuth must be between 0 and 360 degrees');
  check(system.gcr >= 0.01 && system.gcr <= 0.99, 'PVWatts v8 needs a ground coverage ratio from 0.01 to 0.99');
  check(system.rotationLimitDeg > 0 && system.rotationLimitDeg <= 90, 'maximum rotation must be above 0 and at most 90 degrees');
  check(system.bifaciality >= 0 && system.bifaciality <= 1, 'bifaciality must be from 0 to 1');
  check(system.soilingMonthlyPct.length === 0 || system.soilingMonthlyPct.length === 12, 'give 12 monthly soiling losses, or none');
  check(system.soilingMonthlyPct.every((pct) => pct >= 0 && pct < 100), 'soiling losses must be percentages from 0 to below 100');
  const albedo = typeof system.albedo === 'number' ? [system.albedo] : system.albedo;
  check(albedo.length === 1 || albedo.length === 12, 'give one albedo or 12 monthly values');
  check(albedo.every((a) => a >= 0 && a <= 1), 'albedo must be between 0 and 1');
  return problems;
}
