/**
 * Surface orientation and angle of incidence exactly as NREL SSC's `incidence()`, `truetrack()`, `backtrack()` and
 * `calc_cross_axis_slope()` (shared/lib_irradproc.cpp; closed-form tracking of Anderson & Mikofski 2020, NREL/TP-5K00-76626).
 */

/** lib_util.h's DTOR and RTOD literals, as doubles. */
export const DTOR = 0.017453292519943295;
export const RTOD = 57.29577951308232;

const sind = (x: number): number => Math.sin(DTOR * x);
const cosd = (x: number): number => Math.cos(DTOR * x);
const tand = (x: number): number => Math.tan(DTOR * x);

/** SSC's `angle[5]`, all radians. */
export interface SurfaceAngles {
  /** Angle of incidence of beam on the surface. */
  aoi: number;
  /** Surface tilt from horizontal. */
  tilt: number;
  /** Surface azimuth, east of north, 0..2π. */
  azimuth: number;
  /** Tracker rotation about its axis (0 unless one-axis). */
  rotation: number;
  /** Backtracking rotation minus the (limited) true-tracking rotation. */
  backtrackDiff: number;
}

export function createSurfaceAngles(): SurfaceAngles {
  return { aoi: 0, tilt: 0, azimuth: 0, rotation: 0, backtrackDiff: 0 };
}

/** 0 fixed, 1 one-axis, 2 two-axis, 3 azimuth-axis, 4 seasonal tilt (treated as fixed). */
export type TrackingMode = 0 | 1 | 2 | 3 | 4;

export interface IncidenceOptions {
  /** Cross-slope terrain, degrees (cmod_pvwattsv8 passes 0). */
  slopeTilt?: number;
  slopeAzimuth?: number;
  forceToStow?: boolean;
  /** Degrees; the rotation used when forceToStow. */
  stowAngle?: number;
  useCustomRotation?: boolean;
  /** Degrees; overrides the rotation when useCustomRotation. */
  customRotation?: number;
}

/** Rotation (degrees) that minimises the angle of incidence on a one-axis tracker; all angles in degrees. */
export function truetrack(solarAzimuth: number, solarZenith: number, axisTilt: number, axisAzimuth: number): number {
  const solarElevation = 90 - solarZenith;
  const sx = cosd(solarElevation) * sind(solarAzimuth);
  const sy = cosd(solarElevation) * cosd(solarAzimuth);
  const sz = sind(solarElevation);
  const sinYa = sind(axisAzimuth);
  const cosYa = cosd(axisAzimuth);
  const sinBa = sind(axisTilt);
  const cosBa = cosd(axisTilt);
  const sxp = sx * cosYa - sy * sinYa;
  const szp = sx * sinYa * sinBa + sy * sinBa * cosYa + sz * cosBa;
  return (Math.atan2(sxp, szp) * 180) / Math.PI;
}

/** Cross-axis slope of the terrain, degrees. */
export function crossAxisSlope(slopeTilt: number, axisAzimuth: number, slopeAzimuth: number): number {
  const deltaAzimuth = axisAzimuth - slopeAzimuth;
  const betaA = (Math.atan(tand(slopeTilt) * cosd(deltaAzimuth)) * 180) / Math.PI;
  const vx = sind(deltaAzimuth) * cosd(betaA) * cosd(slopeTilt);
  const vy = sind(betaA) * sind(slopeTilt) + cosd(deltaAzimuth) * cosd(betaA) * cosd(slopeTilt);
  const vz = -sind(deltaAzimuth) * sind(slopeTilt) * cosd(betaA);
  const absV = Math.sqrt(Math.pow(vx, 2) + Math.pow(vy, 2) + Math.pow(vz, 2));
  return (Math.asin(((vx * cosd(deltaAzimuth) - vy * sind(deltaAzimuth)) * sind(betaA) + vz * cosd(betaA)) / absV) * 180) / Math.PI;
}

/** Backtracking rotation avoiding row-to-row beam shading; degrees. */
export function backtrack(truetrackingRotation: number, gcr: number, axisSlope: number): number {
  const correctionProjection = Math.abs(cosd(truetrackingRotation - axisSlope)) / (gcr * cosd(axisSlope));
  if (Math.abs(correctionProjection) >= 1) return truetrackingRotation;
  const sign = truetrackingRotation > 0 ? 1 : -1;
  return truetrackingRotation + -sign * (RTOD * Math.acos(correctionProjection));
}

/**
 * SSC's incidence(mode, tilt, sazm, rlim, zen, azm, en_backtrack, gcr, ...): `tilt`, `sazm` (axis tilt/azimuth for
 * one-axis) and `rlim` in degrees, `zen`/`azm` (sun) in radians; writes radians into `out`.
 */
export function incidence(
  mode: TrackingMode,
  tiltDeg: number,
  sazmDeg: number,
  rlimDeg: number,
  zen: number,
  azm: number,
  enableBacktrack: boolean,
  gcr: number,
  options: IncidenceOptions,
  out: SurfaceAngles,
): void {
  const { slopeTilt = 0, slopeAzimuth = 0, forceToStow = false, stowAngle = 0, useCustomRotation = false, customRotation = 0 } = options;
  let inc: number;
  let tilt = tiltDeg;
  let sazm = sazmDeg;
  let rot = 0;
  let btdiff = 0;
  const m = mode === 4 ? 0 : mode;

  if (m === 0 || m === 3) {
    tilt = tilt * DTOR;
    sazm = m === 0 ? sazm * DTOR : azm;
    const arg = Math.sin(zen) * Math.cos(azm - sazm) * Math.sin(tilt) + Math.cos(zen) * Math.cos(tilt);
    if (arg < -1.0) inc = Math.PI;
    else if (arg > 1.0) inc = 0.0;
    else inc = Math.acos(arg);
  } else if (m === 1) {
    const xtilt = tilt * DTOR;
    const xsazm = sazm * DTOR;
    const rlim = rlimDeg * DTOR;
    if (Math.abs(Math.cos(xtilt)) < 0.001745) {
      // vertical axis
      if (xsazm <= Math.PI) rot = azm <= xsazm + Math.PI ? azm - xsazm : azm - xsazm - 2.0 * Math.PI;
      else rot = azm >= xsazm - Math.PI ? azm - xsazm : azm - xsazm + 2.0 * Math.PI;
    } else {
      rot = truetrack((azm * 180) / Math.PI, (zen * 180) / Math.PI, tilt, sazm);
      rot *= Math.PI / 180;
    }
    const truetrackingRotation = rot;
    if (rot < -rlim) rot = -rlim;
    else if (rot > rlim) rot = rlim;

    if (forceToStow) {
      rot = stowAngle * DTOR;
    } else if (enableBacktrack) {
      const slope = crossAxisSlope(slopeTilt, azm, slopeAzimuth);
      let backtrackingRotation = backtrack((truetrackingRotation * 180) / Math.PI, gcr, slope);
      backtrackingRotation *= Math.PI / 180;
      backtrackingRotation = backtrackingRotation > rlim ? rlim : backtrackingRotation;
      backtrackingRotation = backtrackingRotation < -rlim ? -rlim : backtrackingRotation;
      btdiff = backtrackingRotation - rot;
      rot = backtrackingRotation;
    }
    if (useCustomRotation) rot = customRotation * DTOR;

    let arg = Math.cos(xtilt) * Math.cos(rot);
    if (arg < -1.0) tilt = Math.PI;
    else if (arg > 1.0) tilt = 0.0;
    else tilt = Math.acos(arg);

    if (tilt === 0.0) {
      sazm = Math.PI;
    } else {
      arg = Math.sin(rot) / Math.sin(tilt);
      if (arg < -1.0) sazm = 1.5 * Math.PI + xsazm;
      else if (arg > 1.0) sazm = 0.5 * Math.PI + xsazm;
      else if (rot < -0.5 * Math.PI) sazm = xsazm - Math.PI - Math.asin(arg);
      else if (rot > 0.5 * Math.PI) sazm = xsazm + Math.PI - Math.asin(arg);
      else sazm = Math.asin(arg) + xsazm;
      if (sazm > 2.0 * Math.PI) sazm = sazm - 2.0 * Math.PI;
      else if (sazm < 0.0) sazm = sazm + 2.0 * Math.PI;
    }
    arg = Math.sin(zen) * Math.cos(azm - sazm) * Math.sin(tilt) + Math.cos(zen) * Math.cos(tilt);
    if (arg < -1.0) inc = Math.PI;
    else if (arg > 1.0) inc = 0.0;
    else inc = Math.acos(arg);
  } else {
    // two-axis: the surface faces the sun
    tilt = zen;
    sazm = azm;
    inc = 0.0;
    rot = 0.0;
  }
  out.aoi = inc;
  out.tilt = tilt;
  out.azimuth = sazm;
  out.rotation = rot;
  out.backtrackDiff = btdiff;
}
