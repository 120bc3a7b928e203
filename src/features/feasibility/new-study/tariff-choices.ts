/**
 * The tariff of a behind-the-meter study as the new-study form holds it: a cited preset, an OpenEI URDB item pasted or
 * read from a file, or one built by hand (a flat price, monthly kWh slabs, or time-of-use periods on a month × hour
 * grid, with demand, fixed and minimum charges). Every way ends as the one URDB structure the API reads, checked in
 * the browser with the reader the server uses.
 */
import { urdbLabelFields } from '../../../contract/behind-the-meter.ts';
import { readUrdbRate } from '../../../solar/bills/urdb.ts';
import type { TariffProblem, UrdbRate } from '../../../solar/bills/tariff.ts';
import { TARIFF_PRESETS, type TariffPreset } from '../../../solar/tariff-presets.ts';
import { numberOrText } from './form-values.ts';

export type TariffWay = 'preset' | 'urdb' | 'hand';
export type EnergyKind = 'flat' | 'slabs' | 'tou';
export type DayKind = 'weekday' | 'weekend';

/** A monthly kWh slab: its price for each kWh up to `upToKwh` (blank on the last: no end). */
export interface Slab {
  upToKwh: string;
  price: string;
}

/** A time-of-use period: its name (the form's own), its price per kWh and, optionally, per kW of the month's peak in it. */
export interface TouPeriod {
  name: string;
  price: string;
  demandPerKw: string;
}

export interface HandTariff {
  kind: EnergyKind;
  flatPrice: string;
  slabs: Slab[];
  periods: TouPeriod[];
  /** 12 months × 24 hours of 0-based period indices, URDB's schedules. */
  weekday: number[][];
  weekend: number[][];
  /** Per kW of the month's highest demand at any hour. */
  flatDemandPerKw: string;
  fixedPerMonth: string;
  minimumPerMonth: string;
}

export interface TariffChoices {
  way: TariffWay;
  presetId: TariffPreset['id'];
  /** The OpenEI answer as pasted or read from a file. */
  urdbText: string;
  hand: HandTariff;
  escalationPct: string;
}

/** Enough periods for a summer/winter peak, part-peak and off-peak. */
export const maxTouPeriods = 6;

export const scheduleOf = (period: number) => Array.from({ length: 12 }, () => Array.from<number>({ length: 24 }).fill(period));

export interface ScheduleRange {
  /** 0-based months, both in; a range past December wraps (November to February). */
  fromMonth: number;
  toMonth: number;
  /** Hours [fromHour, toHour); past midnight wraps (22 to 6). */
  fromHour: number;
  toHour: number;
}

const within = (value: number, from: number, to: number) => (from <= to ? value >= from && value <= to : value >= from || value <= to);

/** A schedule with `period` in the hours of `range`. */
export function fillSchedule(schedule: readonly (readonly number[])[], range: ScheduleRange, period: number): number[][] {
  return schedule.map((row, m) => row.map((old, h) => (within(m, range.fromMonth, range.toMonth) && within(h, range.fromHour, range.toHour - 1) ? period : old)));
}

/** The hand-built tariff without `index`: its hours go to the first remaining period, the later periods move down one. */
export function withoutPeriod(hand: HandTariff, index: number): HandTariff {
  const renumber = (schedule: number[][]) => schedule.map((row) => row.map((period) => (period === index ? 0 : period > index ? period - 1 : period)));
  return { ...hand, periods: hand.periods.filter((_, i) => i !== index), weekday: renumber(hand.weekday), weekend: renumber(hand.weekend) };
}

/** Off-peak all week, peak on weekday evenings 16:00–21:00: a start most TOU tariffs resemble. */
export function defaultHandTariff(): HandTariff {
  return {
    kind: 'flat',
    flatPrice: '',
    slabs: [
      { upToKwh: '100', price: '' },
      { upToKwh: '300', price: '' },
      { upToKwh: '', price: '' },
    ],
    periods: [
      { name: 'Off-peak', price: '', demandPerKw: '' },
      { name: 'Peak', price: '', demandPerKw: '' },
    ],
    weekday: fillSchedule(scheduleOf(0), { fromMonth: 0, toMonth: 11, fromHour: 16, toHour: 21 }, 1),
    weekend: scheduleOf(0),
    flatDemandPerKw: '',
    fixedPerMonth: '',
    minimumPerMonth: '',
  };
}

/** The cited preset of the study's currency for the sector (a household's, unless told), else of the currency, else the first. */
export const tariffPresetFor = (currency: string, sector: TariffPreset['sector'] = 'Residential') =>
  TARIFF_PRESETS.find((preset) => preset.currency === currency && preset.sector === sector) ?? TARIFF_PRESETS.find((preset) => preset.currency === currency) ?? TARIFF_PRESETS[0]!;
export const tariffPresetById = (id: TariffPreset['id']) => TARIFF_PRESETS.find((preset) => preset.id === id) ?? TARIFF_PRESETS[0]!;

const filled = (text: string) => text.trim() !== '';
const rateOf = (text: string) => numberOrText(text) as number;

/** The hand-built tariff as an OpenEI item; typed text that is not a number stays text, for the reader to name. */
export function handRate(hand: HandTariff): Record<string, unknown> {
  const tou = hand.kind === 'tou';
  const energy =
    hand.kind === 'flat'
      ? [[{ rate: rateOf(hand.flatPrice) }]]
      : hand.kind === 'slabs'
        ? [hand.slabs.map((slab) => ({ ...(filled(slab.upToKwh) ? { max: rateOf(slab.upToKwh) } : {}), unit: 'kWh', rate: rateOf(slab.price) }))]
        : hand.periods.map((period) => [{ rate: rateOf(period.price) }]);
  const weekday = tou ? hand.weekday : scheduleOf(0);
  const weekend = tou ? hand.weekend : scheduleOf(0);
  // TOU demand follows the energy periods and their hours; a period left blank has none.
  const touDemand = tou && hand.periods.some((period) => filled(period.demandPerKw));
  return {
    energyratestructure: energy,
    energyweekdayschedule: weekday,
    energyweekendschedule: weekend,
    ...(touDemand
      ? {
        demandratestructure: hand.periods.map((period) => [{ rate: filled(period.demandPerKw) ? rateOf(period.demandPerKw) : 0 }]),
        demandweekdayschedule: weekday,
        demandweekendschedule: weekend,
      }
      : {}),
    ...(filled(hand.flatDemandPerKw) ? { flatdemandstructure: [[{ rate: rateOf(hand.flatDemandPerKw) }]], flatdemandmonths: Array.from<number>({ length: 12 }).fill(0) } : {}),
    ...(filled(hand.fixedPerMonth) ? { fixedchargefirstmeter: rateOf(hand.fixedPerMonth), fixedchargeunits: '$/month' } : {}),
    ...(filled(hand.minimumPerMonth) ? { mincharge: rateOf(hand.minimumPerMonth), minchargeunits: '$/month' } : {}),
  };
}

/** One OpenEI item from pasted text: the item itself, or the first of an `{items: [...]}` answer. */
export function openEiItem(text: string): { item: Record<string, unknown> } | { problems: TariffProblem[] } {
  if (text.trim() === '') return { problems: [{ field: '', message: 'Paste an OpenEI rate, or upload its JSON file.' }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [{ field: '', message: `is not JSON (${(error as Error).message})` }] };
  }
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(json) && Array.isArray(json.items)) {
    const [first] = json.items as unknown[];
    return isObject(first) ? { item: first } : { problems: [{ field: 'items', message: 'holds no rate item: give at least one' }] };
  }
  return isObject(json) ? { item: json } : { problems: [{ field: '', message: 'must be one OpenEI rate item, or an answer with items' }] };
}

/** The form's key of a reader's field ('energyweekdayschedule[3][14]' → 'tariff.energyweekdayschedule.3.14'), as the API names it. */
const tariffKey = (field: string) => ['tariff', ...field.split(/[.[\]]+/).filter((part) => part !== '')].join('.');

export type TariffRead =
  | { rate: UrdbRate; labels: Record<string, unknown> }
  /** Each problem under its field's key, as the API would answer it. */
  | { problems: Record<string, string[]> };

/** The chosen tariff, read as the server will read it. */
export function readTariff(choices: TariffChoices): TariffRead {
  const found = (problems: TariffProblem[]): TariffRead => {
    const byKey: Record<string, string[]> = {};
    for (const problem of problems) (byKey[tariffKey(problem.field)] ??= []).push(problem.message);
    return { problems: byKey };
  };
  if (choices.way === 'preset') {
    // The bundled tariff's name, sector and edition go with the study, so its page and report can say what it ran on
    // and the answer can say when the sector does not fit the owner.
    const preset = tariffPresetById(choices.presetId);
    return { rate: preset.rate, labels: { name: preset.name, sector: preset.sector, source: `Sunplot's bundled tariff ${preset.id}, as of ${preset.retrieved} (docs/bills.md)` } };
  }
  const source = choices.way === 'hand' ? { item: handRate(choices.hand) } : openEiItem(choices.urdbText);
  if ('problems' in source) return found(source.problems);
  const read = readUrdbRate(source.item);
  if ('problems' in read) return found(read.problems);
  const labels = choices.way === 'urdb' ? Object.fromEntries(urdbLabelFields.filter((key) => source.item[key] != null).map((key) => [key, source.item[key]])) : {};
  return { rate: read.rate, labels };
}
