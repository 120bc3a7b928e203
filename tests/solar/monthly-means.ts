/** Plausible monthly means for any latitude, for tests that need sites without a weather file. */
import type { MonthlyMeans } from '../../src/solar/monthly-synthesis.ts';

const DEG = Math.PI / 180;
const MID_MONTH_DAY = [17, 47, 75, 105, 135, 162, 198, 228, 258, 288, 318, 344];

/** Mean daily extraterrestrial irradiation on a horizontal surface, kWh/m2 (Duffie & Beckman 2013 eq. 1.10.3). */
export function extraterrestrialKwhPerDay(latitude: number, month: number): number {
  const day = MID_MONTH_DAY[month] ?? 1;
  const declination = 23.45 * DEG * Math.sin((2 * Math.PI * (284 + day)) / 365);
  const phi = latitude * DEG;
  const sunset = Math.acos(Math.min(1, Math.max(-1, -Math.tan(phi) * Math.tan(declination))));
  const g = 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * day) / 365));
  const wh = ((24 / Math.PI) * g * (Math.cos(phi) * Math.cos(declination) * Math.sin(sunset) + sunset * Math.sin(phi) * Math.sin(declination)));
  return Math.max(wh, 0) / 1000;
}

/** A year whose months all have mean clearness `clearness`, with a seasonal temperature swing. */
export function meansAt(latitude: number, longitude: number, clearness: number, meanTempC = 15): MonthlyMeans {
  const summerPeak = latitude >= 0 ? 6 : 0;
  return {
    latitude,
    longitude,
    ghiKwhM2PerDay: Array.from({ length: 12 }, (_, m) => clearness * extraterrestrialKwhPerDay(latitude, m)),
    tempAirC: Array.from({ length: 12 }, (_, m) => meanTempC + 8 * Math.cos(((m - summerPeak) * Math.PI) / 6)),
  };
}
