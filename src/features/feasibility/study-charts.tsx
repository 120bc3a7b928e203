import { Box, Flex, HStack, Table, Text } from '@chakra-ui/react';
import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import { useCallback, useState, type ReactNode } from 'react';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { monthNames } from './study-format.ts';
import { formatDecimal } from '../../lib/number-format.ts';

/**
 * Nivo draws its axes and grid with fixed greys; these follow the colour mode through Chakra's semantic tokens
 * (CSS variables), so the charts read in dark mode too.
 */
export const chartTheme = {
  text: { fill: 'var(--chakra-colors-fg-muted)' },
  axis: { domain: { line: { stroke: 'var(--chakra-colors-border)' } }, ticks: { line: { stroke: 'var(--chakra-colors-border)' }, text: { fill: 'var(--chakra-colors-fg-muted)' } }, legend: { text: { fill: 'var(--chakra-colors-fg-muted)' } } },
  grid: { line: { stroke: 'var(--chakra-colors-border-muted)' } },
  labels: { text: { fontSize: 11 } },
};

/** What a month's name ("May" at the axis' 11 px) needs under its bar to keep clear of the next one. */
const MONTH_NAME_PX = 30;

/**
 * The month axis of a chart of twelve bars, for the width it is drawn at: the names where each month has room, their
 * initials where not (a 390 px phone leaves about 20 px a month), so no two labels touch. The tooltips and the table
 * of numbers under each chart keep the names. Give `onResize` and `axisBottom` to the ResponsiveBar.
 */
export function useMonthAxis(margin: { left: number; right: number }) {
  const [width, setWidth] = useState<number | null>(null);
  const onResize = useCallback((size: { width: number }) => setWidth(size.width), []);
  const narrow = width !== null && (width - margin.left - margin.right) / 12 < MONTH_NAME_PX;
  return { onResize, axisBottom: narrow ? { format: (month: string) => month.charAt(0) } : {} };
}

/** A chart's tooltip: a colour chip and one line of text with its unit. */
export function ChartTooltip({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <HStack gap={2} bg="bg.panel" color="fg" px={2} py={1} rounded="sm" boxShadow="md" fontSize="sm" whiteSpace="nowrap">
      <Box w={3} h={3} rounded="xs" bg={colour} aria-hidden flexShrink={0} />
      <Text>{children}</Text>
    </HStack>
  );
}

/** A legend in HTML, so it wraps on a phone instead of running off the chart. */
export function ChartLegend({ items }: { items: { label: string; colour: string; line?: boolean }[] }) {
  return (
    <Flex as="ul" wrap="wrap" columnGap={4} rowGap={1} fontSize="xs" color="fg.muted" aria-label="Legend" listStyleType="none">
      {items.map((item) => (
        <HStack as="li" key={item.label} gap={1.5}>
          <Box w={3} h={item.line ? '2px' : 3} rounded="xs" bg={item.colour} aria-hidden />
          <Text>{item.label}</Text>
        </HStack>
      ))}
    </Flex>
  );
}

/** The numbers under a chart, for screen readers and copying; `label` names the table ("Monthly AC energy, in numbers"). */
export function ChartNumbers({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: '0.85rem' }}>Show the numbers</summary>
      <TableScroll label={label} mt={2}>
        <Table.Root size="sm" aria-label={label}>
          <Table.Header>
            <Table.Row>
              {head.map((cell, k) => (
                <Table.ColumnHeader key={cell} textAlign={k === 0 ? 'start' : 'end'}>
                  {cell}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row[0]}>
                {row.map((cell, k) => (
                  <Table.Cell key={k} textAlign={k === 0 ? 'start' : 'end'} fontVariantNumeric="tabular-nums">
                    {cell}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </details>
  );
}

interface MonthDatum {
  [key: string]: string | number;
  month: string;
  mwh: number;
}

const energyColour = '#f08c00';
const mwh = (v: number) => formatDecimal(v, v < 10 ? 2 : 0, { minDigits: 0 });

function MonthTooltip({ data }: BarTooltipProps<MonthDatum>) {
  return (
    <ChartTooltip colour={energyColour}>
      {data.month}: <b>{mwh(data.mwh)} MWh</b>
    </ChartTooltip>
  );
}

export function MonthlyEnergyChart({ monthlyKwh }: { monthlyKwh: number[] }) {
  const data = monthlyKwh.map((kwh, i): MonthDatum => ({ month: monthNames[i]!, mwh: kwh / 1000 }));
  const margin = { top: 10, right: 10, bottom: 30, left: 64 };
  const months = useMonthAxis(margin);
  return (
    <Box>
      <Box h={{ base: '220px', md: '260px' }} role="img" aria-label="Monthly AC energy in MWh">
        <ResponsiveBar<MonthDatum>
          data={data}
          theme={chartTheme}
          keys={['mwh']}
          indexBy="month"
          margin={margin}
          {...months}
          padding={0.25}
          valueScale={{ type: 'linear', min: 0, nice: true }}
          colors={energyColour}
          axisLeft={{ format: mwh, tickValues: 5, legend: 'MWh', legendPosition: 'middle', legendOffset: -56 }}
          enableLabel={false}
          tooltip={MonthTooltip}
          animate={false}
          role="presentation"
        />
      </Box>
      <ChartNumbers label="Monthly AC energy, in numbers" head={['Month', 'MWh']} rows={data.map((d) => [d.month, mwh(d.mwh)])} />
    </Box>
  );
}
