import { describe, expect, it } from 'vitest';
import { sizingDefaults } from '../../src/contract/sizing-defaults.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';

describe('the sizing a new study takes where the request gives none (the form shows it, the server sizes with it)', () => {
  const tracker = builtinPresets.find((p) => p.id === 'builtin:us-utility')!.assumptions.system;

  it('spaces tracked rows, one axis or two, at the system’s own GCR, and fixed rows at 0.45', () => {
    expect(sizingDefaults('single_axis', tracker)).toEqual({ usable_pct: 85, gcr: tracker.gcr, module_w_per_m2: tracker.module_efficiency_pct * 10 });
    // The form once took a two-axis tracker for fixed rows (0.45) while the server sized it at the tracker's GCR.
    expect(sizingDefaults('two_axis', { ...tracker, gcr: 0.3 }).gcr).toBe(0.3);
    expect(sizingDefaults('fixed', { ...tracker, gcr: 0.3 })).toEqual({ usable_pct: 85, gcr: 0.45, module_w_per_m2: 210 });
  });
});
