/**
 * Instant what-ifs on a saved study: its weather year and site context are built once, then every change of the
 * sliders runs the same engine and cash-flow model the server ran for the study, giving the figures the study page
 * shows. Only the array and the money change between what-ifs, so the sun path and sky terms are never recomputed.
 */
import type { Infer } from 'superstruct';
import type { MonthlySource, SystemUsed } from '../contract/energy.ts';
import type { StudyWeather } from '../contract/feasibility.ts';
import { energyFiguresOf, financeFiguresFor, monthlyMeansOf, systemSpecOf, type EnergyFigures, type FinanceFigures, type StudyAssumptions } from './answers.ts';
import { pvwattsInverter } from './pvwatts.ts';
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
}

/** The headline figures of a study, recomputed. */
export type WhatIfFigures = EnergyFigures & FinanceFigures;

/** A study's weather year and its site context, built once and shared by every what-if. */
export interface PreparedStudy {
  weather: WeatherYear;
  site: SiteContext;
}

export function prepareWhatIf(weather: Pick<StudyWeather, 'kind' | 'content'>): PreparedStudy {
  const year = weather.kind === 'file' ? readWeather(weather.content) : synthesiseWeatherYear(monthlyMeansOf(JSON.parse(weather.content) as Infer<typeof MonthlySource>));
  return { weather: year, site: createSiteContext(year) };
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
  };
}

/** The study's inputs with the slider values in place of its own; AC size follows the DC/AC ratio. */
export function withWhatIf(study: WhatIfInputs, values: WhatIfValues): WhatIfInputs {
  const { system, assumptions } = study;
  return {
    system: {
      ...system,
      tilt_deg: values.tilt_deg,
      azimuth_deg: values.azimuth_deg,
      dc_ac_ratio: values.dc_ac_ratio,
      losses_pct: values.losses_pct,
      // As the engine sizes the inverter, so the figure matches the answer's to the last bit.
      ac_kw: pvwattsInverter(system.dc_kw * 1000, values.dc_ac_ratio, system.inverter_efficiency_pct / 100).acRatingW / 1000,
    },
    assumptions: {
      ...assumptions,
      costs: { ...assumptions.costs, capex_per_wdc: values.capex_per_wdc },
      tariff: { ...assumptions.tariff, price_per_kwh: values.price_per_kwh },
      finance: { ...assumptions.finance, ...discountRateOf(assumptions, values.discount_rate_pct) },
    },
  };
}

/** A single-owner study discounts at the equity rate: the slider moves that one. */
const afterTax = (assumptions: StudyAssumptions) => assumptions.finance.structure === 'single_owner';
const discountRateOf = (assumptions: StudyAssumptions, rate: number) => (afterTax(assumptions) ? { equity_discount_rate_pct: rate } : { discount_rate_pct: rate });

/** One what-if: the study's energy and cash flows for these inputs, as the server would compute them. */
export function recompute(prepared: PreparedStudy, inputs: WhatIfInputs): WhatIfFigures {
  const energy = simulate(prepared.weather, systemSpecOf(inputs.system), { site: prepared.site });
  return { ...energyFiguresOf(energy), ...financeFiguresFor(energy, inputs.assumptions).figures };
}
