/** A study's yearly cash flows as CSV (src/contract/csv.ts), one row a year. */
import { csvLine } from '../../src/contract/csv.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';

type Year = FinanceResult['years'][number];
type Column = [header: string, value: (year: Year) => number | null | undefined];

/** The columns of the export, with their units, for the study's model. */
export function studyCsvColumns(finance: FinanceResult): Column[] {
  const cur = finance.currency;
  const money = (label: string, value: Column[1]): Column => [`${label} (${cur})`, value];
  const common: Column[] = [
    ['Year', (y) => y.year],
    ['Energy (kWh)', (y) => y.energy_kwh],
    money(finance.structure === 'behind_the_meter' ? 'Bill savings' : 'PPA revenue', (y) => y.revenue),
  ];
  if ((finance.structure ?? 'pre_tax') === 'pre_tax') {
    return [
      ...common,
      money('O&M', (y) => y.om),
      money('Capex', (y) => y.capex),
      money('Net cash flow', (y) => y.net_cash_flow),
      money('Discounted cash flow', (y) => y.discounted_cash_flow),
      money('Cumulative cash flow', (y) => y.cumulative_cash_flow),
      money('Cumulative discounted cash flow', (y) => y.cumulative_discounted_cash_flow),
    ];
  }
  return [
    ...common,
    money('Salvage', (y) => y.salvage),
    money('O&M', (y) => y.om),
    money('Insurance', (y) => y.insurance),
    money('Property tax', (y) => y.property_tax),
    money('Total installed cost', (y) => y.capex),
    money('CFADS', (y) => y.cfads),
    money('Debt interest', (y) => y.interest),
    money('Debt principal', (y) => y.principal),
    ['DSCR (x)', (y) => y.dscr],
    money('Depreciation', (y) => y.depreciation),
    money('Federal taxable income', (y) => y.taxable_income),
    money('State tax', (y) => y.state_tax),
    money('Federal tax', (y) => y.federal_tax),
    money('ITC', (y) => y.itc),
    money('PTC', (y) => y.ptc),
    money('Reserve funding', (y) => y.reserve_funding),
    money('Reserve release', (y) => y.reserve_release),
    money('Reserve interest', (y) => y.reserve_interest),
    money('After-tax equity cash flow', (y) => y.equity_cash_flow),
    money('Discounted equity cash flow', (y) => y.discounted_cash_flow),
    money('Cumulative equity cash flow', (y) => y.cumulative_cash_flow),
  ];
}

export function studyCsv(finance: FinanceResult): string {
  const columns = studyCsvColumns(finance);
  const rows = finance.years.map((year) => columns.map(([, value]) => value(year)));
  return [columns.map(([header]) => header), ...rows].map((cells) => csvLine(cells)).join('');
}
