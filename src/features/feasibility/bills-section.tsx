/**
 * Behind the meter: the year-1 bills with and without solar month by month, where the site's energy comes from and
 * goes to, its load, and what other sizes of the same array would save. Figures follow the what-if.
 */
import { Box, HStack, NativeSelect, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import { useState } from 'react';
import type { MonthBill } from '../../contract/behind-the-meter.ts';
import type { FinanceResult } from '../../contract/energy.ts';
import type { SweepPoint } from '../../solar/size-sweep.ts';
import { ChartLegend, ChartNumbers, ChartTooltip, chartTheme, useMonthAxis } from './study-charts.tsx';
import { formatDecimal, formatEnergy, formatInteger, formatPercent } from '../../lib/number-format.ts';
import { formatMoney, monthNames, noPayback } from './study-format.ts';

type BillFigures = Pick<
  FinanceResult,
  'currency' | 'bill_without_solar_year1' | 'bill_with_solar_year1' | 'savings_year1' | 'self_consumption_pct' | 'self_sufficiency_pct' | 'curtailed_kwh_year1' | 'bills' | 'load_summary'
>;

const kwh = (value: number) => formatEnergy(value, 'kWh');
const pct = (value: number | undefined) => (value === undefined ? '–' : formatPercent(value, 1));

const colours = { without: '#868e96', with: '#2f9e44', selfConsumed: '#f08c00', imported: '#adb5bd', exported: '#1c7ed6', curtailed: '#e03131', load: '#7048e8', savings: '#2f9e44' };

/** The bill figures of year 1 and the charts; nothing for a study that is not behind the meter. */
export function BillsSection({ figures, sweep, dcKw }: { figures: BillFigures; sweep: SweepPoint[] | undefined; dcKw: number }) {
  const bills = figures.bills;
  if (!bills || figures.bill_without_solar_year1 === undefined) return null;
  const currency = figures.currency;
  return (
    <Stack gap={5}>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap={3}>
        <Figure label="Bill without solar, year 1" value={formatMoney(figures.bill_without_solar_year1, currency)} />
        <Figure label="Bill with solar, year 1" value={formatMoney(figures.bill_with_solar_year1 ?? 0, currency)} help={(figures.bill_with_solar_year1 ?? 0) < 0 ? 'owed to the customer' : undefined} />
        <Figure label="Savings, year 1" value={formatMoney(figures.savings_year1 ?? 0, currency)} />
        <Figure label="Self-consumption" value={pct(figures.self_consumption_pct)} help="of the solar energy, used on site" />
        <Figure label="Self-sufficiency" value={pct(figures.self_sufficiency_pct)} help="of the load, met by solar" />
        {(figures.curtailed_kwh_year1 ?? 0) > 0 && <Figure label="Curtailed, year 1" value={kwh(figures.curtailed_kwh_year1!)} help="surplus neither used nor exported" />}
      </SimpleGrid>
      <MonthlyBillsChart bills={bills} currency={currency} />
      <EnergyFlowChart bills={bills} />
      {figures.load_summary && <LoadCharts monthlyKwh={figures.load_summary.monthly_kwh} averageDay={figures.load_summary.average_day_kwh} peakKw={figures.load_summary.peak_kw} />}
      <SizeSweepChart sweep={sweep} currency={currency} dcKw={dcKw} />
    </Stack>
  );
}

function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Stat.Root size="sm" borderWidth="1px" rounded="md" p={3}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontVariantNumeric="tabular-nums">{value}</Stat.ValueText>
      {help && <Stat.HelpText>{help}</Stat.HelpText>}
    </Stat.Root>
  );
}

interface BillDatum {
  [key: string]: string | number;
  month: string;
  without: number;
  with: number;
}

function MonthlyBillsChart({ bills, currency }: { bills: MonthBill[]; currency: string }) {
  const data = bills.map((b): BillDatum => ({ month: monthNames[b.month - 1]!, without: b.without.total, with: b.with.total }));
  const money = (value: number) => formatMoney(value, currency);
  const margin = { top: 10, right: 10, bottom: 30, left: 72 };
  const months = useMonthAxis(margin);
  const Tooltip = ({ id, value, indexValue }: BarTooltipProps<BillDatum>) => (
    <ChartTooltip colour={id === 'without' ? colours.without : colours.with}>
      {indexValue}, {id === 'without' ? 'without' : 'with'} solar: <b>{money(value ?? 0)}</b>
    </ChartTooltip>
  );
  return (
    <Stack gap={2}>
      <Text fontWeight="medium">Monthly bill, without and with solar</Text>
      <Box h={{ base: '220px', md: '260px' }} role="img" aria-label={`Monthly electricity bill in ${currency}, without and with solar`}>
        <ResponsiveBar<BillDatum>
          data={data}
          theme={chartTheme}
          keys={['without', 'with']}
          indexBy="month"
          groupMode="grouped"
          margin={margin}
          {...months}
          padding={0.25}
          innerPadding={2}
          valueScale={{ type: 'linear', nice: true }}
          colors={({ id }) => (id === 'without' ? colours.without : colours.with)}
          axisLeft={{ format: (v: number) => money(v), tickValues: 5 }}
          enableLabel={false}
          tooltip={Tooltip}
          animate={false}
          role="presentation"
        />
      </Box>
      <ChartLegend items={[{ label: 'Without solar', colour: colours.without }, { label: 'With solar (below zero: owed to the customer)', colour: colours.with }]} />
      <ChartNumbers
        label="Monthly bills, in numbers"
        head={['Month', 'Without: energy', 'demand', 'fixed', 'minimum', 'total', 'With: energy', 'demand', 'fixed', 'minimum', 'credits', 'total']}
        rows={bills.map((b) => [
          monthNames[b.month - 1]!,
          ...[b.without.energy, b.without.demand, b.without.fixed, b.without.minimum, b.without.total].map(money),
          ...[b.with.energy, b.with.demand, b.with.fixed, b.with.minimum, -b.with.credits, b.with.total].map(money),
        ])}
      />
    </Stack>
  );
}

interface FlowDatum {
  [key: string]: string | number;
  month: string;
  selfConsumed: number;
  imported: number;
  exported: number;
  curtailed: number;
}

const flowWords: Record<string, string> = { selfConsumed: 'Solar used on site', imported: 'Bought from the grid', exported: 'Solar exported', curtailed: 'Solar curtailed' };

/** The load (up: solar used on site and energy bought) and the solar the site did not use (down: exported, curtailed). */
function EnergyFlowChart({ bills }: { bills: MonthBill[] }) {
  const data = bills.map((b): FlowDatum => ({ month: monthNames[b.month - 1]!, selfConsumed: b.self_consumed_kwh, imported: b.import_kwh, exported: -b.export_kwh, curtailed: -b.curtailed_kwh }));
  const keys = ['selfConsumed', 'imported', 'exported', ...(bills.some((b) => b.curtailed_kwh > 0) ? ['curtailed'] : [])];
  const margin = { top: 10, right: 10, bottom: 30, left: 72 };
  const months = useMonthAxis(margin);
  const Tooltip = ({ id, value, indexValue }: BarTooltipProps<FlowDatum>) => (
    <ChartTooltip colour={colours[id as keyof typeof colours]}>
      {indexValue}, {flowWords[id]}: <b>{kwh(Math.abs(value ?? 0))}</b>
    </ChartTooltip>
  );
  return (
    <Stack gap={2}>
      <Text fontWeight="medium">Where the energy comes from and goes</Text>
      <Box h={{ base: '220px', md: '260px' }} role="img" aria-label="Monthly energy in kWh: above the axis the load, met by solar and the grid; below it the solar exported or curtailed">
        <ResponsiveBar<FlowDatum>
          data={data}
          theme={chartTheme}
          keys={keys}
          indexBy="month"
          margin={margin}
          {...months}
          padding={0.25}
          valueScale={{ type: 'linear', nice: true }}
          colors={({ id }) => colours[id as keyof typeof colours]}
          axisLeft={{ format: (v: number) => formatInteger(Math.abs(v)), tickValues: 5, legend: 'kWh', legendPosition: 'middle', legendOffset: -60 }}
          enableLabel={false}
          tooltip={Tooltip}
          animate={false}
          role="presentation"
        />
      </Box>
      <ChartLegend items={keys.map((key) => ({ label: flowWords[key]!, colour: colours[key as keyof typeof colours] }))} />
      <ChartNumbers
        label="Monthly energy flows, in numbers"
        head={['Month', 'Load', 'Solar', 'Used on site', 'Bought', 'Exported', 'Curtailed']}
        rows={bills.map((b) => [monthNames[b.month - 1]!, ...[b.load_kwh, b.generation_kwh, b.self_consumed_kwh, b.import_kwh, b.export_kwh, b.curtailed_kwh].map((v) => formatInteger(v))])}
      />
    </Stack>
  );
}

interface HourDatum {
  [key: string]: string | number;
  label: string;
  kwh: number;
}

function LoadCharts({ monthlyKwh, averageDay, peakKw }: { monthlyKwh: number[]; averageDay: number[][]; peakKw: number }) {
  const [month, setMonth] = useState(6);
  const monthly = monthlyKwh.map((value, m): HourDatum => ({ label: monthNames[m]!, kwh: value }));
  const day = (averageDay[month] ?? []).map((value, h): HourDatum => ({ label: String(h).padStart(2, '0'), kwh: value }));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
      <Stack gap={2}>
        <Text fontWeight="medium">The site’s load by month</Text>
        <SmallBars data={monthly} label="Monthly load in kWh" unit="kWh" />
        <Text fontSize="sm" color="fg.muted">
          {formatInteger(monthlyKwh.reduce((a, b) => a + b, 0))} kWh a year; peak {formatDecimal(peakKw, 1)} kW.
        </Text>
      </Stack>
      <Stack gap={2}>
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="medium">An average day in</Text>
          <NativeSelect.Root size="xs" w="auto">
            <NativeSelect.Field aria-label="Month of the average day" value={month} onChange={(event) => setMonth(Number(event.currentTarget.value))}>
              {monthNames.map((name, m) => (
                <option key={name} value={m}>
                  {name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <SmallBars data={day} label={`Average load of each hour in ${monthNames[month]}, kWh`} unit="kWh" />
      </Stack>
    </SimpleGrid>
  );
}

function SmallBars({ data, label, unit }: { data: HourDatum[]; label: string; unit: string }) {
  const Tooltip = ({ data: d }: BarTooltipProps<HourDatum>) => (
    <ChartTooltip colour={colours.load}>
      {d.label}: <b>{formatDecimal(d.kwh, d.kwh < 10 ? 2 : 0)} {unit}</b>
    </ChartTooltip>
  );
  const margin = { top: 6, right: 6, bottom: 26, left: 56 };
  const months = useMonthAxis(margin);
  return (
    <Box h="180px" role="img" aria-label={label}>
      <ResponsiveBar<HourDatum>
        data={data}
        theme={chartTheme}
        keys={['kwh']}
        indexBy="label"
        margin={margin}
        onResize={months.onResize}
        padding={0.2}
        valueScale={{ type: 'linear', min: 0, nice: true }}
        colors={colours.load}
        axisLeft={{ tickValues: 4, format: (v: number) => formatDecimal(v, v < 10 ? 1 : 0) }}
        // Twelve months by name (initials when narrow); 24 hours every third.
        axisBottom={data.length > 12 ? { tickValues: data.filter((_, i) => i % 3 === 0).map((d) => d.label) } : months.axisBottom}
        enableLabel={false}
        tooltip={Tooltip}
        animate={false}
        role="presentation"
      />
    </Box>
  );
}

interface SweepDatum {
  [key: string]: string | number;
  size: string;
  savings: number;
}

/** Year-1 savings against the system size, the payback beside each; the study's own size marked. */
function SizeSweepChart({ sweep, currency, dcKw }: { sweep: SweepPoint[] | undefined; currency: string; dcKw: number }) {
  if (!sweep) return <Text fontSize="sm" color="fg.muted">Sizing the array up and down…</Text>;
  if (sweep.length === 0) return null;
  const sizeLabel = (kw: number) => `${formatDecimal(kw, kw < 10 ? 1 : 0)} kW`;
  const data = sweep.map((p): SweepDatum => ({ size: sizeLabel(p.dcKw), savings: p.savingsYear1 }));
  const byLabel = new Map(sweep.map((p) => [sizeLabel(p.dcKw), p]));
  const payback = (p: SweepPoint) => (p.simplePaybackYears === null ? noPayback : `${formatDecimal(p.simplePaybackYears, 1)} yr`);
  const Tooltip = ({ data: d }: BarTooltipProps<SweepDatum>) => {
    const point = byLabel.get(d.size)!;
    return (
      <ChartTooltip colour={colours.savings}>
        {d.size}: <b>{formatMoney(d.savings, currency)}</b> saved in year 1, payback {payback(point)}
      </ChartTooltip>
    );
  };
  return (
    <Stack gap={2}>
      <Text fontWeight="medium">Savings and payback by system size</Text>
      <Box h={{ base: '200px', md: '240px' }} role="img" aria-label={`Year-1 savings in ${currency} by system size in kWdc`}>
        <ResponsiveBar<SweepDatum>
          data={data}
          theme={chartTheme}
          keys={['savings']}
          indexBy="size"
          margin={{ top: 10, right: 10, bottom: 30, left: 72 }}
          padding={0.3}
          valueScale={{ type: 'linear', nice: true }}
          colors={(bar) => (byLabel.get(String(bar.indexValue))?.dcKw === Math.round(dcKw * 100) / 100 ? colours.exported : colours.savings)}
          axisLeft={{ format: (v: number) => formatMoney(v, currency), tickValues: 5 }}
          enableLabel={false}
          tooltip={Tooltip}
          animate={false}
          role="presentation"
        />
      </Box>
      <ChartLegend items={[{ label: 'Year-1 savings', colour: colours.savings }, { label: 'This study’s size', colour: colours.exported }]} />
      <ChartNumbers
        label="Savings by system size, in numbers"
        head={['Size', 'Energy', 'Year-1 savings', 'Self-consumption', 'Self-sufficiency', 'Payback', 'NPV']}
        rows={sweep.map((p) => [sizeLabel(p.dcKw), kwh(p.annualAcKwh), formatMoney(p.savingsYear1, currency), pct(p.selfConsumptionPct), pct(p.selfSufficiencyPct), payback(p), formatMoney(p.npv, currency)])}
      />
    </Stack>
  );
}
