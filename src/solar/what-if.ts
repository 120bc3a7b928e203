/**
 * Instant what-ifs on a saved study: its weather year and site context are built once, then every change of the
 * sliders runs the same engine and cash-flow model the server ran for the study, giving the figures the study page
 * shows. Only the array and the money change between what-ifs, so the sun path and sky terms are never recomputed.
 */
import type { Infer } from 'superstruct';
import { isAfterTax } from '../contract/settings.ts';
import type { MonthlySource, SystemUsed } from '../contract/energy.ts';
import type { StudyLoad } from '../contract/behind-the-meter.ts';
import type { StudyWeather } from '../contract/feasibility.ts';
import { firstWeekdayOf } from './behind-the-meter.ts';
import { sizeSweep, sweepSizes, type SweepPoint } from './size-sweep.ts';
import { energyFiguresOf, financeAssumptionsOf, financeFiguresFor, monthlyMeansOf, singleOwnerTermsOf, systemSpecOf, type EnergyFigures, type FinanceFigures, type StudyAssumptions } from './answers.ts';
import { pvwattsInverter } from './pvwatts.ts';
import { tornado, type Tornado } from './sensitivity.ts';
import { synthesiseWeatherYear } from './monthly-synthesis.ts';
import { createSiteContext, type SiteContext } from './site-context.ts';
import { simulate } from './simulate.ts';
import { readWeather } from './weather/read-weather.ts';
import type { WeatherYear } from './weather/weather-year.ts';

/** Everything a what-if is computed from: the study's system and assumptions with the slider values applied. */
export interface WhatIfInputs {
  system: SystemUsed;
  assumptions: StudyAssumptions;
}

/** The values the what-if sliders move. */
export interface WhatIfValues {
  /** Module tilt for fixed racking, the axis tilt for a tracker, degrees. */
  tilt_deg: number;
  /** Direction the modules face for fixed racking, the axis direction for a tracker, degrees (180 = south). */
  azimuth_deg: number;
  dc_ac_ratio: number;
  losses_pct: number;
  capex_per_wdc: number;
  price_per_kwh: number;
  discount_rate_pct: number;
  // A single owner's terms (absent for a pre-tax study). Debt is sized one way: by share or by coverage.
  itc_pct?: number;
  ptc_per_kwh?: number;
  federal_tax_rate_pct?: number;
  debt_fraction_pct?: number;
  min_dscr?: number;
  debt_rate_pct?: number;
  // Behind the meter: the array's size, the tariff's yearly escalation and the export rate.
  dc_kw?: number;
  tariff_escalation_pct?: number;
  sell_rate_per_kwh?: number;
}

/** The first years of operation a PTC is paid for when the study had none (IRC §45: ten years). */
const PTC_YEARS = 10;

/** The headline figures of a study, recomputed. */
export type WhatIfFigures = EnergyFigures & FinanceFigures;

/** A study's weather year and its site context, built once and shared by every what-if; behind the meter, its load. */
export interface PreparedStudy {
  weather: WeatherYear;
  site: SiteContext;
  loadKwh?: Float64Array;
}

export function prepareWhatIf(weather: Pick<StudyWeather, 'kind' | 'content'> & { load?: Pick<StudyLoad, 'kwh'> }): PreparedStudy {
  const load = weather.load;
  const year = weather.kind === 'file' ? readWeather(weather.content) : synthesiseWeatherYear(monthlyMeansOf(JSON.parse(weather.content) as Infer<typeof MonthlySource>));
  return { weather: year, site: createSiteContext(year), ...(load ? { loadKwh: Float64Array.from(load.kwh) } : {}) };
}

export function sliderValuesOf(inputs: WhatIfInputs): WhatIfValues {
  const { system, assumptions } = inputs;
  return {
    tilt_deg: system.tilt_deg,
    azimuth_deg: system.azimuth_deg,
    dc_ac_ratio: system.dc_ac_ratio,
    losses_pct: system.losses_pct,
    capex_per_wdc: assumptions.costs.capex_per_wdc,
    price_per_kwh: assumptions.tariff.price_per_kwh,
    discount_rate_pct: afterTax(assumptions) ? assumptions.finance.equity_discount_rate_pct! : assumptions.finance.discount_rate_pct,
    ...afterTaxValuesOf(assumptions),
    ...(assumptions.load ? { dc_kw: system.dc_kw, tariff_escalation_pct: assumptions.tariff.escalation_pct, sell_rate_per_kwh: assumptions.export?.sell_rate_per_kwh ?? 0 } : {}),
  };
}

function afterTaxValuesOf(assumptions: StudyAssumptions): Partial<WhatIfValues> {
  const { finance, incentives, debt } = assumptions;
  if (!afterTax(assumptions) || !incentives || !debt) return {};
  return {
    itc_pct: incentives.itc_pct,
    ptc_per_kwh: incentives.ptc_per_kwh,
    federal_tax_rate_pct: finance.federal_tax_rate_pct ?? 0,
    ...(debt.min_dscr !== null ? { min_dscr: debt.min_dscr } : { debt_fraction_pct: debt.fraction_pct ?? 0 }),
    debt_rate_pct: debt.rate_pct,
  };
}

/** The study's inputs with the slider values in place of its own; AC size follows the DC/AC ratio. */
export function withWhatIf(study: WhatIfInputs, values: WhatIfValues): WhatIfInputs {
  const { system, assumptions } = study;
  const dcKw = values.dc_kw ?? system.dc_kw;
  return {
    system: {
      ...system,
      dc_kw: dcKw,
      tilt_deg: values.tilt_deg,
      azimuth_deg: values.azimuth_deg,
      dc_ac_ratio: values.dc_ac_ratio,
      losses_pct: values.losses_pct,
      // As the engine sizes the inverter, so the figure matches the answer's to the last bit.
      ac_kw: pvwattsInverter(dcKw * 1000, values.dc_ac_ratio, system.inverter_efficiency_pct / 100).acRatingW / 1000,
    },
    assumptions: {
      ...assumptions,
      costs: { ...assumptions.costs, capex_per_wdc: values.capex_per_wdc },
      tariff: { ...assumptions.tariff, price_per_kwh: values.price_per_kwh, ...(values.tariff_escalation_pct === undefined ? {} : { escalation_pct: values.tariff_escalation_pct }) },
      ...(assumptions.export && values.sell_rate_per_kwh !== undefined ? { export: { ...assumptions.export, sell_rate_per_kwh: values.sell_rate_per_kwh } } : {}),
      finance: { ...assumptions.finance, ...discountRateOf(assumptions, values.discount_rate_pct), ...(values.federal_tax_rate_pct === undefined ? {} : { federal_tax_rate_pct: values.federal_tax_rate_pct }) },
      ...withAfterTaxValues(assumptions, values),
    },
  };
}

/** The single owner's incentives and debt with the sliders' values; nothing for a pre-tax study. */
function withAfterTaxValues({ incentives, debt }: StudyAssumptions, values: WhatIfValues): Pick<StudyAssumptions, 'incentives' | 'debt'> {
  if (!incentives || !debt || values.itc_pct === undefined) return {};
  const ptc = values.ptc_per_kwh ?? incentives.ptc_per_kwh;
  return {
    incentives: { ...incentives, itc_pct: values.itc_pct, ptc_per_kwh: ptc, ptc_years: ptc > 0 && incentives.ptc_years === 0 ? PTC_YEARS : incentives.ptc_years },
    debt: {
      ...debt,
      rate_pct: values.debt_rate_pct ?? debt.rate_pct,
      ...(debt.min_dscr !== null ? { min_dscr: values.min_dscr ?? debt.min_dscr } : { fraction_pct: values.debt_fraction_pct ?? debt.fraction_pct }),
    },
  };
}

/** A single-owner study discounts at the equity rate: the slider moves that one. */
const afterTax = (assumptions: StudyAssumptions) => isAfterTax(assumptions.finance.structure);
const discountRateOf = (assumptions: StudyAssumptions, rate: number) => (afterTax(assumptions) ? { equity_discount_rate_pct: rate } : { discount_rate_pct: rate });

/** One what-if: the study's energy and cash flows for these inputs, as the server would compute them. */
export function recompute(prepared: PreparedStudy, inputs: WhatIfInputs): WhatIfFigures {
  const energy = simulate(prepared.weather, systemSpecOf(inputs.system), { site: prepared.site });
  const load = inputs.assumptions.load;
  const site = prepared.loadKwh && load ? { loadKwh: prepared.loadKwh, generationKwh: energy.hourlyAcKwh, firstWeekday: firstWeekdayOf(load.calendar_year) } : undefined;
  return { ...energyFiguresOf(energy), ...financeFiguresFor(energy, inputs.assumptions, site).figures };
}

/** Behind the meter: the savings and payback of this what-if's array at other sizes (src/solar/size-sweep.ts). */
export function sweepOf(prepared: PreparedStudy, inputs: WhatIfInputs): SweepPoint[] {
  const load = inputs.assumptions.load;
  if (!prepared.loadKwh || !load) return [];
  const energy = simulate(prepared.weather, systemSpecOf(inputs.system), { site: prepared.site });
  const sizes = sweepSizes(energy.dcKw, energy.annualAcKwh, load.annual_kwh);
  const sweep = { sections: inputs.assumptions, generationKwh: energy.hourlyAcKwh, dcKw: energy.dcKw, acKw: energy.acKw, loadKwh: prepared.loadKwh, firstWeekday: firstWeekdayOf(load.calendar_year) };
  return sizeSweep(sweep, sizes);
}

/**
 * The sensitivity tornado around a what-if: its recomputed year-1 energy and its assumptions; P90 energy is the P50
 * times the saved study's P90/P50 ratio (the uncertainty does not depend on the sliders).
 */
export function tornadoOf(inputs: WhatIfInputs, figures: Pick<WhatIfFigures, 'annual_ac_kwh' | 'dc_kw' | 'ac_kw' | 'years'>, p90Ratio: number | null): Tornado {
  // Behind the meter, each year's revenue is the bill it saves.
  const savings = inputs.assumptions.finance.structure === 'behind_the_meter' ? { savingsByYear: figures.years.map((y) => y.revenue) } : {};
  return tornado({
    energy: { annualAcKwh: figures.annual_ac_kwh, dcKw: figures.dc_kw, acKw: figures.ac_kw },
    assumptions: { ...financeAssumptionsOf(inputs.assumptions), ...savings },
    terms: singleOwnerTermsOf(inputs.assumptions, figures.dc_kw),
    p90AnnualKwh: p90Ratio === null ? null : figures.annual_ac_kwh * p90Ratio,
  });
}
