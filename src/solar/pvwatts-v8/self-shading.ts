/**
 * Row-to-row self-shading of PVWatts v8, ported from NREL SSC shared/lib_pvshade.cpp (`ss_exec`,
 * `sssky_diffuse_table`) and shared/lib_irradproc.cpp (`shadeFraction1x`). Beam shadow geometry: Appelbaum & Bany
 * (1979), Solar Energy 23(6); non-linear DC derate: Deline et al. (2013), "A simplified model of uniform shading in
 * large photovoltaic arrays", Solar Energy 96. Every angle at this boundary is in degrees, as in SSC.
 *
 * SSC's floating-point order of operations and its `fmin`/`fmax` (which ignore a NaN argument) are kept, so that
 * results agree with the C++ to a few ulps.
 */
import { crossAxisSlope, truetrack } from './incidence.ts';

/** SSC's DTOR (lib_util.h), whose literal rounds to this same double; `sind(x)` there is `sin(DTOR * x)`. */
const DTOR = Math.PI / 180;
const HALF_PI = Math.PI / 2;

const sind = (deg: number) => Math.sin(DTOR * deg);
const cosd = (deg: number) => Math.cos(DTOR * deg);
const tand = (deg: number) => Math.tan(DTOR * deg);

/** C `fmin`/`fmax`: a NaN argument is ignored (Math.min/max would return NaN). */
function fmin(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a < b ? a : b;
}
function fmax(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a > b ? a : b;
}

const SKY_STEPS = 250;

/**
 * Sky-diffuse derate of a row for a surface tilt (degrees) and ground coverage ratio, cached as SSC does: the key is
 * the tilt truncated toward zero to whole degrees, and the first tilt computed in a bucket serves every later lookup
 * in it (so lookup(35.9) after lookup(35.2) returns the 35.2 value, and tilts in (-1, 1) share key 0).
 */
export class SkyDiffuseTable {
  private readonly derates = new Map<number, number>();
  private gcr = 0;

  /** Sets the ground coverage ratio and computes the entry for `surfaceTiltDeg`. Earlier entries are kept, as in SSC. */
  init(surfaceTiltDeg: number, gcr: number): void {
    this.gcr = gcr;
    this.compute(surfaceTiltDeg);
  }

  /** Sky diffuse derate (can exceed 1 by a few ulps at tilt 0; `selfShading` clamps it). */
  lookup(surfaceTiltDeg: number): number {
    return this.derates.get(Math.trunc(surfaceTiltDeg)) ?? this.compute(surfaceTiltDeg);
  }

  /** Fraction of the isotropic sky the next row leaves visible, averaged up the row by a 250-step Riemann sum. */
  private compute(surfaceTiltDeg: number): number {
    if (this.gcr === 0) throw new Error('SkyDiffuseTable: gcr required in initialization');
    const step = 1 / SKY_STEPS;
    const tanTilt = tand(surfaceTiltDeg);
    const sinTilt = sind(surfaceTiltDeg);
    const tiltRad = surfaceTiltDeg * DTOR;
    const asky = Math.PI + Math.PI / Math.sqrt(1 + tanTilt * tanTilt);
    let skydiff = 0;
    for (let n = 0; n < SKY_STEPS; n++) {
      const arg = surfaceTiltDeg !== 0 ? 1 / tanTilt - 1 / (this.gcr * sinTilt * (1 - n * step)) : Number.NaN;
      const gamma = -Math.PI / 2 + Math.atan(arg);
      const tanTiltGamma = Math.tan(tiltRad + gamma);
      let askyShade = Math.PI + Math.PI / Math.sqrt(1 + tanTiltGamma * tanTiltGamma);
      if (Number.isNaN(askyShade)) askyShade = asky;
      else if (tiltRad + gamma > HALF_PI) askyShade = 2 * Math.PI - askyShade;
      skydiff += (askyShade / asky) * step;
    }
    this.derates.set(Math.trunc(surfaceTiltDeg), skydiff);
    return skydiff;
  }
}

/**
 * Fraction (0–1) of a one-axis tracker row's width in the beam shadow of the row in front; SSC `shadeFraction1x`
 * (lib_irradproc.cpp). All angles in degrees: solar azimuth east of north, solar zenith, axis tilt and azimuth,
 * tracker `rotation` as SSC reports it, terrain slope tilt and azimuth (PVWatts v8 passes 0, 0).
 */
export function shadeFraction1x(
  solarAzimuth: number,
  solarZenith: number,
  axisTilt: number,
  axisAzimuth: number,
  gcr: number,
  rotation: number,
  slopeTilt: number,
  slopeAzimuth: number,
): number {
  const crossSlope = crossAxisSlope(slopeTilt, axisAzimuth, slopeAzimuth);
  const tanTrueTracking = tand(truetrack(solarAzimuth, solarZenith, axisTilt, axisAzimuth));
  const numerator = gcr * cosd(rotation) + (gcr * sind(rotation) - tand(crossSlope)) * tanTrueTracking - 1;
  const denominator = gcr * (sind(rotation) * tanTrueTracking + cosd(rotation));
  let fs = numerator / denominator;
  fs = fs < 0 ? 0 : fs;
  fs = fs > 1 ? 1 : fs;
  return fs;
}

/** Static array description (SSC `ssinputs`); `pvwattsV8Layout` builds it. Lengths in metres. */
export interface SelfShadingInputs {
  /** Strings along a row; more than one with horizontal stringing makes the shadow's sideways offset irrelevant. */
  nstrx: number;
  /** Modules along a row. */
  nmodx: number;
  /** Modules up a row. */
  nmody: number;
  nrows: number;
  /** Module long side. */
  length: number;
  /** Module short side. */
  width: number;
  modOrient: 'portrait' | 'landscape';
  strOrient: 'horizontal' | 'vertical';
  /** Row pitch. */
  rowSpace: number;
  /** Bypass diodes per module. */
  ndiode: number;
  /** Module maximum-power voltage, V. */
  vmp: number;
  /** Fill factor at STC, Pmp0 / (Voc0 · Isc0). */
  ff0: number;
}

/** SSC `ssoutputs`. */
export interface SelfShadingOutputs {
  /** Shaded fraction of the row area by Appelbaum's fixed-row geometry (or the tracker fraction when tracking). */
  shadeFracFixed: number;
  /** Factor on plane-of-array sky diffuse. */
  diffuseDerate: number;
  /** Factor on plane-of-array ground-reflected irradiance. */
  reflectedDerate: number;
  /** Sky diffuse after the derate, W/m². 0 when plane-of-array diffuse is under 0.1 W/m² (SSC leaves it unset). */
  reducedDiffuse: number;
  /** Row-averaged ground-reflected irradiance after blocking, W/m². 0 under the same condition. */
  reducedReflected: number;
  /** Deline's non-linear DC power factor; NaN when `isLinear` (SSC does not compute it). PVWatts v8 does not apply it. */
  dcDerate: number;
}

export function emptySelfShadingOutputs(): SelfShadingOutputs {
  return { shadeFracFixed: 0, diffuseDerate: 1, reflectedDerate: 1, reducedDiffuse: 0, reducedReflected: 0, dcDerate: Number.NaN };
}

/**
 * Sky-diffuse and ground-reflected reduction from inter-row blocking (isotropic view factors); SSC `diffuse_reduce`.
 * The table is consulted only when plane-of-array diffuse reaches 0.1 W/m², which decides which tilt fills a bucket.
 */
function diffuseReduce(
  solarZenith: number,
  surfaceTilt: number,
  dni: number,
  dhi: number,
  skyPoa: number,
  groundPoa: number,
  gcr: number,
  albedo: number,
  nrows: number,
  table: SkyDiffuseTable,
  out: SelfShadingOutputs,
): void {
  if (skyPoa + groundPoa < 0.1) {
    out.diffuseDerate = 1;
    out.reflectedDerate = 1;
    out.reducedDiffuse = 0;
    out.reducedReflected = 0;
    return;
  }
  const beamHorizontal = dni * cosd(solarZenith);
  const B = 1;
  const R = B / gcr;

  out.diffuseDerate = fmin(table.lookup(surfaceTilt), 1);
  out.reducedDiffuse = out.diffuseDerate * skyPoa;

  const solarAltitude = 90 - solarZenith;
  const sinHalfTilt = sind(surfaceTilt / 2);
  const F1 = albedo * (sinHalfTilt * sinHalfTilt);
  // Ground-to-row view factors: Y1 is the sunlit strip between rows (floored per C. Deline, 2012-04-23).
  const Y1 = fmax(0.00001, R - (B * sind(180 - solarAltitude - surfaceTilt)) / sind(solarAltitude));
  const cosBack = cosd(180 - surfaceTilt);
  const F2 = 0.5 * albedo * (1 + Y1 / B - Math.sqrt((Y1 * Y1) / (B * B) - ((2 * Y1) / B) * cosBack + 1));
  const F3 = 0.5 * albedo * (1 + R / B - Math.sqrt((R * R) / (B * B) - ((2 * R) / B) * cosBack + 1));

  const unblocked = F1 * (beamHorizontal + dhi);
  out.reducedReflected = ((F1 + (nrows - 1) * F2) / nrows) * beamHorizontal + ((F1 + (nrows - 1) * F3) / nrows) * dhi;
  out.reflectedDerate = unblocked > 0 ? out.reducedReflected / unblocked : 1;
}

/** Deline et al. (2013) eqs. 5, 9, 10: system power over unshaded power; SSC `selfshade_dc_derate`. */
function dcDerate(X: number, S: number, ff0: number, diffuseRatio: number, ndiode: number, vmp: number): number {
  const Xc = fmin(X, 0.65);
  const c1 = (109 * ff0 - 54.3) * Math.exp(-4.5 * X);
  const c2 = -6 * (Xc * Xc) + 5 * Xc + 0.28;
  const c3 = fmax((-0.05 * diffuseRatio - 0.01) * X + (0.85 * ff0 - 0.7) * diffuseRatio - 0.085 * ff0 + 0.05, diffuseRatio - 1);
  const eqn5 = 1 - c1 * (S * S) - c2 * S;
  const eqn9 = X !== 0 ? (X - S * (1 + 0.5 / (vmp / ndiode))) / X : 0;
  const eqn10 = c3 * (S - 1) + diffuseRatio;
  const reduction = X * fmax(fmax(eqn5, eqn9), eqn10) + (1 - X);
  return reduction > 1 ? 1 : reduction < 0 ? 0 : reduction;
}

/**
 * One time step of SSC `ss_exec`, written into `out` (no allocation). Angles in degrees: surface tilt and azimuth
 * (east of north) as the irradiance model reports them, solar zenith and azimuth (east of north). Irradiances in
 * W/m²: `dni`, `dhi` (horizontal diffuse), plane-of-array `beamPoa` (PVWatts v8 passes beam × (1 − shadeFraction1x)),
 * `skyPoa`, `groundPoa`. PVWatts v8 passes `isTracking` = one-axis without backtracking, `isLinear` = thin film,
 * `shadeFraction1x` from the function of that name for one-axis (else 0), and a table `init(tilt, gcr)`-ed once per
 * simulation with the array tilt.
 */
export function selfShading(
  inputs: SelfShadingInputs,
  surfaceTiltDeg: number,
  surfaceAzimuthDeg: number,
  solarZenithDeg: number,
  solarAzimuthDeg: number,
  dni: number,
  dhi: number,
  beamPoa: number,
  skyPoa: number,
  groundPoa: number,
  albedo: number,
  isTracking: boolean,
  isLinear: boolean,
  shadeFraction1x: number,
  table: SkyDiffuseTable,
  out: SelfShadingOutputs,
): void {
  const { nmody: m, nmodx: n, ndiode: d, width: W, length: L, nrows: r } = inputs;
  const portrait = inputs.modOrient === 'portrait';
  const horizontalStrings = inputs.strOrient === 'horizontal';
  // Divide-by-zero guard per C. Deline, 2012-05-02.
  const R = inputs.rowSpace < 0.00001 ? 0.00001 : inputs.rowSpace;
  // B: length of a row's side (Appelbaum's A); rowLength along the row.
  const B = portrait ? L * m : W * m;
  const rowLength = portrait ? n * W : n * L;

  // Appelbaum assumes the array faces the sun's azimuth origin; SSC does not wrap this difference into ±180°.
  const azEff = solarAzimuthDeg - surfaceAzimuthDeg;
  let px = 0;
  let py = 0;
  if (solarZenithDeg < 90 && surfaceTiltDeg !== 0 && Math.abs(azEff) < 90) {
    const tanAltitude = tand(90 - solarZenithDeg);
    py = B * (cosd(surfaceTiltDeg) + (cosd(azEff) * sind(surfaceTiltDeg)) / tanAltitude); // Appelbaum eq. 12
    px = (B * sind(surfaceTiltDeg) * sind(azEff)) / tanAltitude; // eq. 11
  }
  // Shadow offset along the row (eq. A12), irrelevant when several horizontal strings share a row (C. Deline, 2012-04-19).
  let g = py === 0 ? 0 : (R * px) / py;
  g = fmin(fmax(g, 0), rowLength);
  if (horizontalStrings && inputs.nstrx > 1) g = 0;
  // Shadow height up the row (eq. A13), or the tracker's geometric fraction.
  let Hs = py === 0 ? 0 : B * (1 - R / py);
  if (isTracking) Hs = shadeFraction1x * B;
  Hs = fmin(fmax(Hs, 0), B);

  out.shadeFracFixed = (Hs * (rowLength - g)) / (B * rowLength); // eq. A15
  diffuseReduce(solarZenithDeg, surfaceTiltDeg, dni, dhi, skyPoa, groundPoa, B / R, albedo, r, table, out);
  if (isLinear) {
    out.dcDerate = Number.NaN;
    return;
  }

  // X: fraction of parallel strings shaded; S: fraction of a string's submodules shaded (C. Deline, 2012-04-23).
  let X: number;
  let S: number;
  if (horizontalStrings) {
    if (!portrait) {
      X = (Math.ceil(Hs / W) / (m * r)) * (r - 1);
      S = Hs <= W ? (Math.ceil((Hs * d) / W) / d) * (1 - Math.floor(g / L) / n) : 1;
    } else {
      X = (Math.ceil(Hs / L) / (m * r)) * (r - 1);
      S = 1 - Math.floor((g * d) / W) / (d * n);
    }
  } else if (portrait) {
    X = 1 - Math.floor(g / W) / n;
    S = (Math.ceil(Hs / L) / (m * r)) * (r - 1);
  } else {
    X = 1 - Math.floor(g / L) / n;
    S = (Math.ceil((Hs * d) / W) / (d * m * r)) * (r - 1);
  }
  if (isTracking) S = 1; // the whole row width is taken as shaded

  const incidentTotal = (beamPoa + out.reducedDiffuse + out.reducedReflected) / 1000;
  const incidentDiffuse = (out.reducedDiffuse + out.reducedReflected) / 1000;
  out.dcDerate = dcDerate(X, S, inputs.ff0, incidentTotal !== 0 ? incidentDiffuse / incidentTotal : 0, d, inputs.vmp);
}
