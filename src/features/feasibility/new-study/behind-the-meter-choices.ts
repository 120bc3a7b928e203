/**
 * What a behind-the-meter study asks of the new-study form (docs/api.md "Behind the meter"): who owns the system, the
 * site's load, the tariff, the rule for exported energy and the rooftop incentives, as form values; and the request
 * sections they become.
 */
import { MAX_SELL_RATE_PER_KWH, seriesLengths, type ExportRuleName, type ExportUsed, type LoadFile, type LoadInput, type SellRateSummary } from '../../../contract/behind-the-meter.ts';
import type { StudyCreateBody } from '../../../contract/feasibility.ts';
import type { Preset } from '../../../contract/settings.ts';
import { formatPercent } from '../../../lib/number-format.ts';
import { sellRateSummary } from '../../../solar/behind-the-meter.ts';
import type { LoadShape } from '../../../solar/load/shapes.ts';
import { numberOrText } from './form-values.ts';
import { defaultHandTariff, readTariff, tariffPresetById, tariffPresetFor, type TariffChoices } from './tariff-choices.ts';

export type Owner = 'household' | 'business';

export interface LoadChoices {
  way: 'shape' | 'upload';
  shape: LoadShape;
  annualKwh: string;
  /** The uploaded file chosen. */
  file: LoadFile | null;
  /** The shape a file of 12 monthly totals is spread on. */
  spreadShape: LoadShape;
  calendarYear: string;
  growthPct: string;
}

/** A year of sell rates read from a file: the values sent, and the figures shown. */
export interface HourlySellRates {
  fileName: string;
  values: number[];
  summary: SellRateSummary;
}

export interface ExportChoices {
  rule: ExportRuleName;
  sellRate: string;
  trueUpMonth: string;
  yearEndRate: string;
  /** Sent in place of the sell rate, under the rules that read them. */
  hourlySellRates?: HourlySellRates | null;
}

export interface SubsidyStepChoice {
  upToKw: string;
  perKw: string;
}

export interface IncentiveChoices {
  steps: SubsidyStepChoice[];
  cap: string;
  rebatePerKw: string;
  rebatePct: string;
}

export interface BehindTheMeterChoices {
  owner: Owner;
  load: LoadChoices;
  tariff: TariffChoices;
  export: ExportChoices;
  incentives: IncentiveChoices;
}

type ExportField = 'sellRate' | 'trueUpMonth' | 'yearEndRate' | 'hourlySellRates';

/** Each rule in one sentence (docs/bills.md "Export rules", SAM's metering options) and the fields it reads. */
export const exportRuleInfo: Record<ExportRuleName, { label: string; sentence: string; reads: readonly ExportField[] }> = {
  net_metering: {
    label: 'Net metering (kWh credits)',
    sentence: 'Surplus kWh roll over to later months, period by period; the kWh left in the true-up month are paid at the year-end rate.',
    reads: ['trueUpMonth', 'yearEndRate'],
  },
  net_metering_dollars: {
    label: 'Net metering (money credits)',
    sentence: "Each month's surplus is worth its sell rate; the credit pays the next months' energy charges, and what is left in the true-up month is paid.",
    reads: ['sellRate', 'trueUpMonth'],
  },
  net_billing: { label: 'Net billing', sentence: 'Each kWh exported is credited at the sell rate in the month it is exported.', reads: ['sellRate', 'hourlySellRates'] },
  net_billing_carryover: {
    label: 'Net billing with carry-over',
    sentence: "Exports earn the sell rate; the credit pays the next months' energy charges, and what is left in the true-up month is paid.",
    reads: ['sellRate', 'trueUpMonth', 'hourlySellRates'],
  },
  buy_all_sell_all: {
    label: 'Buy all, sell all',
    sentence: 'Two meters: the site buys all its load at the tariff and sells all the generation at the sell rate (a feed-in tariff).',
    reads: ['sellRate', 'hourlySellRates'],
  },
  none: { label: 'No export', sentence: 'Energy the site does not use at once is curtailed and earns nothing.', reads: [] },
};

export const exportChoicesOf = (used: ExportUsed): ExportChoices => ({
  rule: used.rule,
  sellRate: String(used.sell_rate_per_kwh),
  trueUpMonth: String(used.true_up_month),
  yearEndRate: String(used.year_end_rate_per_kwh),
  hourlySellRates: used.hourly_sell_rate_per_kwh ? hourlySellRatesOf('the hourly sell rates used', used.hourly_sell_rate_per_kwh) : null,
});

const hourlySellRatesOf = (fileName: string, values: number[]): HourlySellRates => ({ fileName, values, summary: sellRateSummary(values) });

const SELL_RATE_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MAX_SELL_RATE_PROBLEMS = 5;

/**
 * A file of sell rates: one column of 8,760 hourly or 35,040 quarter-hourly prices per kWh, January 1st first, an
 * optional header row, blank lines ignored; each from 0 to MAX_SELL_RATE_PER_KWH as the API takes them. Read in the
 * browser: the values go with the request. Refused with "Line N: reason" (the first five).
 */
export function readSellRates(fileName: string, text: string): HourlySellRates | { problems: string[] } {
  const values: number[] = [];
  const problems: string[] = [];
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  let first = true;
  for (const [index, content] of lines.entries()) {
    if (problems.length >= MAX_SELL_RATE_PROBLEMS) break;
    const fields = content.split(/[,;\t]/).map((field) => field.trim().replace(/^"(.*)"$/, '$1')).filter((field) => field !== '');
    if (fields.length === 0) continue;
    const isHeader = first && fields.length === 1 && !SELL_RATE_NUMBER.test(fields[0]!);
    first = false;
    if (isHeader) continue;
    const line = `Line ${index + 1}`;
    if (fields.length > 1) problems.push(`${line}: ${fields.length} columns; give one sell rate a line`);
    else if (!SELL_RATE_NUMBER.test(fields[0]!)) problems.push(`${line}: "${fields[0]!.slice(0, 40)}" is not a number`);
    else {
      const value = Number(fields[0]);
      if (!(value >= 0 && value <= MAX_SELL_RATE_PER_KWH)) problems.push(`${line}: ${fields[0]} is not a sell rate from 0 to ${MAX_SELL_RATE_PER_KWH} per kWh`);
      else values.push(value);
    }
  }
  if (problems.length > 0) return { problems };
  if (!(seriesLengths as readonly number[]).includes(values.length)) {
    return { problems: [`${values.length.toLocaleString('en-US')} sell rates found: give 8,760 hourly or 35,040 quarter-hourly sell rates, January 1st first.`] };
  }
  return hourlySellRatesOf(fileName, values);
}

/** India's rooftop scheme for homes: ₹30,000/kW up to 2 kW, ₹18,000 for the 3rd kW, ₹78,000 at most. */
export const pmSuryaGhar = {
  label: 'PM Surya Ghar (India, 2024)',
  source: 'PM Surya Ghar: Muft Bijli Yojana, MNRE scheme guidelines, February 2024',
  currency: 'INR',
  incentives: {
    steps: [
      { upToKw: '2', perKw: '30000' },
      { upToKw: '3', perKw: '18000' },
    ],
    cap: '78000',
    rebatePerKw: '',
    rebatePct: '',
  } satisfies IncentiveChoices,
} as const;

/** The form's start: a household on the residential shape, the cited household tariff of the study's currency and its export rule. */
export function defaultBehindTheMeter(currency: string): BehindTheMeterChoices {
  const preset = tariffPresetFor(currency);
  return {
    owner: 'household',
    load: { way: 'shape', shape: 'residential', annualKwh: '', file: null, spreadShape: 'residential', calendarYear: '', growthPct: '' },
    tariff: { way: 'preset', presetId: preset.id, urdbText: '', hand: defaultHandTariff(), escalationPct: String(preset.escalation_pct) },
    export: exportChoicesOf(preset.export),
    incentives: { steps: [{ upToKw: '', perKw: '' }], cap: '', rebatePerKw: '', rebatePct: '' },
  };
}

/** The tariff preset's escalation and export rule come with it; hourly sell rates read from a file stay. */
export function withTariffPreset(choices: BehindTheMeterChoices, id: TariffChoices['presetId']): BehindTheMeterChoices {
  const preset = tariffPresetById(id);
  return {
    ...choices,
    tariff: { ...choices.tariff, presetId: id, escalationPct: String(preset.escalation_pct) },
    export: { ...exportChoicesOf(preset.export), hourlySellRates: choices.export.hourlySellRates ?? null },
  };
}

const filled = (text: string) => text.trim() !== '';
const numberOf = (text: string) => numberOrText(text) as number;

/** The site's yearly consumption as the form knows it: typed for a shape, read from the chosen file. */
export function annualLoadKwh(load: LoadChoices): number | null {
  if (load.way === 'upload') return load.file?.annual_kwh ?? null;
  const typed = Number(load.annualKwh);
  return filled(load.annualKwh) && Number.isFinite(typed) && typed > 0 ? typed : null;
}

function loadInput(load: LoadChoices): LoadInput {
  const common = { ...(filled(load.calendarYear) ? { calendar_year: numberOf(load.calendarYear) } : {}), ...(filled(load.growthPct) ? { growth_pct: numberOf(load.growthPct) } : {}) };
  if (load.way === 'shape') return { shape: load.shape, annual_kwh: numberOf(load.annualKwh), ...common };
  // Without a file the API answers "This is Required." at load.upload_id, shown under the upload.
  return { upload_id: load.file?.id ?? '', ...(load.file?.kind === 'monthly' ? { shape: load.spreadShape } : {}), ...common };
}

function exportInput(choices: ExportChoices): NonNullable<StudyCreateBody['export']> {
  const reads = exportRuleInfo[choices.rule].reads;
  const sent = (field: ExportField, text: string) => reads.includes(field) && filled(text);
  // Hourly sell rates replace the single one (the API refuses both).
  const hourly = reads.includes('hourlySellRates') ? choices.hourlySellRates : undefined;
  return {
    rule: choices.rule,
    ...(hourly ? { hourly_sell_rate_per_kwh: hourly.values } : sent('sellRate', choices.sellRate) ? { sell_rate_per_kwh: numberOf(choices.sellRate) } : {}),
    ...(sent('trueUpMonth', choices.trueUpMonth) ? { true_up_month: numberOf(choices.trueUpMonth) } : {}),
    ...(sent('yearEndRate', choices.yearEndRate) ? { year_end_rate_per_kwh: numberOf(choices.yearEndRate) } : {}),
  };
}

function incentiveInput(choices: IncentiveChoices) {
  const steps = choices.steps.filter((step) => filled(step.upToKw) || filled(step.perKw));
  return {
    // A step without an end covers every kW after the one before.
    ...(steps.length > 0 ? { capital_subsidy_per_kw: steps.map((step) => ({ up_to_kw: filled(step.upToKw) ? numberOf(step.upToKw) : null, per_kw: numberOf(step.perKw) })) } : {}),
    ...(filled(choices.cap) ? { capital_subsidy_cap: numberOf(choices.cap) } : {}),
    ...(filled(choices.rebatePerKw) ? { rebate_per_kw: numberOf(choices.rebatePerKw) } : {}),
    ...(filled(choices.rebatePct) ? { rebate_pct: numberOf(choices.rebatePct) } : {}),
  };
}

export type BehindTheMeterSections = Pick<StudyCreateBody, 'finance' | 'incentives' | 'load' | 'tariff' | 'export'>;

/**
 * The request's behind-the-meter sections: a household pays no tax on what it saves and depreciates nothing, a
 * business keeps the preset's tax and depreciation. Refused (with each problem under its field's key) while the
 * tariff does not read as the server would read it.
 */
export function behindTheMeterSections(choices: BehindTheMeterChoices): { sections: BehindTheMeterSections } | { problems: Record<string, string[]> } {
  const tariff = readTariff(choices.tariff);
  if ('problems' in tariff) return tariff;
  const household = choices.owner === 'household';
  return {
    sections: {
      finance: { structure: 'behind_the_meter', owner: household ? 'residential' : 'commercial', ...(household ? { federal_tax_rate_pct: 0, state_tax_rate_pct: 0 } : {}) },
      incentives: { ...(household ? { depreciation: 'none' as const } : {}), ...incentiveInput(choices.incentives) },
      load: loadInput(choices.load),
      // URDB's fields beside the escalation: the contract's tariff object is loose.
      tariff: { ...tariff.labels, ...tariff.rate, escalation_pct: numberOf(choices.tariff.escalationPct) },
      export: exportInput(choices.export),
    },
  };
}

/** What the owner choice means for this preset, in words. */
export function ownerNote(owner: Owner, preset: Preset): string {
  if (owner === 'household') {
    return 'A household pays no tax on the bills it saves and cannot depreciate the system: tax rates 0 and no depreciation. In the US its federal credit is §25D, which ends for systems completed after 2025.';
  }
  const { federal_tax_rate_pct: federal, state_tax_rate_pct: state } = preset.assumptions.finance;
  const depreciation = preset.assumptions.incentives.depreciation;
  return `A business keeps the preset's taxes (${formatPercent(federal, 4, { minDigits: 0 })} income tax, ${formatPercent(state, 4, { minDigits: 0 })} state) and depreciation (${typeof depreciation === 'string' ? depreciation.replaceAll('_', ' ') : 'by class'}): the savings are taxable, the system depreciates.`;
}
