import { describe, expect, it } from 'vitest';
import type { MonthlyMeans } from '../../src/solar/monthly-synthesis.ts';
import { dailyClearness, synthesiseWeatherYear } from '../../src/solar/monthly-synthesis.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { Mount } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM, DEFAULT_TRACKER } from '../../src/solar/system-spec.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { HOURS_PER_YEAR, daysInMonth } from '../../src/solar/weather/weather-year.ts';
import { WEATHER_FILES, weatherFile } from './fixtures.ts';
import { meansAt } from './monthly-means.ts';

function monthlyMeansOf(weather: WeatherYear): MonthlyMeans {
  const ghi = new Array<number>(12).fill(0);
  const temp = new Array<number>(12).fill(0);
  const wind = new Array<number>(12).fill(0);
  for (let i = 0; i < HOURS_PER_YEAR; i++) {
    const m = (weather.month[i] ?? 1) - 1;
    const hours = daysInMonth(m + 1) * 24;
    ghi[m] = (ghi[m] ?? 0) + (weather.ghi[i] ?? 0) / 1000 / (hours / 24);
    temp[m] = (temp[m] ?? 0) + (weather.tempAir[i] ?? 0) / hours;
    wind[m] = (wind[m] ?? 0) + (weather.windSpeed[i] ?? 0) / hours;
  }
  const { latitude, longitude, elevation, utcOffsetHours } = weather.site;
  return { latitude, longitude, elevation, utcOffsetHours, ghiKwhM2PerDay: ghi, tempAirC: temp, windSpeedMs: wind };
}

const fixed = (tiltDeg: number, azimuthDeg = 180): Mount => ({ kind: 'fixed', tiltDeg, azimuthDeg });
const run = (weather: WeatherYear, mount: Mount) => simulate(weather, { ...DEFAULT_SYSTEM, mount });

describe('a year synthesised from the monthly means of Greensboro', () => {
  const real = weatherFile(WEATHER_FILES.tmy3);
  const means = monthlyMeansOf(real);
  const synthetic = synthesiseWeatherYear(means);

  it('reproduces every monthly mean of GHI and temperature', () => {
    const again = monthlyMeansOf(synthetic);
    again.ghiKwhM2PerDay.forEach((v, m) => expect(v).toBeCloseTo(means.ghiKwhM2PerDay[m] ?? NaN, 9));
    again.tempAirC.forEach((v, m) => expect(v).toBeCloseTo(means.tempAirC[m] ?? NaN, 9));
  });

  it('is flagged as lower confidence with Erbs components', () => {
    expect(synthetic.confidence).toBe('lower');
    expect(synthetic.components).toBe('erbs');
    expect(synthetic.format).toBe('monthly-means');
    expect(synthetic.notes[0]).toMatch(/monthly means/);
  });

  it.each([
    ['fixed 36°', fixed(36)],
    ['flat', fixed(0)],
    ['tracker', { kind: 'single-axis', ...DEFAULT_TRACKER } satisfies Mount],
  ])('gives AC energy within 3 %% of the real hourly file (%s)', (_label, mount) => {
    const ratio = run(synthetic, mount).annualAcKwh / run(real, mount).annualAcKwh;
    expect(Math.abs(ratio - 1)).toBeLessThan(0.03);
  });

  it('spreads daily clearness around the monthly mean without sorting the days', () => {
    const days = dailyClearness(0.5, 31);
    expect(days.reduce((a, b) => a + b, 0) / 31).toBeCloseTo(0.5, 2);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0.05);
    expect(Math.max(...days)).toBeLessThan(0.6313 + 0.267 * 0.5);
    const rises = days.slice(1).filter((k, d) => k > (days[d] ?? 0)).length;
    expect(rises).toBeGreaterThan(5);
    expect(rises).toBeLessThan(25);
  });
});

describe('high latitudes', () => {
  it('runs sanely at 65° N', () => {
    const weather = synthesiseWeatherYear(meansAt(65, 25, 0.45, 2));
    const result = run(weather, fixed(50));
    expect(Number.isFinite(result.annualAcKwh)).toBe(true);
    expect(result.hourlyAcKwh.every((kwh) => Number.isFinite(kwh) && kwh >= 0)).toBe(true);
    const [december, june] = [result.monthlyAcKwh[11] ?? NaN, result.monthlyAcKwh[5] ?? NaN];
    expect(december).toBeLessThan(0.1 * june);
    expect(result.specificYieldKwhPerKwp).toBeGreaterThan(500);
    expect(result.specificYieldKwhPerKwp).toBeLessThan(1400);
    expect(result.performanceRatio).toBeGreaterThan(0.7);
    expect(result.performanceRatio).toBeLessThan(0.95);
    const tracked = run(weather, { kind: 'single-axis', ...DEFAULT_TRACKER });
    expect(tracked.annualAcKwh).toBeGreaterThan(0);
  });

  it('accepts the polar night at 78° N and refuses sunshine in it', () => {
    const means = meansAt(78, 15, 0.4, -5);
    expect(means.ghiKwhM2PerDay[11]).toBe(0);
    const result = run(synthesiseWeatherYear(means), fixed(60));
    expect(result.monthlyAcKwh[11]).toBe(0);
    expect(result.monthlyAcKwh[5]).toBeGreaterThan(0);
    const sunnyNight = { ...means, ghiKwhM2PerDay: means.ghiKwhM2PerDay.map((v, m) => (m === 11 ? 0.2 : v)) };
    expect(() => synthesiseWeatherYear(sunnyNight)).toThrow('month 12: the sun does not rise at this latitude');
  });
});

describe('southern hemisphere', () => {
  it('has its winter in June and its best orientation facing north at 34° S', () => {
    const weather = synthesiseWeatherYear(meansAt(-34, 18.5, 0.6, 17));
    const north = run(weather, fixed(30, 0));
    expect(north.monthlyAcKwh[5]).toBeLessThan(north.monthlyAcKwh[11] ?? NaN);
    expect(north.annualAcKwh).toBeGreaterThan(1.3 * run(weather, fixed(30, 180)).annualAcKwh);
  });
});

describe('refused input', () => {
  const good = meansAt(20, 78, 0.55, 26);

  it('treats a vanishingly small monthly mean as a dark month, never NaN', () => {
    const weather = synthesiseWeatherYear({ ...good, ghiKwhM2PerDay: good.ghiKwhM2PerDay.map((v, m) => (m === 0 ? 5e-324 : v)) });
    expect(weather.ghi.every(Number.isFinite)).toBe(true);
    expect(weather.ghi.slice(0, 31 * 24).every((v) => v === 0)).toBe(true);
  });

  it('needs twelve values in range', () => {
    expect(() => synthesiseWeatherYear({ ...good, tempAirC: [20, 21] })).toThrow('air temperature needs 12 monthly values, got 2');
    expect(() => synthesiseWeatherYear({ ...good, ghiKwhM2PerDay: good.ghiKwhM2PerDay.map(() => -1) })).toThrow('GHI must be from 0 to 12');
    expect(() => synthesiseWeatherYear({ ...good, latitude: 95 })).toThrow('latitude must be between -90 and 90');
  });

  it('points at monthly totals typed where daily means belong', () => {
    const totals = { ...meansAt(50, 0, 0.45), ghiKwhM2PerDay: meansAt(50, 0, 0.45).ghiKwhM2PerDay.map((v) => Math.min(v * 10, 12)) };
    expect(() => synthesiseWeatherYear(totals)).toThrow(/month 1: .* are the units kWh\/m2 per day\?/);
  });
});
