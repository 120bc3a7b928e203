/**
 * Built-in, read-only assumption presets. Every value cites where it comes from and the source's year, as gathered in
 * shared/reference/assumption-defaults.md; `approximate` marks values that source itself flags "(≈, verify)" or that
 * are placeholders to replace with the site's own figure. Each `source` is written for the planner: what the value
 * stands for, then a short name of its source (the fuller reference, where there is one, in a comment beside it).
 * Cost and price figures name the edition they are from and the year the figure is in (`figure`); each is the newest
 * edition that could be read, and docs/finance.md says which newer ones could not.
 */
import type { Assumptions, BuiltinPresetId, ValueSource } from '../../src/contract/settings.ts';

export interface BuiltinPreset {
  id: BuiltinPresetId;
  name: string;
  assumptions: Assumptions;
  sources: Record<string, ValueSource>;
}

/** "What the value stands for — short source name", as the settings hints, study tables and reports show it. */
const cite = (meaning: string, source: string, year: number | null, approximate = false): ValueSource => ({ source: `${meaning} — ${source}`, year, approximate });
/** A cost or price: what it stands for, the edition of the publication it is from, and the year the figure is in (data or dollar year). */
const figure = (meaning: string, edition: string, year: number, approximate = false): ValueSource => ({ source: `${meaning} — ${edition}`, edition, year, approximate });

// ssc cmod_pvwattsv8.cpp: inv_eff ?= 96, dc_ac_ratio ?= 1.1, gcr ?= 0.4, rotlim ?= 45
const pvwattsInverter = cite('Nominal inverter efficiency', 'NREL PVWatts v8 default', 2022);
// soiling 2, shading 3, mismatch 2, wiring 2, connections 0.5, LID 1.5, nameplate 1, availability 3 (%)
const pvwattsLosses = cite('Soiling, shading, mismatch, wiring, light-induced degradation and availability, 14.08 % compounded', 'NREL PVWatts default losses', 2022);
const unusedRotation = cite('Unused for fixed tilt; the tracker default is kept', 'NREL PVWatts v8 default', 2022);
const facingSouth = cite('Facing south (northern hemisphere)', 'usual orientation', null);
const moduleMarket = cite('Bifacial modules of the 540-620 Wp class', '2024-25 market prices', 2024, true);
const premiumEfficiency = cite('Premium modules', 'NREL PySAM example configuration', null, true);
// Prog. Photovolt. 20 (2012), doi 10.1002/pip.1182: median of about 2,000 measurements
const jordanKurtz = cite('Median degradation measured in the field', 'Jordan & Kurtz', 2012);
const samFinance = cite('Nominal rate: 6.4 % real plus 2.5 % inflation', 'NREL SAM financial defaults', null);
const samInflation = cite('General inflation', 'NREL SAM default', null);
const samPeriod = cite('Analysis period', 'NREL SAM default', null);
const noFixedCosts = cite('None assumed: add the site’s interconnection and development costs', 'Sunplot placeholder', null, true);
const flatPpa = cite('Flat-price PPA, no escalation', 'Sunplot assumption', null, true);
const usDollar = cite('Currency of the United States', 'ISO 4217', null);
const singleOwner = cite('After-tax, levered cash flows of the project’s owner', 'NREL SAM Single Owner conventions', 2022);
const wholePeriod = cite('Target met at the end of the analysis period', 'Sunplot default', null);
const noClosingCosts = cite('No closing costs beyond the lender fee: add legal and advisory costs', 'Sunplot placeholder', null, true);
const noPropertyTax = cite('No property tax on the plant assumed: enter the local rate', 'Sunplot placeholder', null, true);
const noExtraOm = cite('O&M is all in the per-kW rate', 'Sunplot assumption', null);
const noConstructionLoan = cite('No construction loan interest: enter yours (SAM computes it from a draw schedule)', 'Sunplot placeholder', null, true);
const samDebtSizing = cite('Debt sized by coverage, not as a share', 'NREL SAM Single Owner default', 2022);
// LBNL, Seel et al., Utility-Scale Solar 2024 Edition (October 2024): plants completed in 2023, contracts in 2023 $
const lbnlUtility2024 = 'LBNL Utility-Scale Solar, 2024 Edition';
// NREL SAM's default files (NREL/SAM deploy/runtime/defaults/PVWatts_*.json, read at commit 052006c); the residential O&M,
// discount rate and period are the same in the cash-loan inputs ssc's tests took from SAM's defaults in August 2022
const samDefaults2022 = 'NREL SAM 2022 defaults';
// IRENA, Renewable Power Generation Costs in 2023 (published 2024): the 2024 edition's European figures were not reachable
const irena2023 = 'IRENA Renewable Power Generation Costs in 2023 (2024)';
const samInverterReserve = figure('Inverter replacement, $0.10/Wdc every 15 years, on MACRS 5', samDefaults2022, 2022, true);

/** The costs the pre-tax model leaves out, at SAM's PVWatts Single Owner defaults (none); presets override some. */
const samCosts = {
  insurance_pct: 0,
  property_tax_pct: 0,
  property_assessed_pct: 100,
  property_assessed_decline_pct: 0,
  om_fixed_per_year: 0,
  om_per_mwh: 0,
  construction_financing: 0,
  salvage_pct: 0,
};
const samCostSources = {
  'costs.insurance_pct': cite('No insurance in SAM’s default: enter your quote', 'NREL SAM Single Owner default', 2022, true),
  'costs.property_tax_pct': cite('No property tax in SAM’s default: enter the county’s rate', 'NREL SAM Single Owner default', 2022, true),
  'costs.property_assessed_pct': cite('Assessed at the installed cost', 'NREL SAM Single Owner default', 2022),
  'costs.property_assessed_decline_pct': cite('Assessed value does not decline', 'NREL SAM Single Owner default', 2022),
  'costs.om_fixed_per_year': noExtraOm,
  'costs.om_per_mwh': noExtraOm,
  'costs.construction_financing': noConstructionLoan,
  'costs.salvage_pct': cite('No salvage value', 'NREL SAM Single Owner default', 2022),
};
/** Outside the US: no property tax on the plant and no O&M beyond the per-kW rate, each to be replaced by the site's. */
const localCostSources = {
  'costs.property_tax_pct': noPropertyTax,
  'costs.property_assessed_pct': noPropertyTax,
  'costs.property_assessed_decline_pct': noPropertyTax,
  'costs.om_fixed_per_year': noExtraOm,
  'costs.om_per_mwh': noExtraOm,
  'costs.construction_financing': noConstructionLoan,
};

const usTaxes = {
  structure: 'single_owner',
  federal_tax_rate_pct: 21,
  state_tax_rate_pct: 7,
  equity_discount_rate_pct: 9.06,
  inflation_pct: 2.5,
  target_irr_pct: 11,
  target_irr_year: null,
} as const;
const usTaxSources = {
  'finance.structure': singleOwner,
  'finance.federal_tax_rate_pct': cite('Federal corporate income tax', '26 U.S.C. §11(b)', 2018),
  'finance.state_tax_rate_pct': cite('State income tax: enter your state’s', 'NREL SAM default', 2022, true),
  'finance.equity_discount_rate_pct': cite('Nominal rate: 6.4 % real plus 2.5 % inflation', 'NREL SAM financial defaults', 2022),
  'finance.inflation_pct': samInflation,
  'finance.target_irr_pct': cite('After-tax equity IRR sought', 'NREL SAM Single Owner default', 2022),
  'finance.target_irr_year': wholePeriod,
};

/** The 30 % ITC on the depreciable basis; credits change with the law and the year construction starts. */
const usItc = { itc_pct: 30, itc_classes: null, ptc_per_kwh: 0, ptc_years: 10, ptc_escalation_pct: 2.5, capital_subsidy: 0, depreciation_years: 20, bonus_depreciation_pct: 0 };
const usItcSources = {
  'incentives.itc_pct': cite(
    'ITC of 30 % with prevailing wage (IRC §48E, 2022); ends for solar placed in service after 2027 unless construction began by 4 July 2026 (P.L. 119-21, 2025): check the year',
    'IRA 2022 / OBBBA 2025',
    2025,
    true,
  ),
  'incentives.itc_classes': cite('The ITC earns on the MACRS 5-year class, as SAM’s default', 'NREL SAM Single Owner default', 2022),
  'incentives.ptc_per_kwh': cite('ITC chosen instead of the PTC (2.75 ¢/kWh in 2022 $, IRC §45Y): enter it to compare', 'NREL SAM Single Owner default', 2022, true),
  'incentives.ptc_years': cite('PTC term', 'IRC §45Y', 2022),
  'incentives.ptc_escalation_pct': cite('PTC inflation adjustment', 'NREL SAM Single Owner default', 2022),
  'incentives.capital_subsidy': cite('No grant assumed: enter state or utility rebates', 'Sunplot placeholder', null, true),
  'incentives.depreciation_years': cite('Unused unless depreciation is straight_line', 'Sunplot default', null),
  'incentives.bonus_depreciation_pct': cite('No bonus depreciation in SAM’s default: check the year’s rules', 'NREL SAM Single Owner default', 2022, true),
};
const noCredits = { itc_pct: 0, itc_classes: null, ptc_per_kwh: 0, ptc_years: 0, ptc_escalation_pct: 0, capital_subsidy: 0, depreciation_years: 20, bonus_depreciation_pct: 0 };
const noCreditSources = {
  'incentives.itc_pct': cite('No investment tax credit', 'national tax law', null),
  'incentives.itc_classes': cite('No investment tax credit', 'national tax law', null),
  'incentives.ptc_per_kwh': cite('No production tax credit', 'national tax law', null),
  'incentives.ptc_years': cite('No production tax credit', 'national tax law', null),
  'incentives.ptc_escalation_pct': cite('No production tax credit', 'national tax law', null),
  'incentives.capital_subsidy': cite('No grant assumed: enter any viability-gap or state support', 'Sunplot placeholder', null, true),
  'incentives.depreciation_years': cite('Useful life for tax depreciation', 'Sunplot default', null, true),
  'incentives.bonus_depreciation_pct': cite('No bonus depreciation', 'national tax law', null),
};

const usUtility: BuiltinPreset = {
  id: 'builtin:us-utility',
  name: 'US utility-scale (single-axis tracker)',
  assumptions: {
    system: {
      module_power_w: 580,
      module_efficiency_pct: 21,
      mount: 'single_axis',
      tilt_deg: 0,
      azimuth_deg: 180,
      gcr: 0.4,
      max_angle_deg: 45,
      losses_pct: 14.08,
      dc_ac_ratio: 1.34,
      inverter_efficiency_pct: 96,
    },
    costs: { capex_per_wdc: 1.08, fixed_costs: 0, om_per_kw_yr: 20, om_basis: 'ac', om_escalation_pct: 2.5, ...samCosts },
    tariff: { price_per_kwh: 0.035, escalation_pct: 0 },
    finance: { discount_rate_pct: 9.1, degradation_pct: 0.5, analysis_years: 25, currency: 'USD', ...usTaxes },
    incentives: { ...usItc, depreciation: { macrs_5: 90, macrs_15: 1.5, sl_15: 2.5, sl_20: 3 } },
    debt: { fraction_pct: null, min_dscr: 1.3, rate_pct: 7, tenor_years: 18, upfront_fee_pct: 2.75, closing_costs: 0 },
    reserves: { working_capital_months: 6, debt_service_months: 6, interest_pct: 1.75, equipment: [{ cost_per_wdc: 0.1, every_years: 15, depreciation: 'macrs_5' }] },
  },
  sources: {
    'system.module_power_w': moduleMarket,
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Most new US utility plants use single-axis trackers', lbnlUtility2024, 2024),
    'system.tilt_deg': cite('Horizontal tracker axis', 'NREL PVWatts tracker convention', 2022),
    'system.azimuth_deg': cite('North-south tracker axis', 'NREL PVWatts tracker convention', 2022),
    'system.gcr': cite('Default ground coverage ratio; trackers run 0.30-0.40', 'NREL PVWatts v8 default', 2022),
    'system.max_angle_deg': cite('Tracker rotation limit', 'NREL PVWatts v8 default', 2022),
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('Representative tracker plant', 'NREL ATB', 2020),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'costs.capex_per_wdc': figure('Installed cost of plants completed in 2023, capacity-weighted: $1.43/WAC, about $1.08/WDC (2023 $)', lbnlUtility2024, 2023),
    'costs.fixed_costs': noFixedCosts,
    // ATB 2024's base and dollar year is 2022 (atb.nrel.gov/electricity/2024/changes_in_2024)
    'costs.om_per_kw_yr': figure('Fixed O&M of $15-25 per kWac and year (2022 $)', 'NREL ATB 2024', 2022, true),
    'costs.om_basis': cite('Fixed O&M is quoted per kWac', 'NREL ATB 2024', 2024),
    'costs.om_escalation_pct': samInflation,
    'tariff.price_per_kwh': figure('Levelised price of PPAs signed in 2023, about $35/MWh (2023 $)', lbnlUtility2024, 2023),
    'tariff.escalation_pct': flatPpa,
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': samPeriod,
    'finance.currency': usDollar,
    ...usTaxSources,
    ...samCostSources,
    ...usItcSources,
    'incentives.depreciation': cite('90 % MACRS 5-year, 1.5 % MACRS 15, 2.5 % SL 15, 3 % SL 20, 3 % not depreciated (land)', 'NREL SAM Single Owner default', 2022),
    'debt.fraction_pct': samDebtSizing,
    'debt.min_dscr': cite('Debt sized so that cash covers debt service 1.3 times each year', 'NREL SAM Single Owner default', 2022),
    'debt.rate_pct': cite('Term debt interest', 'NREL SAM Single Owner default', 2022, true),
    'debt.tenor_years': cite('Term debt tenor', 'NREL SAM Single Owner default', 2022),
    'debt.upfront_fee_pct': cite('Lender fee, of the debt', 'NREL SAM Single Owner default', 2022),
    'debt.closing_costs': noClosingCosts,
    'reserves.working_capital_months': cite('Working-capital reserve, months of operating costs', 'NREL SAM Single Owner default', 2022),
    'reserves.debt_service_months': cite('Debt service reserve, months of debt service', 'NREL SAM Single Owner default', 2022),
    'reserves.interest_pct': cite('Interest earned on reserves', 'NREL SAM Single Owner default', 2022),
    'reserves.equipment': samInverterReserve,
  },
};

const indiaUtility: BuiltinPreset = {
  id: 'builtin:india-utility',
  name: 'India utility-scale (fixed tilt)',
  assumptions: {
    system: {
      module_power_w: 580,
      module_efficiency_pct: 21,
      mount: 'fixed',
      tilt_deg: 20,
      azimuth_deg: 180,
      gcr: 0.45,
      max_angle_deg: 45,
      losses_pct: 14.08,
      dc_ac_ratio: 1.4,
      inverter_efficiency_pct: 96,
    },
    costs: { capex_per_wdc: 36, fixed_costs: 0, om_per_kw_yr: 500, om_basis: 'dc', om_escalation_pct: 5, ...samCosts, salvage_pct: 10 },
    tariff: { price_per_kwh: 2.57, escalation_pct: 0 },
    finance: {
      discount_rate_pct: 10,
      degradation_pct: 0.5,
      analysis_years: 25,
      currency: 'INR',
      structure: 'single_owner',
      federal_tax_rate_pct: 25.17,
      state_tax_rate_pct: 0,
      equity_discount_rate_pct: 14,
      inflation_pct: 4,
      target_irr_pct: 14,
      target_irr_year: null,
    },
    incentives: { ...noCredits, depreciation: 'india_wdv_40' },
    debt: { fraction_pct: 70, min_dscr: null, rate_pct: 10.5, tenor_years: 15, upfront_fee_pct: 1, closing_costs: 0 },
    reserves: { working_capital_months: 1, debt_service_months: 6, interest_pct: 6, equipment: [] },
  },
  sources: {
    'system.module_power_w': cite('ALMM-listed modules of the 540-620 Wp class', '2024-25 market prices', 2024, true),
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Fixed tilt, the normative case (CUF 19 %)', 'CERC', 2016),
    'system.tilt_deg': cite('Near the latitude of the Rajasthan and Gujarat solar belt: set it to the site’s latitude', 'Sunplot assumption', null, true),
    'system.azimuth_deg': facingSouth,
    'system.gcr': cite('Fixed-tilt rows run 0.40-0.50', 'industry range', null, true),
    'system.max_angle_deg': unusedRotation,
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('High-CUF bids use 1.3-1.5', 'Indian auction practice', null, true),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'costs.capex_per_wdc': figure('₹3.6-3.7 Cr/MW up to FY22, about ₹36/Wdc; ₹3.3-4.0 Cr/MW since', 'Crisil via Livemint, 25 October 2021', 2021, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('₹4-7 lakh per MW and year, escalated: a range reported for CERC tariff orders, no order read (enter your O&M contract)', 'Sunplot placeholder', null, true),
    'costs.om_basis': cite('Quoted per MW of plant capacity', 'CERC RE tariff orders', null),
    'costs.om_escalation_pct': cite('Yearly O&M escalation', 'CERC RE tariff orders', null, true),
    'tariff.price_per_kwh': figure('SECI ISTS solar allocations at ₹2.54-2.60/kWh', 'energyheadlines.com, November 2024', 2024),
    'tariff.escalation_pct': cite('Fixed tariff for 25 years', 'SECI PPAs', 2024),
    'finance.discount_rate_pct': cite('Nominal WACC of 9-10.5 %: 70 % debt at SBI MCLR + 200 bp, 30 % equity at 14 % return', 'CERC tariff method', 2020, true),
    'finance.degradation_pct': cite('Yearly degradation', 'CERC RE tariff assumptions FY2016-17', 2016),
    'finance.analysis_years': cite('Useful life', 'CERC', null, true),
    'finance.currency': cite('Currency of India', 'ISO 4217', null),
    'costs.insurance_pct': cite('No insurance assumed beyond the O&M rate: enter your quote', 'Sunplot placeholder', null, true),
    ...localCostSources,
    'costs.salvage_pct': cite('Salvage value at the end of useful life', 'CERC RE Tariff Regulations', 2020),
    'finance.structure': singleOwner,
    'finance.federal_tax_rate_pct': cite('Corporate tax under section 115BAA: 22 % + 10 % surcharge + 4 % cess', 'Income Tax Act, 1961', 2019),
    'finance.state_tax_rate_pct': cite('No separate state income tax', 'Income Tax Act, 1961', null),
    'finance.equity_discount_rate_pct': cite('Return on equity, post-tax', 'CERC tariff method', 2020, true),
    'finance.inflation_pct': cite('CPI inflation target', 'Reserve Bank of India', 2016),
    'finance.target_irr_pct': cite('Return on equity, post-tax', 'CERC tariff method', 2020, true),
    'finance.target_irr_year': wholePeriod,
    ...noCreditSources,
    'incentives.depreciation': cite('Accelerated depreciation of solar plant at 40 % of the written-down value', 'Income Tax Rules, Appendix I', 2017),
    'debt.fraction_pct': cite('Debt to equity 70:30', 'CERC tariff method', 2020),
    'debt.min_dscr': cite('Debt sized as a share of the cost, not by coverage', 'CERC tariff method', 2020),
    'debt.rate_pct': cite('SBI 1-year MCLR plus 200 bp', 'HPERC generic-tariff order', 2020, true),
    'debt.tenor_years': cite('Loan tenure', 'CERC RE Tariff Regulations', 2020, true),
    'debt.upfront_fee_pct': cite('Lender processing fee', 'Indian project-finance practice', null, true),
    'debt.closing_costs': noClosingCosts,
    'reserves.working_capital_months': cite('Normative working capital: one month of O&M', 'CERC RE Tariff Regulations', 2020, true),
    'reserves.debt_service_months': cite('Debt service reserve of two quarters', 'Indian project-finance practice', null, true),
    'reserves.interest_pct': cite('Interest on reserves held in deposits', 'Sunplot assumption', null, true),
    'reserves.equipment': cite('No replacement reserve: inverters are covered by the O&M rate', 'Sunplot assumption', null, true),
  },
};

const commercialRooftop: BuiltinPreset = {
  id: 'builtin:commercial-rooftop',
  name: 'Commercial rooftop (US, flat roof)',
  assumptions: {
    system: {
      module_power_w: 400,
      module_efficiency_pct: 21,
      mount: 'fixed',
      tilt_deg: 10,
      azimuth_deg: 180,
      gcr: 0.6,
      max_angle_deg: 45,
      losses_pct: 14.08,
      dc_ac_ratio: 1.1,
      inverter_efficiency_pct: 96,
    },
    costs: { capex_per_wdc: 1.9, fixed_costs: 0, om_per_kw_yr: 29, om_basis: 'dc', om_escalation_pct: 2.5, ...samCosts },
    tariff: { price_per_kwh: 0.13, escalation_pct: 3 },
    finance: { discount_rate_pct: 9.1, degradation_pct: 0.5, analysis_years: 20, currency: 'USD', ...usTaxes },
    incentives: { ...usItc, depreciation: 'macrs_5' },
    debt: { fraction_pct: 0, min_dscr: null, rate_pct: 7, tenor_years: 0, upfront_fee_pct: 0, closing_costs: 0 },
    reserves: { working_capital_months: 0, debt_service_months: 0, interest_pct: 1.75, equipment: [{ cost_per_wdc: 0.1, every_years: 15, depreciation: 'macrs_5' }] },
  },
  sources: {
    'system.module_power_w': cite('Panel power', 'Google Solar API assumption', 2024),
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Ballasted racking on a flat roof', 'usual practice', null),
    'system.tilt_deg': cite('Low-tilt ballasted rows, usually 5-15°', 'usual practice', null, true),
    'system.azimuth_deg': facingSouth,
    'system.gcr': cite('Ballasted rows on a flat roof run 0.5-0.7', 'industry range', null, true),
    'system.max_angle_deg': unusedRotation,
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('Default DC/AC ratio', 'NREL PVWatts v8 default', 2022),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'costs.capex_per_wdc': figure('Commercial rooftops at $1.6-2.2/Wdc', 'NREL Q1 2023 PV cost benchmark', 2023, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': figure('$29 per kWdc and year, SAM’s residential rooftop default, taken for small commercial roofs', `${samDefaults2022} (PVWatts–Residential)`, 2022, true),
    'costs.om_basis': cite('Quoted per kWdc installed', 'NREL SAM', null),
    'costs.om_escalation_pct': samInflation,
    'tariff.price_per_kwh': cite('Placeholder for the retail rate the system offsets: enter the site’s own', 'Sunplot placeholder', null, true),
    'tariff.escalation_pct': cite('Utility price escalation', 'OpenSolar default', null),
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': cite('Analysis period', 'OpenSolar and Google Solar API defaults', 2024),
    'finance.currency': usDollar,
    ...usTaxSources,
    ...samCostSources,
    ...usItcSources,
    'incentives.depreciation': cite('The whole basis on MACRS 5-year', 'IRS Publication 946', 2024),
    'debt.fraction_pct': cite('Paid in cash: enter the share a loan covers', 'Sunplot assumption', null, true),
    'debt.min_dscr': cite('Debt sized as a share of the cost, not by coverage', 'Sunplot assumption', null),
    'debt.rate_pct': cite('Term debt interest, if a loan is added', 'NREL SAM default', 2022, true),
    'debt.tenor_years': cite('No loan', 'Sunplot assumption', null, true),
    'debt.upfront_fee_pct': cite('No loan', 'Sunplot assumption', null, true),
    'debt.closing_costs': noClosingCosts,
    'reserves.working_capital_months': cite('No reserves held without a lender', 'Sunplot assumption', null, true),
    'reserves.debt_service_months': cite('No loan', 'Sunplot assumption', null, true),
    'reserves.interest_pct': cite('Interest earned on reserves', 'NREL SAM default', 2022),
    'reserves.equipment': samInverterReserve,
  },
};

// SAM's PVWatts–Residential defaults (deploy/runtime/defaults/PVWatts_Residential.json): array type 1 (fixed roof
// mount), tilt 20, azimuth 180, DC/AC 1.15, GCR 0.3, O&M $29/kW-yr, 25 years, 6.4 % real and 9.06 % nominal discount rate
const samResidential = `${samDefaults2022} (PVWatts–Residential)`;
// §25D(h) as amended by Pub. L. 119-21 §70506: no credit for expenditures after 31 December 2025 (src/solar/tax-credits.ts)
const no25D = cite('No federal credit: §25D ends for home systems completed after 31 December 2025, and §48E is not for a household’s own system', 'IRC §25D as amended by P.L. 119-21 §70506', 2025);
const householdTax = cite('No income tax: a household’s bill savings are not taxable income', 'Sunplot household convention (docs/finance.md)', null);

const usResidential: BuiltinPreset = {
  id: 'builtin:us-residential',
  name: 'US residential rooftop (household purchase)',
  assumptions: {
    system: {
      module_power_w: 400,
      module_efficiency_pct: 21,
      mount: 'fixed',
      tilt_deg: 20,
      azimuth_deg: 180,
      gcr: 0.3,
      max_angle_deg: 45,
      losses_pct: 14.08,
      dc_ac_ratio: 1.15,
      inverter_efficiency_pct: 96,
      model: 'pvwatts_v8',
      module_type: 'premium',
      array_type: 'fixed-roof',
    },
    costs: { capex_per_wdc: 4.2, fixed_costs: 0, om_per_kw_yr: 29, om_basis: 'dc', om_escalation_pct: 2.5, ...samCosts },
    tariff: { price_per_kwh: 0.16, escalation_pct: 2.2 },
    finance: {
      discount_rate_pct: 9.06,
      degradation_pct: 0.5,
      analysis_years: 25,
      currency: 'USD',
      structure: 'behind_the_meter',
      owner: 'residential',
      federal_tax_rate_pct: 0,
      state_tax_rate_pct: 0,
      equity_discount_rate_pct: 9.06,
      inflation_pct: 2.5,
      target_irr_pct: 9.06,
      target_irr_year: null,
    },
    incentives: { ...noCredits, depreciation: 'none' },
    debt: { fraction_pct: 0, min_dscr: null, rate_pct: 4, tenor_years: 0, upfront_fee_pct: 0, closing_costs: 0 },
    reserves: { working_capital_months: 0, debt_service_months: 0, interest_pct: 1.75, equipment: [] },
  },
  sources: {
    'system.module_power_w': cite('Panel power', 'Google Solar API assumption', 2024),
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Fixed on the roof', samResidential, 2022),
    'system.tilt_deg': cite('A typical roof pitch: set it to the roof’s', samResidential, 2022, true),
    'system.azimuth_deg': facingSouth,
    'system.gcr': cite('Ground coverage ratio', samResidential, 2022),
    'system.max_angle_deg': unusedRotation,
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('DC/AC ratio of a home system', samResidential, 2022),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'system.model': cite('PVWatts v8 as SAM runs it, which models the roof mount', 'NREL PVWatts v8', 2022),
    'system.module_type': cite('Premium modules, about 21 % efficient', 'NREL PVWatts v8 module types', 2022),
    'system.array_type': cite('Fixed roof mount: modules close to the roof run hotter', samResidential, 2022),
    // Inside Climate News on Tracking the Sun 2024 (via cclnv.org): "$4.20 nationally", Nevada $3.40, Utah $5.20
    'costs.capex_per_wdc': figure('National median installed price of host-owned home systems installed in 2023, $4.2/W (2023 $); states differ', 'LBNL Tracking the Sun, 2024 Edition', 2023),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': figure('$29 per kWdc and year', samResidential, 2022),
    'costs.om_basis': cite('Quoted per kWdc installed', 'NREL SAM', 2022),
    'costs.om_escalation_pct': samInflation,
    ...samCostSources,
    // As republished by theuncontained.com: "a little more than 12 cents per kWh in 2013 to 16 cents per kWh in 2023"
    'tariff.price_per_kwh': figure('U.S. average residential price, about 16 ¢/kWh in 2023: enter the household’s own rate or tariff', 'EIA Today in Energy, “Retail electricity prices closely tracked inflation over the last 10 years”', 2023, true),
    'tariff.escalation_pct': cite('Utility price escalation (costIncreaseFactor 1.022)', 'Google Solar API US default', 2024),
    'finance.discount_rate_pct': cite('Nominal rate: 6.4 % real plus 2.5 % inflation', samResidential, 2022),
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': cite('Analysis period', samResidential, 2022),
    'finance.currency': usDollar,
    'finance.structure': cite('A home system is worth the bills it saves', 'Sunplot behind-the-meter model (NREL SAM utility-rate conventions)', null),
    'finance.owner': cite('A household buying its system', 'IRC §25D', 2025),
    'finance.federal_tax_rate_pct': householdTax,
    'finance.state_tax_rate_pct': householdTax,
    'finance.equity_discount_rate_pct': cite('Nominal rate: 6.4 % real plus 2.5 % inflation', samResidential, 2022),
    'finance.inflation_pct': cite('General inflation', samResidential, 2022),
    'finance.target_irr_pct': cite('Return sought: the household’s discount rate', samResidential, 2022),
    'finance.target_irr_year': wholePeriod,
    ...noCreditSources,
    'incentives.itc_pct': no25D,
    'incentives.itc_classes': no25D,
    'incentives.capital_subsidy': cite('No grant assumed: enter state or utility rebates', 'Sunplot placeholder', null, true),
    'incentives.depreciation': cite('A household does not depreciate its own system', 'Sunplot household convention (docs/finance.md)', null),
    'incentives.depreciation_years': cite('Unused: no depreciation', 'Sunplot default', null),
    'debt.fraction_pct': cite('Paid in cash: enter the share a loan covers', 'Sunplot assumption', null, true),
    'debt.min_dscr': cite('Debt sized as a share of the cost, not by coverage', 'Sunplot assumption', null),
    'debt.rate_pct': cite('Loan interest, if a loan is added', samResidential, 2022, true),
    'debt.tenor_years': cite('No loan', 'Sunplot assumption', null, true),
    'debt.upfront_fee_pct': cite('No loan', 'Sunplot assumption', null, true),
    'debt.closing_costs': noClosingCosts,
    'reserves.working_capital_months': cite('No reserves held without a lender', 'Sunplot assumption', null, true),
    'reserves.debt_service_months': cite('No loan', 'Sunplot assumption', null, true),
    'reserves.interest_pct': cite('Interest earned on reserves', 'NREL SAM default', 2022),
    'reserves.equipment': cite('No replacement reserve, as SAM’s residential model holds none: add an inverter replacement if you expect one', samResidential, 2022, true),
  },
};

const euUtility: BuiltinPreset = {
  id: 'builtin:eu-utility',
  name: 'EU utility-scale (fixed tilt)',
  assumptions: {
    system: {
      module_power_w: 580,
      module_efficiency_pct: 21,
      mount: 'fixed',
      tilt_deg: 30,
      azimuth_deg: 180,
      gcr: 0.4,
      max_angle_deg: 45,
      losses_pct: 14.08,
      dc_ac_ratio: 1.25,
      inverter_efficiency_pct: 96,
    },
    costs: { capex_per_wdc: 0.6, fixed_costs: 0, om_per_kw_yr: 12, om_basis: 'dc', om_escalation_pct: 2, ...samCosts, insurance_pct: 0.3 },
    tariff: { price_per_kwh: 0.0628, escalation_pct: 0 },
    finance: {
      discount_rate_pct: 7,
      degradation_pct: 0.5,
      analysis_years: 25,
      currency: 'EUR',
      structure: 'single_owner',
      federal_tax_rate_pct: 21,
      state_tax_rate_pct: 0,
      equity_discount_rate_pct: 8,
      inflation_pct: 2,
      target_irr_pct: 8,
      target_irr_year: null,
    },
    incentives: { ...noCredits, depreciation: 'straight_line', depreciation_years: 20 },
    debt: { fraction_pct: null, min_dscr: 1.2, rate_pct: 5, tenor_years: 18, upfront_fee_pct: 1.5, closing_costs: 0 },
    reserves: { working_capital_months: 3, debt_service_months: 6, interest_pct: 1.5, equipment: [{ cost_per_wdc: 0.04, every_years: 12, depreciation: 'straight_line' }] },
  },
  sources: {
    'system.module_power_w': moduleMarket,
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Fixed tilt, the common European ground mount', 'usual practice', null, true),
    'system.tilt_deg': cite('Near the yield optimum of central Europe: set it to the site’s', 'PVGIS optimum-angle practice', null, true),
    'system.azimuth_deg': facingSouth,
    'system.gcr': cite('Default ground coverage ratio', 'NREL PVWatts v8 default', 2022),
    'system.max_angle_deg': unusedRotation,
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('Fixed-tilt plants run 1.2-1.3', 'industry range', null, true),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'costs.capex_per_wdc': figure('Utility-scale PV in European markets, about €0.55-0.70/Wdc (2023)', irena2023, 2023, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': figure('Fixed O&M of utility-scale PV in Europe (2023)', irena2023, 2023, true),
    'costs.om_basis': cite('Quoted per kWdc installed', irena2023, 2023),
    'costs.om_escalation_pct': cite('ECB inflation target', 'European Central Bank', 2021),
    'costs.insurance_pct': cite('Plant insurance of about 0.3 % of the installed cost a year, usual in European project finance: enter your quote', 'Sunplot placeholder', null, true),
    ...localCostSources,
    'costs.salvage_pct': cite('Decommissioning assumed to cost what the plant fetches', 'Sunplot assumption', null, true),
    // As reported of LevelTen's Q2 2024 European index (sunroverpv.com, ghpvsolar.com): solar down 27 % on the quarter
    'tariff.price_per_kwh': figure('Average European solar PPA price of Q2 2024, €62.83/MWh; countries differ widely', 'LevelTen European PPA Price Index, Q2 2024', 2024, true),
    'tariff.escalation_pct': flatPpa,
    'finance.discount_rate_pct': cite('Nominal cost of capital of European utility-scale PV', 'IEA / IRENA cost-of-capital surveys', 2023, true),
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': samPeriod,
    'finance.currency': cite('Currency of the euro area', 'ISO 4217', null),
    'finance.structure': singleOwner,
    'finance.federal_tax_rate_pct': cite('Average statutory corporate income tax in the EU: enter your country’s', 'Tax Foundation, Corporate Tax Rates around the World', 2024, true),
    'finance.state_tax_rate_pct': cite('Local business taxes: enter your municipality’s (e.g. German trade tax)', 'Sunplot placeholder', null, true),
    'finance.equity_discount_rate_pct': cite('Equity return sought for European utility-scale PV', 'IEA / IRENA cost-of-capital surveys', 2023, true),
    'finance.inflation_pct': cite('ECB inflation target', 'European Central Bank', 2021),
    'finance.target_irr_pct': cite('Equity return sought for European utility-scale PV', 'IEA / IRENA cost-of-capital surveys', 2023, true),
    'finance.target_irr_year': wholePeriod,
    ...noCreditSources,
    'incentives.depreciation': cite('Straight line over the useful life', 'German AfA table for PV plant (20 years)', 2000, true),
    'incentives.depreciation_years': cite('Useful life for tax depreciation', 'German AfA table for PV plant', 2000, true),
    'debt.fraction_pct': cite('Debt sized by coverage, not as a share', 'European project-finance practice', null),
    'debt.min_dscr': cite('Coverage asked of PPA-backed solar', 'European project-finance practice', null, true),
    'debt.rate_pct': cite('Swap rate plus margin, 2024', 'European project-finance practice', 2024, true),
    'debt.tenor_years': cite('Term debt tenor of PPA-backed solar', 'European project-finance practice', null, true),
    'debt.upfront_fee_pct': cite('Arrangement fee', 'European project-finance practice', null, true),
    'debt.closing_costs': noClosingCosts,
    'reserves.working_capital_months': cite('Working-capital reserve', 'European project-finance practice', null, true),
    'reserves.debt_service_months': cite('Debt service reserve of six months', 'European project-finance practice', null, true),
    'reserves.interest_pct': cite('Interest earned on reserves', 'Sunplot assumption', null, true),
    'reserves.equipment': cite('Inverter replacement, €0.04/Wdc every 12 years', 'Sunplot placeholder', null, true),
  },
};

export const builtinPresets: readonly BuiltinPreset[] = [usUtility, indiaUtility, commercialRooftop, euUtility, usResidential];

export const findBuiltin = (id: string) => builtinPresets.find((preset) => preset.id === id);

/** The built-in whose currency a stored preset uses, to fill in fields added after it was written. */
export const defaultPresetForCurrency = (currency: string) => (currency === 'INR' ? indiaUtility : currency === 'EUR' ? euUtility : usUtility);

/** The defaults a project starts from: Indian projects the Indian ones, EU ones the EU ones, all others the US ones. */
export const defaultPresetFor = (country: string | undefined) => {
  const code = countryCodeOf(country);
  return code === 'IN' ? indiaUtility : code !== undefined && euCountries.has(code) ? euUtility : usUtility;
};

// The 27 member states of the European Union (ISO 3166-1 alpha-2).
const euCountries = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);

let countryNames: Map<string, string> | undefined;

/** An ISO 3166-1 alpha-2 code from a code or an English country name ("in", "India"); undefined when unknown. */
export function countryCodeOf(country: string | undefined): string | undefined {
  const given = country?.trim();
  if (!given) return undefined;
  if (/^[A-Za-z]{2}$/.test(given)) return given.toUpperCase();
  if (!countryNames) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryNames = new Map();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && name !== code) countryNames.set(name.toLowerCase(), code);
      }
    }
    countryNames.set('usa', 'US').set('united states of america', 'US').set('uk', 'GB');
  }
  return countryNames.get(given.toLowerCase());
}
