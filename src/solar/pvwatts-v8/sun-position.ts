/**
 * Sun position exactly as NREL SSC computes it for PVWatts v8: `solarpos_spa` (SSC's simplified SPA, whose Earth
 * terms follow SG2 rather than the full Reda & Andreas tables, so src/solar/spa.ts gives different numbers) and the
 * sunrise/sunset rule of `irrad::calc`. Source: ssc shared/lib_irradproc.cpp (commit in tests/fixtures/ssc-v8/README.md).
 *
 * Time stamps are what cmod_pvwattsv8 passes to `irrad::set_time`. An hourly (8760-record) TMY2/TMY3/SAM CSV file
 * without a Minute column gets minute = 30 (lib_weatherfile.cpp: `(stepSec / 2) / 60`) and delt = 1 h, i.e. hour-averaged
 * data stamped mid-hour. A file with a Minute column, and every EPW (whose minute 60 also becomes 30), is treated as
 * instantaneous: minute as given, delt = INSTANTANEOUS, no sunrise/sunset midpoint.
 */

import { DTOR, RTOD } from './incidence.ts';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** `IRRADPROC_NO_INTERPOLATE_SUNRISE_SUNSET`: pass as delt for instantaneous data. */
export const INSTANTANEOUS = -1;

/** SSC's `sunAnglesRadians[9]` plus `timeStepSunPosition[3]` after `irrad::calc`. */
export interface SunPosition {
  /** Sun azimuth, radians east of north, 0..2π. */
  azimuthRad: number;
  /** Topocentric zenith with refraction, radians, clamped to 0..π. */
  zenithRad: number;
  /** Topocentric elevation with refraction, radians. */
  altitudeRad: number;
  /** Topocentric declination, radians. */
  declinationRad: number;
  /** Sunrise, local standard hours, of the day of the sun-position call (-100: sun never sets; -99999: never rises). */
  sunriseHour: number;
  /** Sunset, local standard hours (100: sun never sets; NaN in polar night, where SSC reads an uninitialised value). */
  sunsetHour: number;
  /** 1/r², r = Earth–Sun distance in AU. */
  eccentricity: number;
  /** True solar time, hours. */
  trueSolarTimeHour: number;
  /** Extraterrestrial irradiance on a horizontal surface, W/m² (1367·(1+0.033·cos(360·doy/365))·cos zenith; 0 if down). */
  hextra: number;
  /** 0 sun down, 1 up all step, 2 sunrise step, 3 sunset step. */
  sunup: 0 | 1 | 2 | 3;
  /** Hour and whole minute at which the sun position was evaluated (`timeStepSunPosition[0..1]`). */
  calcHour: number;
  calcMinute: number;
}

export interface SunPositionInput {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** Minute of the time stamp (may be fractional). */
  minute: number;
  /** Degrees north. */
  lat: number;
  /** Degrees east. */
  lon: number;
  /** Hours from UTC. */
  tz: number;
  /** Metres; SSC keeps 0 unless elev ≥ 0. */
  elevation: number;
  /** mbar; SSC keeps 1013.25 unless pressure > 800. */
  pressure: number;
  /** Dry-bulb °C; SSC keeps 15 when NaN. */
  tdry: number;
  /** Time step in hours for averaged data, or INSTANTANEOUS (any value ≤ 0). */
  delt: number;
}

export function createSunPosition(): SunPosition {
  return {
    azimuthRad: NaN,
    zenithRad: NaN,
    altitudeRad: NaN,
    declinationRad: NaN,
    sunriseHour: NaN,
    sunsetHour: NaN,
    eccentricity: NaN,
    trueSolarTimeHour: NaN,
    hextra: NaN,
    sunup: 0,
    calcHour: 0,
    calcMinute: 0,
  };
}

interface MainSpaEntry {
  deltaT: number;
  pressureBucket: number;
  tempBucket: number;
  values: SpaValues;
}

/**
 * SSC's `solarpos_lookup` (spa_table). Results that do not depend on the observer's weather are pure functions of the
 * Julian day, but SSC keys the table on pressure in 10 mbar and temperature in 5 °C buckets, so a repeated time stamp
 * reuses the refraction of the first call in its bucket; replaying that keeps results identical to SSC. Like SSC's
 * table, it assumes one site: it is emptied when the site changes.
 */
export interface SpaTable {
  day: number;
  /** lat, lon, tz, elevation the entries were computed for. */
  site: Float64Array;
  main: Map<number, MainSpaEntry[]>;
  /** Apparent sidereal time, right ascension and declination at 0 UT, keyed by Julian day, for ΔT = 67 s and ΔT = 0. */
  rts67: Map<number, Float64Array>;
  rts0: Map<number, Float64Array>;
}

export function createSpaTable(): SpaTable {
  return { day: 0, site: Float64Array.of(NaN, NaN, NaN, NaN), main: new Map(), rts67: new Map(), rts0: new Map() };
}

function clearSpaTable(table: SpaTable, day: number): void {
  table.day = day;
  table.main.clear();
  table.rts67.clear();
  table.rts0.clear();
}

function limitDegrees(degrees: number): number {
  const d = degrees / 360.0;
  let limited = 360.0 * (d - Math.floor(d));
  if (limited < 0) limited += 360.0;
  return limited;
}

function limitMinutes(minutes: number): number {
  let limited = minutes;
  if (limited < -20.0) limited += 1440.0;
  else if (limited > 20.0) limited -= 1440.0;
  return limited;
}

function limitDegrees180(degrees: number): number {
  const d = degrees / 180.0;
  let limited = 180.0 * (d - Math.floor(d));
  if (limited < 0) limited += 180.0;
  return limited;
}

function limitZeroToOne(value: number): number {
  let limited = value - Math.floor(value);
  if (limited < 0) limited += 1.0;
  return limited;
}

function limitDegrees180pm(degrees: number): number {
  const d = degrees / 360.0;
  let limited = 360.0 * (d - Math.floor(d));
  if (limited < -180.0) limited += 360.0;
  else if (limited > 180.0) limited -= 360.0;
  return limited;
}

function dayfracToLocalHour(dayfrac: number, timezone: number): number {
  return 24.0 * limitZeroToOne(dayfrac + timezone / 24.0);
}

/** SSC's julian_day; `minute` is an int parameter there, so fractional minutes are truncated. */
function julianDay(year: number, month: number, day: number, hour: number, minute: number, second: number, dut1: number, tz: number): number {
  const dayDecimal = day + (hour - tz + (Math.trunc(minute) + (second + dut1) / 60.0) / 60.0) / 24.0;
  let y = year;
  let m = month;
  if (m < 3) {
    m += 12;
    y--;
  }
  const firstTerm = Math.trunc(365.25 * (y + 4716.0));
  const secondTerm = Math.trunc(30.6001 * (m + 1));
  let jd = firstTerm + secondTerm + dayDecimal - 1524.5;
  if (jd > 2299160.0) {
    const a = Math.trunc(y / 100);
    jd += 2 - a + Math.trunc(a / 4);
  }
  return jd;
}

/** SG2 heliocentric longitude terms: [1/period, amplitude, phase]. */
const LGS_TERMS = [
  [1.0 / 365.261278, 3.401508e-2, 1.60078],
  [1.0 / 182.632412, 3.48644e-4, 1.662976],
  [1.0 / 29.530634, 3.136227e-5, -1.195905],
  [1.0 / 399.52985, 3.578979e-5, -1.042052],
  [1.0 / 291.956812, 2.676185e-5, 2.012613],
  [1.0 / 583.598201, 2.333925e-5, -2.867714],
  [1.0 / 4652.629372, 1.221214e-5, 1.225038],
  [1.0 / 1450.236684, 1.217941e-5, -0.828601],
  [1.0 / 199.459709, 1.343914e-5, -3.108253],
  [1.0 / 365.355291, 8.499475e-4, -2.353709],
] as const;

function earthHeliocentricLongitude(jStarTT: number): number {
  let lg2 = (1.0 / 58.130101) * jStarTT + 1.742145;
  for (const [f, rho, phi] of LGS_TERMS) lg2 += rho * Math.cos(2.0 * Math.PI * f * jStarTT - phi);
  return limitDegrees(RTOD * lg2);
}

/** SPA Table A4.2 B0 and B1 rows (the only full-series part SSC kept). */
const B0_TERMS = [
  [280.0, 3.199, 84334.662],
  [102.0, 5.422, 5507.553],
  [80, 3.88, 5223.69],
  [44, 3.7, 2352.87],
  [32, 4, 1577.34],
] as const;
const B1_TERMS = [
  [9, 3.9, 5507.55],
  [6, 1.73, 5223.69],
] as const;

function earthHeliocentricLatitude(jme: number): number {
  let b0 = 0;
  for (const [a, b, c] of B0_TERMS) b0 += a * Math.cos(b + c * jme);
  let b1 = 0;
  for (const [a, b, c] of B1_TERMS) b1 += a * Math.cos(b + c * jme);
  // earth_values: sum of term_sum[i] * pow(jme, i), divided by 1e8
  let sum = 0;
  sum += b0 * Math.pow(jme, 0);
  sum += b1 * Math.pow(jme, 1);
  sum /= 1.0e8;
  return RTOD * sum;
}

function earthRadiusVector(jStarTT: number): number {
  return 0.016704 * Math.cos(2.0 * Math.PI * (1.0 / 365.254902) * jStarTT - -3.091159) + 0 * jStarTT + 1.00014;
}

/** Outputs of calculate_spa, SSC's `needed_values[9]` plus right ascension and declination (degrees). */
interface SpaValues {
  jme: number;
  eccentricity: number;
  delPsi: number;
  epsilon: number;
  nu: number;
  deltaPrime: number;
  elevation: number;
  zenith: number;
  azimuth: number;
  alpha: number;
  delta: number;
}

const spaScratch: SpaValues = {
  jme: 0,
  eccentricity: 0,
  delPsi: 0,
  epsilon: 0,
  nu: 0,
  deltaPrime: 0,
  elevation: 0,
  zenith: 0,
  azimuth: 0,
  alpha: 0,
  delta: 0,
};

/** SSC's calculate_spa without the table lookup (which callers below replay). */
function calculateSpa(jd: number, lat: number, lng: number, alt: number, pressure: number, temp: number, deltaT: number, out: SpaValues): void {
  const jc = (jd - 2451545.0) / 36525.0;
  const jde = jd + deltaT / 86400.0;
  const jce = (jde - 2451545.0) / 36525.0;
  const jme = jce / 10.0;
  out.jme = jme;

  const jStarTT = jde - 2444239.5;
  const l = earthHeliocentricLongitude(jStarTT);
  const b = earthHeliocentricLatitude(jme);
  const r = earthRadiusVector(jStarTT);
  out.eccentricity = 1 / (r * r);

  let theta = l + 180.0;
  if (theta >= 360.0) theta -= 360.0;
  const beta = -b;

  const delPsi = RTOD * 8.329092e-5 * Math.cos(2.0 * Math.PI * (1.0 / 6791.164405) * jStarTT - -2.052757);
  out.delPsi = delPsi;
  const epsilon = RTOD * (4.456183e-5 * Math.cos(2.0 * Math.PI * (1.0 / 6791.164405) * jStarTT - 2.660352) + -6.216374e-9 * jStarTT + 4.091383e-1);
  out.epsilon = epsilon;

  const delTau = -9.933735e-5;
  const lamda = theta + delPsi + delTau;

  const nu0 = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2451545.0) + jc * jc * (0.000387933 - jc / 38710000.0));
  const nu = nu0 + delPsi * Math.cos(DTOR * epsilon);
  out.nu = nu;

  const lamdaRad = DTOR * lamda;
  const epsilonRad = DTOR * epsilon;
  const alpha = limitDegrees(RTOD * Math.atan2(Math.sin(lamdaRad) * Math.cos(epsilonRad) - Math.tan(DTOR * beta) * Math.sin(epsilonRad), Math.cos(lamdaRad)));
  out.alpha = alpha;
  const betaRad = DTOR * beta;
  const delta = RTOD * Math.asin(Math.sin(betaRad) * Math.cos(epsilonRad) + Math.cos(betaRad) * Math.sin(epsilonRad) * Math.sin(DTOR * lamda));
  out.delta = delta;

  const h = limitDegrees(nu + lng - alpha);

  // right_ascension_parallax_and_topocentric_dec, xi = 4.263521e-5 degrees
  const latRad = DTOR * lat;
  const xiRad = DTOR * 4.263521e-5;
  const hRad = DTOR * h;
  const deltaRad = DTOR * delta;
  const u = Math.atan(0.99664719 * Math.tan(latRad));
  const y = 0.99664719 * Math.sin(u) + (alt * Math.sin(latRad)) / 6378140.0;
  const x = Math.cos(u) + (alt * Math.cos(latRad)) / 6378140.0;
  const deltaAlpha = RTOD * -x * (Math.sin(hRad) / Math.cos(deltaRad)) * xiRad;
  const deltaPrime = RTOD * (deltaRad + (x * Math.cos(hRad) * Math.sin(deltaRad) - y * Math.cos(deltaRad)) * xiRad);
  out.deltaPrime = deltaPrime;
  const hPrime = h - deltaAlpha;

  const deltaPrimeRad = DTOR * deltaPrime;
  const e0 = RTOD * Math.asin(Math.sin(latRad) * Math.sin(deltaPrimeRad) + Math.cos(latRad) * Math.cos(deltaPrimeRad) * Math.cos(DTOR * hPrime));
  let delE = 0;
  if (e0 >= -1 * (0.26667 + 0.5667)) {
    delE = (pressure / 1010.0) * (283.0 / (273.0 + temp)) * 1.02 / (60.0 * Math.tan(DTOR * (e0 + 10.3 / (e0 + 5.11))));
  }
  if (Number.isNaN(delE)) delE = 0;
  let e = e0 + delE;
  if (e > 90.0) e = 90.0;
  else if (e < -90.0) e = -90.0;
  out.elevation = e;
  out.zenith = 90.0 - e;

  const hPrimeRad = DTOR * hPrime;
  const azimuthAstro = limitDegrees(RTOD * Math.atan2(Math.sin(hPrimeRad), Math.cos(hPrimeRad) * Math.sin(latRad) - Math.tan(DTOR * deltaPrime) * Math.cos(latRad)));
  out.azimuth = limitDegrees(azimuthAstro + 180.0);
}

const rtsScratch: SpaValues = { ...spaScratch };

/** nu, alpha, delta of calculate_spa at jd (0 UT) for ΔT = 67 or 0: site independent, so memoised per table. */
function rtsValues(jd: number, deltaT: 67 | 0, table: SpaTable): Float64Array {
  const map = deltaT === 67 ? table.rts67 : table.rts0;
  let values = map.get(jd);
  if (values === undefined) {
    calculateSpa(jd, 0, 0, 0, 1013.25, 15, deltaT, rtsScratch);
    values = Float64Array.of(rtsScratch.nu, rtsScratch.alpha, rtsScratch.delta);
    map.set(jd, values);
  }
  return values;
}

function rtsAlphaDeltaPrime(n: number, ad0: number, ad1: number, ad2: number): number {
  let a = ad1 - ad0;
  let b = ad2 - ad1;
  if (Math.abs(a) >= 2.0) a = limitZeroToOne(a);
  if (Math.abs(b) >= 2.0) b = limitZeroToOne(b);
  return ad1 + (n * (a + b + (b - a) * n)) / 2.0;
}

function rtsSunAltitude(latitude: number, deltaPrime: number, hPrime: number): number {
  const latRad = DTOR * latitude;
  const dRad = DTOR * deltaPrime;
  return RTOD * Math.asin(Math.sin(latRad) * Math.sin(dRad) + Math.cos(latRad) * Math.cos(dRad) * Math.cos(DTOR * hPrime));
}

/** sun_rise_and_set: refined sunrise (k = 1) or sunset (k = 2) as a fraction of the UT day. */
function sunRiseAndSet(lat: number, h0Prime: number, k: 1 | 2): number {
  return mRts[k]! + (hRts[k]! - h0Prime) / (360.0 * Math.cos(DTOR * deltaPrimeRts[k]!) * Math.cos(DTOR * lat) * Math.sin(DTOR * hPrimeRts[k]!));
}

/** SSC's `needed_values_eot[4]`: [E (minutes), h0 or -99999, sunrise, sunset]; NaN where SSC leaves it unset. */
const eotScratch = new Float64Array(4);
const eotCheckScratch = new Float64Array(4);
const mRts = new Float64Array(3);
const hPrimeRts = new Float64Array(3);
const hRts = new Float64Array(3);
const deltaPrimeRts = new Float64Array(3);

/** SSC's calculate_eot_and_sun_rise_transit_set. */
function calculateEotAndSunRiseTransitSet(
  jme: number,
  tz: number,
  alpha: number,
  delPsi: number,
  epsilon: number,
  year: number,
  month: number,
  day: number,
  lat: number,
  lng: number,
  deltaT: number,
  table: SpaTable,
  out: Float64Array,
): void {
  out.fill(NaN);
  const m = limitDegrees(280.4664567 + jme * (360007.6982779 + jme * (0.03032028 + jme * (1 / 49931.0 + jme * (-1 / 15300.0 + jme * (-1 / 2000000.0))))));
  out[0] = limitMinutes(4.0 * (m - 0.0057183 - alpha + delPsi * Math.cos(DTOR * epsilon)));

  const jd1 = julianDay(year, month, day, 0, 0, 0, 0, 0);
  const at67 = rtsValues(jd1, 67, table);
  const deltaTest = at67[2]!;
  const nu = at67[0]!;
  const day0 = rtsValues(jd1 - 1, 0, table);
  const day1 = rtsValues(jd1, 0, table);
  const day2 = rtsValues(jd1 + 1, 0, table);
  const [alpha0, alpha1, alpha2] = [day0[1]!, day1[1]!, day2[1]!];
  const [delta0, delta1, delta2] = [day0[2]!, day1[2]!, day2[2]!];

  const m0 = (alpha1 - lng - nu) / 360.0;
  const h0Prime = -0.8333;
  const latRad = DTOR * lat;
  const argument = (Math.sin(DTOR * h0Prime) - Math.sin(latRad) * Math.sin(DTOR * deltaTest)) / (Math.cos(latRad) * Math.cos(DTOR * deltaTest));
  let h0 = -99999;
  if (Math.abs(argument) <= 1) h0 = limitDegrees180(RTOD * Math.acos(argument));
  else if (argument < -1) h0 = RTOD * Math.PI;
  else if (argument > 1) h0 = 0;
  out[1] = h0;

  if (h0 > 0) {
    const h0Dfrac = h0 / 360.0;
    mRts[0] = limitZeroToOne(m0);
    mRts[1] = limitZeroToOne(m0 - h0Dfrac);
    mRts[2] = limitZeroToOne(m0 + h0Dfrac);
    if (mRts[2] + tz / 24 < 0 && mRts[2] + 1 + tz / 24 < 1) mRts[2] += 1;
    for (let i = 0; i < 3; i++) {
      const nuI = nu + 360.985647 * mRts[i]!;
      const n = mRts[i]! + deltaT / 86400;
      const alphaPrime = rtsAlphaDeltaPrime(n, alpha0, alpha1, alpha2);
      deltaPrimeRts[i] = rtsAlphaDeltaPrime(n, delta0, delta1, delta2);
      hPrimeRts[i] = limitDegrees180pm(nuI + lng - alphaPrime);
      hRts[i] = rtsSunAltitude(lat, deltaPrimeRts[i]!, hPrimeRts[i]!);
    }
    out[2] = dayfracToLocalHour(sunRiseAndSet(lat, h0Prime, 1), tz);
    out[3] = dayfracToLocalHour(sunRiseAndSet(lat, h0Prime, 2), tz);
  } else {
    // SSC overwrites h0 with the sunrise placeholder here and never sets the sunset slot (read uninitialised later).
    out[1] = -99999;
    out[2] = -99999;
  }
}

function deltaTSeconds(year: number): number {
  if (year >= 1961 && year <= 1986) {
    const t = year - 1975;
    return 45.45 + 1.067 * t - Math.pow(t, 2) / 260 - Math.pow(t, 3) / 718;
  }
  if (year > 1986 && year <= 2005) {
    const t = year - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * Math.pow(t, 2) + 0.0017275 * Math.pow(t, 3) + 0.000651814 * Math.pow(t, 4);
  }
  if (year > 2005 && year <= 2050) {
    const t = year - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * Math.pow(t, 2);
  }
  return 66.7;
}

function dayOfYear(month: number, day: number): number {
  let iday = 0;
  for (let i = 1; i < month; i++) iday += DAYS_IN_MONTH[i - 1]!;
  return iday + day;
}

/** The main calculate_spa call of solarpos_spa, with SSC's table semantics (key: jd, ΔT, pressure/temperature bucket). */
function mainSpa(jd: number, lat: number, lng: number, alt: number, pressure: number, temp: number, deltaT: number, table: SpaTable | null): SpaValues {
  if (table === null) {
    calculateSpa(jd, lat, lng, alt, pressure, temp, deltaT, spaScratch);
    return spaScratch;
  }
  const pressureBucket = Math.trunc(Math.trunc(pressure + 5) / 10) * 10;
  const tempBucket = Math.trunc(Math.trunc(temp + 2) / 5) * 5;
  let entries = table.main.get(jd);
  if (entries === undefined) {
    entries = [];
    table.main.set(jd, entries);
  }
  for (const entry of entries) {
    if (entry.deltaT === deltaT && entry.pressureBucket === pressureBucket && entry.tempBucket === tempBucket) return entry.values;
  }
  const values = { ...spaScratch };
  calculateSpa(jd, lat, lng, alt, pressure, temp, deltaT, values);
  entries.push({ deltaT, pressureBucket, tempBucket, values });
  return values;
}

/**
 * SSC's solarpos_spa into `sunn` (SSC's 9-slot layout: azimuth, zenith, elevation, declination [rad], sunrise, sunset
 * [h], eccentricity, true solar time [h], hextra [W/m²]). Pass `table` to reproduce `irrad`'s cached behaviour.
 */
export function solarposSpa(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  lat: number,
  lng: number,
  tz: number,
  alt: number,
  pressure: number,
  temp: number,
  table: SpaTable | null,
  sunn: Float64Array,
): void {
  const deltaT = deltaTSeconds(year);
  const jd = julianDay(year, month, day, hour, minute, 0, 0, tz);
  const ownTable = table ?? createSpaTable();
  if (table !== null && Math.abs(table.day - day) > 3) clearSpaTable(table, day);

  const spa = mainSpa(jd, lat, lng, alt, pressure, temp, deltaT, table);
  const { jme, delPsi, epsilon, alpha, zenith: zenithDeg, azimuth, elevation, deltaPrime, eccentricity } = spa;
  const eot = eotScratch;
  calculateEotAndSunRiseTransitSet(jme, tz, alpha, delPsi, epsilon, year, month, day, lat, lng, deltaT, ownTable, eot);

  if (eot[3]! < eot[2]!) {
    // SSC's comment says "previous day" but it recomputes for the next day, then adds 24 h
    if (day < DAYS_IN_MONTH[month - 1]!) {
      calculateEotAndSunRiseTransitSet(jme, tz, alpha, delPsi, epsilon, year, month, day + 1, lat, lng, deltaT, ownTable, eotCheckScratch);
    } else if (month < 12) {
      calculateEotAndSunRiseTransitSet(jme, tz, alpha, delPsi, epsilon, year, month + 1, 1, lat, lng, deltaT, ownTable, eotCheckScratch);
    } else {
      calculateEotAndSunRiseTransitSet(jme, tz, alpha, delPsi, epsilon, year + 1, 1, 1, lat, lng, deltaT, ownTable, eotCheckScratch);
    }
    eot[3] = eotCheckScratch[3]! + 24;
  }

  const tst = hour + minute / 60.0 + (lng / 15.0 - tz) + eot[0]! / 60;
  let zen = DTOR * zenithDeg;
  if (zen > Math.PI) zen = Math.PI;
  else if (zen < 0) zen = 0;

  const gon = 1367 * (1 + 0.033 * Math.cos(((360.0 / 365.0) * dayOfYear(month, day) * Math.PI) / 180));
  let hextra: number;
  if (zen > 0 && zen < Math.PI / 2) hextra = gon * Math.cos(zen);
  else if (zen === 0) hextra = gon;
  else hextra = 0.0;

  let sunrise: number;
  let sunset: number;
  const h0Test = eot[1]!;
  if (h0Test === 180.0) {
    sunrise = -100.0;
    sunset = 100.0;
  } else if (h0Test === 0) {
    sunrise = 100.0;
    sunset = -100.0;
  } else {
    sunrise = eot[2]!;
    sunset = eot[3]!;
  }

  sunn[0] = DTOR * azimuth;
  sunn[1] = zen;
  sunn[2] = DTOR * elevation;
  sunn[3] = DTOR * deltaPrime;
  sunn[4] = sunrise;
  sunn[5] = sunset;
  sunn[6] = eccentricity;
  sunn[7] = tst;
  sunn[8] = hextra;
}

const sunn = new Float64Array(9);
const sunnTemp = new Float64Array(9);

/**
 * The sun-position part of SSC's `irrad::calc` for one time step (after set_time/set_location/set_optional):
 * for averaged data (delt > 0) a step containing sunrise or sunset is evaluated at the midpoint of its sunlit part,
 * any other step at its time stamp. Writes into `out`; `table` must persist across the steps of one site and run.
 */
export function sunPositionStep(input: SunPositionInput, table: SpaTable, out: SunPosition): void {
  const { year, month, day, hour, minute, lat, lon, tz, delt } = input;
  const elevation = !Number.isNaN(input.elevation) && input.elevation >= 0 ? input.elevation : 0;
  const pressure = !Number.isNaN(input.pressure) && input.pressure > 800 ? input.pressure : 1013.25;
  const tamb = !Number.isNaN(input.tdry) ? input.tdry : 15;
  const site = table.site;
  if (site[0] !== lat || site[1] !== lon || site[2] !== tz || site[3] !== elevation) {
    clearSpaTable(table, 0);
    site[0] = lat;
    site[1] = lon;
    site[2] = tz;
    site[3] = elevation;
  }

  const tCur = hour + minute / 60.0;
  solarposSpa(year, month, day, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunn);
  let tSunrise = sunn[4]!;
  let tSunset = sunn[5]!;

  if (tSunset > 24.0 && tSunset !== 100.0) {
    // sunset falls after midnight: take the previous day's
    if (day > 1) solarposSpa(year, month, day - 1, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    else if (month > 1) solarposSpa(year, month - 1, DAYS_IN_MONTH[month - 2]!, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    else solarposSpa(year - 1, 12, 31, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    if (sunnTemp[5] === 100.0) tSunset -= 24.0;
    else if (sunnTemp[5]! >= 24.0) tSunset = sunnTemp[5]! - 24.0;
  }

  if (tSunrise < 0.0 && tSunrise !== -100.0) {
    // sunrise falls before midnight: take the next day's
    if (day < DAYS_IN_MONTH[month - 1]!) solarposSpa(year, month, day + 1, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    else if (month < 12) solarposSpa(year, month + 1, 1, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    else solarposSpa(year + 1, 1, 1, 12, 0.0, lat, lon, tz, elevation, pressure, tamb, table, sunnTemp);
    if (sunnTemp[4] === -100.0) tSunrise += 24.0;
    else if (sunnTemp[4]! < 0.0) tSunrise = sunnTemp[4]! + 24.0;
  }

  let calcHour = hour;
  let calcMinute = minute;
  if (delt > 0 && tCur >= tSunrise - delt / 2.0 && tCur < tSunrise + delt / 2.0) {
    const tCalc = (tSunrise + (tCur + delt / 2.0)) / 2.0;
    calcHour = Math.trunc(tCalc);
    calcMinute = (tCalc - calcHour) * 60.0;
    out.sunup = 2;
  } else if (delt > 0 && tCur > tSunset - delt / 2.0 && tCur <= tSunset + delt / 2.0) {
    const tCalc = (tCur - delt / 2.0 + tSunset) / 2.0;
    calcHour = Math.trunc(tCalc);
    calcMinute = (tCalc - calcHour) * 60.0;
    out.sunup = 3;
  } else {
    const up = (tSunrise < tSunset && tCur >= tSunrise && tCur <= tSunset) || (tSunrise > tSunset && (tCur <= tSunset || tCur >= tSunrise));
    out.sunup = up ? 1 : 0;
  }
  out.calcHour = calcHour;
  out.calcMinute = Math.trunc(calcMinute);
  solarposSpa(year, month, day, calcHour, calcMinute, lat, lon, tz, elevation, pressure, tamb, table, sunn);

  out.azimuthRad = sunn[0]!;
  out.zenithRad = sunn[1]!;
  out.altitudeRad = sunn[2]!;
  out.declinationRad = sunn[3]!;
  out.sunriseHour = sunn[4]!;
  out.sunsetHour = sunn[5]!;
  out.eccentricity = sunn[6]!;
  out.trueSolarTimeHour = sunn[7]!;
  out.hextra = sunn[8]!;
}
