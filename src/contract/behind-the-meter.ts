/**
 * Behind-the-meter studies (finance.structure 'behind_the_meter'): the site's load, its utility tariff in OpenEI URDB's
 * structure, and the rule for exported energy; and the bills the answer gives. docs/bills.md states the conventions.
 */
import { any, array, dynamic, enums, nullable, number, object, optional, refine, string, type Infer, type Struct } from 'superstruct';
import { SELL_RATE_SERIES_RULES } from '../solar/bills/bill.ts';
import { readUrdbRate } from '../solar/bills/urdb.ts';
import { MAX_MONTH_KWH, MAX_STEP_KWH } from '../solar/load/parse.ts';
import { LOAD_SHAPES } from '../solar/load/shapes.ts';
import { maxLength, text } from './fields.ts';
import { numeric, within } from './gis.ts';
import { required } from './validation.ts';

export const exportRules = ['net_metering', 'net_metering_dollars', 'net_billing', 'net_billing_carryover', 'buy_all_sell_all', 'none'] as const;
export type ExportRuleName = (typeof exportRules)[number];

/** Hourly or quarter-hourly values of a year (8,760 or 35,040). */
export const seriesLengths = [8760, 35040] as const;
/** Largest load file accepted on upload: 35,040 quarter-hours with time stamps is about 1.4 MB. */
export const maxLoadFileBytes = 5 * 1024 * 1024;
/** Load files one user may keep. */
export const maxLoadFilesPerUser = 50;
/** The dearest export price a sell rate (single or one of a series) may have, per kWh: 100 fits the rupee as well as the dollar. */
export const MAX_SELL_RATE_PER_KWH = 100;
/** A body carrying 35,040 values of load and of generation is about 1.5 MB of JSON. */
export const seriesBodyLimit = 4 * 1024 * 1024;

export const btmMessages = {
  loadOneWay: 'Give the load one way: { shape, annual_kwh }, { upload_id } or { hourly_kwh }.',
  annualKwh: 'Annual consumption must be above 0 and at most 1,000,000,000 kWh.',
  series: 'Give 8,760 hourly or 35,040 quarter-hourly values, January 1st first.',
  seriesValue: 'Each value must be a number from 0 to 1,000,000 kWh.',
  generationValue: 'Each value must be a number from -1,000,000 to 1,000,000 kWh.',
  rate: 'A rate must be from 0 to 100 per kWh.',
  sellRateSeries: 'Give 8,760 hourly or 35,040 quarter-hourly sell rates, January 1st first.',
  sellRateSeriesValue: `Each sell rate must be a number from 0 to ${MAX_SELL_RATE_PER_KWH} per kWh.`,
  sellRateSeriesRule: `Hourly sell rates value each step's export: give them with the rule ${SELL_RATE_SERIES_RULES.join(', ')} (as NREL SAM, which refuses time-series sell rates under net metering).`,
  sellRateOrSeries: 'Give one sell rate or hourly sell rates, not both: the hourly rates replace the single one.',
  month: 'Give a month from 1 (January) to 12 (December).',
  calendarYear: 'Give a calendar year from 1900 to 2100.',
  growth: 'Load growth must be a percentage a year from -50 to 100.',
  needsLoad: 'A behind-the-meter study needs the site\'s load: give load as { shape, annual_kwh }, { upload_id } or { hourly_kwh }.',
  needsGeneration: 'A behind-the-meter study compares the bills hour by hour: give energy.hourly_ac_kwh (8,760 or 35,040 values) or a weather source.',
  onlyBehindTheMeter: 'Only a behind-the-meter study reads this: set finance.structure to "behind_the_meter", or leave it out.',
  fileRequired: 'Attach the load file in the field "file".',
  emptyFile: 'The submitted file is empty.',
  tooManyFiles: `You already keep ${maxLoadFilesPerUser} load files: delete one before uploading another.`,
  loadFileOutOfRange: `This load file holds a value below 0 or above ${MAX_STEP_KWH.toLocaleString('en-US')} kWh an hour (${MAX_MONTH_KWH.toLocaleString('en-US')} kWh a month): correct it and upload it again.`,
} as const;

/** 8,760 or 35,040 numbers from `low` to `high`, checked in one pass (superstruct's array() would build a failure per value). */
const yearSeries = (low: number, high: number, messages: { length: string; value: string }) =>
  refine(any(), 'year series', (value: unknown) => {
    if (!Array.isArray(value) || !(seriesLengths as readonly number[]).includes(value.length)) return messages.length;
    for (const v of value) if (typeof v !== 'number' || !(v >= low && v <= high)) return messages.value;
    return true;
  }) as unknown as Struct<number[], null>;

/** A year of consumption, kWh per step. */
export const YearSeries = yearSeries(0, MAX_STEP_KWH, { length: btmMessages.series, value: btmMessages.seriesValue });
/** A year of generation, kWh per step: an inverter's night-time draw makes a step slightly negative. */
export const GenerationSeries = yearSeries(-MAX_STEP_KWH, MAX_STEP_KWH, { length: btmMessages.series, value: btmMessages.generationValue });
/** A year of export prices, currency per kWh per step (SAM's ur_ts_sell_rate). */
export const SellRateSeries = yearSeries(0, MAX_SELL_RATE_PER_KWH, { length: btmMessages.sellRateSeries, value: btmMessages.sellRateSeriesValue });

const calendarYear = numeric(required, (value) => (Number.isInteger(Number(value)) ? undefined : btmMessages.calendarYear), within(1900, 2100, btmMessages.calendarYear));
const idText = text(required, maxLength(64));
const rate = numeric(required, within(0, MAX_SELL_RATE_PER_KWH, btmMessages.rate));
/** How much the load changes each year after the first, percent; 0 when omitted. */
const growthPct = numeric(required, within(-50, 100, btmMessages.growth));
const common = { calendar_year: optional(calendarYear), growth_pct: optional(growthPct) };

/** A typical shape scaled to the site's yearly consumption (src/solar/load/shapes.ts says where each comes from). */
export const ShapeLoad = object({
  shape: enums(LOAD_SHAPES),
  annual_kwh: numeric(required, within(0, 1e9, btmMessages.annualKwh, { lowOpen: true })),
  /** calendar_year: the year the load was metered in, for its weekdays; without it the year starts on a Monday (SAM's convention). */
  ...common,
});
/** An uploaded load file (load/upload/); 12 monthly totals are spread on `shape` (residential when omitted). */
export const UploadLoad = object({ upload_id: idText, shape: optional(enums(LOAD_SHAPES)), ...common });
/** The metered year itself: 8,760 hourly or 35,040 quarter-hourly kWh. */
export const GivenLoad = object({ hourly_kwh: YearSeries, ...common });

type AnyLoad = Infer<typeof ShapeLoad> | Infer<typeof UploadLoad> | Infer<typeof GivenLoad>;
const loadOneWay = refine(any(), 'load', () => btmMessages.loadOneWay) as Struct<AnyLoad, null>;

/** One of the three, chosen by the fields given (hourly_kwh, upload_id, or shape). */
export const LoadInput = dynamic<AnyLoad>((value) => {
  const has = (key: string) => typeof value === 'object' && value !== null && Object.hasOwn(value, key);
  const ways = [has('hourly_kwh'), has('upload_id'), has('annual_kwh')].filter(Boolean).length;
  if (ways !== 1) return loadOneWay;
  return (has('hourly_kwh') ? GivenLoad : has('upload_id') ? UploadLoad : ShapeLoad) as unknown as Struct<AnyLoad, null>;
});

const exportFields = object({
  rule: enums(exportRules),
  /** Paid per kWh exported where the tariff's tier gives no `sell` rate. */
  sell_rate_per_kwh: optional(rate),
  /** Net metering: the month unused kWh credits are paid out (1-12); December when omitted. */
  true_up_month: optional(numeric(required, (value) => (Number.isInteger(Number(value)) ? undefined : btmMessages.month), within(1, 12, btmMessages.month))),
  /** Net metering: the rate the credits left at the true-up are paid at. */
  year_end_rate_per_kwh: optional(rate),
  /** 8,760 or 35,040 export prices, one a step of the year (SAM's ur_ts_sell_rate), in place of the tariff's sell rates and sell_rate_per_kwh. */
  hourly_sell_rate_per_kwh: optional(SellRateSeries),
});

/**
 * What to do with energy the site does not use: SAM's metering options, and `none` (curtailed). Hourly sell rates go
 * with the rules that value each step's export (SAM refuses them under net metering), and replace a single sell rate.
 */
export const ExportInput = refine(exportFields, 'export', (value, context) => {
  if (value.hourly_sell_rate_per_kwh === undefined) return true;
  const at = (field: string, message: string) => [{ path: [...(context.path as (string | number)[]), field], message }];
  if (!(SELL_RATE_SERIES_RULES as readonly string[]).includes(value.rule)) return at('hourly_sell_rate_per_kwh', btmMessages.sellRateSeriesRule);
  if (value.sell_rate_per_kwh !== undefined) return at('sell_rate_per_kwh', btmMessages.sellRateOrSeries);
  return true;
});

/** URDB's rate fields (OpenEI API v7/v8 names) that the bill reads; the rest of an OpenEI item is kept as it came. */
export const urdbRateFields = [
  'energyratestructure',
  'energyweekdayschedule',
  'energyweekendschedule',
  'demandratestructure',
  'demandweekdayschedule',
  'demandweekendschedule',
  'flatdemandstructure',
  'flatdemandmonths',
  'fixedchargefirstmeter',
  'fixedchargeunits',
  'mincharge',
  'minchargeunits',
] as const;
/** Fields of an OpenEI item shown beside the tariff (which utility and rate it is). */
export const urdbLabelFields = ['label', 'name', 'utility', 'uri', 'startdate', 'sector', 'source'] as const;
/** The longest label kept with a study (OpenEI's longest are `source` URLs and rate names of a few hundred characters). */
export const maxUrdbLabelLength = 1000;

/** A tariff as a study used it: URDB's fields and the item's labels when it had a structure. */
export const urdbFieldsUsed = Object.fromEntries([...urdbRateFields, ...urdbLabelFields].map((key) => [key, optional(any())])) as Record<
  (typeof urdbRateFields)[number] | (typeof urdbLabelFields)[number],
  Struct<unknown[] | number | string | undefined, null>
>;

/**
 * `base` (the tariff's own fields) with URDB's structure read by `readUrdbRate` when it has one: each problem is
 * reported at its own path under the tariff, e.g. `tariff.energyratestructure.0.1.rate` (the first ten, then a count
 * at `tariff`); the labels kept with the study are at most `maxUrdbLabelLength` characters; an OpenEI item's other
 * fields pass as they came.
 */
export function withUrdbRate<T extends object>(base: Struct<T, unknown>, loose: Struct<T, unknown>): Struct<T, null> {
  const urdb = refine(loose, 'urdb', (value, context) => {
    const at = (field: string) => [...(context.path as (string | number)[]), ...pathOf(field)];
    const item = value as Record<string, unknown>;
    const long = urdbLabelFields.filter((key) => typeof item[key] === 'string' && item[key].length > maxUrdbLabelLength);
    if (long.length > 0) return long.map((key) => ({ path: at(key), message: `must be at most ${maxUrdbLabelLength.toLocaleString('en-US')} characters` }));
    const read = readUrdbRate(value);
    if ('rate' in read) return true;
    return read.problems.map((problem) => ({ path: at(problem.field), message: problem.message }));
  });
  return dynamic((value) => (typeof value === 'object' && value !== null && isUrdbTariff(value) ? urdb : base));
}

/** 'energyratestructure[0][1].rate' → ['energyratestructure', '0', '1', 'rate']. */
const pathOf = (field: string) => field.split(/[.[\]]+/).filter((part) => part !== '');

/** A tariff item's labels as text: utility, name and sector trimmed, and URDB's startdate (epoch seconds) as its ISO day. */
export function tariffLabels(tariff: object): { utility?: string; name?: string; sector?: string; edition?: string } {
  const item = tariff as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const edition = typeof item.startdate === 'number' ? new Date(item.startdate * 1000).toISOString().slice(0, 10) : text(item.startdate);
  return { utility: text(item.utility), name: text(item.name), sector: text(item.sector), edition };
}

/** Whether a tariff object carries URDB's structure (else it is the flat price_per_kwh of the other structures). */
export const isUrdbTariff = (tariff: object | undefined): boolean => tariff !== undefined && Object.hasOwn(tariff, 'energyratestructure');

// ---------------------------------------------------------------------------------------------
// Answers

export const LoadUsed = object({
  source: enums(['shape', 'upload', 'given']),
  shape: nullable(enums(LOAD_SHAPES)),
  upload_id: nullable(string()),
  /** The uploaded file's name, or the shape's label. */
  name: string(),
  annual_kwh: number(),
  /** 1 for hourly values, 4 for quarter-hours. */
  steps_per_hour: number(),
  calendar_year: nullable(number()),
  growth_pct: number(),
});

/** A sell-rate series in figures: how many values (8,760 or 35,040), a step's length, the lowest, mean and highest rate. */
export const SellRateSummary = object({ count: number(), steps_per_hour: number(), min: number(), mean: number(), max: number() });

export const ExportUsed = object({
  rule: enums(exportRules),
  sell_rate_per_kwh: number(),
  true_up_month: number(),
  year_end_rate_per_kwh: number(),
  /** The export prices the bills ran on when given step by step: kept so the what-if and a new run give the same bills. */
  hourly_sell_rate_per_kwh: optional(array(number())),
  /** What to show of them: a screen shows these figures, never the 8,760 or 35,040 values. */
  hourly_sell_rates: optional(SellRateSummary),
});

/**
 * The export rule an answer echoes, as a request gives it again (a what-if saved as a new study): without the summary
 * shown on screens, and with step-by-step sell rates in place of the single rate they replace.
 */
export function exportInputOf(used: Infer<typeof ExportUsed>): Infer<typeof ExportInput> {
  const { hourly_sell_rates: _summary, hourly_sell_rate_per_kwh: series, sell_rate_per_kwh: sellRate, ...rest } = used;
  return series ? { ...rest, hourly_sell_rate_per_kwh: series } : { ...rest, sell_rate_per_kwh: sellRate };
}

const charges = { energy: number(), demand: number(), fixed: number(), minimum: number(), total: number() };
export const MonthBill = object({
  month: number(),
  without: object(charges),
  /** A negative total is money owed to the customer. */
  with: object({ ...charges, credits: number() }),
  import_kwh: number(),
  export_kwh: number(),
  load_kwh: number(),
  generation_kwh: number(),
  self_consumed_kwh: number(),
  curtailed_kwh: number(),
});

/** The load the bills were computed on, as the study page draws it. */
export const LoadSummary = object({
  annual_kwh: number(),
  monthly_kwh: array(number()),
  peak_kw: number(),
  /** 12 × 24: each month's average kWh in each hour of the day. */
  average_day_kwh: array(array(number())),
});

/** The answer's behind-the-meter figures (year 1, before degradation and escalation). */
export const BillFigures = {
  bill_without_solar_year1: optional(number()),
  bill_with_solar_year1: optional(number()),
  savings_year1: optional(number()),
  /** Share of the solar energy used on site, percent. */
  self_consumption_pct: optional(number()),
  /** Share of the load met by solar, percent. */
  self_sufficiency_pct: optional(number()),
  /** Energy not used on site and not exported (export rule `none`), kWh. */
  curtailed_kwh_year1: optional(number()),
  bills: optional(array(MonthBill)),
  load_summary: optional(LoadSummary),
};

export const LoadFile = object({
  id: string(),
  name: string(),
  file_name: string(),
  kind: enums(['hourly', 'quarter_hourly', 'monthly']),
  annual_kwh: number(),
  monthly_kwh: array(number()),
  /** What reading the file assumed (a leap day dropped, say). */
  notes: array(string()),
  byte_size: number(),
  created_at: string(),
});
export const LoadFileList = object({ count: number(), results: array(LoadFile) });
export const LoadUploadFields = object({ name: optional(text(maxLength(100))) });
export const LoadIdQuery = object({ id: idText });

/** The load a study ran on, for the browser's what-if worker. */
export const StudyLoad = object({ id: string(), steps_per_hour: number(), kwh: array(number()) });

/**
 * The load input that gives a study's load again: its shape, its upload, or (given values) the values stored with the
 * study (`stored`, from load/get/); undefined when those are needed and absent.
 */
export function loadInputOf(used: LoadUsed, stored?: Pick<StudyLoad, 'kwh'>): AnyLoad | undefined {
  const common = { ...(used.calendar_year !== null ? { calendar_year: used.calendar_year } : {}), growth_pct: used.growth_pct };
  if (used.source === 'shape' && used.shape) return { shape: used.shape, annual_kwh: used.annual_kwh, ...common };
  if (used.source === 'upload' && used.upload_id) return { upload_id: used.upload_id, ...(used.shape ? { shape: used.shape } : {}), ...common };
  return stored ? { hourly_kwh: stored.kwh, ...common } : undefined;
}

export type LoadInput = AnyLoad;
export type ExportInput = Infer<typeof ExportInput>;
export type LoadUsed = Infer<typeof LoadUsed>;
export type ExportUsed = Infer<typeof ExportUsed>;
export type SellRateSummary = Infer<typeof SellRateSummary>;
export type MonthBill = Infer<typeof MonthBill>;
export type LoadSummary = Infer<typeof LoadSummary>;
export type LoadFile = Infer<typeof LoadFile>;
export type StudyLoad = Infer<typeof StudyLoad>;
