import { isUrdbTariff, tariffLabels } from '../../../contract/behind-the-meter.ts';
import type { FeasibilityStudy } from '../../../contract/feasibility.ts';
import { monthLongNames } from '../../../lib/months.ts';
import { exportRuleInfo } from '../new-study/behind-the-meter-choices.ts';
import { sellRateWords } from '../../../solar/behind-the-meter.ts';
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

/** What a behind-the-meter study's tariff, load and export read as on the compare page: words, never URDB's raw keys. */
const billFields: [path: string, field: FieldLabel][] = [
  ['tariff.tariff', { label: 'Tariff' }],
  ['tariff.sector', { label: 'Tariff sector' }],
  ['tariff.edition', { label: 'Tariff in force from' }],
  ['load.name', { label: 'Load' }],
  ['load.annual_kwh', { label: 'Yearly load', unit: 'kWh' }],
  ['load.calendar_year', { label: 'Calendar year of the load' }],
  ['load.growth_pct', { label: 'Load growth', unit: '%/yr' }],
  ['export.rule', { label: 'Export rule', options: Object.entries(exportRuleInfo).map(([value, info]) => ({ value, label: info.label })) }],
  ['export.sell_rate_per_kwh', { label: 'Sell rate', unit: 'currency/kWh' }],
  ['export.hourly_sell_rates', { label: 'Sell rates' }],
  ['export.true_up_month', { label: 'True-up month' }],
  ['export.year_end_rate_per_kwh', { label: 'Year-end rate', unit: 'currency/kWh' }],
  ['finance.owner', { label: 'Owner', options: [{ value: 'residential', label: 'A household' }, { value: 'commercial', label: 'A business' }] }],
  ['finance.country', { label: 'Country' }],
  ['finance.begin_construction_date', { label: 'Construction begins' }],
  ['finance.placed_in_service_date', { label: 'Placed in service' }],
];

/** Every field's label, in the order the rows follow: the study, then the settings form's sections and fields. */
export const assumptionLabels: ReadonlyMap<string, FieldLabel> = new Map([
  ...studyFields,
  ...[...energyModelFields, ...assumptionFields].map((field) => [pathOf(field), field] as [string, FieldLabel]),
  ...engineFields,
  ...billFields,
]);

export const assumptionSections: readonly { section: string; title: string }[] = [
  { section: studySection, title: 'Study' },
  ...sections,
  { section: 'load', title: 'Load' },
  { section: 'export', title: 'Export' },
];

/** A tariff as words: a structure by its utility, name, sector and edition (its 288-hour schedules are not compared), or its flat price. */
function tariffWords(tariff: FeasibilityStudy['assumptions']['tariff']): Record<string, unknown> {
  if (!isUrdbTariff(tariff)) return { price_per_kwh: tariff.price_per_kwh, escalation_pct: tariff.escalation_pct };
  const { utility, name, sector, edition } = tariffLabels(tariff);
  return {
    tariff: [utility, name ?? 'a tariff structure entered for the study'].filter(Boolean).join(': '),
    ...(sector ? { sector } : {}),
    ...(edition ? { edition } : {}),
    escalation_pct: tariff.escalation_pct,
  };
}

/** A study's inputs as the diff reads them: its preset and weather, the system it ran, and its finance sections. */
export function assumptionSetOf(study: FeasibilityStudy): AssumptionSet {
  const { tariff, load, export: rates, ...rest } = study.assumptions;
  return {
    sections: {
      [studySection]: { preset: study.preset.name, weather: `${study.weather.name} (${study.weather.source})` },
      system: study.system,
      ...rest,
      tariff: tariffWords(tariff),
      // A year is no quantity: never grouped as "2,025"; a month by its name.
      ...(load ? { load: { name: load.name, annual_kwh: load.annual_kwh, calendar_year: load.calendar_year === null ? 'none: the year starts on a Monday' : String(load.calendar_year), growth_pct: load.growth_pct } } : {}),
      ...(rates ? { export: exportWords(rates, study.assumptions.finance.currency) } : {}),
    },
    currency: study.assumptions.finance.currency,
  };
}

/** An export rule as words: hourly sell rates by their figures (never the 8,760 values) in place of the single rate they replace. */
function exportWords(rates: NonNullable<FeasibilityStudy['assumptions']['export']>, currency: string): Record<string, unknown> {
  const { hourly_sell_rate_per_kwh: _values, hourly_sell_rates: summary, sell_rate_per_kwh, ...rest } = rates;
  return {
    ...rest,
    ...(summary ? { hourly_sell_rates: sellRateWords(summary, `${currency}/kWh`) } : { sell_rate_per_kwh }),
    true_up_month: monthLongNames[rates.true_up_month - 1] ?? String(rates.true_up_month),
  };
}
