import { Heading, List, Stack, Text } from '@chakra-ui/react';
import type { ReasonedParcels } from '../../contract/gis.ts';
import { attributionsOf } from './screening-format.ts';

/** Where the parcels and screening layers come from, as their licences ask (e.g. Open Data DC, CC BY 4.0). */
export function DataAttributions({ result }: { result: ReasonedParcels }) {
  const sources = attributionsOf(result);
  if (sources.length === 0) return null;
  return (
    <Stack as="section" gap={2} aria-labelledby="data-sources">
      <Heading as="h2" size="sm" id="data-sources">
        Data sources
      </Heading>
      <List.Root fontSize="sm" color="fg.muted" gap={1} ps={4}>
        {sources.map(({ label, source, date }) => (
          <List.Item key={source}>
            {label}: {source}
            {date && `, ${date}`}
          </List.Item>
        ))}
      </List.Root>
      <Text fontSize="xs" color="fg.muted">
        Screening is indicative: check every layer&apos;s date and coverage before a siting decision.
      </Text>
    </Stack>
  );
}
