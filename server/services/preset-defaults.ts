/**
 * Built-in, read-only assumption presets. Every value cites where it comes from and the source's year, as gathered in
 * shared/reference/assumption-defaults.md; `approximate` marks values that source itself flags "(≈, verify)" or that
 * are placeholders to replace with the site's own figure.
 */
import type { Assumptions, BuiltinPresetId, ValueSource } from '../../src/contract/settings.ts';

export interface BuiltinPreset {
  id: BuiltinPresetId;
  name: string;
  assumptions: Assumptions;
  sources: Record<string, ValueSource>;
}

const cite = (source: string, year: number | null, approximate = false): ValueSource => ({ source, year, approximate });

const pvwatts = cite('NREL PVWatts v8 engine default (ssc cmod_pvwattsv8.cpp)', 2022);
const pvwattsLosses = cite('NREL PVWatts default losses, 14.08 % compounded (soiling 2, shading 3, mismatch 2, wiring 2, connections 0.5, LID 1.5, nameplate 1, availability 3)', 2022);
const moduleMarket = cite('Module nameplate 540-620 Wp bifacial, 2024-25 market (assumption-defaults: ≈, verify)', 2024, true);
const premiumEfficiency = cite('PySAM example configuration: premium modules ≈ 21 % efficiency', null, true);
const jordanKurtz = cite('Jordan & Kurtz, Photovoltaic Degradation Rates, Prog. Photovolt. (doi 10.1002/pip.1182): median 0.5 %/yr', 2012);
const samFinance = cite('NREL SAM financial defaults: real discount 6.4 % + inflation 2.5 % ≈ 9.1 % nominal', null);
const samPeriod = cite('NREL SAM default analysis period', null);
const noFixedCosts = cite('No fixed costs assumed: add interconnection and development costs for the site', null, true);
const flatPpa = cite('Flat-price PPA assumed (no escalation)', null, true);

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
    'system.mount': cite('LBNL Utility-Scale Solar 2024: most new US utility plants use single-axis trackers', 2024),
    'system.tilt_deg': cite('Horizontal tracker axis (PVWatts tracker convention)', 2022),
    'system.azimuth_deg': cite('North-south tracker axis (PVWatts tracker convention)', 2022),
    'system.gcr': cite('NREL PVWatts v8 default GCR 0.4 (ssc cmod_pvwattsv8.cpp); trackers 0.30-0.40', 2022),
    'system.max_angle_deg': cite('NREL PVWatts v8 default tracker rotation limit', 2022),
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('NREL ATB 2020 representative tracker plant, ILR 1.34', 2020),
    'system.inverter_efficiency_pct': pvwatts,
    'costs.capex_per_wdc': cite('LBNL Utility-Scale Solar 2024: $1.43/WAC ≈ $1.08/WDC installed, 2023 capacity-weighted average', 2024),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('≈ $15-25/kWac-yr (assumption-defaults: ≈, verify against NREL ATB 2024 Fixed O&M)', 2024, true),
    'costs.om_basis': cite('NREL ATB quotes fixed O&M per kWac', 2024),
    'costs.om_escalation_pct': cite('NREL SAM default inflation 2.5 %', null),
    'tariff.price_per_kwh': cite('LBNL Utility-Scale Solar 2024: levelised PPA ≈ $35/MWh (2023 $), new contracts', 2024),
    'tariff.escalation_pct': flatPpa,
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': samPeriod,
    'finance.currency': cite('United States', null),
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
    'system.module_power_w': cite('ALMM-listed modules, 540-620 Wp class, 2024-25 market (≈, verify)', 2024, true),
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Fixed tilt: the normative CERC case (CUF 19 %)', 2016),
    'system.tilt_deg': cite('Fixed tilt near the latitude of the Rajasthan/Gujarat solar belt (site-specific: set to the latitude)', null, true),
    'system.azimuth_deg': cite('Facing south (northern hemisphere)', null),
    'system.gcr': cite('Fixed-tilt GCR 0.40-0.50 (assumption-defaults: ≈)', null, true),
    'system.max_angle_deg': cite('Unused for fixed tilt; PVWatts tracker default kept', 2022),
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': cite('DC/AC 1.3-1.5 for high-CUF bids (assumption-defaults: ≈, verify)', null, true),
    'system.inverter_efficiency_pct': pvwatts,
    'costs.capex_per_wdc': cite('Crisil via Livemint 2021-10-25: ₹3.6-3.7 Cr/MW to FY22 (≈ ₹36/Wdc); ₹3.3-4.0 Cr/MW today (≈, verify)', 2021, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('≈ ₹4-7 lakh/MW-yr with escalation (assumption-defaults: ≈, verify current CERC RE tariff order)', null, true),
    'costs.om_basis': cite('Quoted per MW of plant capacity', null),
    'costs.om_escalation_pct': cite('CERC-style O&M escalation (≈, verify current CERC RE tariff order)', null, true),
    'tariff.price_per_kwh': cite('SECI ISTS solar allocations ₹2.54-2.60/kWh (energyheadlines.com, Nov 2024)', 2024),
    'tariff.escalation_pct': cite('SECI PPAs: fixed tariff for 25 years', 2024),
    'finance.discount_rate_pct': cite('CERC-style D:E 70:30, ROE 14 %, debt at SBI MCLR + 200 bp: nominal WACC ≈ 9-10.5 % (≈, verify)', 2020, true),
    'finance.degradation_pct': cite('CERC RE tariff assumptions FY2016-17: 0.5 %/yr', 2016),
    'finance.analysis_years': cite('25-year useful life (CERC, ≈)', null, true),
    'finance.currency': cite('India', null),
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
    'system.module_power_w': cite('Google Solar API assumes 400 W panels', 2024),
    'system.module_efficiency_pct': premiumEfficiency,
    'system.mount': cite('Flat-roof ballasted racking', null),
    'system.tilt_deg': cite('Low-tilt ballasted rows (typical 5-15°)', null, true),
    'system.azimuth_deg': cite('Facing south (northern hemisphere)', null),
    'system.gcr': cite('Flat-roof ballasted rows GCR 0.5-0.7 (assumption-defaults: ≈)', null, true),
    'system.max_angle_deg': cite('Unused for fixed tilt; PVWatts tracker default kept', 2022),
    'system.losses_pct': pvwattsLosses,
    'system.dc_ac_ratio': pvwatts,
    'system.inverter_efficiency_pct': pvwatts,
    'costs.capex_per_wdc': cite('C&I rooftop ~$1.6-2.2/Wdc (assumption-defaults: ≈, verify in NREL Q1-2023 benchmark tables)', 2023, true),
    'costs.fixed_costs': noFixedCosts,
    'costs.om_per_kw_yr': cite('NREL SAM residential/commercial default $29/kW-yr (older default)', null, true),
    'costs.om_basis': cite('Quoted per kWdc installed', null),
    'costs.om_escalation_pct': cite('NREL SAM default inflation 2.5 %', null),
    'tariff.price_per_kwh': cite('Placeholder for the retail tariff the system offsets: enter the site’s own rate', null, true),
    'tariff.escalation_pct': cite('OpenSolar default utility escalation 3 %/yr', null),
    'finance.discount_rate_pct': samFinance,
    'finance.degradation_pct': jordanKurtz,
    'finance.analysis_years': cite('OpenSolar and Google Solar API default 20 years', 2024),
    'finance.currency': cite('United States', null),
  },
};

export const builtinPresets: readonly BuiltinPreset[] = [usUtility, indiaUtility, commercialRooftop];

export const findBuiltin = (id: string) => builtinPresets.find((preset) => preset.id === id);

/** The defaults a project starts from: Indian projects the Indian ones, all others the US utility-scale ones. */
export const defaultPresetFor = (country: string | undefined) => (country?.toUpperCase() === 'IN' ? indiaUtility : usUtility);
