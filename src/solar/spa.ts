/**
 * NREL Solar Position Algorithm (Reda & Andreas 2004, NREL/TP-560-34302; ±0.0003° for -2000..6000).
 * Split in two: the geocentric sun depends on time only and is shared by every site; the topocentric step turns it
 * into zenith and azimuth for one observer. Angles in degrees unless a name says radians.
 */

const DEG = Math.PI / 180;

/** Earth periodic terms, Table A4.2 of the paper: rows of [A, B, C] for A·cos(B + C·JME). */
const L_TERMS: readonly (readonly number[])[] = [
  [
    175347046, 0, 0, 3341656, 4.6692568, 6283.07585, 34894, 4.6261, 12566.1517, 3497, 2.7441, 5753.3849, 3418, 2.8289,
    3.5231, 3136, 3.6277, 77713.7715, 2676, 4.4181, 7860.4194, 2343, 6.1352, 3930.2097, 1324, 0.7425, 11506.7698, 1273,
    2.0371, 529.691, 1199, 1.1096, 1577.3435, 990, 5.233, 5884.927, 902, 2.045, 26.298, 857, 3.508, 398.149, 780, 1.179,
    5223.694, 753, 2.533, 5507.553, 505, 4.583, 18849.228, 492, 4.205, 775.523, 357, 2.92, 0.067, 317, 5.849, 11790.629,
    284, 1.899, 796.298, 271, 0.315, 10977.079, 243, 0.345, 5486.778, 206, 4.806, 2544.314, 205, 1.869, 5573.143, 202,
    2.458, 6069.777, 156, 0.833, 213.299, 132, 3.411, 2942.463, 126, 1.083, 20.775, 115, 0.645, 0.98, 103, 0.636,
    4694.003, 102, 0.976, 15720.839, 102, 4.267, 7.114, 99, 6.21, 2146.17, 98, 0.68, 155.42, 86, 5.98, 161000.69, 85,
    1.3, 6275.96, 85, 3.67, 71430.7, 80, 1.81, 17260.15, 79, 3.04, 12036.46, 75, 1.76, 5088.63, 74, 3.5, 3154.69, 74,
    4.68, 801.82, 70, 0.83, 9437.76, 62, 3.98, 8827.39, 61, 1.82, 7084.9, 57, 2.78, 6286.6, 56, 4.39, 14143.5, 56, 3.47,
    6279.55, 52, 0.19, 12139.55, 52, 1.33, 1748.02, 51, 0.28, 5856.48, 49, 0.49, 1194.45, 41, 5.37, 8429.24, 41, 2.4,
    19651.05, 39, 6.17, 10447.39, 37, 6.04, 10213.29, 37, 2.57, 1059.38, 36, 1.71, 2352.87, 36, 1.78, 6812.77, 33, 0.59,
    17789.85, 30, 0.44, 83996.85, 30, 2.74, 1349.87, 25, 3.16, 4690.48,
  ],
  [
    628331966747, 0, 0, 206059, 2.678235, 6283.07585, 4303, 2.6351, 12566.1517, 425, 1.59, 3.523, 119, 5.796, 26.298,
    109, 2.966, 1577.344, 93, 2.59, 18849.23, 72, 1.14, 529.69, 68, 1.87, 398.15, 67, 4.41, 5507.55, 59, 2.89, 5223.69,
    56, 2.17, 155.42, 45, 0.4, 796.3, 36, 0.47, 775.52, 29, 2.65, 7.11, 21, 5.34, 0.98, 19, 1.85, 5486.78, 19, 4.97,
    213.3, 17, 2.99, 6275.96, 16, 0.03, 2544.31, 16, 1.43, 2146.17, 15, 1.21, 10977.08, 12, 2.83, 1748.02, 12, 3.26,
    5088.63, 12, 5.27, 1194.45, 12, 2.08, 4694, 11, 0.77, 553.57, 10, 1.3, 6286.6, 10, 4.24, 1349.87, 9, 2.7, 242.73, 9,
    5.64, 951.72, 8, 5.3, 2352.87, 6, 2.65, 9437.76, 6, 4.67, 4690.48,
  ],
  [
    52919, 0, 0, 8720, 1.0721, 6283.0758, 309, 0.867, 12566.152, 27, 0.05, 3.52, 16, 5.19, 26.3, 16, 3.68, 155.42, 10,
    0.76, 18849.23, 9, 2.06, 77713.77, 7, 0.83, 775.52, 5, 4.66, 1577.34, 4, 1.03, 7.11, 4, 3.44, 5573.14, 3, 5.14,
    796.3, 3, 6.05, 5507.55, 3, 1.19, 242.73, 3, 6.12, 529.69, 3, 0.31, 398.15, 3, 2.28, 553.57, 2, 4.38, 5223.69, 2,
    3.75, 0.98,
  ],
  [289, 5.844, 6283.076, 35, 0, 0, 17, 5.49, 12566.15, 3, 5.2, 155.42, 1, 4.72, 3.52, 1, 5.3, 18849.23, 1, 5.97, 242.73],
  [114, 3.142, 0, 8, 4.13, 6283.08, 1, 3.84, 12566.15],
  [1, 3.14, 0],
];

const B_TERMS: readonly (readonly number[])[] = [
  [280, 3.199, 84334.662, 102, 5.422, 5507.553, 80, 3.88, 5223.69, 44, 3.7, 2352.87, 32, 4, 1577.34],
  [9, 3.9, 5507.55, 6, 1.73, 5223.69],
];

const R_TERMS: readonly (readonly number[])[] = [
  [
    100013989, 0, 0, 1670700, 3.0984635, 6283.07585, 13956, 3.05525, 12566.1517, 3084, 5.1985, 77713.7715, 1628,
    1.1739, 5753.3849, 1576, 2.8469, 7860.4194, 925, 5.453, 11506.77, 542, 4.564, 3930.21, 472, 3.661, 5884.927, 346,
    0.964, 5507.553, 329, 5.9, 5223.694, 307, 0.299, 5573.143, 243, 4.273, 11790.629, 212, 5.847, 1577.344, 186, 5.022,
    10977.079, 175, 3.012, 18849.228, 110, 5.055, 5486.778, 98, 0.89, 6069.78, 86, 5.69, 15720.84, 86, 1.27, 161000.69,
    65, 0.27, 17260.15, 63, 0.92, 529.69, 57, 2.01, 83996.85, 56, 5.24, 71430.7, 49, 3.25, 2544.31, 47, 2.58, 775.52,
    45, 5.54, 9437.76, 43, 6.01, 6275.96, 39, 5.36, 4694, 38, 2.39, 8827.39, 37, 0.83, 19651.05, 37, 4.9, 12139.55, 36,
    1.67, 12036.46, 35, 1.84, 2942.46, 33, 0.24, 7084.9, 32, 0.18, 5088.63, 32, 1.78, 398.15, 28, 1.21, 6286.6, 28, 1.9,
    6279.55, 26, 4.59, 10447.39,
  ],
  [
    103019, 1.10749, 6283.07585, 1721, 1.0644, 12566.1517, 702, 3.142, 0, 32, 1.02, 18849.23, 31, 2.84, 5507.55, 25, 1.32,
    5223.69, 18, 1.42, 1577.34, 10, 5.91, 10977.08, 9, 1.42, 6275.96, 9, 0.27, 5486.78,
  ],
  [4359, 5.7846, 6283.0758, 124, 5.579, 12566.152, 12, 3.14, 0, 9, 3.63, 77713.77, 6, 1.87, 5573.14, 3, 5.47, 18849.23],
  [145, 4.273, 6283.076, 7, 3.92, 12566.15],
  [4, 2.56, 6283.08],
];

/** Nutation terms, Table A4.3: multipliers of X0..X4, then coefficients a, b, c, d. */
const NUTATION: readonly number[] = [
  0, 0, 0, 0, 1, -171996, -174.2, 92025, 8.9, -2, 0, 0, 2, 2, -13187, -1.6, 5736, -3.1, 0, 0, 0, 2, 2, -2274, -0.2, 977,
  -0.5, 0, 0, 0, 0, 2, 2062, 0.2, -895, 0.5, 0, 1, 0, 0, 0, 1426, -3.4, 54, -0.1, 0, 0, 1, 0, 0, 712, 0.1, -7, 0, -2, 1,
  0, 2, 2, -517, 1.2, 224, -0.6, 0, 0, 0, 2, 1, -386, -0.4, 200, 0, 0, 0, 1, 2, 2, -301, 0, 129, -0.1, -2, -1, 0, 2, 2,
  217, -0.5, -95, 0.3, -2, 0, 1, 0, 0, -158, 0, 0, 0, -2, 0, 0, 2, 1, 129, 0.1, -70, 0, 0, 0, -1, 2, 2, 123, 0, -53, 0,
  2, 0, 0, 0, 0, 63, 0, 0, 0, 0, 0, 1, 0, 1, 63, 0.1, -33, 0, 2, 0, -1, 2, 2, -59, 0, 26, 0, 0, 0, -1, 0, 1, -58, -0.1,
  32, 0, 0, 0, 1, 2, 1, -51, 0, 27, 0, -2, 0, 2, 0, 0, 48, 0, 0, 0, 0, 0, -2, 2, 1, 46, 0, -24, 0, 2, 0, 0, 2, 2, -38, 0,
  16, 0, 0, 0, 2, 2, 2, -31, 0, 13, 0, 0, 0, 2, 0, 0, 29, 0, 0, 0, -2, 0, 1, 2, 2, 29, 0, -12, 0, 0, 0, 0, 2, 0, 26, 0,
  0, 0, -2, 0, 0, 2, 0, -22, 0, 0, 0, 0, 0, -1, 2, 1, 21, 0, -10, 0, 0, 2, 0, 0, 0, 17, -0.1, 0, 0, 2, 0, -1, 0, 1, 16,
  0, -8, 0, -2, 2, 0, 2, 2, -16, 0.1, 7, 0, 0, 1, 0, 0, 1, -15, 0, 9, 0, -2, 0, 1, 0, 1, -13, 0, 7, 0, 0, -1, 0, 0, 1,
  -12, 0, 6, 0, 0, 0, 2, -2, 0, 11, 0, 0, 0, 2, 0, -1, 2, 1, -10, 0, 5, 0, 2, 0, 1, 2, 2, -8, 0, 3, 0, 0, 1, 0, 2, 2, 7,
  0, -3, 0, -2, 1, 1, 0, 0, -7, 0, 0, 0, 0, -1, 0, 2, 2, -7, 0, 3, 0, 2, 0, 0, 2, 1, -7, 0, 3, 0, 2, 0, 1, 0, 0, 6, 0, 0,
  0, -2, 0, 2, 2, 2, 6, 0, -3, 0, -2, 0, 1, 2, 1, 6, 0, -3, 0, 2, 0, -2, 0, 1, -6, 0, 3, 0, 2, 0, 0, 0, 1, -6, 0, 3, 0,
  0, -1, 1, 0, 0, 5, 0, 0, 0, -2, -1, 0, 2, 1, -5, 0, 3, 0, -2, 0, 0, 0, 1, -5, 0, 3, 0, 0, 0, 2, 2, 1, -5, 0, 3, 0, -2,
  0, 2, 0, 1, 4, 0, 0, 0, -2, 1, 0, 2, 1, 4, 0, 0, 0, 0, 0, 1, -2, 0, 4, 0, 0, 0, -1, 0, 1, 0, 0, -4, 0, 0, 0, -2, 1, 0,
  0, 0, -4, 0, 0, 0, 1, 0, 0, 0, 0, -4, 0, 0, 0, 0, 0, 1, 2, 0, 3, 0, 0, 0, 0, 0, -2, 2, 2, -3, 0, 0, 0, -1, -1, 1, 0, 0,
  -3, 0, 0, 0, 0, 1, 1, 0, 0, -3, 0, 0, 0, 0, -1, 1, 2, 2, -3, 0, 0, 0, 2, -1, -1, 2, 2, -3, 0, 0, 0, 0, 0, 3, 2, 2, -3,
  0, 0, 0, 2, -1, 0, 2, 2, -3, 0, 0, 0,
];

const NUTATION_ROW = 9;

/** Julian day of 1970-01-01T00:00Z. */
const UNIX_EPOCH_JD = 2440587.5;
const J2000_JD = 2451545;

export function julianDayFromUnixMs(unixMs: number): number {
  return unixMs / 86_400_000 + UNIX_EPOCH_JD;
}

/** The time-only part of SPA (steps 3.1-3.8): the apparent geocentric sun. */
export interface GeocentricSun {
  /** Apparent geocentric right ascension α, degrees 0-360. */
  rightAscension: number;
  /** Sine and cosine of the geocentric declination δ (kept as a pair so interpolation needs no trigonometry). */
  sinDeclination: number;
  cosDeclination: number;
  /** Earth radius vector R, AU. */
  radius: number;
  /** Nutation in longitude times cos(true obliquity): the equation of the equinoxes, Δψ·cos ε, degrees. */
  equationOfEquinoxes: number;
}

function periodicSeries(terms: readonly (readonly number[])[], jme: number): number {
  let total = 0;
  let power = 1;
  for (const series of terms) {
    let sum = 0;
    for (let k = 0; k < series.length; k += 3) {
      sum += (series[k] ?? 0) * Math.cos((series[k + 1] ?? 0) + (series[k + 2] ?? 0) * jme);
    }
    total += sum * power;
    power *= jme;
  }
  return total / 1e8;
}

/** Degrees reduced to [0, 360); floor is much cheaper than the floating-point % in V8. */
function modulo360(degrees: number): number {
  return degrees - 360 * Math.floor(degrees / 360);
}

/** SPA steps 3.1-3.8 (Reda & Andreas 2004, eqs. 4-30) at Julian day `jd` (UT) with ΔT = TT - UT seconds. */
export function geocentricSun(jd: number, deltaTSeconds: number, out: GeocentricSun): GeocentricSun {
  const jde = jd + deltaTSeconds / 86_400;
  const jce = (jde - J2000_JD) / 36_525;
  const jme = jce / 10;

  const heliocentricLongitude = modulo360(periodicSeries(L_TERMS, jme) / DEG);
  const heliocentricLatitude = periodicSeries(B_TERMS, jme) / DEG;
  const radius = periodicSeries(R_TERMS, jme);
  const theta = modulo360(heliocentricLongitude + 180);
  const beta = -heliocentricLatitude;

  const x0 = 297.85036 + 445267.11148 * jce - 0.0019142 * jce ** 2 + jce ** 3 / 189474;
  const x1 = 357.52772 + 35999.05034 * jce - 0.0001603 * jce ** 2 - jce ** 3 / 300000;
  const x2 = 134.96298 + 477198.867398 * jce + 0.0086972 * jce ** 2 + jce ** 3 / 56250;
  const x3 = 93.27191 + 483202.017538 * jce - 0.0036825 * jce ** 2 + jce ** 3 / 327270;
  const x4 = 125.04452 - 1934.136261 * jce + 0.0020708 * jce ** 2 + jce ** 3 / 450000;
  let deltaPsi = 0;
  let deltaEpsilon = 0;
  for (let k = 0; k < NUTATION.length; k += NUTATION_ROW) {
    const arg =
      ((NUTATION[k] ?? 0) * x0 +
        (NUTATION[k + 1] ?? 0) * x1 +
        (NUTATION[k + 2] ?? 0) * x2 +
        (NUTATION[k + 3] ?? 0) * x3 +
        (NUTATION[k + 4] ?? 0) * x4) *
      DEG;
    deltaPsi += ((NUTATION[k + 5] ?? 0) + (NUTATION[k + 6] ?? 0) * jce) * Math.sin(arg);
    deltaEpsilon += ((NUTATION[k + 7] ?? 0) + (NUTATION[k + 8] ?? 0) * jce) * Math.cos(arg);
  }
  deltaPsi /= 36_000_000;
  deltaEpsilon /= 36_000_000;

  const u = jme / 10;
  const epsilon0 =
    84381.448 +
    u * (-4680.93 + u * (-1.55 + u * (1999.25 + u * (-51.38 + u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const epsilon = epsilon0 / 3600 + deltaEpsilon;
  const aberration = -20.4898 / (3600 * radius);
  const lambda = (theta + deltaPsi + aberration) * DEG;
  const epsRad = epsilon * DEG;
  const betaRad = beta * DEG;

  out.rightAscension = modulo360(
    Math.atan2(Math.sin(lambda) * Math.cos(epsRad) - Math.tan(betaRad) * Math.sin(epsRad), Math.cos(lambda)) / DEG,
  );
  const sinDelta = Math.sin(betaRad) * Math.cos(epsRad) + Math.cos(betaRad) * Math.sin(epsRad) * Math.sin(lambda);
  out.sinDeclination = sinDelta;
  out.cosDeclination = Math.sqrt(1 - sinDelta * sinDelta);
  out.radius = radius;
  out.equationOfEquinoxes = deltaPsi * Math.cos(epsRad);
  return out;
}

/** Greenwich mean sidereal time, SPA eq. 12, degrees 0-360. */
export function meanSiderealTime(jd: number): number {
  const jc = (jd - J2000_JD) / 36_525;
  return modulo360(280.46061837 + 360.98564736629 * (jd - J2000_JD) + 0.000387933 * jc * jc - (jc * jc * jc) / 38_710_000);
}

/**
 * What the topocentric step needs from time alone: the sun's apparent Greenwich hour angle ν - α (eqs. 12-15, 19-21
 * without the observer's longitude), its declination and its equatorial horizontal parallax (eq. 33).
 */
export interface SunInstant {
  cosGreenwichHourAngle: number;
  sinGreenwichHourAngle: number;
  sinDeclination: number;
  cosDeclination: number;
  /** ξ in radians; under 9″, so sin ξ = ξ to 1e-13. */
  parallax: number;
}

export function sunInstant(jd: number, geo: GeocentricSun, out: SunInstant): SunInstant {
  const greenwichHourAngle = (meanSiderealTime(jd) + geo.equationOfEquinoxes - geo.rightAscension) * DEG;
  out.cosGreenwichHourAngle = Math.cos(greenwichHourAngle);
  out.sinGreenwichHourAngle = Math.sin(greenwichHourAngle);
  out.sinDeclination = geo.sinDeclination;
  out.cosDeclination = geo.cosDeclination;
  out.parallax = ((8.794 / 3600) * DEG) / geo.radius;
  return out;
}

export function emptySunInstant(): SunInstant {
  return { cosGreenwichHourAngle: 1, sinGreenwichHourAngle: 0, sinDeclination: 0, cosDeclination: 1, parallax: 0 };
}

/** Observer constants of SPA step 3.10 (eqs. 35-37) and the refraction inputs. */
export interface Observer {
  sinLatitude: number;
  cosLatitude: number;
  sinLongitude: number;
  cosLongitude: number;
  /** ρ·cos φ′ and ρ·sin φ′ of the observer. */
  x: number;
  y: number;
  /** Annual mean station pressure, mbar, for refraction. */
  pressureMbar: number;
}

export function observer(latitude: number, longitude: number, elevation: number, pressureMbar: number): Observer {
  const phi = latitude * DEG;
  const u = Math.atan(0.99664719 * Math.tan(phi));
  return {
    sinLatitude: Math.sin(phi),
    cosLatitude: Math.cos(phi),
    sinLongitude: Math.sin(longitude * DEG),
    cosLongitude: Math.cos(longitude * DEG),
    x: Math.cos(u) + (elevation / 6378140) * Math.cos(phi),
    y: 0.99664719 * Math.sin(u) + (elevation / 6378140) * Math.sin(phi),
    pressureMbar,
  };
}

/** Topocentric sun for one observer. */
export interface TopocentricSun {
  /** Zenith without refraction, degrees. */
  zenith: number;
  /** Refraction-corrected zenith, degrees. */
  apparentZenith: number;
  /** Unit vector towards the sun (east, north, up) at the apparent zenith. */
  east: number;
  north: number;
  up: number;
}

/** Sun radius plus mean refraction at the horizon (SPA's default atmos_refract 0.5667°). */
const REFRACTION_LIMIT = -(0.26667 + 0.5667);

/** The sun seen by one observer before refraction: what `horizonSun` hands on to `refractSunPath`. */
export interface HorizonSun {
  /** Sine of the topocentric elevation e0 without refraction (eq. 42). */
  sinElevation: number;
  /** The astronomers' azimuth Γ (eqs. 44-45) as a direction on the horizon, not normalised. */
  westward: number;
  southward: number;
}

/**
 * SPA steps 3.9-3.12 (eqs. 31-42) and the direction of eqs. 44-45: hour angle, parallax and the unrefracted
 * elevation. Angles travel as (cos, sin) pairs, so this step has no transcendental at all.
 */
export function horizonSun(time: SunInstant, site: Observer, out: HorizonSun): HorizonSun {
  // Local hour angle H = (ν - α) + λ, eq. 29.
  const sinH = time.sinGreenwichHourAngle * site.cosLongitude + time.cosGreenwichHourAngle * site.sinLongitude;
  const cosH = time.cosGreenwichHourAngle * site.cosLongitude - time.sinGreenwichHourAngle * site.sinLongitude;
  const sinDelta = time.sinDeclination;
  const cosDelta = time.cosDeclination;
  const sinXi = time.parallax;

  // Parallax in right ascension Δα (eq. 38) and topocentric declination (eq. 40).
  const parallaxCos = cosDelta - site.x * sinXi * cosH;
  const parallaxSin = -site.x * sinXi * sinH;
  const parallaxScale = 1 / Math.sqrt(parallaxCos * parallaxCos + parallaxSin * parallaxSin);
  const cosDa = parallaxCos * parallaxScale;
  const sinDa = parallaxSin * parallaxScale;
  const declSin = (sinDelta - site.y * sinXi) * cosDa;
  const declScale = 1 / Math.sqrt(declSin * declSin + parallaxCos * parallaxCos);
  const sinDeltaP = declSin * declScale;
  const cosDeltaP = parallaxCos * declScale;
  // H′ = H - Δα, eq. 41.
  const sinHp = sinH * cosDa - cosH * sinDa;
  const cosHp = cosH * cosDa + sinH * sinDa;

  out.sinElevation = Math.min(1, Math.max(-1, site.sinLatitude * sinDeltaP + site.cosLatitude * cosDeltaP * cosHp));
  out.westward = sinHp;
  out.southward = cosHp * site.sinLatitude - (sinDeltaP / cosDeltaP) * site.cosLatitude;
  return out;
}

/** A run of sun positions in arrays, the form in which `refractSunPath` takes and gives them. */
export interface SunPathArrays {
  apparentZenith: Float64Array;
  east: Float64Array;
  north: Float64Array;
  up: Float64Array;
}

/**
 * SPA steps 3.13-3.15 (eqs. 43-46) over a run of instants: refraction (Bennett, as in SPA) and the sun's direction.
 * On entry entry k holds `horizonSun`'s result (sinElevation in `up`, westward in `east`, southward in `north`) and
 * the elevation's arcsine in radians in `apparentZenith`; on exit the refracted sun as TopocentricSun has it. The air
 * temperature of entry k is temperatureC[hours[k]], or temperatureC[k] without `hours`. Written over arrays because
 * a tight loop of independent hours lets the processor overlap them, which a call per hour does not.
 */
export function refractSunPath(path: SunPathArrays, site: Observer, temperatureC: Float64Array, hours?: Int32Array): void {
  const { apparentZenith, east, north, up } = path;
  const pressureRatio = site.pressureMbar / 1010;
  for (let k = 0; k < up.length; k++) {
    const sinE0 = up[k] ?? 0;
    const cosE0 = Math.sqrt(1 - sinE0 * sinE0);
    const e0 = (apparentZenith[k] ?? 0) / DEG;
    let refraction = 0;
    if (e0 >= REFRACTION_LIMIT) {
      // 1/tan(e0 + b) by the addition formula, with b = 10.3/(e0 + 5.11) under 2.5° (0.043 rad), where
      // b + b³/3 + 2b⁵/15 is tan b to 1e-11; its denominator vanishes only at e0 = -b, below the horizon limit.
      const b = (10.3 / (e0 + 5.11)) * DEG;
      const b2 = b * b;
      const tanB = b * (1 + b2 / 3 + (2 * b2 * b2) / 15);
      const cotangent = (cosE0 - sinE0 * tanB) / (sinE0 + cosE0 * tanB);
      const temperature = temperatureC[hours ? (hours[k] ?? 0) : k] ?? 0;
      refraction = ((pressureRatio * (283 / (273 + temperature)) * 1.02 * cotangent) / 60) * DEG;
    }
    // Refraction is under 0.6° (0.01 rad): the series for its sine and cosine are exact to 1e-12.
    const r2 = refraction * refraction;
    const sinR = refraction * (1 - r2 / 6);
    const cosR = 1 - r2 / 2 + (r2 * r2) / 24;
    const cosElevation = cosE0 * cosR - sinE0 * sinR;
    // Azimuth Φ = Γ + 180°: the sun lies opposite the astronomers' direction.
    const westward = east[k] ?? 0;
    const southward = north[k] ?? 0;
    const horizontal = Math.sqrt(westward * westward + southward * southward);
    const towardsSun = horizontal > 0 ? -cosElevation / horizontal : 0;
    apparentZenith[k] = 90 - e0 - refraction / DEG;
    east[k] = towardsSun * westward;
    north[k] = towardsSun * southward;
    up[k] = sinE0 * cosR + cosE0 * sinR;
  }
}

/** SPA steps 3.9-3.15 (eqs. 31-46) for one observer at one instant: one transcendental, the elevation's arcsine. */
export function topocentricSun(time: SunInstant, site: Observer, temperatureC: number, out: TopocentricSun): TopocentricSun {
  const horizon = horizonSun(time, site, emptyHorizonSun());
  const elevationRad = Math.asin(horizon.sinElevation);
  const path: SunPathArrays = {
    apparentZenith: Float64Array.of(elevationRad),
    east: Float64Array.of(horizon.westward),
    north: Float64Array.of(horizon.southward),
    up: Float64Array.of(horizon.sinElevation),
  };
  refractSunPath(path, site, Float64Array.of(temperatureC));
  out.zenith = 90 - elevationRad / DEG;
  out.apparentZenith = path.apparentZenith[0] ?? NaN;
  out.east = path.east[0] ?? NaN;
  out.north = path.north[0] ?? NaN;
  out.up = path.up[0] ?? NaN;
  return out;
}

/** Azimuth of a sun direction, degrees clockwise from north. */
export function azimuthOf(sun: Pick<TopocentricSun, 'east' | 'north'>): number {
  return modulo360(Math.atan2(sun.east, sun.north) / DEG);
}

export function emptyGeocentricSun(): GeocentricSun {
  return { rightAscension: 0, sinDeclination: 0, cosDeclination: 1, radius: 1, equationOfEquinoxes: 0 };
}

export function emptyHorizonSun(): HorizonSun {
  return { sinElevation: 0, westward: 0, southward: 1 };
}

export function emptyTopocentricSun(): TopocentricSun {
  return { zenith: 0, apparentZenith: 0, east: 0, north: 0, up: 0 };
}

export interface SolarPositionInput {
  /** The instant, milliseconds since 1970-01-01T00:00Z. */
  unixMs: number;
  latitude: number;
  longitude: number;
  elevation: number;
  pressureMbar: number;
  temperatureC: number;
  deltaTSeconds: number;
}

/** Full SPA at one instant, for single look-ups and for checking the interpolated year. */
export function solarPosition(input: SolarPositionInput): { geocentric: GeocentricSun; topocentric: TopocentricSun } {
  const jd = julianDayFromUnixMs(input.unixMs);
  const geocentric = geocentricSun(jd, input.deltaTSeconds, emptyGeocentricSun());
  const site = observer(input.latitude, input.longitude, input.elevation, input.pressureMbar);
  const time = sunInstant(jd, geocentric, emptySunInstant());
  return { geocentric, topocentric: topocentricSun(time, site, input.temperatureC, emptyTopocentricSun()) };
}

/** Station pressure from elevation, ISO 2533 as in pvlib atmosphere.alt2pres, Pa. */
export function pressureFromElevation(elevation: number): number {
  return 101325 * (1 - 2.25577e-5 * elevation) ** 5.25588;
}
