/** The assumption fields as the settings form shows them, their rules (from the contract) and the body they make. */
import type { Struct } from 'superstruct';
import { Assumptions, currencies, mounts, PresetBody, type AssumptionsPatch, type Preset, type ValueSource } from '../../contract/settings.ts';
import { required } from '../../contract/validation.ts';
import { structRule } from '../../lib/struct-rule.ts';
import type { FieldRule } from '../../lib/use-form.ts';

type Section = keyof Assumptions;

export interface AssumptionField {
  section: Section;
  key: string;
  label: string;
  /** Unit after the value; `currency` is replaced by the preset's currency. */
  unit?: string;
  options?: readonly { value: string; label: string }[];
}

const option = (value: string, label: string) => ({ value, label });

export const sections: { section: Section; title: string }[] = [
  { section: 'system', title: 'Modules and system' },
  { section: 'costs', title: 'Costs' },
  { section: 'tariff', title: 'Tariff' },
  { section: 'finance', title: 'Finance' },
];

export const assumptionFields: AssumptionField[] = [
  { section: 'system', key: 'module_power_w', label: 'Module power', unit: 'W' },
  { section: 'system', key: 'module_efficiency_pct', label: 'Module efficiency', unit: '%' },
  { section: 'system', key: 'mount', label: 'Mounting', options: mounts.map((m) => option(m, m === 'fixed' ? 'Fixed tilt' : 'Single-axis tracker')) },
  { section: 'system', key: 'tilt_deg', label: 'Tilt (axis tilt for trackers)', unit: '°' },
  { section: 'system', key: 'azimuth_deg', label: 'Azimuth (180 = south)', unit: '°' },
  { section: 'system', key: 'gcr', label: 'Ground coverage ratio' },
  { section: 'system', key: 'max_angle_deg', label: 'Tracker rotation limit', unit: '°' },
  { section: 'system', key: 'losses_pct', label: 'System losses', unit: '%' },
  { section: 'system', key: 'dc_ac_ratio', label: 'DC/AC ratio' },
  { section: 'system', key: 'inverter_efficiency_pct', label: 'Inverter efficiency', unit: '%' },
  { section: 'costs', key: 'capex_per_wdc', label: 'Installed cost per Wdc', unit: 'currency' },
  { section: 'costs', key: 'fixed_costs', label: 'Fixed costs', unit: 'currency' },
  { section: 'costs', key: 'om_per_kw_yr', label: 'O&M per kW and year', unit: 'currency' },
  { section: 'costs', key: 'om_basis', label: 'O&M per kW of', options: [option('dc', 'DC capacity'), option('ac', 'AC capacity')] },
  { section: 'costs', key: 'om_escalation_pct', label: 'O&M escalation', unit: '% / yr' },
  { section: 'tariff', key: 'price_per_kwh', label: 'Price per kWh', unit: 'currency' },
  { section: 'tariff', key: 'escalation_pct', label: 'Price escalation', unit: '% / yr' },
  { section: 'finance', key: 'discount_rate_pct', label: 'Discount rate', unit: '%' },
  { section: 'finance', key: 'degradation_pct', label: 'Degradation', unit: '% / yr' },
  { section: 'finance', key: 'analysis_years', label: 'Analysis period', unit: 'years' },
  { section: 'finance', key: 'currency', label: 'Currency', options: currencies.map((c) => option(c, c)) },
];

// The preset name's rules, from the contract's update body.
const NameStruct = PresetBody.schema.name as Struct<unknown, unknown>;

export const pathOf = (field: AssumptionField) => `${field.section}.${field.key}`;
const isChoice = (field: AssumptionField) => field.options !== undefined;
const valueOf = (preset: Preset, field: AssumptionField) => (preset.assumptions[field.section] as Record<string, unknown>)[field.key];

/** Every field's rules: the contract's struct for it, so each shows the API's (and the spec's) message. */
export function assumptionRules(): Record<string, FieldRule<string>[]> {
  const rules: Record<string, FieldRule<string>[]> = { name: [required, structRule(NameStruct)] };
  for (const field of assumptionFields) {
    const struct = (Assumptions.schema[field.section].schema as Record<string, Struct<unknown, unknown>>)[field.key]!;
    rules[pathOf(field)] = [structRule(struct)];
  }
  return rules;
}


/** The preset's values as form text, by path ("system.gcr"). */
export function valuesOf(preset: Preset, name: string): Record<string, string> {
  const values: Record<string, string> = { name };
  for (const field of assumptionFields) values[pathOf(field)] = String(valueOf(preset, field));
  return values;
}

/** The assumptions to send, numbers as numbers. */
export function assumptionsOf(values: Record<string, string>): AssumptionsPatch {
  const patch: Record<string, Record<string, string | number>> = { system: {}, costs: {}, tariff: {}, finance: {} };
  for (const field of assumptionFields) {
    const text = values[pathOf(field)]!.trim();
    patch[field.section]![field.key] = isChoice(field) ? text : Number(text);
  }
  return patch;
}

/** "Tracker rotation limit — NREL PVWatts v8 default, 2022", with "(estimate)" where the source gives only a range or a placeholder. */
const sourceText = (source: ValueSource | undefined) =>
  source ? `${source.source}${source.year ? `, ${source.year}` : ''}${source.approximate ? ' (estimate)' : ''}` : 'No source recorded';

/**
 * The one hint under a field: the source of the value, or, once the user changed it, the built-in default it replaced
 * with that default's source (never both, so a saved copy of a built-in reads as the built-in does).
 */
export function hintOf(field: AssumptionField, preset: Preset, builtin: Preset | undefined): string {
  const path = pathOf(field);
  if (!builtin) return `${sourceText(preset.sources[path])}.`;
  const builtinValue = valueOf(builtin, field);
  const cited = `${sourceText(builtin.sources[path])}.`;
  return valueOf(preset, field) === builtinValue ? cited : `Your value. Built-in default ${String(builtinValue)}: ${cited}`;
}

/** The built-in preset a preset starts from: itself when built in, else the one it is based on. */
export const builtinOf = (preset: Preset, presets: readonly Preset[]) => (preset.builtin ? preset : presets.find((p) => p.builtin && p.id === preset.based_on));

/** Field messages from the API, under the form's paths (it nests them under assumptions.). */
export const formErrorsOf = (errors: Record<string, string[]> | undefined) =>
  errors ? Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.replace(/^assumptions\./, ''), messages])) : undefined;
