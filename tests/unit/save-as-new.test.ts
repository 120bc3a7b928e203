import { describe, expect, it } from 'vitest';
import type { FeasibilityStudy, StudyWeather } from '../../src/contract/feasibility.ts';
import { saveAsNewStudy } from '../../src/features/feasibility/save-as-new.ts';
import { sliderValuesOf } from '../../src/solar/what-if.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';

const { system: _system, ...usSections } = builtinPresets.find((p) => p.id === 'builtin:us-utility')!.assumptions;

/** What save-as-new reads of a study: its name, weather, preset, system and assumptions. */
const study = {
  name: 'Greensboro',
  weather: { source: 'upload', weather_id: 'w1' },
  preset: { id: 'builtin:us-utility', name: 'US utility-scale' },
  system: { dc_kw: 5000, ac_kw: 3731, mount: 'fixed', tilt_deg: 25, azimuth_deg: 180, gcr: null, max_angle_deg: null, backtrack: null, losses_pct: 14, dc_ac_ratio: 1.34, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.47, albedo: 0.2, temperature_model: 'sapm' },
  assumptions: usSections,
} as unknown as FeasibilityStudy;
const weather = { id: 's1', weather_hash: 'h', kind: 'file', content: '' } as StudyWeather;

describe('save a what-if as a new study', () => {
  it('keeps every after-tax section and moves the equity rate of a single owner with the discount slider', () => {
    const values = { ...sliderValuesOf({ system: study.system, assumptions: study.assumptions }), discount_rate_pct: 12, price_per_kwh: 0.05 };
    const created = saveAsNewStudy(study, weather, values);
    expect(created.finance).toMatchObject({ structure: 'single_owner', equity_discount_rate_pct: 12, discount_rate_pct: usSections.finance.discount_rate_pct });
    expect(created.tariff).toEqual({ ...usSections.tariff, price_per_kwh: 0.05 });
    expect(created).toMatchObject({ incentives: usSections.incentives, debt: usSections.debt, reserves: usSections.reserves });
  });

  it('moves the discount rate of a pre-tax study', () => {
    const preTax = { ...study, assumptions: { ...usSections, finance: { ...usSections.finance, structure: 'pre_tax' } } } as FeasibilityStudy;
    const values = { ...sliderValuesOf({ system: preTax.system, assumptions: preTax.assumptions }), discount_rate_pct: 6 };
    expect(saveAsNewStudy(preTax, weather, values).finance).toMatchObject({ discount_rate_pct: 6, equity_discount_rate_pct: usSections.finance.equity_discount_rate_pct });
  });
});
