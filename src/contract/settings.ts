import { array, boolean, enums, nullable, number, object, optional, partial, record, string, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { numeric, within } from './gis.ts';
import { notBlank, notLessThanOne, priceNotEmpty, priceTwoDecimals, required, threeDigitValue, twoDigitValue, type Rule } from './validation.ts';

export const currencies = ['INR', 'USD', 'EUR'] as const;
export const mounts = ['fixed', 'single_axis'] as const;
export const builtinPresetIds = ['builtin:us-utility', 'builtin:india-utility', 'builtin:commercial-rooftop'] as const;
export type BuiltinPresetId = (typeof builtinPresetIds)[number];

export const settingsMessages = {
  tilt: 'Tilt must be from 0 to 90 degrees.',
  azimuth: 'Azimuth must be from 0 to below 360 degrees (180 = south).',
  gcr: 'Ground coverage ratio must be above 0 and below 1.',
  maxAngle: 'Tracker rotation limit must be above 0 and at most 90 degrees.',
  dcAc: 'DC/AC ratio must be from 0.5 to 3.',
  escalation: 'Escalation must be a percentage from 0 to below 100.',
  degradation: 'Degradation must be a percentage from 0 to below 100.',
  tariff: 'Price can be less than 0',
  years: 'Analysis period must be a whole number of years, at most 50.',
  readOnly: 'Built-in presets are read-only: save a copy (send based_on without an id).',
} as const;

// A tariff is quoted to fractions of a cent ($0.035/kWh), so up to 4 decimals; the message is the spec's price one.
const tariffPrice: Rule = (value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const s = typeof value === 'number' ? String(value) : value;
  return typeof s === 'string' && /^(?:\d+(?:\.\d{1,4})?|\.\d{1,4})$/.test(s) ? undefined : settingsMessages.tariff;
};
const wholeYears: Rule = (value) => (value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : settingsMessages.years);
const escalation = numeric(required, within(0, 100, settingsMessages.escalation, { highOpen: true }));
const price = numeric(priceNotEmpty, priceTwoDecimals);

export const SystemAssumptions = object({
  module_power_w: numeric(required, threeDigitValue),
  module_efficiency_pct: numeric(required, twoDigitValue),
  mount: enums(mounts),
  /** Module tilt for fixed racking; the axis tilt for a tracker. */
  tilt_deg: numeric(required, within(0, 90, settingsMessages.tilt)),
  azimuth_deg: numeric(required, within(0, 360, settingsMessages.azimuth, { highOpen: true })),
  gcr: numeric(required, within(0, 1, settingsMessages.gcr, { lowOpen: true, highOpen: true })),
  /** Tracker rotation limit; unused for fixed racking. */
  max_angle_deg: numeric(required, within(0, 90, settingsMessages.maxAngle, { lowOpen: true })),
  losses_pct: numeric(required, twoDigitValue),
  dc_ac_ratio: numeric(required, within(0.5, 3, settingsMessages.dcAc)),
  inverter_efficiency_pct: numeric(required, twoDigitValue),
});

export const CostAssumptions = object({
  capex_per_wdc: price,
  fixed_costs: price,
  om_per_kw_yr: price,
  om_basis: enums(['dc', 'ac']),
  om_escalation_pct: escalation,
});

export const TariffAssumptions = object({
  price_per_kwh: numeric(priceNotEmpty, tariffPrice),
  escalation_pct: escalation,
});

export const FinanceAssumptions = object({
  discount_rate_pct: numeric(required, twoDigitValue),
  degradation_pct: numeric(required, within(0, 100, settingsMessages.degradation, { highOpen: true })),
  analysis_years: numeric(required, notLessThanOne, wholeYears, within(1, 50, settingsMessages.years)),
  currency: enums(currencies),
});

export const Assumptions = object({
  system: SystemAssumptions,
  costs: CostAssumptions,
  tariff: TariffAssumptions,
  finance: FinanceAssumptions,
});

/** Any subset of the assumptions; the rest comes from the preset edited or the one it is based on. */
export const AssumptionsPatch = object({
  system: optional(partial(SystemAssumptions)),
  costs: optional(partial(CostAssumptions)),
  tariff: optional(partial(TariffAssumptions)),
  finance: optional(partial(FinanceAssumptions)),
});

const presetName = text(required, notBlank, maxLength(100));

/** update/v2: without `id` a new preset (name required), with `id` an edit of one of the caller's presets. */
export const PresetBody = object({
  id: optional(text(required, maxLength(64))),
  name: optional(presetName),
  /** Scopes the preset to a project; null makes it available to every project. */
  project_id: optional(nullable(text(required, maxLength(64)))),
  /** The built-in (or own) preset a new one starts from; the US utility-scale defaults when omitted. */
  based_on: optional(text(required, maxLength(64))),
  assumptions: optional(AssumptionsPatch),
});

export const PresetQuery = object({ project_id: optional(text(required, maxLength(64))) });

export const ValueSource = object({ source: string(), year: nullable(number()), approximate: boolean() });

export const Preset = object({
  id: string(),
  name: string(),
  builtin: boolean(),
  read_only: boolean(),
  project_id: nullable(string()),
  based_on: nullable(string()),
  assumptions: Assumptions,
  /** Where each value comes from, by path ("costs.capex_per_wdc"). */
  sources: record(string(), ValueSource),
  updated_at: nullable(string()),
  last_used_at: nullable(string()),
});

export const PresetList = object({ count: number(), results: array(Preset) });

export type Assumptions = Infer<typeof Assumptions>;
export type AssumptionsPatch = Infer<typeof AssumptionsPatch>;
export type PresetBody = Infer<typeof PresetBody>;
export type ValueSource = Infer<typeof ValueSource>;
export type Preset = Infer<typeof Preset>;
export type PresetList = Infer<typeof PresetList>;
