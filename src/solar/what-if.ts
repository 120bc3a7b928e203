/**
 * Instant what-ifs on a saved study: its weather year and site context are built once, then every change of the
 * sliders runs the same engine and cash-flow model the server ran for the study, giving the figures the study page
 * shows. Only the array and the money change between what-ifs, so the sun path and sky terms are never recomputed.
 */
import type { Infer } from 'superstruct';
import type { EnergyResult, FinanceResult, MonthlySource, SystemUsed } from '../contract/energy.ts';
import type { StudyWeather } from '../contract/feasibility.ts';
import type { IrrResult } from './cash-flow.ts';
import { finance, type FinanceAssumptions, type FinanceResult as EngineFinanceResult } from './finance.ts';
import { pvwattsInverter } from './pvwatts.ts';
import { synthesiseWeatherYear, type MonthlyMeans } from './monthly-synthesis.ts';
import { createSiteContext, type SiteContext } from './site-context.ts';
import { simulate, type SimulationResult } from './simulate.ts';
import type { SystemSpec } from './system-spec.ts';
import { readWeather } from './weather/read-weather.ts';
import type { WeatherYear } from './weather/weather-year.ts';

/** The cost, tariff and finance sections a study was computed with (as FinanceResult.assumptions). */
export type StudyAssumptions = FinanceResult['assumptions'];

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

/** The energy answer's fields the study page shows. */
export type EnergyFigures = Pick<
  EnergyResult,
  'annual_ac_kwh' | 'monthly_ac_kwh' | 'specific_yield_kwh_per_kwp' | 'capacity_factor_ac' | 'performance_ratio' | 'loss_waterfall'
> &
  Pick<SystemUsed, 'dc_kw' | 'ac_kw'>;

/** The finance answer's fields the study page shows. */
export type FinanceFigures = Pick<
  FinanceResult,
  'currency' | 'capex' | 'npv' | 'irr_pct' | 'irr_rates_pct' | 'lcoe_per_kwh' | 'simple_payback_years' | 'discounted_payback_years' | 'lifetime_energy_kwh' | 'years'
>;

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

/** The engine's monthly means from the API's monthly source; its lat/lon must be filled in (the project's location). */
export function monthlyMeansOf(source: Infer<typeof MonthlySource>): MonthlyMeans {
  if (source.lat === undefined || source.lon === undefined) throw new RangeError('The monthly means have no location (lat and lon).');
  return {
    name: source.name?.trim(),
    latitude: source.lat,
    longitude: source.lon,
    elevation: source.elevation_m,
    utcOffsetHours: source.utc_offset_hours,
    ghiKwhM2PerDay: source.ghi_kwh_m2_per_day,
    tempAirC: source.temp_air_c,
    windSpeedMs: source.wind_speed_m_s,
  };
}

/** The engine's system from the one an answer shows; for a tracker, tilt and azimuth are the axis's. */
export function systemSpecOf(shown: Omit<SystemUsed, 'ac_kw'>): SystemSpec {
  return {
    dcKw: shown.dc_kw,
    dcAcRatio: shown.dc_ac_ratio,
    inverterEfficiency: shown.inverter_efficiency_pct / 100,
    losses: shown.losses_pct,
    gammaPdcPerC: shown.gamma_pct_per_c / 100,
    albedo: shown.albedo,
    cellTemperature: shown.temperature_model,
    mount:
      shown.mount === 'single_axis'
        ? { kind: 'single-axis', axisTiltDeg: shown.tilt_deg, axisAzimuthDeg: shown.azimuth_deg, maxAngleDeg: shown.max_angle_deg!, gcr: shown.gcr!, backtrack: shown.backtrack! }
        : { kind: 'fixed', tiltDeg: shown.tilt_deg, azimuthDeg: shown.azimuth_deg },
  };
}

/** The cash-flow model's assumptions from the API's three sections. */
export function financeAssumptionsOf(sections: StudyAssumptions): FinanceAssumptions {
  return {
    currency: sections.finance.currency,
    capexPerWdc: sections.costs.capex_per_wdc,
    fixedCapex: sections.costs.fixed_costs,
    omPerKwYear: sections.costs.om_per_kw_yr,
    omBasis: sections.costs.om_basis,
    omEscalationPct: sections.costs.om_escalation_pct,
    pricePerKwh: sections.tariff.price_per_kwh,
    priceEscalationPct: sections.tariff.escalation_pct,
    degradationPctPerYear: sections.finance.degradation_pct,
    discountRatePct: sections.finance.discount_rate_pct,
    analysisYears: sections.finance.analysis_years,
  };
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
    discount_rate_pct: assumptions.finance.discount_rate_pct,
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
      costs: { ...assumptions.costs, capex_per_wdc: values.capex_per_wdc },
      tariff: { ...assumptions.tariff, price_per_kwh: values.price_per_kwh },
      finance: { ...assumptions.finance, discount_rate_pct: values.discount_rate_pct },
    },
  };
}

/** One what-if: the study's energy and cash flows for these inputs, as the server would compute them. */
export function recompute(prepared: PreparedStudy, inputs: WhatIfInputs): WhatIfFigures {
  const energy = simulate(prepared.weather, systemSpecOf(inputs.system), { site: prepared.site });
  const money = finance(energy, financeAssumptionsOf(inputs.assumptions));
  return { ...energyFiguresOf(energy), ...financeFiguresOf(money) };
}

export function energyFiguresOf(result: SimulationResult): EnergyFigures {
  return {
    dc_kw: result.dcKw,
    ac_kw: result.acKw,
    annual_ac_kwh: result.annualAcKwh,
    monthly_ac_kwh: result.monthlyAcKwh,
    specific_yield_kwh_per_kwp: result.specificYieldKwhPerKwp,
    capacity_factor_ac: result.capacityFactorAc,
    performance_ratio: result.performanceRatio,
    loss_waterfall: {
      nominal_kwh: result.lossWaterfall.nominalKwh,
      steps: result.lossWaterfall.steps.map((step) => ({ key: step.key, kwh: step.kwh, pct_of_nominal: step.pctOfNominal })),
      final_kwh: result.lossWaterfall.finalKwh,
    },
  };
}

export function financeFiguresOf(out: EngineFinanceResult): FinanceFigures {
  return {
    currency: out.currency,
    capex: out.capex,
    npv: out.npv,
    ...irrPct(out.irr),
    lcoe_per_kwh: Number.isFinite(out.lcoePerKwh) ? out.lcoePerKwh : null,
    simple_payback_years: out.simplePaybackYears,
    discounted_payback_years: out.discountedPaybackYears,
    lifetime_energy_kwh: out.lifetimeEnergyKwh,
    years: out.years.map((y) => ({
      year: y.year,
      energy_kwh: y.energyKwh,
      revenue: y.revenue,
      om: y.om,
      capex: y.capex,
      net_cash_flow: y.netCashFlow,
      discounted_cash_flow: y.discountedCashFlow,
      cumulative_cash_flow: y.cumulativeCashFlow,
      cumulative_discounted_cash_flow: y.cumulativeDiscountedCashFlow,
    })),
  };
}

/** The IRR in percent a year: the rate when it is unique, null otherwise, with every rate that zeroes NPV. */
export function irrPct(irr: IrrResult): Pick<FinanceResult, 'irr_pct' | 'irr_rates_pct'> {
  const pct = (rate: number) => rate * 100;
  switch (irr.kind) {
    case 'unique':
      return { irr_pct: pct(irr.rate), irr_rates_pct: [pct(irr.rate)] };
    case 'none':
      return { irr_pct: null, irr_rates_pct: [] };
    case 'multiple':
      return { irr_pct: null, irr_rates_pct: irr.rates.map(pct) };
  }
}
