/** The figures a study shows of a consumption year: totals, peak demand and an average day per month. */
import { HOURS_PER_YEAR, daysInMonth } from '../weather/weather-year.ts';

export interface LoadSummary {
  annualKwh: number;
  monthlyKwh: number[];
  peakKw: number;
  /** 12 × 24: the average kWh of each hour of the day in each month (for "an average day per month" charts) */
  averageDayKwh: number[][];
}

/** Summary of 8760 hourly or 35040 quarter-hourly kWh; the peak is the largest step's energy over its duration. */
export function loadSummary(series: ArrayLike<number>): LoadSummary {
  const stepsPerHour = series.length / HOURS_PER_YEAR;
  if (stepsPerHour !== 1 && stepsPerHour !== 4) {
    throw new RangeError(`A consumption year has ${HOURS_PER_YEAR} hourly or ${4 * HOURS_PER_YEAR} quarter-hourly values: got ${series.length}`);
  }
  const monthlyKwh = new Array<number>(12).fill(0);
  const averageDayKwh = Array.from({ length: 12 }, () => new Array<number>(24).fill(0));
  let peakStepKwh = 0;
  let step = 0;
  for (let month = 0; month < 12; month++) {
    const days = daysInMonth(month + 1);
    const hours = averageDayKwh[month] ?? [];
    let monthKwh = 0;
    for (let day = 0; day < days; day++) {
      for (let hour = 0; hour < 24; hour++) {
        for (let k = 0; k < stepsPerHour; k++) {
          const kwh = series[step++] ?? 0;
          hours[hour] = (hours[hour] ?? 0) + kwh;
          monthKwh += kwh;
          if (kwh > peakStepKwh) peakStepKwh = kwh;
        }
      }
    }
    monthlyKwh[month] = monthKwh;
    for (let hour = 0; hour < 24; hour++) hours[hour] = (hours[hour] ?? 0) / days;
  }
  return {
    annualKwh: monthlyKwh.reduce((sum, kwh) => sum + kwh, 0),
    monthlyKwh,
    peakKw: peakStepKwh * stepsPerHour,
    averageDayKwh,
  };
}
