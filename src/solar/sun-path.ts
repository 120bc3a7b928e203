/**
 * Solar position for every record of a weather year at one site: the per-site cache that every orientation, tracker
 * and cell-temperature model of that site shares. NREL SPA with apparent zenith, pressure from elevation and the
 * hour's air temperature for refraction, as the reference chain fixes it.
 */
import type { Ephemeris } from './ephemeris.ts';
import {
  HOURLY_TABLE_FIRST_HOUR,
  REFERENCE_YEAR_START_JD,
  hourlySunInstants,
  readHourlySunInstant,
  sampleEphemeris,
  sharedReferenceYearEphemeris,
} from './ephemeris.ts';
import { spencerDniExtra } from './extraterrestrial.ts';
import {
  emptyGeocentricSun,
  emptyHorizonSun,
  emptySunInstant,
  horizonSun,
  observer,
  pressureFromElevation,
  refractSunPath,
  sunInstant,
} from './spa.ts';
import type { WeatherYear } from './weather/weather-year.ts';

export interface SunPath {
  /** Refraction-corrected zenith, degrees. */
  apparentZenith: Float64Array;
  /** Unit vector towards the sun (east, north, up) at the apparent zenith. */
  east: Float64Array;
  north: Float64Array;
  up: Float64Array;
  /** Extraterrestrial normal irradiance of the record's day, W/m2. */
  dniExtra: Float64Array;
}

export interface SunPathOptions {
  ephemeris?: Ephemeris;
  /**
   * Compute only these records (ascending indices), packed: entry k of every array is record hours[k]. A site's dark
   * hours need no sun, and the packed arrays are half the size of the year's.
   */
  hours?: Int32Array;
}

export function computeSunPath(weather: WeatherYear, options: SunPathOptions = {}): SunPath {
  const ephemeris = options.ephemeris ?? sharedReferenceYearEphemeris();
  const hours = options.hours;
  const { sampleHour, tempAir } = weather;
  const n = hours ? hours.length : sampleHour.length;
  const path: SunPath = {
    apparentZenith: new Float64Array(n),
    east: new Float64Array(n),
    north: new Float64Array(n),
    up: new Float64Array(n),
    dniExtra: new Float64Array(n),
  };
  const { latitude, longitude, elevation, utcOffsetHours } = weather.site;
  const site = observer(latitude, longitude, elevation, pressureFromElevation(elevation) / 100);
  const geo = emptyGeocentricSun();
  const instant = emptySunInstant();
  const horizon = emptyHorizonSun();
  const firstUtcHour = (sampleHour[0] ?? 0) - utcOffsetHours;
  const table = hourlySunInstants(ephemeris, firstUtcHour - Math.floor(firstUtcHour));
  const tableRows = table.parallax.length;
  const { apparentZenith, east, north, up } = path;
  let day = 0;
  let dniExtra = 0;
  // Three passes, each a short loop whose hours do not wait on one another; the first two park their results in the
  // output arrays, where refractSunPath expects them.
  for (let k = 0; k < n; k++) {
    const siteHour = sampleHour[hours ? (hours[k] ?? 0) : k] ?? 0;
    const utcHour = siteHour - utcOffsetHours;
    // Hours on the table's clock read it; any other instant is interpolated from the ephemeris directly.
    const t = utcHour - table.fraction - HOURLY_TABLE_FIRST_HOUR;
    const row = Math.round(t);
    if (Math.abs(t - row) < 1e-9 && row >= 0 && row < tableRows) readHourlySunInstant(table, row, instant);
    else {
      const jd = REFERENCE_YEAR_START_JD + utcHour / 24;
      sunInstant(jd, sampleEphemeris(ephemeris, jd, geo), instant);
    }
    horizonSun(instant, site, horizon);
    up[k] = horizon.sinElevation;
    east[k] = horizon.westward;
    north[k] = horizon.southward;
    const doy = Math.min(365, Math.floor(siteHour / 24) + 1);
    if (doy !== day) {
      day = doy;
      dniExtra = spencerDniExtra(doy);
    }
    path.dniExtra[k] = dniExtra;
  }
  for (let k = 0; k < n; k++) apparentZenith[k] = Math.asin(up[k] ?? 0);
  refractSunPath(path, site, tempAir, hours);
  return path;
}
