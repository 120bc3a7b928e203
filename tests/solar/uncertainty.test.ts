import { describe, expect, it } from 'vitest';
import { energyUncertainty, INTERANNUAL_VARIABILITY, MODEL_UNCERTAINTY, MONTHLY_MEANS_RESOURCE, uncertaintyTerms, Z_90 } from '../../src/solar/uncertainty.ts';

describe('P50/P90 by the weather a study ran on', () => {
  it('standard weather: interannual and model terms only, σ = √(4² + 5²)', () => {
    const spread = energyUncertainty(1000, uncertaintyTerms({ confidence: 'standard', source: 'upload', distance_km: 3 }));
    expect(spread.terms).toEqual([INTERANNUAL_VARIABILITY, MODEL_UNCERTAINTY]);
    expect(spread.combinedSigmaPct).toBeCloseTo(Math.sqrt(41), 12);
    expect(spread.p90Kwh).toBeCloseTo(1000 * (1 - (Z_90 * Math.sqrt(41)) / 100), 9);
  });

  it('weather from another place adds a resource term naming the distance, and widens P90 as monthly means do', () => {
    const far = uncertaintyTerms({ confidence: 'low', source: 'upload', distance_km: 409.4 });
    expect(far[2]).toMatchObject({ key: 'resource', sigmaPct: 8, label: 'Resource data from another place (409 km from the site)' });
    const means = uncertaintyTerms({ confidence: 'low', source: 'monthly' });
    expect(means[2]).toBe(MONTHLY_MEANS_RESOURCE);
    expect(energyUncertainty(1000, far).p90Kwh).toBeCloseTo(energyUncertainty(1000, means).p90Kwh, 12);
    expect(energyUncertainty(1000, far).p90Kwh).toBeLessThan(energyUncertainty(1000, uncertaintyTerms({ confidence: 'standard' })).p90Kwh);
  });
});
