import { Alert, Button, Heading, HStack, Icon, SimpleGrid, Slider, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { StudyWeather } from '../../../contract/feasibility.ts';
import type { WhatIfFigures, WhatIfInputs, WhatIfValues } from '../../../solar/what-if.ts';
import { sliderValuesOf, withWhatIf } from '../../../solar/what-if.ts';
import type { WhatIfTransport } from './what-if-protocol.ts';
import { useWhatIf } from './use-what-if.ts';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { noPayback } from '../study-format.ts';

/** The saved figures shown beside the what-if's; a study's headline has all of them. */
export type SavedFigures = Pick<
  WhatIfFigures,
  | 'annual_ac_kwh'
  | 'specific_yield_kwh_per_kwp'
  | 'capacity_factor_ac'
  | 'performance_ratio'
  | 'capex'
  | 'npv'
  | 'irr_pct'
  | 'lcoe_per_kwh'
  | 'simple_payback_years'
  | 'discounted_payback_years'
> &
  // Absent from the headline of a study saved before the after-tax model.
  Partial<Pick<WhatIfFigures, 'min_dscr' | 'breakeven_ppa_per_kwh'>>;

export interface WhatIfPanelProps {
  /** The weather the study ran on (GET feasibility/weather/get/); undefined while it loads. */
  weather: StudyWeather | undefined;
  /** The study's system and its cost, tariff and finance assumptions. */
  study: WhatIfInputs;
  saved: SavedFigures;
  onSaveAsNew: (values: WhatIfValues) => void;
  saving?: boolean;
  /** The engine's transport; a Web Worker by default (tests pass one running in-process). */
  transport?: () => WhatIfTransport;
}

interface SliderSpec {
  key: keyof WhatIfValues;
  label: string;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
}

/** Decimal places of a step: 2 for 0.25 and 0.01, 0 for 1. */
function decimalsOf(step: number): number {
  let places = 0;
  while (places < 10 && Math.abs(step * 10 ** places - Math.round(step * 10 ** places)) > 1e-9) places++;
  return places;
}
const roundTo = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(decimalsOf(step)));
const number = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A money slider from 0 to three times the study's value, in about 300 steps of a power of ten. */
function moneyRange(saved: number): Pick<SliderSpec, 'min' | 'max' | 'step'> {
  const top = saved > 0 ? saved * 3 : 1;
  const step = 10 ** Math.floor(Math.log10(top / 300));
  return { min: 0, max: Math.ceil(top / step) * step, step };
}

function slidersFor(study: WhatIfInputs): SliderSpec[] {
  const tracker = study.system.mount === 'single_axis';
  const currency = study.assumptions.finance.currency;
  const capex = moneyRange(study.assumptions.costs.capex_per_wdc);
  const tariff = moneyRange(study.assumptions.tariff.price_per_kwh);
  const money = (step: number, unit: string) => (value: number) => `${number(value, decimalsOf(step))} ${unit}`;
  return [
    // The engine takes a tracker axis up to, not including, 90°.
    { key: 'tilt_deg', label: tracker ? 'Axis tilt' : 'Tilt', min: 0, max: tracker ? 89 : 90, step: 1, format: (v) => `${v}°` },
    { key: 'azimuth_deg', label: tracker ? 'Axis azimuth' : 'Azimuth', min: 0, max: 359, step: 1, format: (v) => `${v}° (180 = south)` },
    { key: 'dc_ac_ratio', label: 'DC/AC ratio', min: 0.5, max: 3, step: 0.01, format: (v) => number(v, 2) },
    { key: 'losses_pct', label: 'System losses', min: 0, max: 50, step: 0.5, format: (v) => `${number(v, 1)} %` },
    { key: 'capex_per_wdc', label: 'Installed cost', ...capex, format: money(capex.step, `${currency}/Wdc`) },
    { key: 'price_per_kwh', label: 'Tariff', ...tariff, format: money(tariff.step, `${currency}/kWh`) },
    {
      key: 'discount_rate_pct',
      label: afterTax(study) ? 'Equity discount rate' : 'Discount rate',
      min: 0,
      max: Math.max(30, sliderValuesOf(study).discount_rate_pct),
      step: 0.25,
      format: (v) => `${number(v, 2)} %`,
    },
  ];
}

interface FigureRow {
  label: string;
  of: (figures: SavedFigures) => number | null;
  format: (value: number) => string;
  /** How a difference reads; the value's own format when absent. */
  change?: (delta: number, saved: number) => string;
  /** What a figure the cash flows do not give reads as (as on the figure cards); a dash when absent. */
  none?: string;
}

const signed = (text: string, delta: number) => (delta > 0 ? `+${text}` : delta < 0 ? `−${text.replace(/^-/, '')}` : text);

const afterTax = (study: WhatIfInputs) => study.assumptions.finance.structure === 'single_owner';

function figureRows(currency: string, ownerAfterTax: boolean): FigureRow[] {
  const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  const years = (value: number) => `${number(value, 1)} years`;
  return [
    {
      label: 'Annual energy',
      of: (f) => f.annual_ac_kwh / 1000,
      format: (v) => `${number(v, 1)} MWh`,
      change: (delta, saved) => `${signed(`${number(Math.abs(delta), 1)} MWh`, delta)}${saved > 0 ? ` (${signed(`${number(Math.abs((100 * delta) / saved), 1)} %`, delta)})` : ''}`,
    },
    { label: 'Specific yield', of: (f) => f.specific_yield_kwh_per_kwp, format: (v) => `${number(v)} kWh/kWp` },
    { label: 'Capacity factor (AC)', of: (f) => 100 * f.capacity_factor_ac, format: (v) => `${number(v, 1)} %` },
    { label: 'Performance ratio', of: (f) => 100 * f.performance_ratio, format: (v) => `${number(v, 1)} %` },
    { label: 'Capex', of: (f) => f.capex, format: money },
    { label: ownerAfterTax ? 'After-tax NPV' : 'NPV', of: (f) => f.npv, format: money },
    { label: ownerAfterTax ? 'Equity IRR' : 'IRR', of: (f) => f.irr_pct, format: (v) => `${number(v, 2)} %`, none: 'none' },
    { label: 'LCOE', of: (f) => f.lcoe_per_kwh, format: (v) => `${number(v, 4)} ${currency}/kWh`, none: 'none' },
    ...(ownerAfterTax ? [{ label: 'Min DSCR', of: (f: SavedFigures) => f.min_dscr ?? null, format: (v: number) => number(v, 2), none: 'no debt' }] : []),
    { label: 'PPA price needed', of: (f) => f.breakeven_ppa_per_kwh ?? null, format: (v) => `${number(v, 4)} ${currency}/kWh`, none: 'none' },
    { label: 'Simple payback', of: (f) => f.simple_payback_years, format: years, none: noPayback },
    { label: 'Discounted payback', of: (f) => f.discounted_payback_years, format: years, none: noPayback },
  ];
}

function changeText(row: FigureRow, saved: number | null, now: number | null): string {
  if (saved === null || now === null) return saved === now ? '' : 'changed';
  const delta = now - saved;
  if (Math.abs(delta) < 1e-9 * Math.max(1, Math.abs(saved))) return 'no change';
  return row.change ? row.change(delta, saved) : signed(row.format(Math.abs(delta)), delta);
}

function ValueSlider({ spec, value, onChange }: { spec: SliderSpec; value: number; onChange: (value: number) => void }) {
  return (
    <Slider.Root
      value={[value]}
      min={spec.min}
      max={spec.max}
      step={spec.step}
      size="sm"
      colorPalette="brand"
      onValueChange={(details) => onChange(roundTo(details.value[0] ?? value, spec.step))}
      getAriaValueText={(details) => spec.format(details.value)}
    >
      <HStack justify="space-between" gap={2}>
        <Slider.Label>{spec.label}</Slider.Label>
        <Slider.ValueText fontVariantNumeric="tabular-nums">{spec.format(value)}</Slider.ValueText>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
    </Slider.Root>
  );
}

/** Sliders over a saved study, recomputing its energy and finance in the browser at every change. */
export function WhatIfPanel({ weather, study, saved, onSaveAsNew, saving = false, transport }: WhatIfPanelProps) {
  const start = useMemo(() => sliderValuesOf(study), [study]);
  const [values, setValues] = useState(start);
  const specs = useMemo(() => slidersFor(study), [study]);
  const inputs = useMemo(() => withWhatIf(study, values), [study, values]);
  const whatIf = useWhatIf(weather, inputs, { transport });
  const rows = figureRows(study.assumptions.finance.currency, afterTax(study));
  const changed = specs.some((spec) => values[spec.key] !== start[spec.key]);

  return (
    <Stack gap={4} as="section" aria-labelledby="what-if-heading">
      <Stack gap={1}>
        <HStack gap={2}>
          <Icon asChild boxSize="4" color="brand.fg">
            <SlidersHorizontal aria-hidden />
          </Icon>
          <Heading id="what-if-heading" size="md">
            What if…
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Move a slider: the study is recomputed in your browser at once. Save the result as a new study to keep it.
        </Text>
      </Stack>
      {whatIf.status === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The what-if cannot run on this study’s weather: {whatIf.error}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 1 }} gap={6}>
        <Stack gap={5}>
          {specs.map((spec) => (
            <ValueSlider key={spec.key} spec={spec} value={values[spec.key]} onChange={(value) => setValues((v) => ({ ...v, [spec.key]: value }))} />
          ))}
          <HStack gap={3} wrap="wrap">
            <Button colorPalette="brand" loading={saving} disabled={!changed || whatIf.status !== 'ready'} onClick={() => onSaveAsNew(values)}>
              Save as new study
            </Button>
            <Button variant="outline" disabled={!changed} onClick={() => setValues(start)}>
              Back to the saved values
            </Button>
          </HStack>
        </Stack>
        <Stack gap={2}>
          {whatIf.status === 'preparing' && (
            <HStack gap={2}>
              <Spinner size="sm" />
              <Text>Preparing the weather year…</Text>
            </HStack>
          )}
          {whatIf.status === 'ready' && whatIf.error && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>These values cannot be simulated: {whatIf.error}</Alert.Title>
            </Alert.Root>
          )}
          <TableScroll label="What-if figures">
            <Table.Root size="sm" aria-label="What-if figures" fontSize={{ xl: 'xs' }} css={{ '& :is(th, td)': { paddingInline: '2' } }}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Figure</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Saved study</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">What-if</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => {
                  const before = row.of(saved);
                  const now = whatIf.result ? row.of(whatIf.result) : undefined;
                  const none = row.none ?? '—';
                  return (
                    <Table.Row key={row.label}>
                      <Table.Cell>{row.label}</Table.Cell>
                      <Table.Cell textAlign="end">{before === null ? none : row.format(before)}</Table.Cell>
                      <Table.Cell textAlign="end">{now === undefined ? '…' : now === null ? none : row.format(now)}</Table.Cell>
                      <Table.Cell textAlign="end">{now === undefined ? '' : changeText(row, before, now)}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </TableScroll>
          {whatIf.ms !== null && (
            <Text fontSize="sm" color="fg.muted">
              Recomputed in your browser in {number(whatIf.ms, 1)} ms.
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
