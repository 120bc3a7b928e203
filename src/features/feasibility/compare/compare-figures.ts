import type { FeasibilityStudy, StudyHeadline } from '../../../contract/feasibility.ts';
import { isAfterTax } from '../../../contract/settings.ts';
import { formatDecimal, formatInteger, formatPercent } from '../../../lib/number-format.ts';
import { energyPriceUnit, formatEnergyPrice, formatMoney, formatMw, formatMwh, formatPct, paybackText, type EnergyPriceUnit } from '../study-format.ts';

export interface FigureCell {
  text: string;
  /** A word on what the number is, where studies differ in it ("after tax"). */
  note?: string;
  best: boolean;
}

export interface FigureRow {
  label: string;
  cells: FigureCell[];
}

const afterTaxOf = (h: StudyHeadline) => isAfterTax(h.structure);

interface Figure {
  label: string;
  value: (h: StudyHeadline) => number | null | undefined;
  text: (h: StudyHeadline) => string;
  note?: (h: StudyHeadline) => string | undefined;
  /** Which way is better; none for a figure that is a choice, not a result (the size). */
  better?: 'higher' | 'lower';
  /** Figures are compared only among studies that agree on this (the currency, pre-tax or after tax). */
  basis?: (h: StudyHeadline) => string;
  /** Shown only when some study has it (DSCR needs debt; the breakeven price needs the solver). */
  optional?: boolean;
}

const money = (h: StudyHeadline) => `${h.currency} ${h.structure ?? 'pre_tax'}`;
const structure = (h: StudyHeadline) => h.structure ?? 'pre_tax';
const percent = (value: number | null) => (value === null ? 'none' : formatPercent(value, 2));

/** Every figure of the table; energy prices in `unit`, the one the whole page reads them in. */
const figuresIn = (unit: EnergyPriceUnit): Figure[] => [
  { label: 'DC / AC size', value: (h) => h.dc_kw, text: (h) => `${formatMw(h.dc_kw)}dc / ${formatMw(h.ac_kw)}ac` },
  { label: 'Energy (P50)', value: (h) => h.p50_annual_kwh, text: (h) => formatMwh(h.p50_annual_kwh), better: 'higher' },
  { label: 'Energy (P90, one year)', value: (h) => h.p90_annual_kwh, text: (h) => formatMwh(h.p90_annual_kwh), better: 'higher' },
  { label: 'Specific yield', value: (h) => h.specific_yield_kwh_per_kwp, text: (h) => `${formatInteger(h.specific_yield_kwh_per_kwp)} kWh/kWp`, better: 'higher' },
  { label: 'Capacity factor (AC)', value: (h) => h.capacity_factor_ac, text: (h) => formatPct(h.capacity_factor_ac), better: 'higher' },
  { label: 'Capex', value: (h) => h.capex, text: (h) => formatMoney(h.capex, h.currency) },
  // A rooftop's bills (shown when a study has them): the tariff's year-1 bill without and with the array.
  { label: 'Bill without solar, year 1', value: (h) => h.bill_without_solar_year1, text: (h) => (h.bill_without_solar_year1 === undefined ? '—' : formatMoney(h.bill_without_solar_year1, h.currency)), optional: true },
  { label: 'Bill with solar, year 1', value: (h) => h.bill_with_solar_year1, text: (h) => (h.bill_with_solar_year1 === undefined ? '—' : formatMoney(h.bill_with_solar_year1, h.currency)), better: 'lower', basis: money, optional: true },
  { label: 'Savings, year 1', value: (h) => h.savings_year1, text: (h) => (h.savings_year1 === undefined ? '—' : formatMoney(h.savings_year1, h.currency)), better: 'higher', basis: money, optional: true },
  { label: 'NPV', value: (h) => h.npv, text: (h) => formatMoney(h.npv, h.currency), note: (h) => (afterTaxOf(h) ? 'after tax, equity' : 'pre-tax'), better: 'higher', basis: money },
  { label: 'IRR', value: (h) => h.irr_pct, text: (h) => percent(h.irr_pct), note: (h) => (afterTaxOf(h) ? 'equity, after tax' : 'project, pre-tax'), better: 'higher', basis: structure },
  { label: 'LCOE', value: (h) => h.lcoe_per_kwh, text: (h) => formatEnergyPrice(h.lcoe_per_kwh, h.currency, unit), note: (h) => (afterTaxOf(h) ? 'nominal, after incentives' : 'discounted'), better: 'lower', basis: money },
  // A study that never pays back ranks after every one that does.
  { label: 'Payback', value: (h) => h.simple_payback_years ?? Infinity, text: (h) => paybackText(h.simple_payback_years, h.discounted_payback_years).value, better: 'lower', basis: structure },
  { label: 'Min DSCR', value: (h) => h.min_dscr, text: (h) => (h.min_dscr == null ? 'no debt' : formatDecimal(h.min_dscr, 2)), better: 'higher', optional: true },
  {
    label: 'PPA price needed',
    value: (h) => h.breakeven_ppa_per_kwh,
    text: (h) => formatEnergyPrice(h.breakeven_ppa_per_kwh, h.currency, unit),
    note: (h) => (afterTaxOf(h) ? 'for the target equity IRR' : 'for NPV = 0'),
    better: 'lower',
    basis: money,
    optional: true,
  },
];

/**
 * Which of `values` is best: one study, strictly ahead of every other as shown (`texts`); none on a tie for the top
 * (two studies reading "$1.2M" are not one better than the other), or when fewer than two can be ranked.
 */
function bestOf(values: (number | null | undefined)[], texts: string[], better: 'higher' | 'lower'): boolean[] {
  const ranked = values.filter((value): value is number => value !== null && value !== undefined && !Number.isNaN(value));
  const top = better === 'higher' ? Math.max(...ranked) : Math.min(...ranked);
  const leaders = values.flatMap((value, i) => (value === top ? [i] : []));
  const leader = leaders.length === 1 ? leaders[0]! : -1;
  const tiedAsShown = leader >= 0 && texts.some((text, i) => i !== leader && values[i] != null && text === texts[leader]);
  return values.map((_, i) => ranked.length >= 2 && i === leader && !tiedAsShown && Number.isFinite(top));
}

/**
 * The studies' headline figures, one row a figure and one cell a study; the best of each result is marked where the
 * studies can be ranked on it (the same currency and tax basis).
 */
export function figureRows(studies: readonly Pick<FeasibilityStudy, 'headline'>[]): FigureRow[] {
  const headlines = studies.map((study) => study.headline);
  // One unit for a quantity across the page: per kWh only when every study reads so (rooftops, rupee tariffs).
  const unit = headlines.every((h) => energyPriceUnit(h.structure, h.currency) === 'kWh') ? 'kWh' : 'MWh';
  return figuresIn(unit)
    .filter((figure) => !figure.optional || headlines.some((h) => figure.value(h) != null))
    .map((figure) => {
      const comparable = !figure.basis || new Set(headlines.map(figure.basis)).size === 1;
      const best = figure.better && comparable ? bestOf(headlines.map(figure.value), headlines.map(figure.text), figure.better) : headlines.map(() => false);
      return { label: figure.label, cells: headlines.map((h, i) => ({ text: figure.text(h), note: figure.note?.(h), best: best[i]! })) };
    });
}
