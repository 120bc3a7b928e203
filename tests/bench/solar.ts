/**
 * `npm run bench:solar [-- --json]`: medians of repeated runs of the energy engine on the Greensboro TMY3 year,
 * against pvlib-python's figures for the same work (ModelChain, SPA via numpy, same machine class), and against two
 * baselines measured in the same run so that figures compare across machines: a bare pass over the 8760 hours (as
 * bench:what-if's) and the single site-year. Goals (issue 20): 1,000 sites ≤ 500 ms, a site-year ≤ 1 ms. The 1,000
 * sites (one weather year, as sites around one station or in one weather tile have) run on one thread and on the site
 * pool (src/solar/batch.ts) with os.availableParallelism() threads, started before the timing (its start-up is reported
 * apart), with nothing else in the process. Afterwards each way of handing the weather to the threads is timed, once
 * with one weather year for every site and once with each site's own copy of the arrays (what distinct files cost).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { SiteJob, SitePool, WeatherTransport } from '../../src/solar/batch.ts';
import { DEFAULT_TRANSPORT, startSitePool } from '../../src/solar/batch.ts';
import { referenceYearEphemeris } from '../../src/solar/ephemeris.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { PvwattsV8System } from '../../src/solar/pvwatts-v8/spec.ts';
import { PVWATTS_V8_DEFAULTS } from '../../src/solar/pvwatts-v8/spec.ts';
import { createSiteContext } from '../../src/solar/site-context.ts';
import type { SystemSpec } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM } from '../../src/solar/system-spec.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { withSite } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from '../solar/fixtures.ts';

const PVLIB_MS = { siteYear: 38.7, orientations100SpaEach: 4100, orientations100SharedSpa: 1000 };
const GOAL_MS = { siteYear: 1, parcels1000: 500 };

const weather = weatherFile(WEATHER_FILES.tmy3);
const fixed = (tiltDeg: number, azimuthDeg: number): SystemSpec => ({ ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg, azimuthDeg } });

/** Median wall time of `work`; awaited when it returns a promise (the pool's batches), called plainly otherwise. */
async function medianMs(runs: number, work: () => unknown): Promise<number> {
  await work();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    const pending = work();
    if (pending instanceof Promise) await pending;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? NaN;
}

/** Median wall time of each piece of work, the pieces taking turns: one run of each to warm up, then `rounds` rounds. */
async function interleavedMedians<K extends string>(rounds: number, works: Record<K, () => unknown>): Promise<Record<K, number>> {
  const entries = Object.entries(works) as [K, () => unknown][];
  const times = new Map<K, number[]>(entries.map(([key]) => [key, []]));
  for (let round = -1; round < rounds; round++) {
    for (const [key, work] of entries) {
      const start = performance.now();
      const pending = work();
      if (pending instanceof Promise) await pending;
      if (round >= 0) times.get(key)!.push(performance.now() - start);
    }
  }
  return Object.fromEntries(entries.map(([key]) => [key, times.get(key)!.sort((a, b) => a - b)[Math.floor(rounds / 2)]])) as Record<K, number>;
}

/** The yardstick: one pass over the year reading three hourly arrays and writing one, as bench:what-if's. */
const scratch = new Float64Array(weather.ghi.length);
function bareHourLoop(): number {
  const { ghi, dni, tempAir } = weather;
  let sum = 0;
  for (let i = 0; i < ghi.length; i++) {
    const value = (ghi[i]! * 0.9 + dni[i]! * 0.1) * (1 - 0.004 * (tempAir[i]! - 25));
    scratch[i] = value;
    sum += value;
  }
  return sum;
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

const parcelSystem = (parcel: WeatherYear): SystemSpec => ({ ...fixed(Math.round(parcel.site.latitude), 180), dcKw: 1000 });

/** 1000 parcels of 1 MW around the weather station, each with its own solar position. */
function parcels1000(): void {
  for (const parcel of parcels) simulate(parcel, parcelSystem(parcel), { site: createSiteContext(parcel) });
}

const parcelJobs: SiteJob[] = parcels.map((parcel) => ({ weather: parcel, system: parcelSystem(parcel) }));

/** The same parcels, each with arrays of its own, as 1,000 different weather files would have. */
function ownWeatherJobs(): SiteJob[] {
  return parcels.map((parcel) => ({ weather: ownArrays(parcel), system: parcelSystem(parcel) }));
}

function ownArrays(weather: WeatherYear): WeatherYear {
  const copy: Record<string, unknown> = { ...weather };
  for (const [key, value] of Object.entries(copy)) if (value instanceof Float64Array || value instanceof Uint8Array) copy[key] = value.slice();
  return copy as unknown as WeatherYear;
}

async function onPool(pool: SitePool, jobs: SiteJob[]): Promise<void> {
  const outcomes = await pool.simulateSites(jobs);
  if (outcomes.some((outcome) => !outcome.ok)) throw new Error('A pooled site failed');
}

const pvwattsV8: PvwattsV8System = { ...PVWATTS_V8_DEFAULTS, engine: 'pvwatts-v8', dcKw: 1000, arrayType: 'fixed-open', tiltDeg: 36, azimuthDeg: 180 };

/** The other model (ADR 018) on the same weather, for scale: ssc's own chain is far heavier than pvlib's. */
function pvwattsV8SiteYear(): void {
  simulate(weather, pvwattsV8);
}

const threads = availableParallelism();
const loadBefore = loadavg()[0]!;
// The headline figures first, with nothing else in the process: no other pool's threads, no copies of the weather.
const bareMs = await medianMs(401, bareHourLoop);
// Enough runs that the median is the optimised code's, as in a server that has been up a while (the first ~60 are not).
const siteYearMs = await medianMs(201, siteYear);
const poolStart = performance.now();
const defaultPool = await startSitePool({ threads });
const poolStartMs = performance.now() - poolStart;
// One thread and the pool take turns, round after round, so that the machine's other work weighs on each alike.
const thousand = await interleavedMedians(9, { oneThread: parcels1000, pooled: () => onPool(defaultPool, parcelJobs) });
await defaultPool.close();
const parcelsMs = thousand.oneThread;
const pooledMs = thousand.pooled;

// Then how the weather travels to the threads, each transport on a pool of its own, with one weather year for every
// site and with each site's own copy of the arrays (what 1,000 distinct files cost).
const pools: Record<WeatherTransport, SitePool> = {
  shared: await startSitePool({ threads, weatherTransport: 'shared' }),
  clone: await startSitePool({ threads, weatherTransport: 'clone' }),
  transfer: await startSitePool({ threads, weatherTransport: 'transfer' }),
};
const ownJobs = ownWeatherJobs();
const transports = await interleavedMedians(5, {
  shared: () => onPool(pools.shared, parcelJobs),
  clone: () => onPool(pools.clone, parcelJobs),
  transfer: () => onPool(pools.transfer, parcelJobs),
  ownShared: () => onPool(pools.shared, ownJobs),
  ownClone: () => onPool(pools.clone, ownJobs),
  ownTransfer: () => onPool(pools.transfer, ownJobs),
});
const pooled = {
  shared_ms: transports.shared,
  clone_ms: transports.clone,
  transfer_ms: transports.transfer,
  own_weather_shared_ms: transports.ownShared,
  own_weather_clone_ms: transports.ownClone,
  own_weather_transfer_ms: transports.ownTransfer,
};
await Promise.all(Object.values(pools).map((pool) => pool.close()));
const result = {
  load_average_1m: loadBefore,
  threads,
  bare_loop_ms: bareMs,
  site_year_ms: siteYearMs,
  site_year_over_bare_loop: siteYearMs / bareMs,
  orientations_100_ms: await medianMs(9, orientations100),
  parcels_1000_ms: parcelsMs,
  parcels_1000_over_site_year: parcelsMs / siteYearMs,
  parcels_1000_over_bare_loop: parcelsMs / bareMs,
  pool_start_ms: poolStartMs,
  pooled_parcels_1000_ms: pooledMs,
  pooled_parcels_1000_over_site_year: pooledMs / siteYearMs,
  pooled_parcels_1000_over_bare_loop: pooledMs / bareMs,
  pooled_speed_up: parcelsMs / pooledMs,
  pooled_by_transport_ms: pooled,
  pvwatts_v8_site_year_ms: await medianMs(5, pvwattsV8SiteYear),
  load_average_1m_after: loadavg()[0],
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  const coldMs = await medianMs(101, siteYearColdEphemeris);
  const ratio = (pvlibMs: number, ms: number) => `${(pvlibMs / ms).toFixed(1)}× faster than pvlib (${pvlibMs} ms)`;
  console.log(`one site-year (solar position included)   ${result.site_year_ms.toFixed(2).padStart(9)} ms  ${ratio(PVLIB_MS.siteYear, result.site_year_ms)}`);
  console.log(`  with the ephemeris table rebuilt        ${coldMs.toFixed(2).padStart(9)} ms  ${ratio(PVLIB_MS.siteYear, coldMs)}`);
  console.log(`100 orientations, one site                ${result.orientations_100_ms.toFixed(1).padStart(9)} ms  ${ratio(PVLIB_MS.orientations100SharedSpa, result.orientations_100_ms)} sharing SPA; ${ratio(PVLIB_MS.orientations100SpaEach, result.orientations_100_ms)} with SPA each`);
  const goal = (ms: number, goalMs: number) => (ms <= goalMs ? `within the ${goalMs} ms goal` : `over the ${goalMs} ms goal`);
  console.log(`1,000 sites of 1 MW                       ${result.parcels_1000_ms.toFixed(0).padStart(9)} ms  ${ratio(1000 * PVLIB_MS.siteYear, result.parcels_1000_ms)} (1000 × its site-year)`);
  console.log(
    `  on the site pool (${DEFAULT_TRANSPORT}), ${threads} threads${' '.repeat(Math.max(0, 11 - DEFAULT_TRANSPORT.length))}${pooledMs.toFixed(0).padStart(9)} ms  ${result.pooled_speed_up.toFixed(2)}× one thread's; ` +
      `the pool starts in ${poolStartMs.toFixed(0)} ms (not timed above)`,
  );
  console.log(
    `    weather shared ${pooled.shared_ms.toFixed(0)} ms, cloned ${pooled.clone_ms.toFixed(0)} ms; ` +
      `each site its own arrays: shared ${pooled.own_weather_shared_ms.toFixed(0)} ms, cloned ${pooled.own_weather_clone_ms.toFixed(0)} ms, transferred ${pooled.own_weather_transfer_ms.toFixed(0)} ms (one weather: ${pooled.transfer_ms.toFixed(0)})`,
  );
  console.log(`PVWatts v8 model, one site-year           ${result.pvwatts_v8_site_year_ms.toFixed(1).padStart(9)} ms  ${(result.pvwatts_v8_site_year_ms / siteYearMs).toFixed(0)}× the pvlib chain's`);
  console.log(
    `baselines of this run (load average ${loadBefore.toFixed(1)} before, ${result.load_average_1m_after!.toFixed(1)} after, ${threads} threads available): a bare 8760-hour loop ${bareMs.toFixed(3)} ms; ` +
      `site-year = ${result.site_year_over_bare_loop.toFixed(0)}× the bare loop (${goal(siteYearMs, GOAL_MS.siteYear)}); ` +
      `1,000 sites = ${result.parcels_1000_over_site_year.toFixed(0)}× the site-year = ${result.parcels_1000_over_bare_loop.toFixed(0)}× the bare loop ` +
      `(${goal(parcelsMs, GOAL_MS.parcels1000)}, one thread); on the pool ${result.pooled_parcels_1000_over_site_year.toFixed(0)}× the site-year = ` +
      `${result.pooled_parcels_1000_over_bare_loop.toFixed(0)}× the bare loop (${goal(pooledMs, GOAL_MS.parcels1000)}, ${threads} threads)`,
  );
}
