import { Alert, Box, Button, Heading, HStack, Icon, Input, SimpleGrid, Slider, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { isAfterTax } from '../../../contract/settings.ts';
import { isUrdbTariff } from '../../../contract/behind-the-meter.ts';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { WhatIfFigures, WhatIfInputs, WhatIfValues } from '../../../solar/what-if.ts';
import { sliderValuesOf, withWhatIf } from '../../../solar/what-if.ts';
import type { WhatIfTransport, WhatIfWeather } from './what-if-protocol.ts';
import { useWhatIf, type WhatIfState } from './use-what-if.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { StudyLimitNote } from '../study-limit-note.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { formatCurrency, formatDecimal, formatInteger, formatPercent, minus } from '../../../lib/number-format.ts';
import { energyPriceUnit, noPayback, type EnergyPriceUnit } from '../study-format.ts';

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
  // Absent from the headline of a study saved before the after-tax model; the bills, behind the meter only.
  Partial<Pick<WhatIfFigures, 'min_dscr' | 'breakeven_ppa_per_kwh' | 'bill_with_solar_year1' | 'savings_year1'>>;

export interface WhatIfPanelProps {
  /** The weather the study ran on (GET feasibility/weather/get/); undefined while it loads. */
  weather: WhatIfWeather | undefined;
  /** The study's system and its cost, tariff and finance assumptions. */
  study: WhatIfInputs;
  saved: SavedFigures;
  onSaveAsNew: (values: WhatIfValues) => void;
  saving?: boolean;
  /** The engine's transport; a Web Worker by default (tests pass one running in-process). */
  transport?: () => WhatIfTransport;
  /**
   * The saved study's P90/P50 energy ratio: with it, each what-if comes with its sensitivity tornado (null when the
   * study has no P90 estimate); without it, figures only.
   */
  p90Ratio?: number | null;
  /** Told the what-if's inputs, whether any slider left the saved value, and the engine's newest answer. */
  onChange?: (view: WhatIfView) => void;
  /** The name a saved what-if gets, when the page lets it be chosen here. */
  newName?: string;
  onNewNameChange?: (name: string) => void;
  /** The plan's study limit, when it rules out another study in this project: the save is off, and says why. */
  limitReached?: { detail: string | null } | null;
}

export interface WhatIfView {
  inputs: WhatIfInputs;
  changed: boolean;
  state: WhatIfState;
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

/** A money slider from 0 to three times the study's value, in about 300 steps of a power of ten. */
function moneyRange(saved: number): Pick<SliderSpec, 'min' | 'max' | 'step'> {
  const top = saved > 0 ? saved * 3 : 1;
  const step = 10 ** Math.floor(Math.log10(top / 300));
  return { min: 0, max: Math.ceil(top / step) * step, step };
}

const money = (step: number, unit: string) => (value: number) => `${formatDecimal(value, decimalsOf(step))} ${unit}`;

/**
 * The energy price's slider in the unit the page reads it in: per MWh, a PPA moves in steps of 0.50 from 0 to three
 * times the study's price (at least 100); per kWh, in about 300 steps of a power of ten. Values stay per kWh.
 */
function priceRange(saved: number, unit: EnergyPriceUnit): Pick<SliderSpec, 'min' | 'max' | 'step'> {
  if (unit === 'kWh') return moneyRange(saved);
  const step = 0.0005;
  return { min: 0, max: Math.ceil(Math.max(0.1, saved * 3) / step) * step, step };
}
const priceFormat = (range: Pick<SliderSpec, 'step'>, unit: EnergyPriceUnit, currency: string) =>
  unit === 'MWh' ? (value: number) => `${formatDecimal(value * 1000, 2)} ${currency}/MWh` : money(range.step, `${currency}/kWh`);
const percent = (digits: number) => (value: number) => formatPercent(value, digits);

function slidersFor(study: WhatIfInputs): { energy: SliderSpec[]; money: SliderSpec[] } {
  const all = allSlidersFor(study);
  const energyKeys: (keyof WhatIfValues)[] = ['dc_kw', 'tilt_deg', 'azimuth_deg', 'dc_ac_ratio', 'losses_pct'];
  return { energy: all.filter((spec) => energyKeys.includes(spec.key)), money: all.filter((spec) => !energyKeys.includes(spec.key)) };
}

function allSlidersFor(study: WhatIfInputs): SliderSpec[] {
  const tracker = study.system.mount === 'single_axis';
  const currency = study.assumptions.finance.currency;
  const capex = moneyRange(study.assumptions.costs.capex_per_wdc);
  const unit = energyPriceUnit(study.assumptions.finance.structure, currency);
  const tariff = priceRange(study.assumptions.tariff.price_per_kwh, unit);
  return [
    // The engine takes a tracker axis up to, not including, 90°.
    { key: 'tilt_deg', label: tracker ? 'Axis tilt' : 'Tilt', min: 0, max: tracker ? 89 : 90, step: 1, format: (v) => `${formatInteger(v)}°` },
    { key: 'azimuth_deg', label: tracker ? 'Axis azimuth' : 'Azimuth', min: 0, max: 359, step: 1, format: (v) => `${formatInteger(v)}° (180 = south)` },
    { key: 'dc_ac_ratio', label: 'DC/AC ratio', min: 0.5, max: 3, step: 0.01, format: (v) => formatDecimal(v, 2) },
    { key: 'losses_pct', label: 'System losses', min: 0, max: 50, step: 0.5, format: percent(1) },
    { key: 'capex_per_wdc', label: 'Installed cost', ...capex, format: money(capex.step, `${currency}/Wdc`) },
    // Behind the meter the price is the tariff's own (a flat one has a price to move; a URDB structure has its rates).
    ...(isUrdbTariff(study.assumptions.tariff) ? [] : [{ key: 'price_per_kwh' as const, label: behindTheMeter(study) ? 'Electricity price' : afterTax(study) ? 'PPA price' : 'Tariff', ...tariff, format: priceFormat(tariff, unit, currency) }]),
    ...behindTheMeterSliders(study),
    {
      key: 'discount_rate_pct',
      label: afterTax(study) ? 'Equity discount rate' : 'Discount rate',
      min: 0,
      max: Math.max(30, sliderValuesOf(study).discount_rate_pct),
      step: 0.25,
      format: percent(2),
    },
    ...afterTaxSliders(study),
  ];
}

const behindTheMeter = (study: WhatIfInputs) => study.assumptions.finance.structure === 'behind_the_meter';

/** Behind the meter: the array's size, the tariff's escalation and the export rate (none when hourly sell rates replace it). */
function behindTheMeterSliders(study: WhatIfInputs): SliderSpec[] {
  const start = sliderValuesOf(study);
  if (start.dc_kw === undefined) return [];
  const currency = study.assumptions.finance.currency;
  const size = moneyRange(start.dc_kw);
  const sell = moneyRange(Math.max(start.sell_rate_per_kwh ?? 0, study.assumptions.tariff.price_per_kwh / 2));
  return [
    { key: 'dc_kw', label: 'System size', min: size.step, max: size.max, step: size.step, format: (v) => `${formatDecimal(v, decimalsOf(size.step))} kWdc` },
    { key: 'tariff_escalation_pct', label: 'Tariff escalation', min: 0, max: Math.max(10, start.tariff_escalation_pct ?? 0), step: 0.1, format: (v) => `${formatPercent(v, 1)} a year` },
    ...(study.assumptions.export?.hourly_sell_rate_per_kwh ? [] : [{ key: 'sell_rate_per_kwh', label: 'Export rate', ...sell, format: money(sell.step, `${currency}/kWh`) } satisfies SliderSpec]),
  ];
}

/** A single owner's credits, tax and debt; a study sized by DSCR moves its coverage, one sized by share its share. */
function afterTaxSliders(study: WhatIfInputs): SliderSpec[] {
  const start = sliderValuesOf(study);
  if (start.itc_pct === undefined) return [];
  const currency = study.assumptions.finance.currency;
  const years = study.assumptions.incentives?.ptc_years || 10;
  const ptcTop = Math.max(0.05, 2 * (start.ptc_per_kwh ?? 0));
  const state = study.assumptions.finance.state_tax_rate_pct ?? 0;
  return [
    { key: 'itc_pct', label: 'ITC', min: 0, max: Math.max(50, start.itc_pct), step: 1, format: percent(0) },
    { key: 'ptc_per_kwh', label: 'PTC', min: 0, max: ptcTop, step: 0.001, format: (v) => `${formatDecimal(v, 3)} ${currency}/kWh for ${years} yr` },
    { key: 'federal_tax_rate_pct', label: state > 0 ? 'Federal tax rate' : 'Income tax rate', min: 0, max: Math.max(50, start.federal_tax_rate_pct ?? 0), step: 0.5, format: percent(1) },
    start.min_dscr !== undefined
      ? { key: 'min_dscr', label: 'Debt sized at DSCR', min: 1, max: Math.max(3, start.min_dscr), step: 0.05, format: (v) => `${formatDecimal(v, 2)}×` }
      : { key: 'debt_fraction_pct', label: 'Debt share', min: 0, max: Math.max(90, start.debt_fraction_pct ?? 0), step: 1, format: (v) => `${formatPercent(v, 0)} of the cost` },
    { key: 'debt_rate_pct', label: 'Interest rate', min: 0, max: Math.max(20, start.debt_rate_pct ?? 0), step: 0.25, format: percent(2) },
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

/** A difference's size (`text`, unsigned) with the sign of `delta`. */
const signed = (text: string, delta: number) => (delta > 0 ? `+${text}` : delta < 0 ? `${minus}${text}` : text);

const afterTax = (study: WhatIfInputs) => isAfterTax(study.assumptions.finance.structure);

function figureRows(currency: string, structure: WhatIfInputs['assumptions']['finance']['structure']): FigureRow[] {
  const ownerAfterTax = isAfterTax(structure);
  const rooftop = structure === 'behind_the_meter';
  const money = (value: number) => formatCurrency(value, currency, { digits: 0 });
  const years = (value: number) => `${formatDecimal(value, 1)} years`;
  const price = energyPriceUnit(structure, currency) === 'MWh' ? (v: number) => `${formatDecimal(v * 1000, 1)} ${currency}/MWh` : (v: number) => `${formatDecimal(v, 4)} ${currency}/kWh`;
  return [
    {
      label: 'Annual energy',
      of: (f) => f.annual_ac_kwh / 1000,
      format: (v) => `${formatDecimal(v, 1)} MWh`,
      change: (delta, saved) => `${signed(`${formatDecimal(Math.abs(delta), 1)} MWh`, delta)}${saved > 0 ? ` (${signed(formatPercent(Math.abs((100 * delta) / saved), 1), delta)})` : ''}`,
    },
    { label: 'Specific yield', of: (f) => f.specific_yield_kwh_per_kwp, format: (v) => `${formatInteger(v)} kWh/kWp` },
    { label: 'Capacity factor (AC)', of: (f) => 100 * f.capacity_factor_ac, format: percent(1) },
    { label: 'Performance ratio', of: (f) => 100 * f.performance_ratio, format: percent(1) },
    { label: 'Capex', of: (f) => f.capex, format: money },
    { label: ownerAfterTax ? 'After-tax NPV' : 'NPV', of: (f) => f.npv, format: money },
    { label: ownerAfterTax ? 'Equity IRR' : 'IRR', of: (f) => f.irr_pct, format: percent(2), none: 'none' },
    { label: 'LCOE', of: (f) => f.lcoe_per_kwh, format: price, none: 'none' },
    ...(rooftop
      ? [
          { label: 'Bill with solar, year 1', of: (f: SavedFigures) => f.bill_with_solar_year1 ?? null, format: money },
          { label: 'Savings, year 1', of: (f: SavedFigures) => f.savings_year1 ?? null, format: money },
        ]
      : [
          ...(ownerAfterTax ? [{ label: 'Min DSCR', of: (f: SavedFigures) => f.min_dscr ?? null, format: (v: number) => formatDecimal(v, 2), none: 'no debt' }] : []),
          { label: 'PPA price needed', of: (f: SavedFigures) => f.breakeven_ppa_per_kwh ?? null, format: price, none: 'none' },
        ]),
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

function SliderGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} as="fieldset">
      <Text as="legend" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" color="fg.muted" mb={3}>
        {title}
      </Text>
      {children}
    </Stack>
  );
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
export function WhatIfPanel({ weather, study, saved, onSaveAsNew, saving = false, transport, p90Ratio, onChange, newName, onNewNameChange, limitReached }: WhatIfPanelProps) {
  const start = useMemo(() => sliderValuesOf(study), [study]);
  const [values, setValues] = useState(start);
  const groups = useMemo(() => slidersFor(study), [study]);
  const inputs = useMemo(() => withWhatIf(study, values), [study, values]);
  const behindTheMeter = study.assumptions.finance.structure === 'behind_the_meter';
  const whatIf = useWhatIf(weather, inputs, { transport, sensitivity: p90Ratio === undefined ? undefined : { p90Ratio }, sweep: behindTheMeter });
  const rows = figureRows(study.assumptions.finance.currency, study.assumptions.finance.structure);
  const changed = [...groups.energy, ...groups.money].some((spec) => values[spec.key] !== start[spec.key]);
  useEffect(() => onChange?.({ inputs, changed, state: whatIf }), [onChange, inputs, changed, whatIf]);
  const slider = (spec: SliderSpec) => <ValueSlider key={spec.key} spec={spec} value={values[spec.key] ?? 0} onChange={(value) => setValues((v) => ({ ...v, [spec.key]: value }))} />;

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
          <SliderGroup title="The plant">{groups.energy.map(slider)}</SliderGroup>
          <SliderGroup title={afterTax(study) ? 'Money, credits and debt' : 'Money'}>{groups.money.map(slider)}</SliderGroup>
          {onNewNameChange && (
            <FormField label="Name of the new study">
              <Input size="sm" value={newName ?? ''} maxLength={100} onChange={(event) => onNewNameChange(event.target.value)} />
            </FormField>
          )}
          <HStack gap={3} wrap="wrap">
            <Button
              colorPalette="brand"
              loading={saving}
              disabled={!!limitReached || !changed || whatIf.status !== 'ready' || (onNewNameChange !== undefined && !newName?.trim())}
              aria-describedby={limitReached ? 'what-if-limit' : undefined}
              onClick={() => onSaveAsNew(values)}
            >
              Save as new study
            </Button>
            <Button variant="outline" disabled={!changed} onClick={() => setValues(start)}>
              Back to the saved values
            </Button>
          </HStack>
          {limitReached && (
            <Box id="what-if-limit">
              <StudyLimitNote detail={limitReached.detail} refused={false} />
            </Box>
          )}
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
            <Table.Root size="sm" aria-label="What-if figures" fontSize={{ xl: 'xs' }} css={{ '& :is(th, td)': { paddingInline: '2', whiteSpace: 'normal' } }}>
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
              Recomputed in your browser in {formatDecimal(whatIf.ms, 1)} ms.
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
