import type { SystemInput } from '../../../contract/energy.ts';
import type { ArrayType, EnergyModel, ModuleType, Preset } from '../../../contract/settings.ts';
import { arrayTypeOf } from '../../../solar/array-types.ts';
import { PVWATTS_V8_DEFAULTS } from '../../../solar/pvwatts-v8/spec.ts';
import { DEFAULT_ALBEDO } from '../../../solar/system-spec.ts';
import { blankMonths, numberOrText, sameRow } from './form-values.ts';

/** The energy model choices of the new-study form, as form values. */
export interface SystemChoices {
  model: EnergyModel;
  arrayType: ArrayType;
  moduleType: ModuleType;
  bifaciality: string;
  snowModel: boolean;
  /** Twelve monthly soiling losses, %; all blank: none. */
  soiling: string[];
  /** Ground reflectance, one value for the year (both models). */
  albedo: string;
  /** PVWatts v8: the weather file's albedo where it has a valid one. */
  albedoFromWeather: boolean;
  /** PVWatts v8: twelve monthly albedos; all blank: the one value above. */
  albedoMonthly: string[];
}

/** What the server simulates when the request leaves these out (server/energy/estimates.ts systemFrom). */
export function presetChoices(system: Preset['assumptions']['system']): SystemChoices {
  return {
    model: system.model ?? 'pvlib',
    arrayType: system.array_type ?? arrayTypeOf(system.mount, null),
    moduleType: system.module_type ?? 'standard',
    bifaciality: String(system.bifaciality ?? 0),
    snowModel: system.snow_model ?? false,
    soiling: system.soiling_monthly_pct?.map(String) ?? blankMonths(),
    albedo: String(DEFAULT_ALBEDO),
    albedoFromWeather: PVWATTS_V8_DEFAULTS.albedoFromWeather,
    albedoMonthly: blankMonths(),
  };
}

/**
 * The system fields to send: those changed from the preset, PVWatts v8's only for that model (the pvlib model refuses
 * them), and the model whenever anything is sent (array_type alone would choose PVWatts v8).
 */
export function systemChanges(chosen: SystemChoices, preset: SystemChoices): Partial<SystemInput> {
  const changes: Partial<SystemInput> = {};
  if (chosen.arrayType !== preset.arrayType) changes.array_type = chosen.arrayType;
  if (chosen.albedo.trim() !== preset.albedo) changes.albedo = numberOrText(chosen.albedo) as number;
  if (chosen.model === 'pvwatts_v8') {
    if (chosen.moduleType !== preset.moduleType) changes.module_type = chosen.moduleType;
    if (chosen.bifaciality.trim() !== preset.bifaciality) changes.bifaciality = numberOrText(chosen.bifaciality) as number;
    if (chosen.snowModel !== preset.snowModel) changes.snow_model = chosen.snowModel;
    if (!sameRow(chosen.soiling, preset.soiling) && chosen.soiling.some((value) => value.trim() !== '')) {
      changes.soiling_monthly_pct = chosen.soiling.map(numberOrText) as number[];
    }
    if (chosen.albedoFromWeather !== preset.albedoFromWeather) changes.albedo_from_weather = chosen.albedoFromWeather;
    if (!chosen.albedoFromWeather && chosen.albedoMonthly.some((value) => value.trim() !== '')) changes.albedo_monthly = chosen.albedoMonthly.map(numberOrText) as number[];
  }
  return chosen.model !== preset.model || Object.keys(changes).length > 0 ? { model: chosen.model, ...changes } : {};
}
