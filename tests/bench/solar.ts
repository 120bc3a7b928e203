/**
 * `npm run bench:solar [-- --json]`: medians of repeated runs of the energy engine on the Greensboro TMY3 year,
 * against pvlib-python's figures for the same work (ModelChain, SPA via numpy, same machine class).
 */
import { referenceYearEphemeris } from '../../src/solar/ephemeris.ts';
import { simulate } from '../../src/solar/simulate.ts';
import { createSiteContext } from '../../src/solar/site-context.ts';
import type { SystemSpec } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM } from '../../src/solar/system-spec.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { withSite } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from '../solar/fixtures.ts';

const PVLIB_MS = { siteYear: 38.7, orientations100SpaEach: 4100, orientations100SharedSpa: 1000 };

const weather = weatherFile(WEATHER_FILES.tmy3);
const fixed = (tiltDeg: number, azimuthDeg: number): SystemSpec => ({ ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg, azimuthDeg } });

function medianMs(runs: number, work: () => void): number {
  work();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? NaN;
}

/** Solar position and the whole chain for one site and one fixed array. */
function siteYear(): void {
  simulate(weather, fixed(36, 180), { site: createSiteContext(weather) });
}

/** The same, also rebuilding the time-only ephemeris that a process otherwise computes once for all sites. */
function siteYearColdEphemeris(): void {
  simulate(weather, fixed(36, 180), { site: createSiteContext(weather, referenceYearEphemeris()) });
}

/** 100 orientations at one site, sharing its sun path and sky terms. */
function orientations100(): void {
  const site = createSiteContext(weather);
  for (let tilt = 0; tilt < 10; tilt++) {
    for (let azimuth = 0; azimuth < 10; azimuth++) simulate(weather, fixed(tilt * 10, 90 + azimuth * 18), { site });
  }
}

const parcels: WeatherYear[] = Array.from({ length: 1000 }, (_, k) =>
  withSite(weather, { latitude: 35 + (k % 40) * 0.05, longitude: -81 + Math.floor(k / 40) * 0.08 }),
);

/** 1000 parcels of 1 MW around the weather station, each with its own solar position. */
function parcels1000(): void {
  for (const parcel of parcels) {
    simulate(parcel, { ...fixed(Math.round(parcel.site.latitude), 180), dcKw: 1000 }, { site: createSiteContext(parcel) });
  }
}

const result = {
  site_year_ms: medianMs(41, siteYear),
  orientations_100_ms: medianMs(9, orientations100),
  parcels_1000_ms: medianMs(3, parcels1000),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  const coldMs = medianMs(21, siteYearColdEphemeris);
  const ratio = (pvlibMs: number, ms: number) => `${(pvlibMs / ms).toFixed(1)}× faster than pvlib (${pvlibMs} ms)`;
  console.log(`one site-year (solar position included)   ${result.site_year_ms.toFixed(2).padStart(9)} ms  ${ratio(PVLIB_MS.siteYear, result.site_year_ms)}`);
  console.log(`  with the ephemeris table rebuilt        ${coldMs.toFixed(2).padStart(9)} ms  ${ratio(PVLIB_MS.siteYear, coldMs)}`);
  console.log(`100 orientations, one site                ${result.orientations_100_ms.toFixed(1).padStart(9)} ms  ${ratio(PVLIB_MS.orientations100SharedSpa, result.orientations_100_ms)} sharing SPA; ${ratio(PVLIB_MS.orientations100SpaEach, result.orientations_100_ms)} with SPA each`);
  console.log(`1,000 sites of 1 MW                       ${result.parcels_1000_ms.toFixed(0).padStart(9)} ms  ${ratio(1000 * PVLIB_MS.siteYear, result.parcels_1000_ms)} (1000 × its site-year)`);
}
