import { Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { monthLongNames } from '../../../lib/months.ts';
import { formatEnergy } from '../../../lib/number-format.ts';
import { monthNames } from '../study-format.ts';

const kwh = (value: number) => formatEnergy(value, 'kWh');

/** Twelve small bars of monthly consumption, January first; a screen reader hears each month's kWh. */
export function MonthlyBars({ label, monthlyKwh }: { label: string; monthlyKwh: readonly number[] }) {
  const largest = Math.max(...monthlyKwh, 1e-9);
  return (
    <Stack gap={1} maxW="sm">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <HStack as="ul" aria-label={label} align="flex-end" gap="2px" h="16" listStyleType="none" m={0} p={0}>
        {monthlyKwh.map((value, i) => (
          <Stack as="li" key={monthNames[i]} flex="1" minW={0} h="full" justify="flex-end" align="stretch" gap={0} title={`${monthNames[i]}: ${kwh(value)}`}>
            <Box bg="brand.solid" roundedTop="xs" h={`${(value / largest) * 100}%`} minH="1px" aria-hidden />
            <Text fontSize="2xs" color="fg.muted" textAlign="center" aria-hidden>
              {monthNames[i]![0]}
            </Text>
            <VisuallyHidden>{`${monthLongNames[i]}: ${kwh(value)}`}</VisuallyHidden>
          </Stack>
        ))}
      </HStack>
    </Stack>
  );
}
