/** What is built: array size, mounting and the PVWatts system parameters, with the PVWatts defaults. */
import type { CellTemperatureModel } from './cell-temperature.ts';
import type { SystemLosses } from './pvwatts.ts';
import { PVWATTS_DEFAULT_LOSSES } from './pvwatts.ts';
import type { SingleAxisMount } from './tracker.ts';

export interface FixedMount {
  kind: 'fixed';
  tiltDeg: number;
  /** Direction the modules face, degrees clockwise from north (180 = south). */
  azimuthDeg: number;
  /** Mounted flush on a roof: the back is not ventilated, so the cells run hotter. */
  roof?: boolean;
}

/** The plane follows the sun on two axes: its normal points at the sun while it is up. */
export interface TwoAxisMount {
  kind: 'two-axis';
}

export type Mount = FixedMount | SingleAxisMount | TwoAxisMount;

/** The pvlib-compatible chain's system (ADR 010); `engine` may be left out. */
export interface SystemSpec {
  engine?: 'pvlib';
  /** Array DC rating at STC, kW. */
  dcKw: number;
  /** DC rating over inverter AC rating. */
  dcAcRatio: number;
  /** Nominal inverter efficiency, 0-1. */
  inverterEfficiency: number;
  losses: SystemLosses;
  /** Power temperature coefficient, 1/°C. */
  gammaPdcPerC: number;
  /** Ground albedo, or 'weather' for the file's hourly albedo where it has one (0.2 elsewhere). */
  albedo: number | 'weather';
  cellTemperature: CellTemperatureModel;
  mount: Mount;
}

export const DEFAULT_ALBEDO = 0.2;

export const DEFAULT_SYSTEM: Omit<SystemSpec, 'mount'> = {
  dcKw: 1000,
  dcAcRatio: 1.2,
  inverterEfficiency: 0.96,
  losses: PVWATTS_DEFAULT_LOSSES,
  gammaPdcPerC: -0.0047,
  albedo: DEFAULT_ALBEDO,
  cellTemperature: 'sapm',
};

/** Facing the equator: south in the northern hemisphere, north in the southern. */
export function equatorFacingAzimuth(latitude: number): number {
  return latitude >= 0 ? 180 : 0;
}

export const DEFAULT_TRACKER: Omit<SingleAxisMount, 'kind'> = {
  axisTiltDeg: 0,
  axisAzimuthDeg: 180,
  maxAngleDeg: 45,
  gcr: 0.4,
  backtrack: true,
};

/** The problems with a system, as sentences; empty when it can be simulated. */
export function systemProblems(system: SystemSpec): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  check(system.dcKw > 0 && Number.isFinite(system.dcKw), 'DC size must be a positive number of kW');
  check(system.dcAcRatio > 0 && Number.isFinite(system.dcAcRatio), 'DC/AC ratio must be positive');
  check(system.inverterEfficiency > 0 && system.inverterEfficiency <= 1, 'inverter efficiency must be above 0 and at most 100 %');
  const losses = typeof system.losses === 'number' ? [system.losses] : Object.values(system.losses);
  check(losses.every((pct) => pct >= 0 && pct < 100), 'losses must be percentages from 0 to below 100');
  check(system.gammaPdcPerC > -0.05 && system.gammaPdcPerC < 0.05, 'temperature coefficient must be a fraction per °C, e.g. -0.0047');
  check(system.albedo === 'weather' || (system.albedo >= 0 && system.albedo <= 1), 'albedo must be between 0 and 1');
  const mount = system.mount;
  if (mount.kind === 'fixed') {
    check(mount.tiltDeg >= 0 && mount.tiltDeg <= 90, 'tilt must be between 0 and 90 degrees');
    check(mount.azimuthDeg >= 0 && mount.azimuthDeg <= 360, 'azimuth must be between 0 and 360 degrees');
  } else if (mount.kind === 'single-axis') {
    check(mount.axisTiltDeg >= 0 && mount.axisTiltDeg < 90, 'axis tilt must be from 0 to below 90 degrees');
    check(mount.axisAzimuthDeg >= 0 && mount.axisAzimuthDeg <= 360, 'axis azimuth must be between 0 and 360 degrees');
    check(mount.maxAngleDeg > 0 && mount.maxAngleDeg <= 90, 'maximum rotation must be above 0 and at most 90 degrees');
    check(mount.gcr > 0 && mount.gcr <= 1, 'ground coverage ratio must be above 0 and at most 1');
  }
  return problems;
}
