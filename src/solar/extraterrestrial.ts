/** Extraterrestrial normal irradiance, W/m2, on day of year 1-365: Spencer (1971) Fourier series, scaled to 1366.1 W/m2. */
export function spencerDniExtra(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 1)) / 365;
  return 1366.1 * (1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b));
}
