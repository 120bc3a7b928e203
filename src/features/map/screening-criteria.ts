/** The screening form: its fields (every criterion of the contract), their rules and the filters it sends. */
import type { Struct } from 'superstruct';
import { ScreeningCriteria } from '../../contract/gis.ts';
import { criterionField } from '../../contract/screening-map.ts';
import type { FieldRules } from '../../lib/use-form.ts';
import { structRule } from '../../lib/struct-rule.ts';

export type CriteriaField = keyof typeof ScreeningCriteria.schema;
export type CriteriaValues = Record<CriteriaField, string>;

const helpers: Record<string, string> = {
  min_area_acres: 'Leave empty for no minimum',
  max_area_acres: 'Leave empty for no maximum',
  max_flood_overlap_pct: '0: must not touch one',
  max_wetland_overlap_pct: '0: must not touch one',
  max_protected_overlap_pct: 'Needs a protected-land layer',
  max_grid_distance_km: 'Needs a grid layer',
  max_slope_pct: 'Steeper ground is not buildable; needs elevation data',
  max_steep_share_pct: 'Needs the slope above; empty: none at all',
  land_use: 'Separated by commas; empty accepts any',
};

// Every criterion the contract takes, so criteria added there show here; the known ones keep their place at the top.
const knownOrder = Object.keys(helpers);
const contractFields = (Object.keys(ScreeningCriteria.schema) as CriteriaField[]).sort(
  (a, b) => (knownOrder.includes(a) ? knownOrder.indexOf(a) : knownOrder.length) - (knownOrder.includes(b) ? knownOrder.indexOf(b) : knownOrder.length),
);

export const criteriaFields: { field: CriteriaField; label: string; helper: string }[] = contractFields.map((field) => {
  const { label, unit } = criterionField(field);
  return { field, label: unit ? `${label} (${unit})` : label, helper: helpers[field] ?? 'Leave empty not to check it' };
});

const emptyValues = Object.fromEntries(contractFields.map((field) => [field, ''])) as CriteriaValues;

/** The form's text for criteria as the API gives them (a project's saved ones, or the defaults), own kinds' criteria too. */
export function valuesOf(criteria: ScreeningCriteria): CriteriaValues {
  const values = { ...emptyValues };
  for (const [field, value] of Object.entries(criteria) as [CriteriaField, unknown][]) {
    if (!(field in values || /^max_.+_overlap_pct$/.test(field)) || value === undefined || value === null) continue;
    values[field] = Array.isArray(value) ? value.join(', ') : typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  }
  return values;
}

const landUses = (text: string) =>
  text
    .split(',')
    .map((use) => use.trim())
    .filter(Boolean);

const valueOf = (field: CriteriaField, text: string): unknown => {
  if (text.trim() === '') return undefined;
  return field === 'land_use' ? landUses(text) : text.trim();
};

export const criteriaRules = {} as FieldRules<CriteriaField>;
for (const { field } of criteriaFields) {
  criteriaRules[field] = [structRule(ScreeningCriteria.schema[field] as Struct<unknown, unknown>, (text) => valueOf(field, text))];
}

/** True when every field passes its rule: only such criteria are screened with or saved. */
export const criteriaValid = (values: CriteriaValues) => criteriaFields.every(({ field }) => criteriaRules[field].every((rule) => !rule(values[field], values)));

/** The `filters` of a screening request (and the criteria saved): the fields given, numbers as numbers. */
export function filtersOf(values: CriteriaValues): ScreeningCriteria {
  const filters: Record<string, unknown> = {};
  for (const { field } of criteriaFields) {
    const value = valueOf(field, values[field]);
    if (value !== undefined) filters[field] = field === 'land_use' ? value : Number(value);
  }
  return filters as ScreeningCriteria;
}
