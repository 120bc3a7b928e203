/** Twelve monthly means read from weather a study of the project already ran on, to prefill the monthly-means form. */
import { validate } from 'superstruct';
import { MonthlySource } from '../../../contract/energy.ts';
import type { StudyWeather } from '../../../contract/feasibility.ts';
import { daysInMonth } from '../../../solar/weather/weather-year.ts';

export interface MonthlyMeans {
  /** Mean daily GHI, kWh/m² a day, and mean air temperature, °C, January first. */
  ghi: number[];
  temp: number[];
  lat: number;
  lon: number;
}

const rounded = (value: number, digits: number) => Number(value.toFixed(digits));

/** The means of typed monthly weather as typed, or those of a weather file's hours (read in the browser on demand). */
export async function monthlyMeansOf(weather: Pick<StudyWeather, 'kind' | 'content'>): Promise<MonthlyMeans | null> {
  if (weather.kind === 'monthly') {
    const [failure, means] = validate(JSON.parse(weather.content), MonthlySource, { coerce: true });
    if (failure || means.lat === undefined || means.lon === undefined) return null;
    return { ghi: means.ghi_kwh_m2_per_day, temp: means.temp_air_c, lat: means.lat, lon: means.lon };
  }
  // The readers are the what-if worker's; loaded only when someone asks for monthly means.
  const { readWeather } = await import('../../../solar/weather/read-weather.ts');
  const year = readWeather(weather.content);
  const ghiWh = Array.from({ length: 12 }, () => 0);
  const temp = Array.from({ length: 12 }, () => 0);
  const hours = Array.from({ length: 12 }, () => 0);
  year.month.forEach((month, i) => {
    ghiWh[month - 1]! += year.ghi[i]!;
    temp[month - 1]! += year.tempAir[i]!;
    hours[month - 1]! += 1;
  });
  return {
    ghi: ghiWh.map((wh, m) => rounded(wh / 1000 / daysInMonth(m + 1), 2)),
    temp: temp.map((sum, m) => rounded(sum / Math.max(1, hours[m]!), 1)),
    lat: year.site.latitude,
    lon: year.site.longitude,
  };
}
