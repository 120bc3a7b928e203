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
import { emptyGeocentricSun, emptySunInstant, emptyTopocentricSun, observer, pressureFromElevation, sunInstant, topocentricSun } from './spa.ts';
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
  /** Compute only the hours flagged 1 (the others stay NaN): a site's dark hours need no sun. */
  onlyHours?: Uint8Array;
}

export function computeSunPath(weather: WeatherYear, options: SunPathOptions = {}): SunPath {
  const ephemeris = options.ephemeris ?? sharedReferenceYearEphemeris();
  const only = options.onlyHours;
  const n = weather.sampleHour.length;
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
  const topo = emptyTopocentricSun();
  const firstUtcHour = (weather.sampleHour[0] ?? 0) - utcOffsetHours;
  const table = hourlySunInstants(ephemeris, firstUtcHour - Math.floor(firstUtcHour));
  let day = 0;
  let dniExtra = 0;
  if (only) for (const values of Object.values(path) as Float64Array[]) values.fill(NaN);
  for (let i = 0; i < n; i++) {
    if (only && only[i] === 0) continue;
    const siteHour = weather.sampleHour[i] ?? 0;
    const utcHour = siteHour - utcOffsetHours;
    // Hours on the table's clock read it; any other instant is interpolated from the ephemeris directly.
    const k = utcHour - table.fraction - HOURLY_TABLE_FIRST_HOUR;
    const row = Math.round(k);
    if (Math.abs(k - row) < 1e-9 && row >= 0 && row < table.parallax.length) readHourlySunInstant(table, row, instant);
    else {
      const jd = REFERENCE_YEAR_START_JD + utcHour / 24;
      sunInstant(jd, sampleEphemeris(ephemeris, jd, geo), instant);
    }
    topocentricSun(instant, site, weather.tempAir[i] ?? 0, topo);
    path.apparentZenith[i] = topo.apparentZenith;
    path.east[i] = topo.east;
    path.north[i] = topo.north;
    path.up[i] = topo.up;
    const doy = Math.min(365, Math.floor(siteHour / 24) + 1);
    if (doy !== day) {
      day = doy;
      dniExtra = spencerDniExtra(doy);
    }
    path.dniExtra[i] = dniExtra;
  }
  return path;
}
