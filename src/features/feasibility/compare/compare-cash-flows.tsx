import { Box, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import type { FeasibilityStudy, StudyFinance } from '../../../contract/feasibility.ts';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { chartTheme } from '../study-charts.tsx';
import { formatMoney, formatTick } from '../study-format.ts';

/** One colour a compared study, the same in the chart, its legend and the tables' column heads. */
export const studyColours = ['#1c7ed6', '#f08c00', '#2f9e44', '#ae3ec9'] as const;

type YearDatum = Record<string, string | number> & { year: string };


/**
 * The compared studies' yearly cash flows as grouped bars, a colour a study; the value axis reaches down to the
 * largest investment, so year 0 is drawn whole. The numbers follow in a table for screen readers and copying.
 */
export function CompareCashFlows({ studies, finances }: { studies: readonly FeasibilityStudy[]; finances: readonly StudyFinance[] }) {
  // While a new pick loads, the answers may still be the previous pick's: only the shown studies' count.
  const byStudy = new Map(finances.filter((answer) => studies.some((study) => study.id === answer.id)).map((answer) => [answer.id, answer.finance.years]));
  const flows = [...byStudy.values()].flat();
  const years = [...new Set(flows.map((y) => y.year))].sort((a, b) => a - b);
  const data: YearDatum[] = years.map((year) => {
    const datum: YearDatum = { year: String(year) };
    for (const study of studies) {
      const flow = byStudy.get(study.id)?.find((y) => y.year === year);
      if (flow) datum[study.id] = flow.net_cash_flow;
    }
    return datum;
  });
  const values = flows.map((y) => y.net_cash_flow);
  const currencies = new Set(studies.map((study) => study.headline.currency));
  const unit = currencies.size === 1 ? [...currencies][0]! : 'each study’s currency';
  const nameOf = new Map(studies.map((study) => [study.id, study.name]));
  const currencyOf = new Map(studies.map((study) => [study.id, study.headline.currency]));
  const colourOf = new Map(studies.map((study, i) => [study.id, studyColours[i % studyColours.length]!]));

  function Tooltip({ id, value, indexValue, color }: BarTooltipProps<YearDatum>) {
    return (
      <HStack gap={2} bg="bg.panel" color="fg" px={2} py={1} rounded="sm" boxShadow="md" fontSize="sm" whiteSpace="nowrap">
        <Box w={3} h={3} rounded="xs" bg={color} aria-hidden />
        <Text>
          {nameOf.get(String(id))}, year {indexValue}: <b>{formatMoney(value, currencyOf.get(String(id)) ?? unit)}</b>
        </Text>
      </HStack>
    );
  }

  return (
    <Stack gap={3}>
      <Flex as="ul" wrap="wrap" gap={4} fontSize="sm" aria-label="Legend">
        {studies.map((study) => (
          <HStack as="li" key={study.id} gap={2}>
            <Box w={3} h={3} rounded="xs" bg={colourOf.get(study.id)} aria-hidden />
            <Text>{study.name}</Text>
          </HStack>
        ))}
      </Flex>
      {/* Each year needs room for a bar a study: on a phone the chart scrolls inside its box, not the page. */}
      <Box overflowX="auto" tabIndex={0} role="region" aria-label="Yearly cash flows chart, scrolls sideways">
        <Box h={{ base: '260px', md: '320px' }} minW={`${Math.max(320, years.length * studies.length * 9 + 80)}px`} role="img" aria-label={`Yearly cash flows of the compared studies in ${unit}`}>
          <ResponsiveBar<YearDatum>
            data={data}
            theme={chartTheme}
            keys={studies.map((study) => study.id)}
            indexBy="year"
            groupMode="grouped"
            margin={{ top: 10, right: 10, bottom: 36, left: 64 }}
            padding={0.2}
            valueScale={{ type: 'linear', min: Math.min(0, ...values), max: Math.max(0, ...values), nice: true }}
            colors={({ id }) => colourOf.get(String(id)) ?? studyColours[0]}
            axisLeft={{ format: formatTick, tickValues: 5, legend: unit, legendPosition: 'middle', legendOffset: -56 }}
            axisBottom={{ tickRotation: years.length > 15 ? -45 : 0, legend: 'year', legendPosition: 'middle', legendOffset: 30 }}
            enableLabel={false}
            tooltip={Tooltip}
            animate={false}
            role="presentation"
          />
        </Box>
      </Box>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: '0.85rem' }}>Show the numbers</summary>
        <TableScroll label="Yearly cash flows of the compared studies" mt={2} maxH="96">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Year</Table.ColumnHeader>
                {studies.map((study) => (
                  <Table.ColumnHeader key={study.id} textAlign="end">
                    {study.name}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((datum) => (
                <Table.Row key={datum.year}>
                  <Table.Cell>{datum.year}</Table.Cell>
                  {studies.map((study) => {
                    const value = datum[study.id];
                    return (
                      <Table.Cell key={study.id} textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                        {typeof value === 'number' ? formatMoney(value, currencyOf.get(study.id)!) : '—'}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      </details>
    </Stack>
  );
}
