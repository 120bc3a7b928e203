/**
 * Perez et al. (1990) sky diffuse transposition, 'allsitescomposite1990' coefficients (Table 6), as in pvlib
 * irradiance.perez. The sky brightness terms depend on the weather and the sun only, so they are computed once per
 * site; each orientation then costs three multiplications per hour.
 */
import { sharedAirmassTable } from './airmass.ts';
import type { SunPath } from './sun-path.ts';
import type { WeatherYear } from './weather/weather-year.ts';

/** Upper edges of the sky clearness (ε) bins; the last bin is open. */
const EPSILON_EDGES = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2] as const;

/** Per bin: F11, F12, F13 (circumsolar) and F21, F22, F23 (horizon brightening). */
const COEFFICIENTS = [
  [-0.008, 0.588, -0.062, -0.06, 0.072, -0.022],
  [0.13, 0.683, -0.151, -0.019, 0.066, -0.029],
  [0.33, 0.487, -0.221, 0.055, -0.064, -0.026],
  [0.568, 0.187, -0.295, 0.109, -0.152, -0.014],
  [0.873, -0.392, -0.362, 0.226, -0.462, 0.001],
  [1.132, -1.237, -0.412, 0.288, -0.823, 0.056],
  [1.06, -1.6, -0.359, 0.264, -1.127, 0.131],
  [0.678, -0.327, -0.25, 0.156, -1.377, 0.251],
] as const;

const KAPPA = 1.041;
const COS_85 = Math.cos((85 * Math.PI) / 180);

/** Sky diffuse on a plane = max(isotropic·(1 + cos tilt) + circumsolar·max(cos aoi, 0) + horizon·sin tilt, 0). */
export interface PerezSkyTerms {
  /** DHI·(1 - F1)/2. */
  isotropic: Float64Array;
  /** DHI·F1/max(cos z, cos 85°). */
  circumsolar: Float64Array;
  /** DHI·F2. */
  horizon: Float64Array;
}

/** The terms of every record, or with `hours` of those records only, packed like `sun` (see SunPathOptions.hours). */
export function perezSkyTerms(weather: Pick<WeatherYear, 'dni' | 'dhi'>, sun: SunPath, hours?: Int32Array): PerezSkyTerms {
  const n = hours ? hours.length : weather.dhi.length;
  const airmass = sharedAirmassTable();
  const terms: PerezSkyTerms = { isotropic: new Float64Array(n), circumsolar: new Float64Array(n), horizon: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    const i = hours ? (hours[k] ?? 0) : k;
    const dhi = weather.dhi[i] ?? 0;
    const zenithDeg = sun.apparentZenith[k] ?? NaN;
    // Below the horizon the air mass is undefined and the reference chain's sky diffuse is zero.
    if (!(dhi > 0 && zenithDeg <= 90)) continue;
    const dni = weather.dni[i] ?? 0;
    const z = (zenithDeg * Math.PI) / 180;
    const kz3 = KAPPA * z * z * z;
    const epsilon = ((dhi + dni) / dhi + kz3) / (1 + kz3);
    const cosZenith = sun.up[k] ?? 0;
    const delta = (dhi * airmass.at(zenithDeg, cosZenith)) / (sun.dniExtra[k] ?? 1366.1);
    const c = COEFFICIENTS[clearnessBin(epsilon)] ?? COEFFICIENTS[0];
    const f1 = Math.max(c[0] + c[1] * delta + c[2] * z, 0);
    const f2 = c[3] + c[4] * delta + c[5] * z;
    terms.isotropic[k] = (dhi * (1 - f1)) / 2;
    terms.circumsolar[k] = (dhi * f1) / Math.max(cosZenith, COS_85);
    terms.horizon[k] = dhi * f2;
  }
  return terms;
}

function clearnessBin(epsilon: number): number {
  let bin = 0;
  while (bin < EPSILON_EDGES.length && epsilon >= (EPSILON_EDGES[bin] ?? Infinity)) bin++;
  return bin;
}

/** Perez (1990) eq. 9 on one plane from the site's terms of one hour. */
export function perezSkyDiffuse(
  isotropic: number,
  circumsolar: number,
  horizon: number,
  cosTilt: number,
  sinTilt: number,
  cosAoi: number,
): number {
  return Math.max(isotropic * (1 + cosTilt) + circumsolar * Math.max(cosAoi, 0) + horizon * sinTilt, 0);
}
