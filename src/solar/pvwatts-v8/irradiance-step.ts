/**
 * One PVWatts v8 irradiance time step as cmod_pvwattsv8.cpp drives NREL SSC's `irrad` (DN_DF radiation mode, Perez sky):
 * set_time, set_location, set_optional, set_sky_model(PEREZ, alb), set_beam_diffuse, set_surface, calc, then
 * get_sun / get_angles / get_poa and, for bifacial modules, calc_rear_side(0.013, 1, slope length) + get_poa_rear.
 * The state carries what the `irrad` object keeps between steps, so a run of steps reproduces SSC step for step.
 */

import { createSurfaceAngles, incidence, RTOD, type SurfaceAngles, type TrackingMode } from './incidence.ts';
import { calcRearSide, type RearSideInput } from './rear-irradiance.ts';
import { createPerezResult, perez } from './sky-diffuse.ts';
import { createSpaTable, createSunPosition, sunPositionStep, type SpaTable, type SunPosition, type SunPositionInput } from './sun-position.ts';

/** get_sun/get_angles convert with 180/M_PI, the same double as RTOD. */
const TO_DEG = RTOD;
const IRRADIATION_MAX = 1500;

export interface RearSideGeometry {
  /** cmod_pvwattsv8: 0.013. */
  transmissionFactor: number;
  /** m; cmod_pvwattsv8: 1. */
  groundClearanceHeight: number;
  /** m; cmod_pvwattsv8: module length × modules along the slope (nmody). */
  slopeLength: number;
}

export interface IrradianceInput extends SunPositionInput {
  /** Beam normal and diffuse horizontal, W/m². */
  dni: number;
  dhi: number;
  albedo: number;
  /** cmod's track_mode: 0 fixed, 1 one-axis, 2 two-axis, 3 azimuth-axis. */
  trackMode: 0 | 1 | 2 | 3;
  /** Degrees: array tilt (axis tilt for one-axis), azimuth (axis azimuth), rotation limit. */
  tilt: number;
  azimuth: number;
  rotationLimit: number;
  backtrack: boolean;
  gcr: number;
  /** Set for bifacial modules: the rear irradiance is then computed. */
  rear: RearSideGeometry | null;
}

/** What the `irrad` object keeps between steps; a run of steps must share it to reproduce SSC step for step. */
export interface IrradianceState {
  spaTable: SpaTable;
  sun: SunPosition;
  surface: SurfaceAngles;
  /** set_optional keeps the last valid value, not the default, when a step's value is invalid. */
  elevation: number;
  pressure: number;
  tamb: number;
  /** calc() updates these only when it reaches the sky model, so the rear side of a -1 step uses older values. */
  calculatedDirectNormal: number;
  calculatedDiffuseHorizontal: number;
}

/** What cmod_pvwattsv8 reads after calc(); angles in degrees exactly as get_sun/get_angles return them. */
export interface IrradianceResult {
  /** 0 ok; -1 beam on horizontal above extraterrestrial (SSC only logs it; POA is 0); ≤ -101 invalid input, nothing else updated. */
  code: number;
  solazi: number;
  solzen: number;
  solalt: number;
  sunup: 0 | 1 | 2 | 3;
  /** Extraterrestrial irradiance on horizontal, W/m². */
  hextra: number;
  aoi: number;
  stilt: number;
  sazi: number;
  rot: number;
  btd: number;
  /** Front plane-of-array beam, sky diffuse, ground reflected, W/m². */
  ibeam: number;
  iskydiff: number;
  ignddiff: number;
  /** get_poa_rear(): total rear irradiance before bifaciality, W/m² (0 without `rear`). */
  rearTotal: number;
  readonly state: IrradianceState;
}

export function createIrradianceResult(): IrradianceResult {
  return {
    code: 0,
    solazi: NaN,
    solzen: NaN,
    solalt: NaN,
    sunup: 0,
    hextra: NaN,
    aoi: 0,
    stilt: 0,
    sazi: 0,
    rot: 0,
    btd: 0,
    ibeam: 0,
    iskydiff: 0,
    ignddiff: 0,
    rearTotal: 0,
    state: {
      spaTable: createSpaTable(),
      sun: createSunPosition(),
      surface: createSurfaceAngles(),
      elevation: 0,
      pressure: 1013.25,
      tamb: 15,
      calculatedDirectNormal: -999,
      calculatedDiffuseHorizontal: 0,
    },
  };
}

/** irrad's surface settings (set_surface). */
interface Surface {
  trackMode: TrackingMode;
  tilt: number;
  azimuth: number;
  rotationLimit: number;
  backtrack: boolean;
  gcr: number;
  options: { forceToStow: boolean; stowAngle: number };
}

/** irrad::check for DN_DF and Perez; returns SSC's code (0 ok). */
function check(input: IrradianceInput, s: Surface): number {
  const { year, month, day, hour, minute, delt, lat, lon, tz, dni, dhi, albedo } = input;
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || delt > 1) return -1;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || tz < -15 || tz > 15) return -2;
  if (dni < 0 || dni > IRRADIATION_MAX || dhi < 0 || dhi > 1500) return -5;
  if (albedo < 0 || albedo > 1) return -7;
  if (s.tilt < 0 || s.tilt > 90) return -8;
  if (s.azimuth < 0 || s.azimuth >= 360) return -9;
  if (s.rotationLimit < -90 || s.rotationLimit > 90) return -10;
  if (s.options.stowAngle < -90 || s.options.stowAngle > 90) return -12;
  return 0;
}

const perezOut = createPerezResult();
const surfaceScratch: Surface = { trackMode: 0, tilt: 0, azimuth: 0, rotationLimit: 0, backtrack: false, gcr: 0, options: { forceToStow: false, stowAngle: 0 } };
const sunInput: SunPositionInput = { year: 0, month: 0, day: 0, hour: 0, minute: 0, lat: 0, lon: 0, tz: 0, elevation: 0, pressure: 0, tdry: 0, delt: 0 };
const rearInput: RearSideInput = {
  sunup: 0,
  solarAzimuthRad: 0,
  solarZenithRad: 0,
  solarElevationRad: 0,
  directNormal: 0,
  diffuseHorizontal: 0,
  albedo: 0,
  gcr: 0,
  trackingMode: 0,
  transmissionFactor: 0,
  groundClearanceHeight: 0,
  slopeLength: 0,
};

function setSurface(s: Surface, trackMode: TrackingMode, tilt: number, azimuth: number, rotationLimit: number, backtrack: boolean, gcr: number, forceToStow: boolean, stowAngle: number): Surface {
  s.trackMode = trackMode;
  s.tilt = tilt;
  s.azimuth = azimuth;
  s.rotationLimit = rotationLimit;
  s.backtrack = backtrack;
  s.gcr = gcr;
  s.options.forceToStow = forceToStow;
  s.options.stowAngle = stowAngle;
  return s;
}

/** calc() after the sun position (incidence, the extraterrestrial check, Perez), then optionally the rear side. */
function surfaceIrradiance(input: IrradianceInput, s: Surface, result: IrradianceResult, anglesBeforeRear: boolean): void {
  const { state } = result;
  const { sun, surface } = state;
  result.ibeam = result.iskydiff = result.ignddiff = 0;
  surface.aoi = surface.tilt = surface.azimuth = surface.rotation = surface.backtrackDiff = 0;
  result.code = 0;
  if (sun.sunup > 0) {
    incidence(s.trackMode, s.tilt, s.azimuth, s.rotationLimit, sun.zenithRad, sun.azimuthRad, s.backtrack, s.gcr, s.options, surface);
    const hbeam = input.dni < 0 ? 0 : input.dni * Math.cos(sun.zenithRad);
    if (hbeam > sun.hextra) {
      result.code = -1;
    } else {
      state.calculatedDirectNormal = input.dni;
      state.calculatedDiffuseHorizontal = input.dhi;
      perez(input.dni, input.dhi, input.albedo, surface.aoi, surface.tilt, sun.zenithRad, perezOut);
      result.ibeam = perezOut.beam;
      result.iskydiff = perezOut.skyDiffuse;
      result.ignddiff = perezOut.groundDiffuse;
    }
  }
  if (anglesBeforeRear) readAngles(surface, result);
  result.rearTotal = 0;
  if (input.rear !== null) {
    rearInput.sunup = sun.sunup;
    rearInput.solarAzimuthRad = sun.azimuthRad;
    rearInput.solarZenithRad = sun.zenithRad;
    rearInput.solarElevationRad = sun.altitudeRad;
    rearInput.directNormal = state.calculatedDirectNormal;
    rearInput.diffuseHorizontal = state.calculatedDiffuseHorizontal;
    rearInput.albedo = input.albedo;
    rearInput.gcr = s.gcr;
    rearInput.trackingMode = s.trackMode;
    rearInput.transmissionFactor = input.rear.transmissionFactor;
    rearInput.groundClearanceHeight = input.rear.groundClearanceHeight;
    rearInput.slopeLength = input.rear.slopeLength;
    result.rearTotal = calcRearSide(rearInput, surface);
  }
  if (!anglesBeforeRear) readAngles(surface, result);
}

function readAngles(surface: SurfaceAngles, result: IrradianceResult): void {
  result.aoi = surface.aoi * TO_DEG;
  result.stilt = surface.tilt * TO_DEG;
  result.sazi = surface.azimuth * TO_DEG;
  result.rot = surface.rotation * TO_DEG;
  result.btd = surface.backtrackDiff * TO_DEG;
}

/** One cmod_pvwattsv8 step in the normal orientation. Reuse `result` for every step of a run: it carries irrad's state. */
export function irradianceStep(input: IrradianceInput, result: IrradianceResult): void {
  const { state } = result;
  if (!Number.isNaN(input.elevation) && input.elevation >= 0) state.elevation = input.elevation;
  if (!Number.isNaN(input.pressure) && input.pressure > 800) state.pressure = input.pressure;
  if (!Number.isNaN(input.tdry)) state.tamb = input.tdry;
  const s = setSurface(surfaceScratch, input.trackMode, input.tilt, input.azimuth, input.rotationLimit, input.backtrack, input.gcr, false, 0);
  const code = check(input, s);
  if (code < 0) {
    result.code = -100 + code;
    return;
  }
  sunInput.year = input.year;
  sunInput.month = input.month;
  sunInput.day = input.day;
  sunInput.hour = input.hour;
  sunInput.minute = input.minute;
  sunInput.lat = input.lat;
  sunInput.lon = input.lon;
  sunInput.tz = input.tz;
  sunInput.delt = input.delt;
  sunInput.elevation = state.elevation;
  sunInput.pressure = state.pressure;
  sunInput.tdry = state.tamb;
  const { sun } = state;
  sunPositionStep(sunInput, state.spaTable, sun);
  result.solazi = sun.azimuthRad * TO_DEG;
  result.solzen = sun.zenithRad * TO_DEG;
  result.solalt = sun.altitudeRad * TO_DEG;
  result.sunup = sun.sunup;
  result.hextra = sun.hextra;
  surfaceIrradiance(input, s, result, true);
}

/**
 * cmod_pvwattsv8's wind stow, called right after irradianceStep for the same input (it needs that step's `rot`):
 * two-axis trackers go flat (fixed, tilt 0, azimuth 180, gcr 0.4); one-axis trackers are forced to ±|windStowAngle|
 * (degrees) in the direction they were rotated. Overwrites the angles, POA and rearTotal. As in cmod, the angles are
 * read after calc_rear_side, so with `rear` set they are what it leaves behind: azimuth γ−360°, rotation 0, backtrack 0.
 */
export function irradianceStow(input: IrradianceInput, windStowAngle: number, result: IrradianceResult): void {
  const stowAngle = result.rot < 0 ? -Math.abs(windStowAngle) : Math.abs(windStowAngle);
  const s =
    input.trackMode === 2
      ? setSurface(surfaceScratch, 0, 0, 180, 0, false, 0.4, false, 0)
      : setSurface(surfaceScratch, 1, input.tilt, input.azimuth, stowAngle, false, input.gcr, true, stowAngle);
  const code = check(input, s);
  if (code < 0) {
    result.code = -100 + code;
    return;
  }
  surfaceIrradiance(input, s, result, false);
}
