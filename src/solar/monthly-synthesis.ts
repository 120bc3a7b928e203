/**
 * An hourly year synthesised from twelve typed monthly means, for sites without an hourly source. Daily clearness
 * follows the Bendt, Collares-Pereira & Rabl (1981) distribution, days are shaped into hours by the Collares-Pereira
 * & Rabl (1979) profile, and GHI is split with Erbs. The result reproduces the monthly means exactly but not the
 * weather of any real year, so it is marked lower confidence.
 */
import { decomposeWeatherWithErbs } from './decomposition.ts';
import { computeSunPath } from './sun-path.ts';
import type { SunPath } from './sun-path.ts';
import type { WeatherYear } from './weather/weather-year.ts';
import { HOURS_PER_YEAR, daysInMonth, emptyWeatherYear } from './weather/weather-year.ts';

export interface MonthlyMeans {
  name?: string;
  latitude: number;
  longitude: number;
  /** Metres; 0 when not given. */
  elevation?: number;
  /** Clock of the synthesised hours; the nearest whole hour to solar time when not given. */
  utcOffsetHours?: number;
  /** Mean daily global horizontal irradiation of each month, January first, kWh/m2/day. */
  ghiKwhM2PerDay: readonly number[];
  /** Mean air temperature of each month, °C. */
  tempAirC: readonly number[];
  /** Mean 10 m wind speed of each month, m/s; DEFAULT_WIND_SPEED when not given. */
  windSpeedMs?: readonly number[];
}

/** Typical 10 m wind where the user gives none; it only enters the cell temperature. */
export const DEFAULT_WIND_SPEED = 2;

/** Assumed daily swing of air temperature around the monthly mean, peaking mid-afternoon. */
const DIURNAL_HALF_RANGE_C = 5;
const WARMEST_HOUR = 15;

/** Bendt et al. (1981): daily clearness lies between 0.05 and K_max(K̄). */
const K_MIN = 0.05;

/** Monthly mean clearness above this is beyond any measured climate; such input is a unit mistake. */
const MAX_MONTHLY_CLEARNESS = 0.8;

const GOLDEN_FRACTION = (Math.sqrt(5) - 1) / 2;

export function synthesiseWeatherYear(means: MonthlyMeans): WeatherYear {
  const problems = monthlyMeansProblems(means);
  if (problems.length > 0) throw new RangeError(`Invalid monthly means: ${problems.join('; ')}`);
  const weather = emptyWeatherYear(
    {
      name: means.name ?? `Monthly means at ${means.latitude.toFixed(3)}, ${means.longitude.toFixed(3)}`,
      latitude: means.latitude,
      longitude: means.longitude,
      elevation: means.elevation ?? 0,
      utcOffsetHours: means.utcOffsetHours ?? Math.round(means.longitude / 15),
    },
    'monthly-means',
    0.5,
  );
  weather.confidence = 'lower';
  weather.notes.push(
    'Synthesised from 12 monthly means (Bendt et al. 1981 daily clearness, Collares-Pereira & Rabl 1979 hourly profile, Erbs split): it reproduces the means, not the weather of a real year.',
  );
  if (!means.windSpeedMs) weather.notes.push(`No wind speeds given: ${DEFAULT_WIND_SPEED} m/s assumed.`);
  for (let i = 0; i < HOURS_PER_YEAR; i++) {
    const month = (weather.month[i] ?? 1) - 1;
    const clockHour = (weather.sampleHour[i] ?? 0) % 24;
    weather.tempAir[i] = (means.tempAirC[month] ?? 0) + DIURNAL_HALF_RANGE_C * Math.cos((2 * Math.PI * (clockHour - WARMEST_HOUR)) / 24);
    weather.windSpeed[i] = means.windSpeedMs?.[month] ?? DEFAULT_WIND_SPEED;
  }
  const sun = computeSunPath(weather);
  let firstDay = 0;
  for (let month = 1; month <= 12; month++) {
    const days = daysInMonth(month);
    spreadMonth(weather, sun, month, firstDay, days, (means.ghiKwhM2PerDay[month - 1] ?? 0) * 1000);
    firstDay += days;
  }
  decomposeWeatherWithErbs(weather, sun);
  return weather;
}

/** Fills GHI for the days of one month so that their mean daily irradiation is `meanDailyWh`. */
function spreadMonth(weather: WeatherYear, sun: SunPath, month: number, firstDay: number, days: number, meanDailyWh: number): void {
  const extraterrestrial = Array.from({ length: days }, (_, d) => dailyExtraterrestrialWh(sun, firstDay + d));
  const meanExtraterrestrial = extraterrestrial.reduce((a, b) => a + b, 0) / days;
  if (meanDailyWh === 0) return;
  if (meanExtraterrestrial <= 0) {
    throw new RangeError(`month ${month}: the sun does not rise at this latitude, yet its GHI is above zero`);
  }
  const meanClearness = meanDailyWh / meanExtraterrestrial;
  if (meanClearness > MAX_MONTHLY_CLEARNESS) {
    throw new RangeError(
      `month ${month}: ${(meanDailyWh / 1000).toFixed(2)} kWh/m2/day is ${(100 * meanClearness).toFixed(0)} % of the irradiation above the atmosphere (at most ${100 * MAX_MONTHLY_CLEARNESS} % is plausible; are the units kWh/m2 per day?)`,
    );
  }
  const clearness = dailyClearness(meanClearness, days);
  const daily = clearness.map((k, d) => k * (extraterrestrial[d] ?? 0));
  const dailySum = daily.reduce((a, b) => a + b, 0);
  // A mean so small that its clearness underflows to zero: the month is dark as far as energy goes.
  if (dailySum <= 0) return;
  const scale = (meanDailyWh * days) / dailySum;
  daily.forEach((wh, d) => distributeDay(weather, sun, (firstDay + d) * 24, wh * scale));
}

function dailyExtraterrestrialWh(sun: SunPath, dayIndex: number): number {
  let wh = 0;
  for (let i = dayIndex * 24; i < dayIndex * 24 + 24; i++) wh += (sun.dniExtra[i] ?? 0) * Math.max(sun.up[i] ?? 0, 0);
  return wh;
}

/**
 * Daily clearness indices with mean K̄: quantiles of the Bendt et al. (1981) exponential distribution (eqs. 1-4),
 * ordered by the golden-ratio sequence so that clear and cloudy days alternate instead of being sorted.
 */
export function dailyClearness(meanClearness: number, days: number): number[] {
  const kMax = 0.6313 + 0.267 * meanClearness - 11.9 * (meanClearness - 0.75) ** 8;
  const quantiles = Array.from({ length: days }, (_, j) => (j + 0.5) / days);
  const values =
    meanClearness <= K_MIN || meanClearness >= kMax
      ? quantiles.map(() => meanClearness)
      : quantiles.map((p) => bendtQuantile(p, bendtGamma(meanClearness, kMax), kMax));
  const order = quantiles.map((_, d) => d).sort((a, b) => ((a * GOLDEN_FRACTION) % 1) - ((b * GOLDEN_FRACTION) % 1));
  return order.map((rank) => values[rank] ?? meanClearness);
}

/** Mean of the Bendt distribution with shape γ (Bendt et al. 1981 eq. 4). */
function bendtMean(gamma: number, kMax: number): number {
  if (Math.abs(gamma) < 1e-6) return (K_MIN + kMax) / 2;
  const low = Math.exp(gamma * K_MIN);
  const high = Math.exp(gamma * kMax);
  return ((K_MIN - 1 / gamma) * low - (kMax - 1 / gamma) * high) / (low - high);
}

/** γ such that the distribution's mean is K̄; the mean rises monotonically with γ, so bisection finds it. */
function bendtGamma(meanClearness: number, kMax: number): number {
  let low = -200;
  let high = 200;
  for (let iteration = 0; iteration < 100; iteration++) {
    const mid = (low + high) / 2;
    if (bendtMean(mid, kMax) < meanClearness) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Inverse of the cumulative distribution F(K) = (e^{γK} - e^{γK_min}) / (e^{γK_max} - e^{γK_min}). */
function bendtQuantile(p: number, gamma: number, kMax: number): number {
  if (Math.abs(gamma) < 1e-6) return K_MIN + p * (kMax - K_MIN);
  const low = Math.exp(gamma * K_MIN);
  return Math.log(low + p * (Math.exp(gamma * kMax) - low)) / gamma;
}

/**
 * Spreads a day's irradiation over its hours with the Collares-Pereira & Rabl (1979) ratio
 * r_t ∝ (a + b cos ω)(cos ω - cos ω_s), where (cos ω - cos ω_s) is proportional to cos z.
 */
function distributeDay(weather: WeatherYear, sun: SunPath, firstHour: number, dailyWh: number): void {
  const phi = (weather.site.latitude * Math.PI) / 180;
  const [sinLat, cosLat] = [Math.sin(phi), Math.cos(phi)];
  // The sun's direction in equatorial terms: sin δ = sin φ·up + cos φ·north and cos δ·cos ω = cos φ·up - sin φ·north.
  const noon = brightestHour(sun, firstHour);
  const sinDecl = sinLat * (sun.up[noon] ?? 0) + cosLat * (sun.north[noon] ?? 0);
  const cosDecl = Math.sqrt(1 - sinDecl * sinDecl);
  const sunsetHourAngle = Math.acos(Math.min(1, Math.max(-1, (-sinLat * sinDecl) / (cosLat * cosDecl))));
  const shift = Math.sin(sunsetHourAngle - Math.PI / 3);
  const a = 0.409 + 0.5016 * shift;
  const b = 0.6609 - 0.4767 * shift;
  let total = 0;
  for (let i = firstHour; i < firstHour + 24; i++) {
    const up = sun.up[i] ?? 0;
    const cosHourAngle = (cosLat * up - sinLat * (sun.north[i] ?? 0)) / cosDecl;
    const weight = Math.max(a + b * cosHourAngle, 0) * Math.max(up, 0);
    weather.ghi[i] = weight;
    total += weight;
  }
  for (let i = firstHour; i < firstHour + 24; i++) weather.ghi[i] = total > 0 ? ((weather.ghi[i] ?? 0) * dailyWh) / total : 0;
}

function brightestHour(sun: SunPath, firstHour: number): number {
  let best = firstHour;
  for (let i = firstHour + 1; i < firstHour + 24; i++) if ((sun.up[i] ?? -1) > (sun.up[best] ?? -1)) best = i;
  return best;
}

export function monthlyMeansProblems(means: MonthlyMeans): string[] {
  const problems: string[] = [];
  const twelve = (values: readonly number[] | undefined, label: string, ok: (v: number) => boolean, range: string) => {
    if (values === undefined) return;
    if (values.length !== 12) problems.push(`${label} needs 12 monthly values, got ${values.length}`);
    else if (!values.every((v) => Number.isFinite(v) && ok(v))) problems.push(`${label} must be ${range}`);
  };
  if (!(Math.abs(means.latitude) <= 90)) problems.push('latitude must be between -90 and 90');
  if (!(Math.abs(means.longitude) <= 180)) problems.push('longitude must be between -180 and 180');
  if (means.elevation !== undefined && !(means.elevation >= -500 && means.elevation <= 9000)) problems.push('elevation must be between -500 and 9000 m');
  if (means.utcOffsetHours !== undefined && !(means.utcOffsetHours >= -12 && means.utcOffsetHours <= 14)) {
    problems.push('UTC offset must be between -12 and 14 hours');
  }
  twelve(means.ghiKwhM2PerDay, 'GHI', (v) => v >= 0 && v <= 12, 'from 0 to 12 kWh/m2/day');
  twelve(means.tempAirC, 'air temperature', (v) => v >= -90 && v <= 60, 'from -90 to 60 °C');
  twelve(means.windSpeedMs, 'wind speed', (v) => v >= 0 && v <= 40, 'from 0 to 40 m/s');
  return problems;
}
