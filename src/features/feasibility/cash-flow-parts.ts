/**
 * A year's cash flow split into the parts the yearly chart stacks. The parts of a year add up to its net cash flow
 * (the owner's equity cash flow after tax for a single owner, docs/finance.md item 11), so the stack's end is the
 * figure the table shows.
 */
import type { FinanceResult } from '../../contract/energy.ts';
import { isAfterTax } from '../../contract/settings.ts';

type Year = FinanceResult['years'][number];

export type CashFlowPart = 'investment' | 'revenue' | 'operating_costs' | 'debt_service' | 'tax' | 'credits' | 'reserves';

export const partLabels: Record<CashFlowPart, string> = {
  investment: 'Investment',
  revenue: 'Revenue',
  operating_costs: 'Operating costs',
  debt_service: 'Debt service',
  tax: 'Tax',
  credits: 'Tax credits',
  reserves: 'Reserves (net)',
};

/** PPA revenue and salvage. */
export const revenueOf = (y: Year) => y.revenue + (y.salvage ?? 0);
/** O&M, insurance and property tax. */
export const operatingCostsOf = (y: Year) => y.om + (y.insurance ?? 0) + (y.property_tax ?? 0);

/** The parts of each structure, in stacking order (nivo stacks the first key nearest the axis). */
export function partsOf(structure: FinanceResult['structure']): CashFlowPart[] {
  return isAfterTax(structure)
    ? ['investment', 'revenue', 'credits', 'operating_costs', 'debt_service', 'tax', 'reserves']
    : ['investment', 'revenue', 'operating_costs'];
}

/**
 * Each part of a year, signed as cash to the owner. Year 0 is the investment whole: the installed cost (pre-tax) or
 * the equity paid in (single owner). A single owner's equipment reserve is funded out of CFADS and counted with the
 * other reserves here, so revenue − operating costs − debt service − tax + credits + reserves = equity cash flow.
 */
export function yearParts(y: Year, structure: FinanceResult['structure']): Record<CashFlowPart, number> {
  if (y.year === 0) return { investment: y.net_cash_flow, revenue: 0, operating_costs: 0, debt_service: 0, tax: 0, credits: 0, reserves: 0 };
  const afterTax = isAfterTax(structure);
  return {
    investment: 0,
    revenue: revenueOf(y),
    operating_costs: -operatingCostsOf(y),
    debt_service: afterTax ? -((y.interest ?? 0) + (y.principal ?? 0)) : 0,
    tax: afterTax ? -((y.state_tax ?? 0) + (y.federal_tax ?? 0)) : 0,
    credits: afterTax ? (y.itc ?? 0) + (y.ptc ?? 0) : 0,
    reserves: afterTax ? (y.reserve_release ?? 0) + (y.reserve_interest ?? 0) - (y.reserve_funding ?? 0) : 0,
  };
}
