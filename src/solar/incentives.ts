/**
 * Capital subsidies and rebates a rooftop owner receives at construction, in the forms public schemes take: a fixed
 * grant, per-kW steps (India's PM Surya Ghar: ₹30,000/kW for the first 2 kW, ₹18,000 for the 3rd, at most ₹78,000),
 * a per-kW rebate and a share of the installed cost. All of them lower the installed cost (SAM's capital-based
 * incentives) and are taxable income in year 1 where the owner pays tax.
 */

/** A step of a per-kW subsidy: `per_kw` for each kW up to `up_to_kw` (beyond the previous step); null: no upper end. */
export interface SubsidyStep {
  up_to_kw: number | null;
  per_kw: number;
}

export interface CapitalIncentives {
  capital_subsidy: number;
  capital_subsidy_per_kw?: SubsidyStep[];
  /** The most the per-kW steps pay in all; null or absent: no cap. */
  capital_subsidy_cap?: number | null;
  rebate_per_kw?: number;
  /** Percent of the installed cost. */
  rebate_pct?: number;
}

/** The per-kW steps' amount for an array of `dcKw`, capped. */
export function stepSubsidy(steps: readonly SubsidyStep[], dcKw: number, cap: number | null | undefined): number {
  let paid = 0;
  let from = 0;
  for (const step of steps) {
    const to = step.up_to_kw ?? Infinity;
    if (dcKw > from && to > from) paid += (Math.min(dcKw, to) - from) * step.per_kw;
    from = Math.max(from, to);
  }
  return cap == null ? paid : Math.min(paid, cap);
}

/** Every capital incentive of an array of `dcKw` costing `installedCost`. */
export function capitalSubsidyOf(incentives: CapitalIncentives, dcKw: number, installedCost: number): number {
  return (
    incentives.capital_subsidy +
    stepSubsidy(incentives.capital_subsidy_per_kw ?? [], dcKw, incentives.capital_subsidy_cap) +
    (incentives.rebate_per_kw ?? 0) * dcKw +
    ((incentives.rebate_pct ?? 0) / 100) * installedCost
  );
}
