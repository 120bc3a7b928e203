import { Button, Card, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { Bbox } from '../../lib/map/map-types.ts';
import { useForm } from '../../lib/use-form.ts';
import { criteriaFields, criteriaRules, defaultCriteria, filtersOf, type CriteriaField } from './screening-criteria.ts';
import { screeningErrorsOf } from './screening-format.ts';
import type { ParcelScreeningActor } from './use-parcel-screening.ts';

interface ScreeningFormProps {
  actor: ParcelScreeningActor;
  projectId: string;
  /** The visible map area, when it can be screened (a map with a size). */
  view: Bbox | null;
}

/** The screening criteria (the contract's rules and messages on every field) and what to screen. */
export function ScreeningForm({ actor, projectId, view }: ScreeningFormProps) {
  const running = useSelector(actor, (s) => s.matches({ screening: 'running' }));
  const failure = useSelector(actor, (s) => s.context.screeningErrors);
  const { message: error, fields: serverErrors } = useMemo(() => screeningErrorsOf(failure), [failure]);
  const form = useForm<CriteriaField | 'scope'>({ ...defaultCriteria, scope: 'project' }, { ...criteriaRules, scope: [] }, serverErrors);
  const screen = (values: Record<CriteriaField | 'scope', string>) =>
    actor.send({ type: 'screening.run', request: { scope: values.scope === 'view' && view ? { bbox: view } : { projectId }, filters: filtersOf(values) } });
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Screen parcels</Card.Title>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={form.onSubmit(screen)}>
          <Stack gap={3}>
            <SelectField
              label="Parcels to screen"
              name="scope"
              size="sm"
              value={form.values.scope}
              onChange={(scope) => form.setValues((values) => ({ ...values, scope }))}
              options={[
                { value: 'project', label: "The project's parcels (attached or inside the boundary)" },
                { value: 'view', label: 'Every parcel in the visible map area', disabled: !view },
              ]}
            />
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 1 }} gap={3}>
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
            <Button type="submit" colorPalette="brand" size="sm" loading={running} loadingText="Screening" alignSelf="flex-start">
              Screen parcels
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
