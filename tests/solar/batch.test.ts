import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJob, SitePool } from '../../src/solar/batch.ts';
import { simulateSites, startSitePool } from '../../src/solar/batch.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { SystemSpec } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM, DEFAULT_TRACKER } from '../../src/solar/system-spec.ts';
import { withSite } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from './fixtures.ts';

const greensboro = weatherFile(WEATHER_FILES.tmy3);
const turin = weatherFile(WEATHER_FILES.pvgisJson);

const systems: SystemSpec[] = [
  { ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg: 30, azimuthDeg: 180 } },
  { ...DEFAULT_SYSTEM, dcKw: 250, cellTemperature: 'fuentes', mount: { kind: 'fixed', tiltDeg: 15, azimuthDeg: 200, roof: true } },
  { ...DEFAULT_SYSTEM, mount: { kind: 'single-axis', ...DEFAULT_TRACKER } },
  { ...DEFAULT_SYSTEM, mount: { kind: 'single-axis', ...DEFAULT_TRACKER, axisTiltDeg: 10, backtrack: false } },
  { ...DEFAULT_SYSTEM, dcAcRatio: 1.5, mount: { kind: 'two-axis' } },
];

/** Every system at a few sites, some with their own copy of the weather, one with the hourly figures. */
const jobs: SiteJob[] = [greensboro, turin, withSite(greensboro, { latitude: 36.2, longitude: -80.1 })].flatMap((weather, w) =>
  systems.map((system, s) => ({ weather: w === 1 ? { ...weather, ghi: weather.ghi.slice() } : weather, system, hourly: (w + s) % 2 === 0 })),
);

function expectSameAsSimulate(job: SiteJob, outcome: unknown): void {
  const result = simulate(job.weather, job.system);
  const expected = {
    ok: true,
    annualAcKwh: result.annualAcKwh,
    monthlyAcKwh: result.monthlyAcKwh,
    specificYieldKwhPerKwp: result.specificYieldKwhPerKwp,
    ...(job.hourly ? { hourlyAcKwh: result.hourlyAcKwh } : {}),
  };
  // toStrictEqual compares numbers with Object.is: bit for bit, and the hourly array only when it was asked for.
  expect(outcome).toStrictEqual(expected);
}

describe.each([1, 2])('simulateSites on %i thread(s)', (threads) => {
  let pool: SitePool;
  beforeAll(async () => {
    pool = await startSitePool({ threads });
  }, 30_000);
  afterAll(() => pool.close());

  it('gives each site exactly what simulate gives it, fixed and trackers', async () => {
    const outcomes = await pool.simulateSites(jobs);
    expect(outcomes).toHaveLength(jobs.length);
    jobs.forEach((job, k) => expectSameAsSimulate(job, outcomes[k]));
  });

  it('reports a failing job as that job, and runs the rest', async () => {
    const broken: SiteJob[] = [
      jobs[0]!,
      { weather: greensboro, system: { ...DEFAULT_SYSTEM, dcKw: -5, mount: { kind: 'fixed', tiltDeg: 30, azimuthDeg: 180 } } },
      jobs[2]!,
      // postMessage cannot copy a function: this one fails before it reaches a thread.
      { weather: greensboro, system: { ...DEFAULT_SYSTEM, mount: { kind: 'two-axis' }, extra: () => 1 } as SystemSpec },
      jobs[4]!,
    ];
    const outcomes = await pool.simulateSites(broken);
    const errorOf = (k: number) => {
      const outcome = outcomes[k];
      return outcome && !outcome.ok ? outcome.error : 'no error';
    };
    expect(errorOf(1)).toContain('Invalid system');
    expect(errorOf(3)).toContain('could not be cloned');
    for (const k of [0, 2, 4]) expectSameAsSimulate(broken[k]!, outcomes[k]);
  });

  it('reuses its threads across batches', async () => {
    const first = await pool.simulateSites(jobs.slice(0, 3));
    const again = await pool.simulateSites(jobs.slice(0, 3));
    expect(again).toStrictEqual(first);
  });

  it.each(['shared', 'clone'] as const)("gives the same when the weather travels as '%s' rather than transferred", async (weatherTransport) => {
    const outcomes = await simulateSites(jobs, { threads, weatherTransport });
    jobs.forEach((job, k) => expectSameAsSimulate(job, outcomes[k]));
  });
});
