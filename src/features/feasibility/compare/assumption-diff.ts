import { sameAssumptionValue } from '../../../contract/settings.ts';
import { formatQuantity } from '../../../lib/number-format.ts';

/** How a field reads: its label, the unit after a number (`currency`: the study's currency) and the words of its choices. */
export interface FieldLabel {
  label: string;
  unit?: string;
  options?: readonly { value: string; label: string }[];
}

/** One study's assumptions by section and field ("costs" → "capex_per_wdc"), and the currency its money is in. */
export interface AssumptionSet {
  sections: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  currency: string;
}

export interface AssumptionRow {
  /** "costs.capex_per_wdc" */
  path: string;
  section: string;
  label: string;
  /** The value as each study has it, in the studies' order; "—" where a study has none. */
  values: string[];
  /** Whether the studies' values are not all the same (compared as values, not as the text shown). */
  differs: boolean;
}

export const missingValue = '—';

/** "gamma_pct_per_c" → "Gamma pct per c": a field without a label still reads as words. */
const wordsOf = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');


function valueText(value: unknown, field: FieldLabel | undefined, currency: string): string {
  if (value === undefined) return missingValue;
  if (value === null) return 'not set';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string') return field?.options?.find((option) => option.value === value)?.label ?? value;
  if (typeof value === 'number') {
    const unit = field?.unit?.startsWith('currency') ? `${currency}${field.unit.slice('currency'.length)}` : field?.unit;
    return formatQuantity(value, unit, 4);
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => valueText(item, undefined, currency)).join(typeof value[0] === 'object' ? '; ' : ' / ');
  // What is left is an object: an allocation across depreciation classes, or one equipment reserve.
  return Object.entries(value)
    .map(([key, item]) => `${key} ${valueText(item, undefined, currency)}`)
    .join(', ');
}

/**
 * Every field of two or more studies' assumptions as one row each, in `sectionOrder` and then the labels' order (a
 * field no label names comes after the named ones of its section), with each study's value as text and whether the
 * values differ. A field only some studies have differs.
 */
export function diffAssumptions(sets: readonly AssumptionSet[], labels: ReadonlyMap<string, FieldLabel>, sectionOrder: readonly string[]): AssumptionRow[] {
  const paths = new Set<string>();
  for (const set of sets) {
    for (const [section, fields] of Object.entries(set.sections)) {
      for (const key of Object.keys(fields ?? {})) paths.add(`${section}.${key}`);
    }
  }
  const labelOrder = [...labels.keys()];
  const rank = (path: string) => {
    const section = path.slice(0, path.indexOf('.'));
    const sectionRank = sectionOrder.indexOf(section);
    const fieldRank = labelOrder.indexOf(path);
    return [sectionRank === -1 ? sectionOrder.length : sectionRank, fieldRank === -1 ? labelOrder.length : fieldRank];
  };
  // Array.prototype.sort is stable: unlabelled fields keep the order they were first seen in.
  const ordered = [...paths].sort((a, b) => {
    const [sectionA, fieldA] = rank(a);
    const [sectionB, fieldB] = rank(b);
    return sectionA! - sectionB! || fieldA! - fieldB!;
  });

  return ordered.map((path) => {
    const dot = path.indexOf('.');
    const section = path.slice(0, dot);
    const key = path.slice(dot + 1);
    const field = labels.get(path);
    const raw = sets.map((set) => set.sections[section]?.[key]);
    return {
      path,
      section,
      label: field?.label ?? wordsOf(key),
      values: sets.map((set, i) => valueText(raw[i], field, set.currency)),
      differs: raw.some((value) => !sameAssumptionValue(value, raw[0])),
    };
  });
}
