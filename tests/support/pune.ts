import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { meansAt } from '../solar/monthly-means.ts';

/** Pune, Maharashtra: issue 23's rooftop example. */
export const pune = { lat: 18.52, lng: 73.86 };

/**
 * The create request of a 5 kW home in Pune: typed monthly means, the MSEDCL slab tariff with its net metering, a
 * household (no tax, no depreciation, no debt or reserves) with the PM Surya Ghar subsidy, on a residential shape.
 */
export function puneRooftopStudy(projectId: string) {
  const means = meansAt(pune.lat, pune.lng, 0.55, 26);
  const slab = TARIFF_PRESETS.find((t) => t.id === 'in-residential-slab')!;
  return {
    project_id: projectId,
    name: 'Rooftop 5 kW',
    weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
    system: { dc_kw: 5, tilt_deg: 18, azimuth_deg: 180 },
    costs: { capex_per_wdc: 50, fixed_costs: 0, om_per_kw_yr: 500 },
    finance: { structure: 'behind_the_meter', currency: 'INR', federal_tax_rate_pct: 0, state_tax_rate_pct: 0 },
    incentives: { itc_pct: 0, depreciation: 'none', capital_subsidy_per_kw: [{ up_to_kw: 2, per_kw: 30000 }, { up_to_kw: 3, per_kw: 18000 }], capital_subsidy_cap: 78000 },
    debt: { fraction_pct: 0, min_dscr: null },
    reserves: { working_capital_months: 0, debt_service_months: 0, equipment: [] },
    tariff: { ...slab.rate, escalation_pct: slab.escalation_pct },
    load: { shape: 'residential', annual_kwh: 6000 },
    export: slab.export,
  };
}
