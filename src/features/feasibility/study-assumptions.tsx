import { Badge, Box, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { isUrdbTariff, tariffLabels } from '../../contract/behind-the-meter.ts';
import type { FeasibilityStudy } from '../../contract/feasibility.ts';
import { monthLongNames } from '../../lib/months.ts';
import { exportRuleInfo } from './new-study/behind-the-meter-choices.ts';
import { sellRateWords } from '../../solar/behind-the-meter.ts';
import type { Preset } from '../../contract/settings.ts';
import { formatArea, formatNumber, formatPercent } from '../../lib/number-format.ts';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { arrayTypeWords, energyModelOf, energyModelWords, moduleTypeWords } from '../../solar/system-words.ts';

type Row = [label: string, value: string, sourcePath?: string, raw?: unknown];

/** A behind-the-meter study's owner, tariff (utility, name, sector, edition), export rule with its rates, and load. */
export function billRows(assumptions: FeasibilityStudy['assumptions']): Row[] {
  const { tariff, finance, load } = assumptions;
  const rates = assumptions.export;
  const currency = finance.currency;
  const rows: Row[] = [['Owner', finance.owner === 'residential' ? 'A household' : 'A business']];
  if (isUrdbTariff(tariff)) {
    const labels = tariffLabels(tariff);
    const edition = labels.edition && `from ${labels.edition}`;
    rows.push(['Tariff', [labels.utility, labels.name ?? 'a tariff structure entered for this study'].filter(Boolean).join(': ')]);
    if (labels.sector || edition) rows.push(['Sector and edition', [labels.sector, edition].filter(Boolean).join(', ')]);
  } else {
    rows.push(['Tariff', `A flat ${formatNumber(tariff.price_per_kwh)} ${currency}/kWh`]);
  }
  if (rates) {
    const rule = exportRuleInfo[rates.rule];
    rows.push(['Export rule', rule.label]);
    // Hourly sell rates replace the single rate: their figures, never the 8,760 values.
    if (rates.hourly_sell_rates) rows.push(['Sell rates', sellRateWords(rates.hourly_sell_rates, `${currency}/kWh`)]);
    else if (rule.reads.includes('sellRate')) rows.push(['Sell rate', `${formatNumber(rates.sell_rate_per_kwh)} ${currency}/kWh`]);
    if (rule.reads.includes('trueUpMonth')) rows.push(['True-up month', monthLongNames[rates.true_up_month - 1] ?? String(rates.true_up_month)]);
    if (rule.reads.includes('yearEndRate')) rows.push(['Year-end rate', `${formatNumber(rates.year_end_rate_per_kwh)} ${currency}/kWh`]);
  }
  if (load) rows.push(['Load', `${load.name}: ${formatNumber(Math.round(load.annual_kwh))} kWh a year${load.steps_per_hour === 4 ? ', by quarter-hour' : ''}`]);
  return rows;
}

/** An assumed share as it was typed: 14 %, 0.5 %. */
const pct = (value: number) => formatPercent(value, 6, { minDigits: 0 });

/** Every assumption the study ran on, with the preset's cited source where the study kept the preset's value. */
export function StudyAssumptions({ study, preset }: { study: FeasibilityStudy; preset: Preset | null }) {
  const s = study.system;
  const { costs, tariff, finance } = study.assumptions;
  const behindTheMeter = finance.structure === 'behind_the_meter';
  const urdb = isUrdbTariff(tariff);
  const system: Row[] = [
    ['Energy model', energyModelWords(s)],
    ['DC size', `${formatNumber(s.dc_kw)} kW`],
    ['Array type', arrayTypeWords(s)],
    ...(s.module_type ? ([['Module type', moduleTypeWords(s.module_type)]] as Row[]) : []),
    ...(s.mount === 'two_axis' ? [] : ([
      [s.mount === 'single_axis' ? 'Axis tilt' : 'Tilt', `${formatNumber(s.tilt_deg)}°`, 'system.tilt_deg', s.tilt_deg],
      [s.mount === 'single_axis' ? 'Axis azimuth' : 'Azimuth', `${formatNumber(s.azimuth_deg)}°`, 'system.azimuth_deg', s.azimuth_deg],
    ] as Row[])),
    ...(s.gcr === null ? [] : ([['Ground coverage ratio', formatNumber(s.gcr), 'system.gcr', s.gcr]] as Row[])),
    ...(s.mount === 'single_axis' ? ([['Rotation limit', s.max_angle_deg === null ? 'not set' : `${formatNumber(s.max_angle_deg)}°`, 'system.max_angle_deg', s.max_angle_deg], ['Backtracking', s.backtrack ? 'on' : 'off']] as Row[]) : []),
    ['System losses', pct(s.losses_pct), 'system.losses_pct', s.losses_pct],
    ['DC/AC ratio', formatNumber(s.dc_ac_ratio), 'system.dc_ac_ratio', s.dc_ac_ratio],
    ['Inverter efficiency', pct(s.inverter_efficiency_pct), 'system.inverter_efficiency_pct', s.inverter_efficiency_pct],
    ['Temperature coefficient', `${pct(s.gamma_pct_per_c)}/°C`],
    ['Albedo', s.albedo_monthly ? s.albedo_monthly.map((value) => formatNumber(value)).join(' / ') : formatNumber(s.albedo)],
    ['Cell temperature model', s.temperature_model === 'noct' ? 'NOCT (SAM)' : s.temperature_model.toUpperCase()],
    ...(energyModelOf(s) === 'pvwatts_v8'
      ? ([
          ['Bifaciality', formatNumber(s.bifaciality ?? 0)],
          ['Snow model', s.snow_model ? 'on' : 'off'],
          ['Monthly soiling', s.soiling_monthly_pct ? s.soiling_monthly_pct.map(pct).join(' / ') : 'none'],
        ] as Row[])
      : []),
  ];
  const money: Row[] = [
    ['Capex per Wdc', `${formatNumber(costs.capex_per_wdc)} ${finance.currency}`, 'costs.capex_per_wdc', costs.capex_per_wdc],
    ['Fixed costs', `${formatNumber(costs.fixed_costs)} ${finance.currency}`, 'costs.fixed_costs', costs.fixed_costs],
    [`O&M per kW${costs.om_basis}-year`, `${formatNumber(costs.om_per_kw_yr)} ${finance.currency}`, 'costs.om_per_kw_yr', costs.om_per_kw_yr],
    ['O&M escalation', `${pct(costs.om_escalation_pct)}/yr`, 'costs.om_escalation_pct', costs.om_escalation_pct],
    // Behind the meter on a tariff's structure the single price is not read: the bills section below says what is.
    ...(urdb ? [] : ([[behindTheMeter ? 'Electricity price' : 'PPA price', `${formatNumber(tariff.price_per_kwh)} ${finance.currency}/kWh`, 'tariff.price_per_kwh', tariff.price_per_kwh]] as Row[])),
    [behindTheMeter ? 'Tariff escalation' : 'Price escalation', `${pct(tariff.escalation_pct)}/yr`, 'tariff.escalation_pct', tariff.escalation_pct],
    ['Discount rate', pct(finance.discount_rate_pct), 'finance.discount_rate_pct', finance.discount_rate_pct],
    ['Degradation', `${pct(finance.degradation_pct)}/yr`, 'finance.degradation_pct', finance.degradation_pct],
    ['Analysis period', `${finance.analysis_years} years`, 'finance.analysis_years', finance.analysis_years],
  ];

  const sourceOf = ([, , path, raw]: Row) => {
    if (!path || !preset) return null;
    const [section, field] = path.split('.') as [keyof Preset['assumptions'], string];
    const presetValue = (preset.assumptions[section] as Record<string, unknown>)[field];
    if (presetValue !== raw) return 'Changed for this study';
    const source = preset.sources[path];
    return source ? `${source.source}${source.year ? ` (${source.year})` : ''}` : null;
  };

  const table = (title: string, rows: Row[]) => (
    <Box minW={0}>
      <Text fontWeight="semibold" mb={1}>
        {title}
      </Text>
      <TableScroll label={title} borderWidth={0}>
        <Table.Root size="sm" aria-label={title}>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row[0]}>
                <Table.Cell>{row[0]}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {row[1]}
                </Table.Cell>
                <Table.Cell color="fg.muted" fontSize="xs" whiteSpace="normal" minW="12rem">
                  {sourceOf(row)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </Box>
  );

  return (
    <Stack gap={3}>
      <HStack gap={2} wrap="wrap" fontSize="sm">
        <Text>Preset:</Text>
        <Badge>{study.preset.name}</Badge>
        {study.sizing && (
          <Text color="fg.muted">
            Sized from {study.sizing.area_source === 'parcels' ? `the buildable land of ${study.sizing.parcels} passing ${study.sizing.parcels === 1 ? 'parcel' : 'parcels'}` : 'the boundary'}: {formatArea(study.sizing.area_m2 / 10_000)} × {pct(study.sizing.usable_pct)} usable × GCR {formatNumber(study.sizing.gcr)} × {formatNumber(study.sizing.module_w_per_m2)} W/m²
          </Text>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        {table('System', system)}
        {table('Costs, tariff and finance', money)}
        {behindTheMeter && table('Tariff, export and load', billRows(study.assumptions))}
      </SimpleGrid>
    </Stack>
  );
}
