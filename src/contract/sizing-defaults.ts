/**
 * The sizing a new study takes where its request gives none, read by the new-study form (to show it) and the server
 * (to size with it), so the two never disagree: usable share 85 %; fixed rows at GCR 0.45; tracked rows (one axis or
 * two) at the system's own GCR, the spacing its trackers (and backtracking) are built for; module power per m² of module
 * 10 × the module efficiency in % (STC, 1000 W/m²). Why these: src/solar/sizing.ts.
 */
import { DEFAULT_SIZING } from '../solar/sizing.ts';
import type { mounts } from './settings.ts';

export interface SizingDefaults {
  usable_pct: number;
  gcr: number;
  module_w_per_m2: number;
}

export function sizingDefaults(mount: (typeof mounts)[number], system: { gcr: number; module_efficiency_pct: number }): SizingDefaults {
  return {
    usable_pct: DEFAULT_SIZING.usableFraction * 100,
    gcr: mount === 'fixed' ? DEFAULT_SIZING.gcrFixed : system.gcr,
    module_w_per_m2: system.module_efficiency_pct * 10,
  };
}
