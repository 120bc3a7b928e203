/**
 * Everything about a site that does not depend on the array: sun path, Perez sky terms, the SAPM wind factor and
 * which hours have light. Build it once per site and pass it to `simulate` for every orientation or what-if.
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
  /** Sun positions of the lit hours (NaN in the dark ones, which nothing reads). */
  sun: SunPath;
  sky: PerezSkyTerms;
  /** exp(a + b·ws) of the SAPM open-rack model, per hour. */
  sapmWind: Float64Array;
  /** 1 where the hour has any irradiance; dark hours produce nothing. */
  lit: Uint8Array;
}

export function createSiteContext(weather: WeatherYear, ephemeris?: Ephemeris): SiteContext {
  const lit = new Uint8Array(weather.ghi.length);
  for (let i = 0; i < lit.length; i++) {
    lit[i] = (weather.ghi[i] ?? 0) > 0 || (weather.dni[i] ?? 0) > 0 || (weather.dhi[i] ?? 0) > 0 ? 1 : 0;
  }
  const sun = computeSunPath(weather, { ephemeris, onlyHours: lit });
  return { weather, sun, sky: perezSkyTerms(weather, sun), sapmWind: sapmWindFactors(weather.windSpeed, lit), lit };
}
