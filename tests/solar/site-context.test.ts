import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/solar/simulate.ts';
import { createSiteContext } from '../../src/solar/site-context.ts';
import { DEFAULT_SYSTEM } from '../../src/solar/system-spec.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { withSite } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from './fixtures.ts';

const weather = weatherFile(WEATHER_FILES.tmy3);
const system = { ...DEFAULT_SYSTEM, dcKw: 1000, mount: { kind: 'fixed' as const, tiltDeg: 30, azimuthDeg: 180 } };

/** The same year with arrays of its own, so that nothing computed for `weather` can be reused. */
function ownArrays(year: WeatherYear): WeatherYear {
  const copy: Record<string, unknown> = { ...year };
  for (const [key, value] of Object.entries(copy)) if (value instanceof Float64Array || value instanceof Uint8Array) copy[key] = value.slice();
  return copy as unknown as WeatherYear;
}

describe('site context', () => {
  it('shares the weather-only terms between sites that read the same arrays, and the results are those of a fresh computation', () => {
    const near = withSite(weather, { latitude: weather.site.latitude + 0.3, longitude: weather.site.longitude - 0.4 });
    const here = createSiteContext(weather);
    const there = createSiteContext(near);
    expect(there.litHours).toBe(here.litHours);
    expect(there.sapmWind).toBe(here.sapmWind);
    expect(there.sun.up).not.toEqual(here.sun.up);

    const alone = createSiteContext(ownArrays(near));
    expect(alone.litHours).not.toBe(here.litHours);
    expect(Array.from(alone.litHours)).toEqual(Array.from(there.litHours));
    expect(simulate(near, system, { site: there }).annualAcKwh).toBe(simulate(alone.weather, system, { site: alone }).annualAcKwh);
  });

  it('does not reuse the wind factors of another wind series over the same irradiance', () => {
    const calm = { ...weather, windSpeed: new Float64Array(weather.windSpeed.length) };
    const windy = createSiteContext(weather);
    const still = createSiteContext(calm);
    expect(still.litHours).not.toBe(windy.litHours);
    const k = windy.sapmWind.findIndex((factor, index) => factor !== still.sapmWind[index]);
    expect(k).toBeGreaterThanOrEqual(0);
    // Still air cools the modules less.
    expect(simulate(calm, system, { site: still }).annualAcKwh).toBeLessThan(simulate(weather, system, { site: windy }).annualAcKwh);
  });
});
