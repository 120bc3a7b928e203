/** The assumption fields as the settings form shows them, their rules (from the contract) and the body they make. */
import { validate, type Struct } from 'superstruct';
import {
  arrayTypes,
  Assumptions,
  currencies,
  energyModels,
  moduleTypes,
  mounts,
  PresetBody,
  pvwattsV8Fields,
  sameAssumptionValue,
  type ArrayType,
  type AssumptionsPatch,
  type Preset,
  type ValueSource,
} from '../contract/settings.ts';
import { commaMessage, priceRuleWords, required } from '../contract/validation.ts';
import { mountOfArrayType } from '../solar/array-types.ts';
import { DEPRECIATION_SCHEDULES } from '../solar/depreciation.ts';
import { monthLongNames, splitRow } from './months.ts';
import { structRule } from './struct-rule.ts';
import type { FieldRule } from './use-form.ts';

type Section = keyof Assumptions;

export interface AssumptionField {
  section: Section;
  key: string;
  label: string;
  /** Unit after the value; `currency` is replaced by the preset's currency. */
  unit?: string;
  options?: readonly { value: string; label: string }[];
  /** Left empty, the field is sent as null (the hint says what null means). */
  emptyIsNull?: boolean;
  /** Only for the after-tax (single-owner) structure. */
  afterTax?: boolean;
  /** Optional in the contract: what applies while it is not set, and whose default that is. Left empty, it is left out of the body. */
  unset?: string;
  /** Only the PVWatts v8 model reads it. */
  v8?: boolean;
  /** A yes/no choice, or twelve monthly values typed in one field. */
  kind?: 'boolean' | 'months';
  /** A price quoted to fractions of a cent (the contract's four decimals); other prices (unit `currency`) take two. */
  fourDecimals?: boolean;
}

const option = (value: string, label: string) => ({ value, label });

export const sections: { section: Section; title: string }[] = [
  { section: 'system', title: 'Modules and system' },
  { section: 'costs', title: 'Costs' },
  { section: 'tariff', title: 'Tariff' },
  { section: 'finance', title: 'Finance' },
  { section: 'incentives', title: 'Tax credits and depreciation' },
  { section: 'debt', title: 'Debt' },
  { section: 'reserves', title: 'Reserves' },
];

/** An allocation across SAM's classes cannot be typed in one field: the form keeps it as it is. */
export const allocationChoice = 'allocation';
const depreciationLabels: Record<(typeof DEPRECIATION_SCHEDULES)[number], string> = {
  macrs_5: 'MACRS 5-year',
  macrs_7: 'MACRS 7-year',
  macrs_15: 'MACRS 15-year',
  straight_line: 'Straight line (years below)',
  india_wdv_40: 'India: 40 % written-down value',
  none: 'None',
};

const mountLabels: Record<(typeof mounts)[number], string> = { fixed: 'Fixed tilt', single_axis: 'Single-axis tracker', two_axis: 'Two-axis tracker' };
const notSet = (label: string) => option('', `Not set: ${label}`);

/**
 * The energy model's choices a preset may make (ADR 018), all optional: the settings form shows them in the system
 * section, the PVWatts v8 ones once that model is chosen.
 */
export const energyModelFields: AssumptionField[] = [
  {
    section: 'system',
    key: 'model',
    label: 'Energy model',
    unset: "pvlib-compatible — Sunplot's default",
    options: [notSet('pvlib-compatible'), ...energyModels.map((m) => option(m, m === 'pvwatts_v8' ? 'PVWatts v8 (NREL, as in SAM)' : 'pvlib-compatible (PVWatts-class chain)'))],
  },
  {
    section: 'system',
    key: 'array_type',
    label: 'Array type',
    unset: "from the mounting — Sunplot's default",
    options: [
      notSet('from the mounting'),
      ...arrayTypes.map((t) =>
        option(t, { 'fixed-open': 'Fixed, open rack', 'fixed-roof': 'Fixed, roof mount', '1-axis': '1-axis tracker', '1-axis-backtrack': '1-axis tracker with backtracking', '2-axis': '2-axis tracker' }[t]),
      ),
    ],
  },
  {
    section: 'system',
    key: 'module_type',
    label: 'Module type',
    unset: 'standard — NREL PVWatts v8 default',
    v8: true,
    options: [notSet('standard'), ...moduleTypes.map((t) => option(t, { standard: 'Standard (crystalline silicon)', premium: 'Premium (high efficiency)', 'thin-film': 'Thin film' }[t]))],
  },
  { section: 'system', key: 'bifaciality', label: 'Bifaciality (0 monofacial, about 0.65 bifacial)', unset: '0, monofacial — NREL PVWatts v8 default', v8: true },
  {
    section: 'system',
    key: 'snow_model',
    label: 'Snow model (needs snow depth in the weather file)',
    unset: 'off — NREL PVWatts v8 default',
    v8: true,
    kind: 'boolean',
    options: [notSet('off'), option('true', 'On'), option('false', 'Off')],
  },
  { section: 'system', key: 'soiling_monthly_pct', label: 'Monthly soiling, January to December', unit: '%', unset: 'no soiling loss beyond the system losses — NREL PVWatts v8 default', v8: true, kind: 'months' },
];

export const assumptionFields: AssumptionField[] = [
  { section: 'system', key: 'module_power_w', label: 'Module power', unit: 'W' },
  { section: 'system', key: 'module_efficiency_pct', label: 'Module efficiency', unit: '%' },
  { section: 'system', key: 'mount', label: 'Mounting', options: mounts.map((m) => option(m, mountLabels[m])) },
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
  { section: 'tariff', key: 'price_per_kwh', label: 'Price per kWh', unit: 'currency', fourDecimals: true },
  { section: 'tariff', key: 'escalation_pct', label: 'Price escalation', unit: '% / yr' },
  { section: 'finance', key: 'discount_rate_pct', label: 'Discount rate', unit: '%' },
  { section: 'finance', key: 'degradation_pct', label: 'Degradation', unit: '% / yr' },
  { section: 'finance', key: 'analysis_years', label: 'Analysis period', unit: 'years' },
  { section: 'finance', key: 'currency', label: 'Currency', options: currencies.map((c) => option(c, c)) },
  { section: 'finance', key: 'structure', label: 'Financing structure', options: [option('pre_tax', 'Pre-tax project cash flows'), option('single_owner', 'Single owner, after tax (SAM)')] },
  { section: 'finance', key: 'federal_tax_rate_pct', label: 'Federal (national) income tax', unit: '%', afterTax: true },
  { section: 'finance', key: 'state_tax_rate_pct', label: 'State income tax', unit: '%', afterTax: true },
  { section: 'finance', key: 'equity_discount_rate_pct', label: 'Equity discount rate (nominal)', unit: '%', afterTax: true },
  { section: 'finance', key: 'inflation_pct', label: 'Inflation', unit: '% / yr', afterTax: true },
  { section: 'finance', key: 'target_irr_pct', label: 'Target equity IRR', unit: '%', afterTax: true },
  { section: 'finance', key: 'target_irr_year', label: 'Target IRR year (empty: the analysis period)', unit: 'years', emptyIsNull: true, afterTax: true },
  { section: 'costs', key: 'insurance_pct', label: 'Insurance, of installed cost', unit: '% / yr', afterTax: true },
  { section: 'costs', key: 'property_tax_pct', label: 'Property tax', unit: '% / yr', afterTax: true },
  { section: 'costs', key: 'property_assessed_pct', label: 'Assessed value, of installed cost', unit: '%', afterTax: true },
  { section: 'costs', key: 'property_assessed_decline_pct', label: 'Assessed value decline', unit: '% / yr', afterTax: true },
  { section: 'costs', key: 'om_fixed_per_year', label: 'Fixed O&M per year', unit: 'currency', afterTax: true },
  { section: 'costs', key: 'om_per_mwh', label: 'O&M per MWh', unit: 'currency', afterTax: true },
  { section: 'costs', key: 'construction_financing', label: 'Construction financing', unit: 'currency', afterTax: true },
  { section: 'costs', key: 'salvage_pct', label: 'Salvage value, of installed cost', unit: '%', afterTax: true },
  { section: 'incentives', key: 'itc_pct', label: 'Investment tax credit', unit: '%', afterTax: true },
  { section: 'incentives', key: 'ptc_per_kwh', label: 'Production tax credit per kWh', unit: 'currency', afterTax: true, fourDecimals: true },
  { section: 'incentives', key: 'ptc_years', label: 'PTC term', unit: 'years', afterTax: true },
  { section: 'incentives', key: 'ptc_escalation_pct', label: 'PTC escalation', unit: '% / yr', afterTax: true },
  { section: 'incentives', key: 'capital_subsidy', label: 'Capital subsidy', unit: 'currency', afterTax: true },
  {
    section: 'incentives',
    key: 'depreciation',
    label: 'Tax depreciation',
    options: [...DEPRECIATION_SCHEDULES.map((key) => option(key, depreciationLabels[key])), option(allocationChoice, 'Allocation across classes (as saved)')],
    afterTax: true,
  },
  { section: 'incentives', key: 'depreciation_years', label: 'Straight-line years', unit: 'years', afterTax: true },
  { section: 'incentives', key: 'bonus_depreciation_pct', label: 'Bonus depreciation (MACRS)', unit: '%', afterTax: true },
  { section: 'debt', key: 'min_dscr', label: 'Size debt at a DSCR of (empty: by share)', emptyIsNull: true, afterTax: true },
  { section: 'debt', key: 'fraction_pct', label: 'Or debt share of installed cost', unit: '%', emptyIsNull: true, afterTax: true },
  { section: 'debt', key: 'rate_pct', label: 'Interest rate', unit: '%', afterTax: true },
  { section: 'debt', key: 'tenor_years', label: 'Tenor', unit: 'years', afterTax: true },
  { section: 'debt', key: 'upfront_fee_pct', label: 'Upfront fee, of the debt', unit: '%', afterTax: true },
  { section: 'debt', key: 'closing_costs', label: 'Closing costs', unit: 'currency', afterTax: true },
  { section: 'reserves', key: 'working_capital_months', label: 'Working capital', unit: 'months of costs', afterTax: true },
  { section: 'reserves', key: 'debt_service_months', label: 'Debt service reserve', unit: 'months', afterTax: true },
  { section: 'reserves', key: 'interest_pct', label: 'Interest on reserves', unit: '%', afterTax: true },
];

// The preset name's rules, from the contract's update body.
const NameStruct = PresetBody.schema.name as Struct<unknown, unknown>;

export const pathOf = (field: AssumptionField) => `${field.section}.${field.key}`;
const isChoice = (field: AssumptionField) => field.options !== undefined;
const valueOf = (preset: Preset, field: AssumptionField) => (preset.assumptions[field.section] as Record<string, unknown>)[field.key];

export const arrayTypeMountMessage = 'This array type is not on the chosen mounting: change one of them.';

/** Twelve values typed in one field, checked by the contract; a month's failure is named by its month. */
function monthsRule(struct: Struct<unknown, unknown>) {
  return (text: string): string | undefined => {
    const [failure] = validate(splitRow(text), struct, { coerce: true });
    const first = failure?.failures()[0];
    if (!first) return undefined;
    const month = typeof first.path[0] === 'number' ? monthLongNames[first.path[0]] : undefined;
    return month ? `${month}: ${first.message}` : first.message;
  };
}

/**
 * Every field's rules: the contract's struct for it, so each shows the API's (and the spec's) message. An optional
 * energy model field may be left or made empty: it is then not set, and the model's default applies.
 */
export function assumptionRules(): Record<string, FieldRule<string>[]> {
  const rules: Record<string, FieldRule<string>[]> = { name: [required, structRule(NameStruct)] };
  for (const field of assumptionFields) {
    const struct = (Assumptions.schema[field.section].schema as Record<string, Struct<unknown, unknown>>)[field.key]!;
    const check = structRule(struct, (text) => (field.emptyIsNull && text.trim() === '' ? null : text));
    rules[pathOf(field)] = field.key === 'depreciation' ? [(text) => (text === allocationChoice ? undefined : check(text))] : [check];
  }
  for (const field of energyModelFields) {
    const struct = (pvwattsV8Fields as Record<string, Struct<unknown, unknown>>)[field.key]!;
    const check = field.kind === 'months' ? monthsRule(struct) : structRule(struct, (text) => (field.kind === 'boolean' ? text === 'true' : text));
    rules[pathOf(field)] = [(text) => (text.trim() === '' ? undefined : check(text))];
  }
  rules['system.array_type']!.push((text, values) => (text !== '' && mountOfArrayType(text as ArrayType) !== values['system.mount'] ? arrayTypeMountMessage : undefined));
  return rules;
}


/** A price field's rule in plain words, shown under it; undefined for a field that is not a price. */
export const ruleWordsOf = (field: AssumptionField) => (field.unit === 'currency' ? (field.fourDecimals ? priceRuleWords.fourDecimals : priceRuleWords.twoDecimals) : undefined);

/**
 * A field's messages: its rule's (the spec's where the contract uses it) first, then, for a number typed with a comma,
 * what the comma is taken for. Twelve months are typed with commas between them, so they get no such message.
 */
export function errorsOf(field: AssumptionField, error: string | undefined, text: string): string[] | undefined {
  if (!error) return undefined;
  const comma = field.kind === 'months' || field.options ? undefined : commaMessage(text.trim());
  return comma ? [error, comma] : [error];
}

/** A number or text as form text; null (and anything else) as an empty field. */
const plainText = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

/** The preset's values as form text, by path ("system.gcr"); twelve months as "2, 2, 1.5, …". */
export function valuesOf(preset: Preset, name: string): Record<string, string> {
  const values: Record<string, string> = { name };
  for (const field of [...assumptionFields, ...energyModelFields]) {
    const value = valueOf(preset, field);
    values[pathOf(field)] = Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? String(value) : typeof value === 'object' && value !== null ? allocationChoice : plainText(value);
  }
  return values;
}

/** The assumptions to send, numbers as numbers; an energy model field left empty is sent as null, which clears it. */
export function assumptionsOf(values: Record<string, string>): AssumptionsPatch {
  const patch: Record<string, Record<string, string | number | boolean | number[] | null>> = Object.fromEntries(sections.map(({ section }) => [section, {}]));
  for (const field of assumptionFields) {
    const text = values[pathOf(field)]!.trim();
    if (field.key === 'depreciation' && text === allocationChoice) continue;
    patch[field.section]![field.key] = isChoice(field) ? text : field.emptyIsNull && text === '' ? null : Number(text);
  }
  for (const field of energyModelFields) {
    const text = values[pathOf(field)]?.trim() ?? '';
    patch.system![field.key] = text === '' ? null : field.kind === 'boolean' ? text === 'true' : field.kind === 'months' ? splitRow(text).map(Number) : isChoice(field) ? text : Number(text);
  }
  // The debt is sized one way: a DSCR wins over a share.
  if (patch.debt!.min_dscr !== null) patch.debt!.fraction_pct = null;
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
  const value = valueOf(preset, field);
  if (field.unset !== undefined && value === undefined) return `Not set: ${field.unset}.`;
  if (!builtin) return `${sourceText(preset.sources[path])}.`;
  const builtinValue = valueOf(builtin, field);
  if (field.unset !== undefined && builtinValue === undefined) return `Your value. Not set in the built-in preset: ${field.unset}.`;
  const cited = `${sourceText(builtin.sources[path])}.`;
  return sameAssumptionValue(value, builtinValue) ? cited : `Your value. Built-in default ${shown(builtinValue)}: ${cited}`;
}

const shown = (value: unknown) => (value === null ? 'empty' : typeof value === 'object' ? 'an allocation across classes' : plainText(value));

/** The built-in preset a preset starts from: itself when built in, else the one it is based on. */
export const builtinOf = (preset: Preset, presets: readonly Preset[]) => (preset.builtin ? preset : presets.find((p) => p.builtin && p.id === preset.based_on));

/** Field messages from the API, under the form's paths (it nests them under assumptions.). */
export const formErrorsOf = (errors: Record<string, string[]> | undefined) =>
  errors ? Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.replace(/^assumptions\./, ''), messages])) : undefined;
