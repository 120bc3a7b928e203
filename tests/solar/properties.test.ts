import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { synthesiseWeatherYear } from '../../src/solar/monthly-synthesis.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { SiteContext } from '../../src/solar/site-context.ts';
import { createSiteContext } from '../../src/solar/site-context.ts';
import type { Mount, SystemSpec } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM } from '../../src/solar/system-spec.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from './fixtures.ts';
import { meansAt } from './monthly-means.ts';

const files = Object.values(WEATHER_FILES);
const sites = new Map<WeatherYear, SiteContext>();
const siteOf = (weather: WeatherYear) => {
  let site = sites.get(weather);
  if (!site) {
    site = createSiteContext(weather);
    sites.set(weather, site);
  }
  return site;
};

const mountArbitrary: fc.Arbitrary<Mount> = fc.oneof(
  fc.record({
    kind: fc.constant('fixed' as const),
    tiltDeg: fc.double({ min: 0, max: 90, noNaN: true }),
    azimuthDeg: fc.double({ min: 0, max: 360, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('single-axis' as const),
    axisTiltDeg: fc.double({ min: 0, max: 30, noNaN: true }),
    axisAzimuthDeg: fc.double({ min: 0, max: 360, noNaN: true }),
    maxAngleDeg: fc.double({ min: 20, max: 90, noNaN: true }),
    gcr: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    backtrack: fc.boolean(),
  }),
);

const systemArbitrary: fc.Arbitrary<SystemSpec> = fc.record({
  dcKw: fc.double({ min: 1, max: 50_000, noNaN: true }),
  dcAcRatio: fc.double({ min: 0.8, max: 2, noNaN: true }),
  inverterEfficiency: fc.double({ min: 0.9, max: 0.99, noNaN: true }),
  losses: fc.double({ min: 0, max: 40, noNaN: true }),
  gammaPdcPerC: fc.double({ min: -0.006, max: -0.002, noNaN: true }),
  albedo: fc.double({ min: 0, max: 0.9, noNaN: true }),
  cellTemperature: fc.constant('sapm' as const),
  mount: mountArbitrary,
});

/** Relative-error denominator that stays sane for zero output. */
const relativeScale = (kwh: number) => Math.max(Math.abs(kwh), 1e-6);

describe('energy properties on every weather file', () => {
  it('AC is never negative, zero in dark hours, never above the AC rating, and sums to the months and year', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), systemArbitrary, (file, system) => {
        const weather = weatherFile(file);
        const result = simulate(weather, system, { site: siteOf(weather) });
        let total = 0;
        const violations: string[] = [];
        for (let i = 0; i < result.hourlyAcKwh.length; i++) {
          const kwh = result.hourlyAcKwh[i] ?? NaN;
          const dark = weather.ghi[i] === 0 && weather.dni[i] === 0 && weather.dhi[i] === 0;
          if (!(kwh >= 0)) violations.push(`hour ${i}: ${kwh} kWh is negative`);
          if (kwh > result.acKw * (1 + 1e-12)) violations.push(`hour ${i}: ${kwh} kWh is above the ${result.acKw} kW rating`);
          if (dark && kwh !== 0) violations.push(`hour ${i}: ${kwh} kWh without light`);
          total += kwh;
        }
        expect(violations).toEqual([]);
        expect(result.monthlyAcKwh.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 3);
        expect(result.annualAcKwh).toBeCloseTo(total, 3);
        expect(result.performanceRatio).toBeGreaterThan(0);
        expect(result.performanceRatio).toBeLessThan(1);
      }),
      { numRuns: 60 },
    );
  });

  it('scales linearly with DC size at a fixed DC/AC ratio', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), systemArbitrary, fc.double({ min: 0.01, max: 100, noNaN: true }), (file, system, factor) => {
        const weather = weatherFile(file);
        const site = siteOf(weather);
        const base = simulate(weather, system, { site });
        const scaled = simulate(weather, { ...system, dcKw: system.dcKw * factor }, { site });
        expect(scaled.clippedHours).toBe(base.clippedHours);
        const worst = base.hourlyAcKwh.reduce(
          (max, kwh, i) => Math.max(max, Math.abs((scaled.hourlyAcKwh[i] ?? NaN) - kwh * factor) / (relativeScale(kwh * factor))),
          0,
        );
        expect(worst).toBeLessThan(1e-9);
        expect(scaled.annualAcKwh / base.annualAcKwh).toBeCloseTo(factor, 9);
      }),
      { numRuns: 30 },
    );
  });

  it('with an inverter that never clips, AC rises with every kWh of irradiance', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.double({ min: 5, max: 60, noNaN: true }), (file, tilt) => {
        const weather = weatherFile(file);
        const system: SystemSpec = { ...DEFAULT_SYSTEM, dcAcRatio: 0.5, mount: { kind: 'fixed', tiltDeg: tilt, azimuthDeg: 180 } };
        const result = simulate(weather, system, { site: siteOf(weather) });
        expect(result.clippedHours).toBe(0);
        expect(result.lossWaterfall.steps.find((s) => s.key === 'clipping')?.kwh).toBe(0);
      }),
      { numRuns: 10 },
    );
  });
});

describe('orientation', () => {
  const facing = (weather: WeatherYear, tilt: number, azimuth: number) =>
    simulate(weather, { ...DEFAULT_SYSTEM, mount: { kind: 'fixed', tiltDeg: tilt, azimuthDeg: azimuth } }, { site: siteOf(weather) }).annualAcKwh;

  it('a south-facing array beats a north-facing one in the northern hemisphere (real files)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.double({ min: 10, max: 70, noNaN: true }), (file, tilt) => {
        const weather = weatherFile(file);
        expect(facing(weather, tilt, 180)).toBeGreaterThan(facing(weather, tilt, 0));
      }),
      { numRuns: 20 },
    );
  });

  it('the equator-facing array wins in both hemispheres (synthesised years)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 60, noNaN: true }),
        fc.boolean(),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 0.35, max: 0.7, noNaN: true }),
        fc.double({ min: 10, max: 60, noNaN: true }),
        (absLatitude, south, longitude, clearness, tilt) => {
          const latitude = south ? -absLatitude : absLatitude;
          const weather = synthesiseWeatherYear(meansAt(latitude, longitude, clearness));
          const [equator, pole] = south ? [0, 180] : [180, 0];
          expect(facing(weather, tilt, equator)).toBeGreaterThan(facing(weather, tilt, pole));
        },
      ),
      { numRuns: 16 },
    );
  });
});
