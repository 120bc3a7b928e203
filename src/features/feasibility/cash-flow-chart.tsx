import { Box, Stack } from '@chakra-ui/react';
import { isAfterTax } from '../../contract/settings.ts';
import { ResponsiveBar, type BarCustomLayerProps, type BarTooltipProps } from '@nivo/bar';
import type { FinanceResult } from '../../contract/energy.ts';
import { partLabels, partsOf, yearParts, type CashFlowPart } from './cash-flow-parts.ts';
import { ChartLegend, ChartNumbers, ChartTooltip, chartTheme } from './study-charts.tsx';
import { formatDecimal } from '../../lib/number-format.ts';
import { formatMoney, formatTick } from './study-format.ts';

/** What the chart draws: a study's or a what-if's yearly cash flows and its payback. */
export type CashFlowFigures = Pick<FinanceResult, 'years' | 'structure' | 'currency' | 'simple_payback_years'>;

type YearDatum = Record<string, string | number> & { year: string; net: number; cumulative: number };

const partColours: Record<CashFlowPart, string> = {
  investment: '#e03131',
  revenue: '#2f9e44',
  credits: '#94d82d',
  operating_costs: '#f08c00',
  debt_service: '#7048e8',
  tax: '#1c7ed6',
  reserves: '#868e96',
};
const lineColour = 'var(--chakra-colors-fg)';

const tickStyle = { fill: 'var(--chakra-colors-fg-muted)', fontSize: 11, fontFamily: 'sans-serif' };

/** The smallest of 1, 2, 5 × 10^n not below `value`, so the right axis's ticks are round numbers too. */
function niceAbove(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * power >= value * (1 - 1e-12)) ?? 10) * power;
}

interface LinearScale {
  (value: number): number;
  ticks(count?: number): number[];
}
interface BandScale {
  (value: string): number | undefined;
  bandwidth(): number;
}

/**
 * How much the cumulative line is scaled down to fit the bars' axis: 1 when it fits, else a round factor, and the
 * right axis reads the line's values (its zero stays on the bars' zero).
 */
function cumulativeFactor(data: YearDatum[], [low = 0, high = 0]: number[]): number {
  const cumulative = data.map((d) => d.cumulative);
  const ratio = Math.max(high > 0 ? Math.max(0, ...cumulative) / high : 0, low < 0 ? Math.min(0, ...cumulative) / low : 0);
  return ratio <= 1 ? 1 : niceAbove(ratio);
}

/** The cumulative cash flow as a line (on its own axis at the right when it needs one) and the payback year marked. */
function cumulativeLayer(data: YearDatum[], factor: number, paybackYears: number | null) {
  return function CumulativeLine({ xScale, yScale, innerWidth, innerHeight }: BarCustomLayerProps<YearDatum>) {
    const x = xScale as unknown as BandScale;
    const y = yScale as unknown as LinearScale;
    const centre = (year: string) => (x(year) ?? 0) + x.bandwidth() / 2;
    const points = data.map((d) => `${centre(d.year)},${y(d.cumulative / factor)}`).join(' ');
    const step = data.length > 1 ? centre(data[1]!.year) - centre(data[0]!.year) : 0;
    const payback = paybackYears === null ? null : centre(data[0]!.year) + paybackYears * step;
    return (
      <g aria-hidden>
        <polyline points={points} fill="none" style={{ stroke: lineColour }} strokeWidth={2} />
        {data.map((d) => (
          <circle key={d.year} cx={centre(d.year)} cy={y(d.cumulative / factor)} r={2.5} style={{ fill: lineColour }} />
        ))}
        {factor !== 1 &&
          y.ticks(5).map((tick) => (
            <text key={tick} x={innerWidth + 6} y={y(tick)} dominantBaseline="central" style={tickStyle}>
              {formatTick(tick * factor)}
            </text>
          ))}
        {payback === null ? (
          <text data-testid="payback-marker" x={innerWidth - 4} y={-4} textAnchor="end" style={{ ...tickStyle, fill: 'var(--chakra-colors-fg)' }}>
            not paid back within {data.length - 1} years
          </text>
        ) : (
          <g>
            <line x1={payback} x2={payback} y1={0} y2={innerHeight} strokeDasharray="4 3" strokeWidth={1.5} style={{ stroke: lineColour }} />
            <text data-testid="payback-marker" x={payback + 4} y={-4} style={{ ...tickStyle, fill: 'var(--chakra-colors-fg)' }}>
              paid back in year {formatDecimal(paybackYears!, 1, { minDigits: 0 })}
            </text>
          </g>
        )}
      </g>
    );
  };
}

/**
 * The yearly cash flow as stacked parts (revenue and credits above the axis; costs, debt service, tax and the year-0
 * investment below), the scale reaching the lowest stack so the investment is drawn whole, and the cumulative cash
 * flow as a line with the payback year marked.
 */
export function CashFlowChart({ figures }: { figures: CashFlowFigures }) {
  const { years, structure, currency } = figures;
  const afterTax = isAfterTax(structure);
  const split = years.map((y) => yearParts(y, structure));
  const keys = partsOf(structure).filter((part) => split.some((parts) => Math.abs(parts[part]) > 0.005));
  const data = years.map((y, k): YearDatum => ({ year: String(y.year), net: y.net_cash_flow, cumulative: y.cumulative_cash_flow, ...split[k] }));
  const below = split.map((parts) => keys.reduce((sum, key) => sum + Math.min(0, parts[key]), 0));
  const above = split.map((parts) => keys.reduce((sum, key) => sum + Math.max(0, parts[key]), 0));
  const domain = [Math.min(0, ...below), Math.max(0, ...above)];
  const factor = cumulativeFactor(data, domain);
  const label = afterTax ? `Yearly equity cash flow after tax in ${currency}` : `Yearly net cash flow in ${currency}`;
  const net = afterTax ? 'equity cash flow' : 'net cash flow';

  function Tooltip({ id, value, indexValue, data: d }: BarTooltipProps<YearDatum>) {
    return (
      <ChartTooltip colour={partColours[id as CashFlowPart]}>
        Year {indexValue}: <b>{formatMoney(d.net, currency)}</b> {net}; {partLabels[id as CashFlowPart].toLowerCase()} {formatMoney(value, currency)}
      </ChartTooltip>
    );
  }

  return (
    <Stack gap={2}>
      <ChartLegend
        items={[
          ...keys.map((key) => ({ label: partLabels[key], colour: partColours[key] })),
          { label: factor === 1 ? 'Cumulative' : `Cumulative (right axis, ${currency})`, colour: lineColour, line: true },
        ]}
      />
      <Box h={{ base: '240px', md: '300px' }} role="img" aria-label={label} data-testid="cash-flow-chart">
        <ResponsiveBar<YearDatum>
          data={data}
          theme={chartTheme}
          keys={keys}
          indexBy="year"
          margin={{ top: 16, right: factor === 1 ? 12 : 52, bottom: 30, left: 56 }}
          padding={0.2}
          valueScale={{ type: 'linear', min: domain[0], max: domain[1], nice: true }}
          colors={({ id }) => partColours[id as CashFlowPart]}
          axisLeft={{ format: formatTick, tickValues: 5, legend: currency, legendPosition: 'middle', legendOffset: -48 }}
          axisBottom={{ tickRotation: data.length > 15 ? -45 : 0, tickValues: data.filter((_, k) => data.length <= 15 || k % 5 === 0).map((d) => d.year) }}
          enableLabel={false}
          tooltip={Tooltip}
          layers={['grid', 'axes', 'bars', cumulativeLayer(data, factor, figures.simple_payback_years), 'markers']}
          markers={[{ axis: 'y', value: 0, lineStyle: { stroke: 'var(--chakra-colors-fg-muted)', strokeWidth: 1 } }]}
          animate={false}
          role="presentation"
        />
      </Box>
      <ChartNumbers label="Yearly cash flows, in numbers" head={['Year', ...keys.map((key) => partLabels[key]), afterTax ? 'Equity cash flow' : 'Net cash flow', 'Cumulative']} rows={data.map((d, k) => [d.year, ...keys.map((key) => formatMoney(split[k]![key], currency)), formatMoney(d.net, currency), formatMoney(d.cumulative, currency)])} />
    </Stack>
  );
}
