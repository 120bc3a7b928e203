/** A study's system in words, the same on the study page and in the report. */
import type { SystemUsed } from '../contract/energy.ts';
import type { ArrayType, ModuleType } from '../contract/settings.ts';
import { arrayTypeOf } from './array-types.ts';

const ARRAY_WORDS: Record<ArrayType, string> = {
  'fixed-open': 'Fixed, open rack',
  'fixed-roof': 'Fixed, roof mount',
  '1-axis': '1-axis tracker',
  '1-axis-backtrack': '1-axis tracker, backtracking',
  '2-axis': '2-axis tracker',
};

const MODULE_WORDS: Record<ModuleType, string> = { standard: 'Standard (c-Si)', premium: 'Premium (high-efficiency c-Si)', 'thin-film': 'Thin film (CdTe)' };

/** Studies saved before the models were named ran the pvlib chain on their mount. */
export const energyModelOf = (system: Pick<SystemUsed, 'model'>) => system.model ?? 'pvlib';
const arrayTypeUsed = (system: Pick<SystemUsed, 'array_type' | 'mount' | 'backtrack'>) => system.array_type ?? arrayTypeOf(system.mount, system.backtrack);

export function energyModelWords(system: Pick<SystemUsed, 'model'>): string {
  return energyModelOf(system) === 'pvwatts_v8' ? 'NREL PVWatts v8 (as SAM)' : 'pvlib-compatible PVWatts chain';
}

export function arrayTypeWords(system: Pick<SystemUsed, 'array_type' | 'mount' | 'backtrack'>): string {
  return ARRAY_WORDS[arrayTypeUsed(system)];
}

export function moduleTypeWords(moduleType: ModuleType): string {
  return MODULE_WORDS[moduleType];
}

/** The PVWatts v8 extras in a few words: bifaciality, snow, soiling; empty for none. */
export function pvwattsV8Extras(system: SystemUsed): string[] {
  if (energyModelOf(system) !== 'pvwatts_v8') return [];
  return [
    ...(system.module_type ? [`${moduleTypeWords(system.module_type)} modules`] : []),
    ...(system.bifaciality ? [`bifaciality ${system.bifaciality}`] : []),
    ...(system.snow_model ? ['snow model'] : []),
    ...(system.soiling_monthly_pct ? [`monthly soiling ${system.soiling_monthly_pct.join('/')} %`] : []),
    ...(system.albedo_monthly ? [`monthly albedo ${system.albedo_monthly.join('/')}`] : []),
    ...(system.albedo_from_weather ? ["the weather file's albedo where valid"] : []),
  ];
}
