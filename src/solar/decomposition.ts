/** Splitting global horizontal irradiance into direct and diffuse when a source has only GHI. */
import type { SunPath } from './sun-path.ts';
import { computeSunPath } from './sun-path.ts';
import type { WeatherYear } from './weather/weather-year.ts';

/** pvlib irradiance.erbs guards: clearness from cos z ≥ 0.065 and at most 1; no DNI beyond 87° zenith. */
const MIN_COS_ZENITH = 0.065;
const MAX_ZENITH_DEG = 87;

/** Diffuse fraction of hourly GHI from the clearness index: Erbs, Klein & Duffie (1982) eqs. 1-3. */
export function erbsDiffuseFraction(clearness: number): number {
  const kt = Math.min(Math.max(clearness, 0), 1);
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

export interface BeamAndDiffuse {
  dni: number;
  dhi: number;
}

/** DNI and DHI of one hour from GHI, apparent zenith and extraterrestrial irradiance (Erbs et al. 1982), into `out`. */
export function erbsSplit(ghi: number, zenithDeg: number, dniExtra: number, out: BeamAndDiffuse): BeamAndDiffuse {
  const cosZenith = Math.cos((zenithDeg * Math.PI) / 180);
  const clearness = ghi / (dniExtra * Math.max(cosZenith, MIN_COS_ZENITH));
  const dhi = ghi * erbsDiffuseFraction(clearness);
  const dni = (ghi - dhi) / cosZenith;
  // Where no beam can be derived, all of GHI is diffuse, which keeps GHI = DNI·cos z + DHI.
  const usable = ghi > 0 && zenithDeg <= MAX_ZENITH_DEG && dni >= 0;
  out.dni = usable ? dni : 0;
  out.dhi = usable ? dhi : Math.max(ghi, 0);
  return out;
}

/** Fills a year's DNI and DHI from its GHI with the Erbs correlation, at the year's own sun positions. */
export function decomposeWeatherWithErbs(weather: WeatherYear, sun: SunPath = computeSunPath(weather)): void {
  const split: BeamAndDiffuse = { dni: 0, dhi: 0 };
  for (let i = 0; i < weather.ghi.length; i++) {
    erbsSplit(weather.ghi[i] ?? 0, sun.apparentZenith[i] ?? 90, sun.dniExtra[i] ?? 1366.1, split);
    weather.dni[i] = split.dni;
    weather.dhi[i] = split.dhi;
  }
  weather.components = 'erbs';
}
