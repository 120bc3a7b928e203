import { array, assign, boolean, dynamic, enums, nullable, number, object, optional, partial, record, refine, string, type Infer, type Struct } from 'superstruct';
import { DEPRECIATION_CLASSES, DEPRECIATION_SCHEDULES } from '../solar/depreciation.ts';
import { creditOwners, isIsoDate } from '../solar/tax-credits.ts';
import { maxLength, text } from './fields.ts';
import { numeric, within } from './gis.ts';
import { notBlank, notLessThanOne, priceNotEmpty, priceTwoDecimals, required, threeDigitValue, twoDigitValue, type Rule } from './validation.ts';

export const currencies = ['INR', 'USD', 'EUR'] as const;
export const mounts = ['fixed', 'single_axis', 'two_axis'] as const;
/**
 * The energy models: `pvlib`, the pvlib-compatible PVWatts-class chain (ADR 010), and `pvwatts_v8`, NREL's PVWatts v8
 * as SAM and pvwatts.nrel.gov run it (ADR 018).
 */
export const energyModels = ['pvlib', 'pvwatts_v8'] as const;
export type EnergyModel = (typeof energyModels)[number];
/** PVWatts v8's module types and array types, spelled as PVWatts names them. */
export const moduleTypes = ['standard', 'premium', 'thin-film'] as const;
export type ModuleType = (typeof moduleTypes)[number];
export const arrayTypes = ['fixed-open', 'fixed-roof', '1-axis', '1-axis-backtrack', '2-axis'] as const;
export type ArrayType = (typeof arrayTypes)[number];
export const builtinPresetIds = ['builtin:us-utility', 'builtin:india-utility', 'builtin:commercial-rooftop', 'builtin:eu-utility', 'builtin:us-residential'] as const;
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
  percent: 'Must be a percentage from 0 to 100.',
  inflation: 'Inflation must be a percentage from 0 to below 100.',
  targetYear: 'Target year must be a whole number of years within the analysis period.',
  date: 'Give a date as YYYY-MM-DD, from 2000 to 2100.',
  inServiceBeforeStart: 'The placed-in-service date must not be before construction begins.',
  country: 'Use a two-letter country code, e.g. US or IN.',
  wholeYears: 'Must be a whole number of years from 0 to 50.',
  everyYears: 'Must be a whole number of years from 1 to 50.',
  months: 'Must be from 0 to 120 months.',
  dscr: 'DSCR must be above 0 and at most 100.',
  debtFraction: 'Debt fraction must be a percentage from 0 to below 100.',
  debtChoice: 'Give fraction_pct or min_dscr, not both.',
  allocation: 'The depreciation allocation must add up to 100 % at most.',
  equipment: 'At most 10 equipment reserves.',
  steps: 'At most 10 subsidy steps.',
  stepKw: 'A step must end above 0 and at most 10,000,000 kW, or be null (no end).',
  withinPeriod: 'Must not be longer than the analysis period.',
  bifaciality: 'Bifaciality must be from 0 to 1 (about 0.65 for bifacial modules, 0 for monofacial).',
  soiling: 'Each monthly soiling loss must be a percentage from 0 to below 100.',
  twelve: 'Give 12 monthly values, January first.',
} as const;

/** Twelve monthly numbers, January first, each checked by `rules`. */
export function twelveMonths(...rules: Parameters<typeof numeric>) {
  return refine(array(numeric(required, ...rules)), 'twelve', (values) => values.length === 12 || settingsMessages.twelve);
}

/** The PVWatts v8 choices a preset or a study may make; each is optional, and only the pvwatts_v8 model reads them. */
export const pvwattsV8Fields = {
  model: enums(energyModels),
  module_type: enums(moduleTypes),
  array_type: enums(arrayTypes),
  bifaciality: numeric(required, within(0, 1, settingsMessages.bifaciality)),
  /** PVWatts v8's snow model (Marion et al. 2013): needs snow depth in the weather file. */
  snow_model: boolean(),
  /** Soiling loss each month, % of the plane-of-array irradiance (PVWatts v8's monthly soiling). */
  soiling_monthly_pct: twelveMonths(within(0, 100, settingsMessages.soiling, { highOpen: true })),
};

/**
 * How a study is financed: the pre-tax project model, the after-tax, levered single owner (SAM's conventions), or a
 * site's own system valued by the bills it saves (behind the meter, on the single owner's after-tax machinery).
 */
export const financeStructures = ['pre_tax', 'single_owner', 'behind_the_meter'] as const;
export type FinanceStructure = (typeof financeStructures)[number];
/** Whether a structure runs on the single owner's after-tax machinery (behind the meter does, on its bill savings). */
export const isAfterTax = (structure: FinanceStructure | null | undefined) => structure === 'single_owner' || structure === 'behind_the_meter';

// A tariff is quoted to fractions of a cent ($0.035/kWh), so up to 4 decimals; the message is the spec's price one.
const tariffPrice: Rule = (value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const s = typeof value === 'number' ? String(value) : value;
  return typeof s === 'string' && /^(?:\d+(?:\.\d{1,4})?|\.\d{1,4})$/.test(s) ? undefined : settingsMessages.tariff;
};
const wholeYears: Rule = (value) => (value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : settingsMessages.years);
const escalation = numeric(required, within(0, 100, settingsMessages.escalation, { highOpen: true }));
/** The seed's price rules bound no size: past `max` (a sum, a rate per unit) a value is refused with its bound. */
const upTo = (max: number) => within(0, max, `Must be at most ${max.toLocaleString('en-US')}.`);
/** An amount of money (a cost, a grant, a loan's fees): at most ten trillion. */
const amount = numeric(priceNotEmpty, priceTwoDecimals, upTo(1e13));
/** Money per kW or per MWh a year: at most ten million. */
const perUnitYear = numeric(priceNotEmpty, priceTwoDecimals, upTo(1e7));
const percent = numeric(required, within(0, 100, settingsMessages.percent));
const wholeYearsUpTo50 = (message: string, low: number) => numeric(required, (value) => (value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : message), within(low, 50, message));
const months = numeric(required, within(0, 120, settingsMessages.months));
/** Per kWh or per Wdc, quoted to fractions of a cent like a tariff. */
const smallPrice = numeric(priceNotEmpty, tariffPrice, upTo(10_000));
/** A quote per Wdc, given to a hundredth of a cent ($1.0845/Wdc): 4 decimals in a study's request (the spec's message). */
export const quotePerWdc = smallPrice;
const scheduleKeys = [...new Set([...DEPRECIATION_SCHEDULES, ...DEPRECIATION_CLASSES])] as const;

const structure = enums(financeStructures);

/** Percent of the depreciable basis per SAM class; what is left is not depreciated (land, say). */
export const DepreciationAllocation = refine(
  object({ macrs_5: optional(percent), macrs_15: optional(percent), sl_5: optional(percent), sl_15: optional(percent), sl_20: optional(percent), sl_39: optional(percent) }),
  'adds up',
  (value) => Object.values(value).reduce((sum: number, share) => sum + (share ?? 0), 0) <= 100 + 1e-9 || settingsMessages.allocation,
);
/** A schedule's name (the whole basis on it) or an allocation in percent of the basis. */
const depreciation = dynamic((value) => (typeof value === 'object' && value !== null ? DepreciationAllocation : enums(DEPRECIATION_SCHEDULES)) as Struct<unknown, unknown>) as unknown as Struct<
  (typeof DEPRECIATION_SCHEDULES)[number] | Infer<typeof DepreciationAllocation>,
  null
>;

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
  model: optional(pvwattsV8Fields.model),
  module_type: optional(pvwattsV8Fields.module_type),
  array_type: optional(pvwattsV8Fields.array_type),
  bifaciality: optional(pvwattsV8Fields.bifaciality),
  snow_model: optional(pvwattsV8Fields.snow_model),
  soiling_monthly_pct: optional(pvwattsV8Fields.soiling_monthly_pct),
});

export const CostAssumptions = object({
  /** The preset form keeps the seed's two decimals; a study's request takes a quote's four (quotePerWdc). */
  capex_per_wdc: numeric(priceNotEmpty, priceTwoDecimals, upTo(10_000)),
  fixed_costs: amount,
  om_per_kw_yr: perUnitYear,
  om_basis: enums(['dc', 'ac']),
  om_escalation_pct: escalation,
  /** Of the installed cost, yearly, growing with inflation. */
  insurance_pct: percent,
  property_tax_pct: percent,
  /** Assessed value as a share of the installed cost, declining by a share of it each year. */
  property_assessed_pct: percent,
  property_assessed_decline_pct: percent,
  om_fixed_per_year: amount,
  om_per_mwh: perUnitYear,
  /** Interest during construction: depreciable, paid by the owner at year 0. */
  construction_financing: amount,
  /** Of the installed cost, received in the last year. */
  salvage_pct: percent,
});

export const TariffAssumptions = object({
  price_per_kwh: smallPrice,
  escalation_pct: escalation,
});

export const FinanceAssumptions = object({
  discount_rate_pct: numeric(required, twoDigitValue),
  degradation_pct: numeric(required, within(0, 100, settingsMessages.degradation, { highOpen: true })),
  analysis_years: numeric(required, notLessThanOne, wholeYears, within(1, 50, settingsMessages.years)),
  currency: enums(currencies),
  structure,
  federal_tax_rate_pct: percent,
  /** Deductible from federal taxable income. */
  state_tax_rate_pct: percent,
  /** Nominal; discounts the owner's after-tax cash flows. */
  equity_discount_rate_pct: numeric(required, twoDigitValue),
  inflation_pct: numeric(required, within(0, 100, settingsMessages.inflation, { highOpen: true })),
  target_irr_pct: numeric(required, twoDigitValue),
  /** The year at which the target IRR is to be met (SAM's flip year); null: the analysis period. */
  target_irr_year: nullable(numeric(required, notLessThanOne, wholeYears, within(1, 50, settingsMessages.targetYear))),
  /**
   * Who owns the system: a household buying it (residential: §25D's rules) or a business (commercial: §48E/§45Y). With
   * the study's country and dates it decides the federal credits (src/solar/tax-credits.ts); absent: commercial.
   */
  owner: optional(enums(creditOwners)),
});

/** A calendar date, YYYY-MM-DD, from 2000 to 2100. */
export const isoDate = text(required, (value) => (isIsoDate(value) && value >= '2000-01-01' && value <= '2100-12-31' ? undefined : settingsMessages.date));

/**
 * A study's own finance inputs beside the preset's: the dates that decide the US federal credits, and the country (a
 * study takes its project's). A US study without the dates takes today's date for both and says so in its notes.
 */
export const CreditDates = {
  begin_construction_date: isoDate,
  placed_in_service_date: isoDate,
  country: text(required, (value) => (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? undefined : settingsMessages.country)),
};

/** `per_kw` for each kW up to `up_to_kw`, beyond the step before; null: no upper end. */
export const SubsidyStep = object({ up_to_kw: nullable(numeric(required, within(0, 1e7, settingsMessages.stepKw, { lowOpen: true }))), per_kw: perUnitYear });

export const IncentiveAssumptions = object({
  /** Federal ITC, percent of the eligible basis, received in year 1. */
  itc_pct: percent,
  /** The depreciation classes whose basis earns the ITC; null: the whole basis of a named schedule, or macrs_5. */
  itc_classes: nullable(array(enums(scheduleKeys))),
  /** PTC per kWh in year 1, escalated and rounded to a tenth of a cent each year. */
  ptc_per_kwh: smallPrice,
  ptc_years: wholeYearsUpTo50(settingsMessages.wholeYears, 0),
  ptc_escalation_pct: escalation,
  /** A grant at construction: lowers the installed cost, taxable in year 1. */
  capital_subsidy: amount,
  /** A grant by size, in steps of kW (src/solar/incentives.ts), capped in all by capital_subsidy_cap. */
  capital_subsidy_per_kw: optional(refine(array(SubsidyStep), 'at most 10', (value) => value.length <= 10 || settingsMessages.steps)),
  capital_subsidy_cap: optional(nullable(amount)),
  rebate_per_kw: optional(perUnitYear),
  /** Percent of the installed cost. */
  rebate_pct: optional(percent),
  depreciation,
  /** Years of the straight_line schedule. */
  depreciation_years: wholeYearsUpTo50(settingsMessages.everyYears, 1),
  bonus_depreciation_pct: percent,
});

export const DebtAssumptions = object({
  /** Debt as a share of the total installed cost... */
  fraction_pct: nullable(numeric(required, within(0, 100, settingsMessages.debtFraction, { highOpen: true }))),
  /** ...or sized so that each year's cash available for debt service covers the debt service this many times. */
  min_dscr: nullable(numeric(required, within(0, 100, settingsMessages.dscr, { lowOpen: true }))),
  rate_pct: percent,
  tenor_years: wholeYearsUpTo50(settingsMessages.wholeYears, 0),
  upfront_fee_pct: percent,
  closing_costs: amount,
});

export const EquipmentReserve = object({
  cost_per_wdc: smallPrice,
  every_years: wholeYearsUpTo50(settingsMessages.everyYears, 1),
  depreciation: enums(scheduleKeys),
});

export const ReserveAssumptions = object({
  /** Months of operating expenses held from construction to the last year. */
  working_capital_months: months,
  /** Months of debt service held over the tenor. */
  debt_service_months: months,
  interest_pct: percent,
  equipment: refine(array(EquipmentReserve), 'at most 10', (value) => value.length <= 10 || settingsMessages.equipment),
});

export const Assumptions = object({
  system: SystemAssumptions,
  costs: CostAssumptions,
  tariff: TariffAssumptions,
  finance: FinanceAssumptions,
  incentives: IncentiveAssumptions,
  debt: DebtAssumptions,
  reserves: ReserveAssumptions,
});

/** The PVWatts v8 choices as a preset edit sends them: null takes the choice away (the model's default applies again). */
const clearablePvwattsV8Fields = object(
  Object.fromEntries(Object.entries(pvwattsV8Fields).map(([key, struct]) => [key, optional(nullable(struct as Struct<unknown, unknown>))])) as {
    [K in keyof typeof pvwattsV8Fields]: Struct<Infer<(typeof pvwattsV8Fields)[K]> | null | undefined, null>;
  },
);

/** Any subset of the assumptions; the rest comes from the preset edited or the one it is based on. */
export const AssumptionsPatch = object({
  system: optional(assign(partial(SystemAssumptions), clearablePvwattsV8Fields)),
  costs: optional(partial(CostAssumptions)),
  tariff: optional(partial(TariffAssumptions)),
  finance: optional(partial(FinanceAssumptions)),
  incentives: optional(partial(IncentiveAssumptions)),
  debt: optional(partial(DebtAssumptions)),
  reserves: optional(partial(ReserveAssumptions)),
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

/**
 * Where a value comes from. `source` is what the screens show ("what the value stands for — source"); a cost or price
 * names in it the edition of the publication the figure is from, also given alone as `edition`, and `year` is then the
 * year the figure is in (its data or dollar year). Sunplot's own placeholders name no edition.
 */
export const ValueSource = object({ source: string(), edition: optional(string()), year: nullable(number()), approximate: boolean() });

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

/**
 * Whether two assumption values are the same: numbers, text and null by value; an allocation or a list of equipment by
 * content, whatever the order of its keys (PostgreSQL's JSONB keeps keys in an order of its own).
 */
export function sameAssumptionValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameAssumptionValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Rules across fields: periods within the analysis period, and one way of sizing the debt. */
export function crossFieldErrors(a: Pick<Assumptions, 'finance' | 'incentives' | 'debt'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const years = a.finance.analysis_years;
  if (a.finance.target_irr_year !== null && a.finance.target_irr_year > years) errors['finance.target_irr_year'] = [settingsMessages.targetYear];
  if (a.incentives.ptc_years > years) errors['incentives.ptc_years'] = [settingsMessages.withinPeriod];
  if (a.debt.tenor_years > years) errors['debt.tenor_years'] = [settingsMessages.withinPeriod];
  if (a.debt.fraction_pct !== null && a.debt.min_dscr !== null) errors['debt.min_dscr'] = [settingsMessages.debtChoice];
  return errors;
}

export type Assumptions = Infer<typeof Assumptions>;
export type AssumptionsPatch = Infer<typeof AssumptionsPatch>;
export type PresetBody = Infer<typeof PresetBody>;
export type ValueSource = Infer<typeof ValueSource>;
export type Preset = Infer<typeof Preset>;
export type PresetList = Infer<typeof PresetList>;
