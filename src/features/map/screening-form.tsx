import { Button, Card, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../components/ui/form-field.tsx';
import { useForm } from '../../lib/use-form.ts';
import { criteriaFields, criteriaRules, defaultCriteria, filtersOf, type CriteriaField } from './screening-criteria.ts';

export type ScopeChoice = 'project' | 'view';

interface ScreeningFormProps {
  running: boolean;
  error: string | null;
  serverErrors?: Record<string, string[]>;
  /** Screening the visible area needs a map with a size (and not the whole world). */
  canScreenView: boolean;
  onScreen: (filters: Record<string, unknown>, scope: ScopeChoice) => void;
}

/** The screening criteria (the contract's rules and messages on every field) and what to screen. */
export function ScreeningForm({ running, error, serverErrors, canScreenView, onScreen }: ScreeningFormProps) {
  const form = useForm<CriteriaField | 'scope'>({ ...defaultCriteria, scope: 'project' }, { ...criteriaRules, scope: [] }, serverErrors);
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Screen parcels</Card.Title>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={form.onSubmit((values) => onScreen(filtersOf(values), values.scope as ScopeChoice))}>
          <Stack gap={3}>
            <FormField label="Parcels to screen">
              <NativeSelect.Root size="sm">
                <NativeSelect.Field name="scope" value={form.values.scope} onChange={(event) => form.setValues((values) => ({ ...values, scope: event.target.value }))}>
                  <option value="project">The project's parcels (attached or inside the boundary)</option>
                  <option value="view" disabled={!canScreenView}>
                    Every parcel in the visible map area
                  </option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
              {criteriaFields.map(({ field, label, helper }) => (
                <FormField key={field} label={label} helper={helper} error={form.errorOf(field)}>
                  <Input size="sm" inputMode={field === 'land_use' ? 'text' : 'decimal'} {...form.bind(field)} />
                </FormField>
              ))}
            </SimpleGrid>
            {error && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" colorPalette="orange" size="sm" loading={running} loadingText="Screening" alignSelf="flex-start">
              Screen parcels
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
