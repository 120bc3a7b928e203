/**
 * The geocentric sun tabulated at regular nodes and interpolated with 4-point Lagrange polynomials, the way
 * SPA's Appendix A.2 interpolates α and δ (Reda & Andreas 2004). It depends on time only, so one table serves every
 * site and orientation; interpolating at two-day nodes stays within 1e-5° of the full series (see the tests).
 */
import type { GeocentricSun, SunInstant } from './spa.ts';
import { emptyGeocentricSun, emptySunInstant, geocentricSun, sunInstant } from './spa.ts';

/** Julian day of 1990-01-01T00:00Z: every weather year is evaluated on calendar year 1990 (non-leap). */
export const REFERENCE_YEAR_START_JD = 2447892.5;

/** ΔT = TT - UT used by the reference chain, seconds. */
export const DEFAULT_DELTA_T_SECONDS = 67;

export interface Ephemeris {
  startJd: number;
  stepDays: number;
  deltaTSeconds: number;
  /** Right ascension unwrapped past 360° so that it interpolates smoothly. */
  rightAscension: Float64Array;
  sinDeclination: Float64Array;
  cosDeclination: Float64Array;
  radius: Float64Array;
  equationOfEquinoxes: Float64Array;
}

function createEphemeris(startJd: number, endJd: number, stepDays: number, deltaTSeconds: number): Ephemeris {
  const nodes = Math.ceil((endJd - startJd) / stepDays) + 1;
  const ephemeris: Ephemeris = {
    startJd,
    stepDays,
    deltaTSeconds,
    rightAscension: new Float64Array(nodes),
    sinDeclination: new Float64Array(nodes),
    cosDeclination: new Float64Array(nodes),
    radius: new Float64Array(nodes),
    equationOfEquinoxes: new Float64Array(nodes),
  };
  const geo = emptyGeocentricSun();
  let turns = 0;
  let previous = -Infinity;
  for (let k = 0; k < nodes; k++) {
    geocentricSun(startJd + k * stepDays, deltaTSeconds, geo);
    if (geo.rightAscension + turns * 360 < previous - 180) turns++;
    previous = geo.rightAscension + turns * 360;
    ephemeris.rightAscension[k] = previous;
    ephemeris.sinDeclination[k] = geo.sinDeclination;
    ephemeris.cosDeclination[k] = geo.cosDeclination;
    ephemeris.radius[k] = geo.radius;
    ephemeris.equationOfEquinoxes[k] = geo.equationOfEquinoxes;
  }
  return ephemeris;
}

/** Nodes two days apart, spanning the reference year with four days of margin for any UTC offset. */
export function referenceYearEphemeris(deltaTSeconds = DEFAULT_DELTA_T_SECONDS): Ephemeris {
  return createEphemeris(REFERENCE_YEAR_START_JD - 4, REFERENCE_YEAR_START_JD + 369, 2, deltaTSeconds);
}

let shared: Ephemeris | undefined;

/** The reference-year table, computed once per process and shared by every site. */
export function sharedReferenceYearEphemeris(): Ephemeris {
  shared ??= referenceYearEphemeris();
  return shared;
}

export function sampleEphemeris(ephemeris: Ephemeris, jd: number, out: GeocentricSun): GeocentricSun {
  const nodes = ephemeris.radius.length;
  const t = (jd - ephemeris.startJd) / ephemeris.stepDays;
  if (t < 1 || t > nodes - 2) {
    throw new RangeError(`Julian day ${jd} is outside the ephemeris table`);
  }
  const k = Math.min(Math.floor(t), nodes - 3);
  const f = t - k;
  const wPrevious = (-f * (f - 1) * (f - 2)) / 6;
  const wThis = ((f + 1) * (f - 1) * (f - 2)) / 2;
  const wNext = (-(f + 1) * f * (f - 2)) / 2;
  const wAfter = ((f + 1) * f * (f - 1)) / 6;
  out.rightAscension = lagrange(ephemeris.rightAscension, k, wPrevious, wThis, wNext, wAfter);
  out.sinDeclination = lagrange(ephemeris.sinDeclination, k, wPrevious, wThis, wNext, wAfter);
  out.cosDeclination = lagrange(ephemeris.cosDeclination, k, wPrevious, wThis, wNext, wAfter);
  out.radius = lagrange(ephemeris.radius, k, wPrevious, wThis, wNext, wAfter);
  out.equationOfEquinoxes = lagrange(ephemeris.equationOfEquinoxes, k, wPrevious, wThis, wNext, wAfter);
  return out;
}

function lagrange(values: Float64Array, k: number, wPrevious: number, wThis: number, wNext: number, wAfter: number): number {
  return (
    wPrevious * (values[k - 1] ?? 0) + wThis * (values[k] ?? 0) + wNext * (values[k + 1] ?? 0) + wAfter * (values[k + 2] ?? 0)
  );
}

/**
 * Sun instants at every UTC hour k + fraction of the reference year (k from -15 to 8775, wide enough for any UTC
 * offset). Weather years on the same clock (every hour-ending file at a whole-hour offset shares fraction 0.5) read
 * their time-only solar terms from one table instead of interpolating and taking sines per site.
 */
export interface HourlySunInstants {
  fraction: number;
  cosGreenwichHourAngle: Float64Array;
  sinGreenwichHourAngle: Float64Array;
  sinDeclination: Float64Array;
  cosDeclination: Float64Array;
  parallax: Float64Array;
}

export const HOURLY_TABLE_FIRST_HOUR = -15;
const HOURLY_TABLE_LENGTH = 8760 + 31;

const hourlyTables = new WeakMap<Ephemeris, Map<number, HourlySunInstants>>();

/** The hourly table for one clock fraction, built once per ephemeris and fraction. */
export function hourlySunInstants(ephemeris: Ephemeris, fraction: number): HourlySunInstants {
  let byFraction = hourlyTables.get(ephemeris);
  if (!byFraction) {
    byFraction = new Map();
    hourlyTables.set(ephemeris, byFraction);
  }
  const key = Math.round(fraction * 1e9);
  let table = byFraction.get(key);
  if (!table) {
    table = buildHourlyTable(ephemeris, key / 1e9);
    byFraction.set(key, table);
  }
  return table;
}

function buildHourlyTable(ephemeris: Ephemeris, fraction: number): HourlySunInstants {
  const table: HourlySunInstants = {
    fraction,
    cosGreenwichHourAngle: new Float64Array(HOURLY_TABLE_LENGTH),
    sinGreenwichHourAngle: new Float64Array(HOURLY_TABLE_LENGTH),
    sinDeclination: new Float64Array(HOURLY_TABLE_LENGTH),
    cosDeclination: new Float64Array(HOURLY_TABLE_LENGTH),
    parallax: new Float64Array(HOURLY_TABLE_LENGTH),
  };
  const geo = emptyGeocentricSun();
  const instant = emptySunInstant();
  for (let k = 0; k < HOURLY_TABLE_LENGTH; k++) {
    const jd = REFERENCE_YEAR_START_JD + (HOURLY_TABLE_FIRST_HOUR + k + fraction) / 24;
    sunInstant(jd, sampleEphemeris(ephemeris, jd, geo), instant);
    table.cosGreenwichHourAngle[k] = instant.cosGreenwichHourAngle;
    table.sinGreenwichHourAngle[k] = instant.sinGreenwichHourAngle;
    table.sinDeclination[k] = instant.sinDeclination;
    table.cosDeclination[k] = instant.cosDeclination;
    table.parallax[k] = instant.parallax;
  }
  return table;
}

/** Copies entry `k` of the table into `out`. */
export function readHourlySunInstant(table: HourlySunInstants, k: number, out: SunInstant): SunInstant {
  out.cosGreenwichHourAngle = table.cosGreenwichHourAngle[k] ?? 1;
  out.sinGreenwichHourAngle = table.sinGreenwichHourAngle[k] ?? 0;
  out.sinDeclination = table.sinDeclination[k] ?? 0;
  out.cosDeclination = table.cosDeclination[k] ?? 1;
  out.parallax = table.parallax[k] ?? 0;
  return out;
}
