/**
 * The engine's inputs from the API's shapes (src/contract) and its results as the API's answers: one mapping, used by
 * the server's estimates and studies and by the browser's what-if, so both give the same figures from the same inputs.
 */
import type { Infer } from 'superstruct';
import type { EnergyResult, FinanceResult, MonthlySource, SystemUsed } from '../contract/energy.ts';
import type { IrrResult } from './cash-flow.ts';
import type { FinanceAssumptions, FinanceResult as EngineFinanceResult } from './finance.ts';
import type { MonthlyMeans } from './monthly-synthesis.ts';
import type { SimulationResult } from './simulate.ts';
import type { SystemSpec } from './system-spec.ts';

/** The cost, tariff and finance sections a study was computed with (as FinanceResult.assumptions). */
export type StudyAssumptions = FinanceResult['assumptions'];

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
