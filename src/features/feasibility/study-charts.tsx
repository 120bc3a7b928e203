import { Box, Table } from '@chakra-ui/react';
import { ResponsiveBar } from '@nivo/bar';
import { monthNames } from './study-format.ts';

interface Datum {
  [key: string]: string | number;
  label: string;
  value: number;
}

/**
 * Nivo draws its axes and grid with fixed greys; these follow the colour mode through Chakra's semantic tokens
 * (CSS variables), so the charts read in dark mode too.
 */
const chartTheme = {
  text: { fill: 'var(--chakra-colors-fg-muted)' },
  axis: { domain: { line: { stroke: 'var(--chakra-colors-border)' } }, ticks: { line: { stroke: 'var(--chakra-colors-border)' }, text: { fill: 'var(--chakra-colors-fg-muted)' } }, legend: { text: { fill: 'var(--chakra-colors-fg-muted)' } } },
  grid: { line: { stroke: 'var(--chakra-colors-border-muted)' } },
  tooltip: { container: { background: 'var(--chakra-colors-bg-panel)', color: 'var(--chakra-colors-fg)' } },
};

/** A bar chart with its numbers in a table underneath for screen readers and copying. */
function BarChart({ data, label, unit, colour, valueFormat }: { data: Datum[]; label: string; unit: string; colour: (value: number) => string; valueFormat: (value: number) => string }) {
  return (
    <Box>
      <Box h={{ base: '220px', md: '280px' }} role="img" aria-label={label}>
        <ResponsiveBar<Datum>
          data={data}
          theme={chartTheme}
          keys={['value']}
          indexBy="label"
          margin={{ top: 10, right: 10, bottom: 30, left: 64 }}
          padding={0.25}
          colors={({ data: d }) => colour(d.value)}
          axisLeft={{ format: (v: number) => valueFormat(v), tickValues: 5, legend: unit, legendPosition: 'middle', legendOffset: -56 }}
          axisBottom={{ tickRotation: data.length > 15 ? -45 : 0 }}
          enableLabel={false}
          valueFormat={valueFormat}
          isInteractive
          animate={false}
          role="presentation"
        />
      </Box>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: '0.85rem' }}>Show the numbers</summary>
        <Table.Root size="sm" mt={2}>
          <Table.Body>
            {data.map((d) => (
              <Table.Row key={d.label}>
                <Table.Cell>{d.label}</Table.Cell>
                <Table.Cell textAlign="end">{valueFormat(d.value)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </Box>
  );
}

const mwh = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: v < 10 ? 2 : 0 });

export function MonthlyEnergyChart({ monthlyKwh }: { monthlyKwh: number[] }) {
  const data = monthlyKwh.map((kwh, i) => ({ label: monthNames[i]!, value: kwh / 1000 }));
  return <BarChart data={data} label="Monthly AC energy in MWh" unit="MWh" colour={() => '#f08c00'} valueFormat={mwh} />;
}

export function CashFlowChart({ years, currency, afterTax = false }: { years: { year: number; net_cash_flow: number }[]; currency: string; afterTax?: boolean }) {
  const data = years.map((y) => ({ label: String(y.year), value: y.net_cash_flow }));
  const compact = (v: number) => (Math.abs(v) >= 1e6 ? `${(v / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })}M` : v.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  return <BarChart data={data} label={afterTax ? `Yearly equity cash flow after tax in ${currency}` : `Yearly net cash flow in ${currency}`} unit={currency} colour={(v) => (v >= 0 ? '#2f9e44' : '#e03131')} valueFormat={compact} />;
}
