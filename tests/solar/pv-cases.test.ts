import { describe, expect, it } from 'vitest';
import { totalLossPct, PVWATTS_DEFAULT_LOSSES } from '../../src/solar/pvwatts.ts';
import { simulate } from '../../src/solar/simulate.ts';
import { createSiteContext } from '../../src/solar/site-context.ts';
import type { SiteContext } from '../../src/solar/site-context.ts';
import type { Mount, SystemSpec } from '../../src/solar/system-spec.ts';
import type { PvCase } from './fixtures.ts';
import { pvCases, weatherFile } from './fixtures.ts';

const reference = pvCases();
const percent = (text: string | undefined) => Number.parseFloat(text ?? 'NaN') / 100;
const annualPoaTolerance = percent(reference.tolerances.annual_poa_kwh_m2);
const annualAcTolerance = percent(reference.tolerances.annual_ac_kwh);
const sites = new Map<string, SiteContext>();

function systemOf(c: PvCase, cellTemperature: SystemSpec['cellTemperature']): SystemSpec {
  const i = c.inputs;
  const mount: Mount =
    i.tracking === 'fixed'
      ? { kind: 'fixed', tiltDeg: i.tilt ?? NaN, azimuthDeg: i.azimuth ?? NaN }
      : {
          kind: 'single-axis',
          axisTiltDeg: i.axis_tilt ?? NaN,
          axisAzimuthDeg: i.axis_azimuth ?? NaN,
          maxAngleDeg: i.max_angle ?? NaN,
          gcr: i.gcr ?? NaN,
          backtrack: i.backtrack ?? true,
        };
  return {
    dcKw: i.dc_kw,
    dcAcRatio: i.dc_ac_ratio,
    inverterEfficiency: i.inverter_eta_nom,
    losses: i.losses_pct,
    gammaPdcPerC: i.gamma_pdc_per_c,
    albedo: i.albedo,
    cellTemperature,
    mount,
  };
}

function run(c: PvCase, cellTemperature: SystemSpec['cellTemperature']) {
  const weather = weatherFile(`data/weather/${c.inputs.file}`);
  let site = sites.get(c.inputs.file);
  if (!site) {
    site = createSiteContext(weather);
    sites.set(c.inputs.file, site);
  }
  return simulate(weather, systemOf(c, cellTemperature), { site });
}

describe('reference/pv-cases.json', () => {
  it('uses the weather files at the locations and clocks the reference used', () => {
    for (const w of Object.values(reference.weather_files)) {
      const weather = weatherFile(`data/weather/${w.file}`);
      expect(weather.site.latitude).toBeCloseTo(w.latitude, 9);
      expect(weather.site.longitude).toBeCloseTo(w.longitude, 9);
      expect(weather.site.elevation).toBe(w.elevation_m);
      expect(weather.site.utcOffsetHours).toBe(w.tz_offset_h);
    }
  });

  it('has the PVWatts default losses as the compounded categories', () => {
    const losses = reference.cases.map((c) => c.inputs.losses_pct);
    for (const pct of losses) expect(totalLossPct(PVWATTS_DEFAULT_LOSSES)).toBeCloseTo(pct, 10);
  });

  describe.each(reference.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const expected = c.outputs;
    const result = run(c, 'sapm');

    it(`annual POA irradiation within ${reference.tolerances.annual_poa_kwh_m2}`, () => {
      expect(Math.abs(result.annualPoaKwhM2 / expected.annual_poa_kwh_m2 - 1)).toBeLessThanOrEqual(annualPoaTolerance);
    });

    it(`annual AC energy within ${reference.tolerances.annual_ac_kwh}`, () => {
      expect(Math.abs(result.annualAcKwh / expected.annual_ac_kwh - 1)).toBeLessThanOrEqual(annualAcTolerance);
    });

    it(`monthly AC energy within ${reference.tolerances.monthly_ac_kwh}`, () => {
      result.monthlyAcKwh.forEach((kwh, month) => {
        const want = expected.monthly_ac_kwh[month] ?? NaN;
        expect(Math.abs(kwh - want)).toBeLessThanOrEqual(Math.max(0.015 * want, 0.002 * expected.annual_ac_kwh));
      });
    });

    it('derived figures follow from the same energy', () => {
      expect(result.specificYieldKwhPerKwp).toBeCloseTo(expected.specific_yield_kwh_per_kwp, 0);
      expect(result.capacityFactorDc).toBeCloseTo(expected.capacity_factor_dc, 4);
      expect(result.performanceRatio).toBeCloseTo(expected.performance_ratio, 4);
      expect(Math.abs(result.annualDcKwh / expected.annual_dc_kwh - 1)).toBeLessThan(annualAcTolerance);
      expect(Math.abs(result.clippedHours - expected.clipped_hours)).toBeLessThanOrEqual(1);
      expect(result.poaWeightedCellTempC).toBeCloseTo(expected.poa_weighted_tcell_c, 1);
    });

    it('with Fuentes cell temperature matches the reference alternative within the AC tolerance', () => {
      const fuentes = run(c, 'fuentes');
      expect(Math.abs(fuentes.annualAcKwh / expected.alt_fuentes_noct45.annual_ac_kwh - 1)).toBeLessThanOrEqual(annualAcTolerance);
      expect(fuentes.poaWeightedCellTempC).toBeCloseTo(expected.alt_fuentes_noct45.poa_weighted_tcell_c, 1);
    });

    it('has a loss waterfall that closes from nominal to AC', () => {
      const { nominalKwh, steps, finalKwh } = result.lossWaterfall;
      const lost = steps.reduce((total, step) => total + step.kwh, 0);
      expect(nominalKwh - lost).toBeCloseTo(finalKwh, 3);
      expect(finalKwh).toBe(result.annualAcKwh);
    });
  });
});
