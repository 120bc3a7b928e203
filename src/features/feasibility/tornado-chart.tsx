import { Box, Button, ButtonGroup, Stack, Text } from '@chakra-ui/react';
import { ResponsiveBar, type BarTooltipProps, type ComputedDatum } from '@nivo/bar';
import { useState } from 'react';
import type { Tornado } from '../../solar/sensitivity.ts';
import type { TornadoMetric } from '../../solar/tornado-rows.ts';
import { ChartLegend, ChartNumbers, ChartTooltip, chartTheme } from './study-charts.tsx';
import { formatDecimal, formatPercent, minus } from '../../lib/number-format.ts';
import { formatMoney } from './study-format.ts';
import { tornadoView, type TornadoDatum, type TornadoKey } from './tornado-rows.ts';

const keys: TornadoKey[] = ['down10', 'down20', 'up10', 'up20', 'scenario'];
const step = (pct: number) => formatPercent(pct, 0, { signed: true });
const keyLabels: Record<TornadoKey, string> = { down20: step(-20), down10: step(-10), up10: step(10), up20: step(20), scenario: 'Scenario' };
const colours: Record<TornadoKey, string> = { down20: '#a5d8ff', down10: '#339af0', up10: '#fd7e14', up20: '#ffc078', scenario: '#9775fa' };

const points = (value: number) => `${formatDecimal(value, 2, { signed: true })} points`;

/**
 * What moves the answer: the equity IRR or after-tax NPV (project IRR and NPV pre-tax) with each input 10 % and
 * 20 % lower and higher, and under whole scenarios, as bars from the base case (the line), widest swing on top.
 */
export function TornadoChart({ tornado, currency, afterTax }: { tornado: Tornado; currency: string; afterTax: boolean }) {
  const [metric, setMetric] = useState<TornadoMetric>('irr');
  const view = tornadoView(tornado, metric, afterTax);
  const name = metric === 'irr' ? (afterTax ? 'equity IRR' : 'IRR') : afterTax ? 'after-tax NPV' : 'NPV';
  const format = (value: number) => (metric === 'irr' ? formatPercent(value, 2) : formatMoney(value, currency));
  const change = (value: number, base: number) => (metric === 'irr' ? points(value - base) : `${value >= base ? '+' : minus}${formatMoney(Math.abs(value - base), currency)}`);
  const figureAt = (label: string, key: TornadoKey) => {
    const value = view.valueAt(label, key);
    return value === undefined ? '' : value === null ? 'none' : format(value);
  };
  const stepName = (label: string, key: TornadoKey) => (key === 'scenario' ? label : `${label} ${keyLabels[key]}`);

  function Tooltip({ id, indexValue }: BarTooltipProps<TornadoDatum>) {
    const key = id as TornadoKey;
    const value = view.valueAt(String(indexValue), key) ?? null;
    return (
      <ChartTooltip colour={colours[key]}>
        {stepName(String(indexValue), key)}: <b>{name} {value === null ? 'none' : format(value)}</b>
        {value !== null && view.base !== null ? ` (${change(value, view.base)})` : ''}
      </ChartTooltip>
    );
  }

  const extent = view.rows.flatMap((row) => [row.down10 + Math.min(0, row.down20), row.up10 + Math.min(0, row.up20), row.down10 + Math.max(0, row.down20), row.up10 + Math.max(0, row.up20), row.scenario]);
  const base = view.base;
  return (
    <Stack gap={3} data-testid="tornado">
      <ButtonGroup size="xs" variant="outline" attached alignSelf="flex-start" aria-label="Figure the tornado shows">
        {(['irr', 'npv'] as const).map((option) => (
          <Button key={option} aria-pressed={metric === option} variant={metric === option ? 'solid' : 'outline'} colorPalette="brand" onClick={() => setMetric(option)}>
            {option === 'irr' ? (afterTax ? 'Equity IRR' : 'IRR') : afterTax ? 'After-tax NPV' : 'NPV'}
          </Button>
        ))}
      </ButtonGroup>
      {base === null ? (
        <Text fontSize="sm">{view.omitted[0]?.reason}</Text>
      ) : (
        <>
          <Text fontSize="sm" data-testid="tornado-base">
            Base case: <b>{name} {format(base)}</b>
          </Text>
          <ChartLegend items={keys.filter((key) => key !== 'scenario' || view.rows.some((row) => row.scenario !== 0)).map((key) => ({ label: key === 'scenario' ? 'Scenario' : `Input ${keyLabels[key]}`, colour: colours[key] }))} />
          <Box h={`${60 + view.rows.length * 34}px`} role="img" aria-label={`Tornado of the ${name}: each input 10 % and 20 % lower and higher, and scenarios`}>
            <ResponsiveBar<TornadoDatum>
              data={view.rows}
              theme={chartTheme}
              keys={keys}
              indexBy="label"
              layout="horizontal"
              margin={{ top: 22, right: 16, bottom: 30, left: 92 }}
              padding={0.25}
              valueScale={{ type: 'linear', min: Math.min(0, ...extent), max: Math.max(0, ...extent), nice: true }}
              colors={({ id }) => colours[id as TornadoKey]}
              axisBottom={{ format: (v: number) => format(base + v), tickValues: 4 }}
              axisLeft={{ tickSize: 0, tickPadding: 6 }}
              enableGridX
              enableGridY={false}
              label={(bar: ComputedDatum<TornadoDatum>) => figureAt(String(bar.indexValue), bar.id as TornadoKey)}
              labelSkipWidth={metric === 'irr' ? 40 : 56}
              labelTextColor="#212529"
              tooltip={Tooltip}
              markers={[{ axis: 'x', value: 0, lineStyle: { stroke: 'var(--chakra-colors-fg)', strokeWidth: 2 }, legend: `base ${format(base)}`, legendPosition: 'top', textStyle: { fill: 'var(--chakra-colors-fg)', fontSize: 11 } }]}
              animate={false}
              role="presentation"
            />
          </Box>
          <ChartNumbers
            label={`Tornado of the ${name}, in numbers`}
            head={['Input', ...keys.map((key) => keyLabels[key])]}
            rows={[...view.rows].reverse().map((row) => [row.label, ...keys.map((key) => figureAt(row.label, key))])}
          />
        </>
      )}
      {view.omitted.length > 0 && base !== null && (
        <Text fontSize="xs" color="fg.muted">
          Not drawn: {view.omitted.map((entry) => `${entry.label.toLowerCase()} (${entry.reason.replace(/\.$/, '')})`).join('; ')}.
        </Text>
      )}
    </Stack>
  );
}
