import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { EnergyResult } from '../../contract/energy.ts';
import { formatPercent, minus } from '../../lib/number-format.ts';
import { formatMwh } from './study-format.ts';

const stepLabels: Record<string, string> = {
  'incidence-angle': 'Reflection (incidence angle)',
  temperature: 'Cell temperature',
  lightInducedDegradation: 'Light-induced degradation',
  nameplate: 'Nameplate rating',
  system: 'System losses',
  inverter: 'Inverter efficiency',
  clipping: 'Inverter clipping',
  'self-shading': 'Row-to-row shading',
  soiling: 'Soiling',
  snow: 'Snow',
  bifacial: 'Bifacial rear-side gain',
  spectral: 'Spectrum (air mass)',
  transformer: 'Transformer',
};

const label = (key: string) => stepLabels[key] ?? key.charAt(0).toUpperCase() + key.slice(1);

/** From the nameplate energy at the array's irradiance down to AC, each loss as a share of the start. */
export function LossWaterfall({ waterfall }: { waterfall: EnergyResult['loss_waterfall'] }) {
  const start = waterfall.nominal_kwh || 1;
  return (
    <Stack gap={2} data-testid="loss-waterfall">
      <Row name="Nominal DC at array irradiance" kwh={waterfall.nominal_kwh} width={1} colour="orange.400" />
      {waterfall.steps.map((step) => (
        // A negative loss is a gain (modules colder than 25 °C).
        <Row key={step.key} name={label(step.key)} kwh={-step.kwh} width={Math.abs(step.kwh) / start} colour={step.kwh >= 0 ? 'red.400' : 'green.400'} note={formatPercent(-step.pct_of_nominal, 2)} />
      ))}
      <Row name="AC energy delivered" kwh={waterfall.final_kwh} width={waterfall.final_kwh / start} colour="green.500" />
    </Stack>
  );
}

function Row({ name, kwh, width, colour, note }: { name: string; kwh: number; width: number; colour: string; note?: string }) {
  return (
    <Box>
      <HStack justify="space-between" fontSize="sm" gap={2}>
        <Text>{name}</Text>
        <Text color="fg.muted" whiteSpace="nowrap">
          {kwh < 0 ? minus : note ? '+' : ''}
          {formatMwh(Math.abs(kwh))}
          {note ? ` (${note})` : ''}
        </Text>
      </HStack>
      <Box h="2" bg="bg.muted" rounded="full">
        <Box h="2" bg={colour} rounded="full" w={`${Math.max(0.5, Math.min(100, width * 100))}%`} />
      </Box>
    </Box>
  );
}
