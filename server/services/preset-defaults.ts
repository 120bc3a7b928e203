/**
 * Built-in, read-only assumption presets. Every value cites where it comes from and the source's year, as gathered in
 * shared/reference/assumption-defaults.md; `approximate` marks values that source itself flags "(≈, verify)" or that
 * are placeholders to replace with the site's own figure. Each `source` is written for the planner: what the value
 * stands for, then a short name of its source (the fuller reference, where there is one, in a comment beside it).
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
    costs: { capex_per_wdc: 1.08, fixed_costs: 0, om_per_kw_yr: 20, om_basis: 'ac', om_escalation_pct: 2.5 },
    tariff: { price_per_kwh: 0.035, escalation_pct: 0 },
    finance: { discount_rate_pct: 9.1, degradation_pct: 0.5, analysis_years: 25, currency: 'USD' },
  },
  sources: {
    'system.module_power_w': moduleMarket,
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Most new US utility plants use single-axis trackers', 'LBNL Utility-Scale Solar', 2024),
    'system.tilt_deg': cite('Horizontal tracker axis', 'NREL PVWatts tracker convention', 2022),
    'system.azimuth_deg': cite('North-south tracker axis', 'NREL PVWatts tracker convention', 2022),
    'system.gcr': cite('Default ground coverage ratio; trackers run 0.30-0.40', 'NREL PVWatts v8 default', 2022),
    'system.max_angle_deg': cite('Tracker rotation limit', 'NREL PVWatts v8 default', 2022),
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('Representative tracker plant', 'NREL ATB', 2020),
    'system.inverter_efficiency_pct': pvwattsInverter,
    'costs.capex_per_wdc': cite('Installed cost of 2023 plants, capacity-weighted: $1.43/WAC, about $1.08/WDC', 'LBNL Utility-Scale Solar', 2024),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('Fixed O&M of $15-25 per kWac and year', 'NREL ATB', 2024, true),
    'costs.om_basis': cite('Fixed O&M is quoted per kWac', 'NREL ATB', 2024),
    'costs.om_escalation_pct': samInflation,
    'tariff.price_per_kwh': cite('Levelised PPA price of new contracts, about $35/MWh (2023 $)', 'LBNL Utility-Scale Solar', 2024),
    'tariff.escalation_pct': flatPpa,
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': samPeriod,
    'finance.currency': usDollar,
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
    costs: { capex_per_wdc: 36, fixed_costs: 0, om_per_kw_yr: 500, om_basis: 'dc', om_escalation_pct: 5 },
    tariff: { price_per_kwh: 2.57, escalation_pct: 0 },
    finance: { discount_rate_pct: 10, degradation_pct: 0.5, analysis_years: 25, currency: 'INR' },
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
    'costs.capex_per_wdc': cite('₹3.6-3.7 Cr/MW up to FY22, about ₹36/Wdc; ₹3.3-4.0 Cr/MW since', 'Crisil via Livemint', 2021, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('₹4-7 lakh per MW and year, escalated', 'CERC RE tariff orders', null, true),
    'costs.om_basis': cite('Quoted per MW of plant capacity', 'CERC RE tariff orders', null),
    'costs.om_escalation_pct': cite('Yearly O&M escalation', 'CERC RE tariff orders', null, true),
    'tariff.price_per_kwh': cite('SECI ISTS solar allocations at ₹2.54-2.60/kWh', 'energyheadlines.com, Nov 2024', 2024),
    'tariff.escalation_pct': cite('Fixed tariff for 25 years', 'SECI PPAs', 2024),
    'finance.discount_rate_pct': cite('Nominal WACC of 9-10.5 %: 70 % debt at SBI MCLR + 200 bp, 30 % equity at 14 % return', 'CERC tariff method', 2020, true),
    'finance.degradation_pct': cite('Yearly degradation', 'CERC RE tariff assumptions FY2016-17', 2016),
    'finance.analysis_years': cite('Useful life', 'CERC', null, true),
    'finance.currency': cite('Currency of India', 'ISO 4217', null),
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
    costs: { capex_per_wdc: 1.9, fixed_costs: 0, om_per_kw_yr: 29, om_basis: 'dc', om_escalation_pct: 2.5 },
    tariff: { price_per_kwh: 0.13, escalation_pct: 3 },
    finance: { discount_rate_pct: 9.1, degradation_pct: 0.5, analysis_years: 20, currency: 'USD' },
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
    'costs.capex_per_wdc': cite('Commercial rooftops at $1.6-2.2/Wdc', 'NREL Q1-2023 cost benchmark', 2023, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('Residential and commercial O&M', 'older NREL SAM default', null, true),
    'costs.om_basis': cite('Quoted per kWdc installed', 'NREL SAM', null),
    'costs.om_escalation_pct': samInflation,
    'tariff.price_per_kwh': cite('Placeholder for the retail rate the system offsets: enter the site’s own', 'Sunplot placeholder', null, true),
    'tariff.escalation_pct': cite('Utility price escalation', 'OpenSolar default', null),
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': cite('Analysis period', 'OpenSolar and Google Solar API defaults', 2024),
    'finance.currency': usDollar,
  },
};

export const builtinPresets: readonly BuiltinPreset[] = [usUtility, indiaUtility, commercialRooftop];

export const findBuiltin = (id: string) => builtinPresets.find((preset) => preset.id === id);

/** The defaults a project starts from: Indian projects the Indian ones, all others the US utility-scale ones. */
export const defaultPresetFor = (country: string | undefined) => (country?.toUpperCase() === 'IN' ? indiaUtility : usUtility);
