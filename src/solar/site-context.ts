/**
 * Everything about a site that does not depend on the array: which hours have light, and for those hours the sun
 * path, Perez sky terms and the SAPM wind factor. Build it once per site and pass it to `simulate` for every
 * orientation or what-if.
 */
import { sapmWindFactors } from './cell-temperature.ts';
import type { Ephemeris } from './ephemeris.ts';
import type { PerezSkyTerms } from './perez.ts';
import { perezSkyTerms } from './perez.ts';
import type { SunPath } from './sun-path.ts';
import { computeSunPath } from './sun-path.ts';
import type { WeatherYear } from './weather/weather-year.ts';

export interface SiteContext {
  weather: WeatherYear;
  /**
   * The records with any irradiance, ascending; dark hours produce nothing. The arrays below hold these hours only,
   * packed (entry k is record litHours[k]): half a year's worth to allocate and to walk.
   */
  litHours: Int32Array;
  sun: SunPath;
  sky: PerezSkyTerms;
  /** exp(a + b·ws) of the SAPM open-rack model. */
  sapmWind: Float64Array;
}

export function createSiteContext(weather: WeatherYear, ephemeris?: Ephemeris): SiteContext {
  const { litHours, sapmWind } = weatherTerms(weather);
  const sun = computeSunPath(weather, { ephemeris, hours: litHours });
  return { weather, litHours, sun, sky: perezSkyTerms(weather, sun, litHours), sapmWind };
}

/** The terms that depend on the weather's arrays alone, not on where the site is. */
interface WeatherTerms {
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  windSpeed: Float64Array;
  litHours: Int32Array;
  sapmWind: Float64Array;
}

/**
 * Kept per set of arrays, so that sites reading the same year (`withSite` copies of one file, the cells of one
 * weather tile) compute them once. Weather arrays are filled by their reader and not changed afterwards.
 */
const termsByGhi = new WeakMap<Float64Array, WeatherTerms>();

function weatherTerms(weather: WeatherYear): WeatherTerms {
  const { ghi, dni, dhi, windSpeed } = weather;
  const cached = termsByGhi.get(ghi);
  if (cached && cached.dni === dni && cached.dhi === dhi && cached.windSpeed === windSpeed) return cached;
  const lit = new Int32Array(ghi.length);
  let count = 0;
  for (let i = 0; i < ghi.length; i++) {
    if ((ghi[i] ?? 0) > 0 || (dni[i] ?? 0) > 0 || (dhi[i] ?? 0) > 0) lit[count++] = i;
  }
  const litHours = lit.slice(0, count);
  const terms: WeatherTerms = { ghi, dni, dhi, windSpeed, litHours, sapmWind: sapmWindFactors(windSpeed, litHours) };
  termsByGhi.set(ghi, terms);
  return terms;
}
