import { Box, DataList, Table, Text } from '@chakra-ui/react';
import { isAfterTax } from '../../contract/settings.ts';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import type { FinanceResult } from '../../contract/energy.ts';
import { formatDecimal, formatInteger, formatPercent } from '../../lib/number-format.ts';
import { energyPriceUnit, formatEnergyPrice, formatMoney, formatPerWdc } from './study-format.ts';

type Year = FinanceResult['years'][number];

const pctOrNone = (value: number | null, none = 'none') => (value === null ? none : formatPercent(value, 2));
/** An assumed rate as it was typed: 8 %, 7.5 %. */
const rate = (pct: number) => formatPercent(pct, 4, { minDigits: 0 });
const ratio = (value: number | null) => (value === null ? 'no debt' : formatDecimal(value, 2));

/** How the study is financed and what it would need: debt, coverage, after-tax returns, breakeven price, highest cost. */
export function FinanceSummary({ finance }: { finance: FinanceResult }) {
  const { currency, assumptions } = finance;
  const afterTax = isAfterTax(finance.structure);
  const targetYear = assumptions.finance.target_irr_year ?? assumptions.finance.analysis_years;
  const target = afterTax ? `an equity IRR of ${rate(assumptions.finance.target_irr_pct!)} at year ${targetYear}` : `NPV = 0 at ${rate(assumptions.finance.discount_rate_pct)}`;
  // A rooftop earns the bills it saves: no PPA to solve for, and coverage only with a loan.
  const behindTheMeter = finance.structure === 'behind_the_meter';
  const price = (perKwh: number | null) => formatEnergyPrice(perKwh, currency, energyPriceUnit(finance.structure, currency));
  const rows: [string, string][] = [
    ['Financing', behindTheMeter ? 'The owner’s bill savings, after tax and any loan (NREL SAM conventions)' : afterTax ? 'Single owner, after tax and levered (NREL SAM conventions)' : 'Pre-tax project cash flows, no debt'],
    ...(afterTax
      ? ([
          ['Total installed cost', `${formatMoney(finance.total_installed_cost, currency)} (capex ${formatMoney(finance.capex, currency)} with financing costs and reserves)`],
          ['Debt / equity', `${formatMoney(finance.debt_amount, currency)} / ${formatMoney(finance.total_installed_cost - finance.debt_amount, currency)}`],
          ...(behindTheMeter && finance.debt_amount === 0 ? [] : [['DSCR', `minimum ${ratio(finance.min_dscr)}, average ${ratio(finance.avg_dscr)}`]]),
          ['Equity IRR (after tax)', `${pctOrNone(finance.equity_irr_pct, finance.irr_note ?? 'none')} over ${assumptions.finance.analysis_years} years; ${pctOrNone(finance.irr_at_target_year_pct)} at year ${targetYear}`],
          ['After-tax NPV', `${formatMoney(finance.after_tax_npv ?? finance.npv, currency)} at ${rate(assumptions.finance.equity_discount_rate_pct!)}`],
          ['Project IRR after tax, without debt', pctOrNone(finance.project_irr_after_tax_pct)],
          ['LCOE real / nominal', `${price(finance.lcoe_real_per_kwh)} / ${price(finance.lcoe_nominal_per_kwh)}`],
        ] as [string, string][])
      : []),
    ...creditRows(finance),
    ...(behindTheMeter ? [] : ([['PPA price needed', finance.breakeven_ppa_per_kwh === null ? (finance.breakeven_ppa_note ?? 'none') : `${price(finance.breakeven_ppa_per_kwh)} in year 1, for ${target}`]] as [string, string][])),
    ['Highest installed cost', finance.max_capex_per_wdc === null ? (finance.max_capex_note ?? 'none') : `${formatPerWdc(finance.max_capex_per_wdc, currency)} for ${target}`],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="finance-summary">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW={{ base: '9rem', md: '14rem' }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const technologyWords = { pv: 'solar', storage: 'storage' } as const;
const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The owner, the dates and each US federal credit with the law's reason (src/solar/tax-credits.ts). */
function creditRows(finance: FinanceResult): [string, string][] {
  const terms = finance.assumptions.finance;
  const credits = finance.credits ?? [];
  if (credits.length === 0) return [];
  const rows: [string, string][] = [['Owner', terms.owner === 'residential' ? 'A household that buys the system' : 'A business']];
  if (terms.begin_construction_date && terms.placed_in_service_date) {
    rows.push(['Construction begins / in service', `${longDate(terms.begin_construction_date)} / ${longDate(terms.placed_in_service_date)}`]);
  }
  for (const credit of credits) {
    const production = credit.section.startsWith('45');
    const amount = !credit.applies ? 'No credit' : production ? 'At the PTC entered' : `${formatPercent(credit.rate_pct, 4, { minDigits: 0 })} of the cost basis`;
    rows.push([`§${credit.section} (${technologyWords[credit.technology]})`, `${amount}. ${credit.reason}`]);
  }
  return rows;
}

interface Column {
  header: string;
  cell: (year: Year) => string;
}

const money = (pick: (year: Year) => number | undefined) => (year: Year) => formatInteger(pick(year) ?? 0);

const preTaxColumns: Column[] = [
  { header: 'Energy (MWh)', cell: (y) => formatDecimal(y.energy_kwh / 1000, 1, { minDigits: 0 }) },
  { header: 'Revenue', cell: money((y) => y.revenue) },
  { header: 'O&M', cell: money((y) => y.om) },
  { header: 'Capex', cell: money((y) => y.capex) },
  { header: 'Net cash flow', cell: money((y) => y.net_cash_flow) },
  { header: 'Cumulative', cell: money((y) => y.cumulative_cash_flow) },
];

const afterTaxColumns: Column[] = [
  { header: 'Energy (MWh)', cell: (y) => formatDecimal(y.energy_kwh / 1000, 1, { minDigits: 0 }) },
  { header: 'Revenue', cell: money((y) => y.revenue + (y.salvage ?? 0)) },
  { header: 'Operating costs', cell: money((y) => y.om + (y.insurance ?? 0) + (y.property_tax ?? 0)) },
  { header: 'CFADS', cell: money((y) => y.cfads) },
  { header: 'Interest', cell: money((y) => y.interest) },
  { header: 'Principal', cell: money((y) => y.principal) },
  { header: 'DSCR', cell: (y) => (y.dscr === null || y.dscr === undefined ? '' : formatDecimal(y.dscr, 2)) },
  { header: 'Depreciation', cell: money((y) => y.depreciation) },
  { header: 'Taxable income', cell: money((y) => y.taxable_income) },
  { header: 'State tax', cell: money((y) => y.state_tax) },
  { header: 'Federal tax', cell: money((y) => y.federal_tax) },
  { header: 'ITC + PTC', cell: money((y) => (y.itc ?? 0) + (y.ptc ?? 0)) },
  { header: 'Reserves (net)', cell: (y) => (y.year === 0 ? '' : formatInteger(reservesNet(y))) },
  { header: 'Equity cash flow', cell: money((y) => y.equity_cash_flow) },
  { header: 'Cumulative', cell: money((y) => y.cumulative_cash_flow) },
];

/** Equipment reserve funding is already off CFADS: the other reserves' funding, their releases and the interest. */
function reservesNet(y: Year): number {
  const equipmentFunding = y.year === 0 ? 0 : y.revenue + (y.salvage ?? 0) - y.om - (y.insurance ?? 0) - (y.property_tax ?? 0) - (y.cfads ?? 0);
  return (y.reserve_release ?? 0) + (y.reserve_interest ?? 0) - (y.reserve_funding ?? 0) + equipmentFunding;
}

/** Every year's cash flow: the owner's after-tax lines for a single-owner study, the project's for a pre-tax one. */
export function CashFlowTable({ finance }: { finance: FinanceResult }) {
  const afterTax = isAfterTax(finance.structure);
  const columns = afterTax ? afterTaxColumns : preTaxColumns;
  return (
    <Box>
      <TableScroll label={`Yearly cash flows in ${finance.currency}, scrollable`} maxH="28rem">
        <Table.Root size="sm" stickyHeader showColumnBorder={false} aria-label={`Yearly cash flows in ${finance.currency}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Year</Table.ColumnHeader>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} textAlign="end" whiteSpace="nowrap">
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {finance.years.map((year) => (
              <Table.Row key={year.year}>
                <Table.Cell>{year.year}</Table.Cell>
                {columns.map((column) => (
                  <Table.Cell key={column.header} textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {column.cell(year)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <Text fontSize="xs" color="fg.muted" mt={2}>
        {afterTax
          ? `${finance.currency}, nominal. Taxes paid are positive, benefits negative. CFADS is revenue less operating costs and equipment reserve funding; each year, equity cash flow = CFADS − interest − principal − state tax − federal tax + ITC + PTC + reserves (net). Year 0: the equity paid in (the reserves funded at construction are part of the installed cost). Conventions: docs/finance.md.`
          : `${finance.currency}, nominal, before tax and debt. Year 0: the installed cost.`}
      </Text>
    </Box>
  );
}
