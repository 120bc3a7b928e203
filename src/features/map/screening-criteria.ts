/** The screening form: its fields, defaults, rules (from the contract) and the filters it sends. */
import type { Struct } from 'superstruct';
import { ScreeningCriteria } from '../../contract/gis.ts';
import type { FieldRules } from '../../lib/use-form.ts';
import { structRule } from '../../lib/struct-rule.ts';

export type CriteriaField = keyof typeof ScreeningCriteria.schema;
export type CriteriaValues = Record<CriteriaField, string>;

export const criteriaFields: { field: CriteriaField; label: string; helper: string }[] = [
  { field: 'min_area_acres', label: 'Minimum area (acres)', helper: 'Leave empty for no minimum' },
  { field: 'max_area_acres', label: 'Maximum area (acres)', helper: 'Leave empty for no maximum' },
  { field: 'max_flood_overlap_pct', label: 'Largest share in a flood zone (%)', helper: '0: must not touch one' },
  { field: 'max_wetland_overlap_pct', label: 'Largest share in wetlands (%)', helper: '0: must not touch one' },
  { field: 'max_protected_overlap_pct', label: 'Largest share in protected land (%)', helper: 'Needs a protected-land layer' },
  { field: 'max_grid_distance_km', label: 'Farthest distance to the grid (km)', helper: 'Needs a grid layer' },
  { field: 'land_use', label: 'Accepted land uses', helper: 'Separated by commas; empty accepts any' },
];

// The API's default check (no flood zone, no wetland), written out so the user sees it.
export const defaultCriteria: CriteriaValues = {
  min_area_acres: '',
  max_area_acres: '',
  max_flood_overlap_pct: '0',
  max_wetland_overlap_pct: '0',
  max_protected_overlap_pct: '',
  max_grid_distance_km: '',
  land_use: '',
};

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

/** The `filters` of a screening request: the fields given, numbers as numbers. */
export function filtersOf(values: CriteriaValues): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const { field } of criteriaFields) {
    const value = valueOf(field, values[field]);
    if (value !== undefined) filters[field] = field === 'land_use' ? value : Number(value);
  }
  return filters;
}
