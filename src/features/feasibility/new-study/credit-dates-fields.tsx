import { HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../../components/ui/form-field.tsx';

/** The two dates that decide a US study's federal tax credits (docs/finance.md "Federal tax credits"), as typed. */
export interface CreditDates {
  begin: string;
  inService: string;
}

export const noCreditDates: CreditDates = { begin: '', inService: '' };

/** The request's finance fields for the dates typed; an empty one is left to the server (today's date). */
export function creditDatesInput(dates: CreditDates) {
  return {
    ...(dates.begin.trim() ? { begin_construction_date: dates.begin.trim() } : {}),
    ...(dates.inService.trim() ? { placed_in_service_date: dates.inService.trim() } : {}),
  };
}

/** A US study's construction start and placed-in-service dates, with what they decide. */
export function CreditDatesFields({ value, onChange, fields }: { value: CreditDates; onChange: (dates: CreditDates) => void; fields?: Record<string, string[]> }) {
  return (
    <Stack gap={2}>
      <Text fontWeight="semibold">Tax credit dates</Text>
      <Text fontSize="sm" color="fg.muted">
        With the owner they decide the federal credits as the law now stands: solar begun after 4 July 2026 gets §48E or §45Y only if placed in service by 31
        December 2027, and a household buying its system gets no §25D credit after 2025. Empty: today&apos;s date.
      </Text>
      <HStack gap={3} wrap="wrap" align="flex-start">
        <FormField label="Construction begins" error={fields?.['finance.begin_construction_date']?.[0]}>
          <Input type="date" size="sm" w="44" value={value.begin} onChange={(event) => onChange({ ...value, begin: event.target.value })} />
        </FormField>
        <FormField label="Placed in service" error={fields?.['finance.placed_in_service_date']?.[0]}>
          <Input type="date" size="sm" w="44" value={value.inService} onChange={(event) => onChange({ ...value, inService: event.target.value })} />
        </FormField>
      </HStack>
    </Stack>
  );
}
