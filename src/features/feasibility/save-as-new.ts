import type { NewStudy } from '../../../machines/feasibility.machine.ts';
import type { MonthlySource } from '../../contract/energy.ts';
import { exportInputOf, loadInputOf, type StudyLoad } from '../../contract/behind-the-meter.ts';
import type { FeasibilityStudy, StudyWeather } from '../../contract/feasibility.ts';
import { withWhatIf, type WhatIfValues } from '../../solar/what-if.ts';
import type { Infer } from 'superstruct';

/** The weather source that gives the study's weather again: the same upload, PVGIS cell, NSRDB year or monthly means. */
function sameWeather(study: FeasibilityStudy, weather: StudyWeather): NewStudy['weather'] {
  const used = study.weather;
  if (used.source === 'upload') return { source: 'upload', weather_id: used.weather_id ?? '' };
  if (used.source === 'pvgis') return { source: 'pvgis', lat: used.lat, lon: used.lon };
  if (used.source === 'nsrdb') return { source: 'nsrdb', lat: used.lat, lon: used.lon, year: used.year ?? 'tmy' };
  return JSON.parse(weather.content) as Infer<typeof MonthlySource>;
}

/** The name a what-if is offered when saved. */
export const whatIfName = (study: Pick<FeasibilityStudy, 'name'>) => `${study.name} (what-if)`.slice(0, 100);

/**
 * A new study from a what-if: the saved study's every assumption, with the slider values in place (a single owner's
 * credits, tax and debt among them).
 */
export function saveAsNewStudy(study: FeasibilityStudy, weather: StudyWeather, values: WhatIfValues, name = whatIfName(study), load?: StudyLoad): NewStudy {
  const s = study.system;
  const { load: loadUsed, ...assumptions } = withWhatIf({ system: s, assumptions: study.assumptions }, values).assumptions;
  const tracker = s.mount === 'single_axis';
  return {
    name: name.trim().slice(0, 100),
    weather: sameWeather(study, weather),
    preset_id: study.preset.id,
    system: {
      dc_kw: values.dc_kw ?? s.dc_kw,
      mount: s.mount,
      tilt_deg: values.tilt_deg,
      azimuth_deg: values.azimuth_deg,
      ...(tracker ? { max_angle_deg: s.max_angle_deg!, backtrack: s.backtrack! } : {}),
      ...(s.gcr !== null ? { gcr: s.gcr } : {}),
      losses_pct: values.losses_pct,
      dc_ac_ratio: values.dc_ac_ratio,
      inverter_efficiency_pct: s.inverter_efficiency_pct,
      albedo: s.albedo,
      ...(s.model === 'pvwatts_v8'
        ? {
            model: s.model,
            module_type: s.module_type ?? undefined,
            array_type: s.array_type,
            bifaciality: s.bifaciality,
            snow_model: s.snow_model,
            soiling_monthly_pct: s.soiling_monthly_pct ?? undefined,
            albedo_monthly: s.albedo_monthly ?? undefined,
            albedo_from_weather: s.albedo_from_weather,
          }
        : { model: 'pvlib' as const, array_type: s.array_type, gamma_pct_per_c: s.gamma_pct_per_c, temperature_model: s.temperature_model === 'noct' ? undefined : s.temperature_model }),
    },
    // The what-if's own mapping of the slider values (the discount rate is the equity rate of a single owner).
    ...assumptions,
    ...(assumptions.export ? { export: exportInputOf(assumptions.export) } : {}),
    ...(loadUsed ? { load: loadInputOf(loadUsed, load) } : {}),
  };
}
