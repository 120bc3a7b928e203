/** Checks of API answers against the engine run directly on the same inputs. */
import { assert } from 'superstruct';
import { expect } from 'vitest';
import { EnergyResult, type SystemUsed } from '../../src/contract/energy.ts';
import { simulate, type EngineSystem, type SimulationResult } from '../../src/solar/simulate.ts';
import type { WeatherYear } from '../../src/solar/weather/weather-year.ts';

/** The engine's system for what the API says it simulated. */
function specOf(system: SystemUsed): EngineSystem {
  if (system.model === 'pvwatts_v8') {
    return {
      engine: 'pvwatts-v8',
      dcKw: system.dc_kw,
      dcAcRatio: system.dc_ac_ratio,
      inverterEfficiencyPct: system.inverter_efficiency_pct,
      lossesPct: system.losses_pct,
      moduleType: system.module_type!,
      arrayType: system.array_type!,
      tiltDeg: system.tilt_deg,
      azimuthDeg: system.azimuth_deg,
      gcr: system.gcr ?? 0.4,
      rotationLimitDeg: system.max_angle_deg ?? 45,
      bifaciality: system.bifaciality!,
      snowModel: system.snow_model!,
      soilingMonthlyPct: system.soiling_monthly_pct ?? [],
      albedo: system.albedo_monthly ?? system.albedo,
      albedoFromWeather: system.albedo_from_weather!,
    };
  }
  if (system.temperature_model === 'noct') throw new Error('NOCT is the PVWatts v8 model\'s');
  return {
    dcKw: system.dc_kw,
    dcAcRatio: system.dc_ac_ratio,
    inverterEfficiency: system.inverter_efficiency_pct / 100,
    losses: system.losses_pct,
    gammaPdcPerC: system.gamma_pct_per_c / 100,
    albedo: system.albedo,
    cellTemperature: system.temperature_model,
    mount:
      system.mount === 'fixed'
        ? { kind: 'fixed', tiltDeg: system.tilt_deg, azimuthDeg: system.azimuth_deg, roof: system.array_type === 'fixed-roof' }
        : system.mount === 'two_axis'
          ? { kind: 'two-axis' }
          : { kind: 'single-axis', axisTiltDeg: system.tilt_deg, axisAzimuthDeg: system.azimuth_deg, maxAngleDeg: system.max_angle_deg!, gcr: system.gcr!, backtrack: system.backtrack! },
  };
}

export function expectClose(actual: number, expected: number, relative = 1e-9) {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(relative * Math.max(1, Math.abs(expected)));
}

/** Every figure of an energy answer against the engine run directly on the same weather and system. */
export function expectEngineFigures(answer: EnergyResult, weather: WeatherYear) {
  assert(answer, EnergyResult);
  const expected: SimulationResult = simulate(weather, specOf(answer.system));
  expectClose(answer.annual_ac_kwh, expected.annualAcKwh);
  expectClose(answer.annual_dc_kwh, expected.annualDcKwh);
  expectClose(answer.annual_poa_kwh_m2, expected.annualPoaKwhM2);
  expectClose(answer.annual_ghi_kwh_m2, expected.annualGhiKwhM2);
  expectClose(answer.specific_yield_kwh_per_kwp, expected.specificYieldKwhPerKwp);
  expectClose(answer.capacity_factor_dc, expected.capacityFactorDc);
  expectClose(answer.performance_ratio, expected.performanceRatio);
  expect(answer.monthly_ac_kwh).toHaveLength(12);
  answer.monthly_ac_kwh.forEach((kwh, m) => expectClose(kwh, expected.monthlyAcKwh[m]!));
  expect(answer.loss_waterfall.steps.map((s) => s.key)).toEqual(expected.lossWaterfall.steps.map((s) => s.key));
  expectClose(answer.loss_waterfall.final_kwh, expected.annualAcKwh);
  expect(answer.system.ac_kw).toBeCloseTo(expected.acKw, 9);
}
