/**
 * The engine's inputs from the API's shapes (src/contract) and its results as the API's answers: one mapping, used by
 * the server's estimates and studies and by the browser's what-if, so both give the same figures from the same inputs.
 */
import type { Infer } from 'superstruct';
import type { EnergyResult, FinanceResult, MonthlySource, SystemUsed } from '../contract/energy.ts';
import type { IrrResult } from './cash-flow.ts';
import { breakevenPpa, maxCapexPerWdc, type Solved } from './breakeven.ts';
import { finance, type FinanceAssumptions, type FinanceEnergy, type FinanceResult as EngineFinanceResult } from './finance.ts';
import { singleOwner, type SingleOwnerResult, type SingleOwnerTerms } from './single-owner.ts';
import type { MonthlyMeans } from './monthly-synthesis.ts';
import type { EngineSystem, SimulationResult } from './simulate.ts';
import { PVWATTS_V8_DEFAULTS, type PvwattsV8System } from './pvwatts-v8/spec.ts';
import type { Mount } from './system-spec.ts';
import { arrayTypeOf } from './array-types.ts';
import { behindTheMeterBills, type SiteSeries } from './behind-the-meter.ts';
import { capitalSubsidyOf } from './incentives.ts';
import { creditRates, federalCredits, type FederalCredit } from './tax-credits.ts';

/** The cost, tariff and finance sections a study was computed with (as FinanceResult.assumptions). */
export type StudyAssumptions = FinanceResult['assumptions'];

/** The energy answer's fields the study page shows. */
export type EnergyFigures = Pick<
  EnergyResult,
  'annual_ac_kwh' | 'monthly_ac_kwh' | 'specific_yield_kwh_per_kwp' | 'capacity_factor_ac' | 'performance_ratio' | 'loss_waterfall'
> &
  Pick<SystemUsed, 'dc_kw' | 'ac_kw'>;

/** The finance answer's figures: everything but the echo of its inputs and the notes. */
export type FinanceFigures = Omit<FinanceResult, 'model_version' | 'preset' | 'energy' | 'energy_production' | 'assumptions' | 'irr_note' | 'notes'>;

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
export function systemSpecOf(shown: Omit<SystemUsed, 'ac_kw'>): EngineSystem {
  if (shown.model === 'pvwatts_v8') return pvwattsV8SystemOf(shown);
  if (shown.temperature_model === 'noct') throw new RangeError('The NOCT cell temperature is the pvwatts_v8 model\'s.');
  return {
    dcKw: shown.dc_kw,
    dcAcRatio: shown.dc_ac_ratio,
    inverterEfficiency: shown.inverter_efficiency_pct / 100,
    losses: shown.losses_pct,
    gammaPdcPerC: shown.gamma_pct_per_c / 100,
    albedo: shown.albedo,
    cellTemperature: shown.temperature_model,
    mount: mountOf(shown),
  };
}

function mountOf(shown: Omit<SystemUsed, 'ac_kw'>): Mount {
  switch (shown.mount) {
    case 'single_axis':
      return { kind: 'single-axis', axisTiltDeg: shown.tilt_deg, axisAzimuthDeg: shown.azimuth_deg, maxAngleDeg: shown.max_angle_deg!, gcr: shown.gcr!, backtrack: shown.backtrack! };
    case 'two_axis':
      return { kind: 'two-axis' };
    case 'fixed':
      return { kind: 'fixed', tiltDeg: shown.tilt_deg, azimuthDeg: shown.azimuth_deg, ...(shown.array_type === 'fixed-roof' ? { roof: true } : {}) };
  }
}

function pvwattsV8SystemOf(shown: Omit<SystemUsed, 'ac_kw'>): PvwattsV8System {
  const defaults = PVWATTS_V8_DEFAULTS;
  return {
    engine: 'pvwatts-v8',
    dcKw: shown.dc_kw,
    dcAcRatio: shown.dc_ac_ratio,
    inverterEfficiencyPct: shown.inverter_efficiency_pct,
    lossesPct: shown.losses_pct,
    moduleType: shown.module_type ?? defaults.moduleType,
    arrayType: shown.array_type ?? arrayTypeOf(shown.mount, shown.backtrack ?? null),
    tiltDeg: shown.tilt_deg,
    azimuthDeg: shown.azimuth_deg,
    gcr: shown.gcr ?? defaults.gcr,
    rotationLimitDeg: shown.max_angle_deg ?? defaults.rotationLimitDeg,
    bifaciality: shown.bifaciality ?? defaults.bifaciality,
    snowModel: shown.snow_model ?? defaults.snowModel,
    soilingMonthlyPct: shown.soiling_monthly_pct ?? [],
    albedo: shown.albedo_monthly ?? shown.albedo,
    albedoFromWeather: shown.albedo_from_weather ?? defaults.albedoFromWeather,
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

/**
 * The study's US federal credits for its PV, decided by the law from its owner, country and dates
 * (src/solar/tax-credits.ts): empty outside the US, for the pre-tax model (which books no tax), and for studies saved
 * without a country or dates (their ITC and PTC are booked as entered).
 */
export function creditsOf(sections: StudyAssumptions): FederalCredit[] {
  const { finance: terms, incentives } = sections;
  if (!incentives || (terms.structure ?? 'pre_tax') === 'pre_tax') return [];
  if (!terms.country || !terms.begin_construction_date || !terms.placed_in_service_date) return [];
  return federalCredits({
    country: terms.country,
    owner: terms.owner ?? 'commercial',
    technology: 'pv',
    beginConstructionDate: terms.begin_construction_date,
    placedInServiceDate: terms.placed_in_service_date,
    itcPct: incentives.itc_pct,
    ptcPerKwh: incentives.ptc_per_kwh,
  });
}

/** The ITC percent and PTC per kWh the cash flows book: the law's for a US study, else as entered. */
function bookedCredits(sections: StudyAssumptions, incentives: NonNullable<StudyAssumptions['incentives']>) {
  const credits = creditsOf(sections);
  if (credits.length === 0) return { itcPct: incentives.itc_pct, ptcPerKwh: incentives.ptc_per_kwh };
  const { itcPct, ptcShare } = creditRates(credits, 'pv');
  return { itcPct, ptcPerKwh: incentives.ptc_per_kwh * ptcShare };
}

/**
 * The single-owner model's terms from the API's sections, for an array of `dcKw` (capital subsidies may go by kW);
 * null for the pre-tax model (and for studies saved before the after-tax model, which have no structure). A
 * behind-the-meter study runs on the same after-tax machinery, its revenue being the bills it saves.
 */
export function singleOwnerTermsOf(sections: StudyAssumptions, dcKw: number): SingleOwnerTerms | null {
  const { costs, finance: terms, incentives, debt, reserves } = sections;
  if ((terms.structure ?? 'pre_tax') === 'pre_tax') return null;
  if (!incentives || !debt || !reserves) throw new RangeError('An after-tax study needs its incentives, debt and reserves.');
  const need = (value: number | undefined, name: string) => {
    if (value === undefined) throw new RangeError(`A single-owner study needs ${name}.`);
    return value;
  };
  return {
    federalTaxPct: need(terms.federal_tax_rate_pct, 'finance.federal_tax_rate_pct'),
    stateTaxPct: need(terms.state_tax_rate_pct, 'finance.state_tax_rate_pct'),
    equityDiscountRatePct: need(terms.equity_discount_rate_pct, 'finance.equity_discount_rate_pct'),
    inflationPct: need(terms.inflation_pct, 'finance.inflation_pct'),
    targetIrrPct: need(terms.target_irr_pct, 'finance.target_irr_pct'),
    targetIrrYear: terms.target_irr_year ?? terms.analysis_years,
    insurancePct: need(costs.insurance_pct, 'costs.insurance_pct'),
    propertyTaxPct: need(costs.property_tax_pct, 'costs.property_tax_pct'),
    propertyAssessedPct: need(costs.property_assessed_pct, 'costs.property_assessed_pct'),
    propertyAssessedDeclinePct: need(costs.property_assessed_decline_pct, 'costs.property_assessed_decline_pct'),
    omFixedPerYear: need(costs.om_fixed_per_year, 'costs.om_fixed_per_year'),
    omPerMwh: need(costs.om_per_mwh, 'costs.om_per_mwh'),
    constructionFinancing: need(costs.construction_financing, 'costs.construction_financing'),
    salvagePct: need(costs.salvage_pct, 'costs.salvage_pct'),
    ...bookedCredits(sections, incentives),
    itcClasses: incentives.itc_classes,
    ptcYears: incentives.ptc_years,
    ptcEscalationPct: incentives.ptc_escalation_pct,
    capitalSubsidy: capitalSubsidyOf(incentives, dcKw, costs.capex_per_wdc * dcKw * 1000 + costs.fixed_costs),
    depreciation: incentives.depreciation,
    depreciationYears: incentives.depreciation_years,
    bonusDepreciationPct: incentives.bonus_depreciation_pct,
    debt: debt.min_dscr !== null ? { kind: 'dscr', minDscr: debt.min_dscr } : { kind: 'fraction', fractionPct: debt.fraction_pct ?? 0 },
    debtRatePct: debt.rate_pct,
    debtTenorYears: debt.tenor_years,
    debtUpfrontFeePct: debt.upfront_fee_pct,
    debtClosingCosts: debt.closing_costs,
    workingCapitalMonths: reserves.working_capital_months,
    debtServiceMonths: reserves.debt_service_months,
    reserveInterestPct: reserves.interest_pct,
    equipment: reserves.equipment.map((item) => ({ costPerWdc: item.cost_per_wdc, everyYears: item.every_years, depreciation: item.depreciation })),
  };
}

/**
 * The figures of a study's finance, by its structure, with the solvers' answers; `irr` is the headline IRR. A
 * behind-the-meter study needs `site`, its load and generation, for the bills.
 */
export function financeFiguresFor(energy: FinanceEnergy, sections: StudyAssumptions, site?: SiteSeries): { figures: FinanceFigures; irr: IrrResult } {
  const btm = sections.finance.structure === 'behind_the_meter' ? behindTheMeterBills(sections, need(site, 'its load and generation')) : null;
  const assumptions = { ...financeAssumptionsOf(sections), ...(btm ? { savingsByYear: btm.savingsByYear } : {}) };
  const terms = singleOwnerTermsOf(sections, energy.dcKw);
  const breakeven = solvedOf(breakevenPpa(energy, assumptions, terms));
  const maxCapex = solvedOf(maxCapexPerWdc(energy, assumptions, terms));
  const solvers = { breakeven_ppa_per_kwh: breakeven.value, breakeven_ppa_note: breakeven.note, max_capex_per_wdc: maxCapex.value, max_capex_note: maxCapex.note, credits: creditsOf(sections) };
  if (terms === null) {
    const out = finance(energy, assumptions);
    return { figures: { ...preTaxFiguresOf(out), ...solvers }, irr: out.irr };
  }
  const out = singleOwner(energy, assumptions, terms);
  const structure = btm ? 'behind_the_meter' : 'single_owner';
  return { figures: { ...singleOwnerFiguresOf(out, assumptions.currency, terms, structure), ...solvers, ...btm?.figures }, irr: out.equityIrr };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`A behind-the-meter study needs ${what}.`);
  return value;
}

const solvedOf = (solved: Solved) => (solved.kind === 'solved' ? { value: solved.value, note: null } : { value: null, note: solved.reason });

function preTaxFiguresOf(out: EngineFinanceResult): Omit<FinanceFigures, SolverFields> {
  return {
    currency: out.currency,
    structure: 'pre_tax',
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
    ...noAfterTaxFigures,
    debt_amount: 0,
    total_installed_cost: out.capex,
  };
}

/** A pre-tax answer's after-tax figures: there are none. */
export const noAfterTaxFigures = {
  equity_irr_pct: null,
  irr_at_target_year_pct: null,
  project_irr_after_tax_pct: null,
  after_tax_npv: null,
  lcoe_real_per_kwh: null,
  lcoe_nominal_per_kwh: null,
  min_dscr: null,
  avg_dscr: null,
} as const;

/** The solvers' fields and the credits, filled in by financeFiguresFor for either model. */
type SolverFields = 'breakeven_ppa_per_kwh' | 'breakeven_ppa_note' | 'max_capex_per_wdc' | 'max_capex_note' | 'credits';

function singleOwnerFiguresOf(
  out: SingleOwnerResult,
  currency: FinanceFigures['currency'],
  terms: SingleOwnerTerms,
  structure: 'single_owner' | 'behind_the_meter',
): Omit<FinanceFigures, SolverFields> {
  const rate = terms.equityDiscountRatePct / 100;
  let cumulative = 0;
  let cumulativeDiscounted = 0;
  const finite = (value: number) => (Number.isFinite(value) ? value : null);
  return {
    currency,
    structure,
    capex: out.capex,
    npv: out.afterTaxNpv,
    ...irrPct(out.equityIrr),
    lcoe_per_kwh: finite(out.lcoeNominalPerKwh),
    simple_payback_years: out.simplePaybackYears,
    discounted_payback_years: out.discountedPaybackYears,
    lifetime_energy_kwh: out.lifetimeEnergyKwh,
    years: out.years.map((y) => {
      const discounted = y.equityCashFlow / (1 + rate) ** y.year;
      cumulative += y.equityCashFlow;
      cumulativeDiscounted += discounted;
      return {
        year: y.year,
        energy_kwh: y.energyKwh,
        revenue: y.revenue,
        om: y.om,
        capex: y.capex,
        net_cash_flow: y.equityCashFlow,
        discounted_cash_flow: discounted,
        cumulative_cash_flow: cumulative,
        cumulative_discounted_cash_flow: cumulativeDiscounted,
        salvage: y.salvage,
        insurance: y.insurance,
        property_tax: y.propertyTax,
        cfads: y.cfads,
        interest: y.interest,
        principal: y.principal,
        dscr: y.dscr,
        depreciation: y.depreciation,
        taxable_income: y.taxableIncome,
        state_tax: y.stateTax,
        federal_tax: y.federalTax,
        itc: y.itc,
        ptc: y.ptc,
        reserve_funding: y.reserveFunding,
        reserve_release: y.reserveRelease,
        reserve_interest: y.reserveInterest,
        equity_cash_flow: y.equityCashFlow,
      };
    }),
    equity_irr_pct: irrPct(out.equityIrr).irr_pct,
    irr_at_target_year_pct: irrPct(out.irrAtTargetYear).irr_pct,
    project_irr_after_tax_pct: irrPct(out.projectIrrAfterTax).irr_pct,
    after_tax_npv: out.afterTaxNpv,
    lcoe_real_per_kwh: finite(out.lcoeRealPerKwh),
    lcoe_nominal_per_kwh: finite(out.lcoeNominalPerKwh),
    min_dscr: out.minDscr,
    avg_dscr: out.avgDscr,
    debt_amount: out.debtAmount,
    total_installed_cost: out.totalInstalledCost,
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
