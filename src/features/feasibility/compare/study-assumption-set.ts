import type { FeasibilityStudy } from '../../../contract/feasibility.ts';
// The settings form's labels, units and choice words, so a value reads the same on both screens.
import { assumptionFields, energyModelFields, pathOf, sections } from '../../../lib/assumption-fields.ts';
import type { AssumptionSet, FieldLabel } from './assumption-diff.ts';

/** What a study ran on beyond its preset's sections: the preset itself and the weather. */
const studySection = 'study';

/** What sets a study apart before any preset value: its preset, its weather and the plant's size. */
const studyFields: [path: string, field: FieldLabel][] = [
  ['study.preset', { label: 'Preset' }],
  ['study.weather', { label: 'Weather' }],
  ['system.dc_kw', { label: 'DC size', unit: 'kW' }],
  ['system.ac_kw', { label: 'AC size', unit: 'kW' }],
];

/** Fields a study records that the settings form does not edit: the engine's own choices and lists. */
const engineFields: [path: string, field: FieldLabel][] = [
  ['system.backtrack', { label: 'Backtracking' }],
  ['system.gamma_pct_per_c', { label: 'Temperature coefficient', unit: '%/°C' }],
  ['system.albedo', { label: 'Albedo' }],
  ['system.albedo_monthly', { label: 'Monthly albedo' }],
  ['system.albedo_from_weather', { label: 'Albedo from the weather file' }],
  ['system.temperature_model', { label: 'Cell temperature model', options: [{ value: 'noct', label: 'NOCT (SAM)' }, { value: 'sapm', label: 'SAPM' }, { value: 'fuentes', label: 'Fuentes' }] }],
  ['incentives.itc_classes', { label: 'ITC on the classes' }],
  ['reserves.equipment', { label: 'Equipment replacement reserves' }],
];

/** Every field's label, in the order the rows follow: the study, then the settings form's sections and fields. */
export const assumptionLabels: ReadonlyMap<string, FieldLabel> = new Map([
  ...studyFields,
  ...[...energyModelFields, ...assumptionFields].map((field) => [pathOf(field), field] as [string, FieldLabel]),
  ...engineFields,
]);

export const assumptionSections: readonly { section: string; title: string }[] = [{ section: studySection, title: 'Study' }, ...sections];

/** A study's inputs as the diff reads them: its preset and weather, the system it ran, and its finance sections. */
export function assumptionSetOf(study: FeasibilityStudy): AssumptionSet {
  return {
    sections: {
      [studySection]: { preset: study.preset.name, weather: `${study.weather.name} (${study.weather.source})` },
      system: study.system,
      ...study.assumptions,
    },
    currency: study.assumptions.finance.currency,
  };
}
