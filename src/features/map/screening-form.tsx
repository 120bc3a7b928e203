import { Button, Card, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { Bbox } from '../../lib/map/map-types.ts';
import { useForm } from '../../lib/use-form.ts';
import type { ScreeningCriteria } from '../../contract/gis.ts';
import { criteriaFields, criteriaRules, criteriaValid, filtersOf, valuesOf, type CriteriaField } from './screening-criteria.ts';
import { screeningErrorsOf } from './screening-format.ts';
import { OwnKindCriteria, ownKindFilters } from './own-layers-criteria.tsx';
import { useCriteriaAutosave, type AutosaveStatus } from './use-criteria-autosave.ts';
import type { ParcelScreeningActor } from './use-parcel-screening.ts';

interface ScreeningFormProps {
  actor: ParcelScreeningActor;
  projectId: string;
  /** The visible map area, when it can be screened (a map with a size). */
  view: Bbox | null;
  /** The project's criteria as the screen opened: saved ones, or the defaults. */
  criteria: { values: ScreeningCriteria; saved: boolean };
}

/** The screening criteria (the contract's rules and messages on every field, saved for the project as they change) and what to screen. */
export function ScreeningForm({ actor, projectId, view, criteria }: ScreeningFormProps) {
  const running = useSelector(actor, (s) => s.matches({ screening: 'running' }));
  const failure = useSelector(actor, (s) => s.context.screeningErrors);
  const { message: error, fields: serverErrors } = useMemo(() => screeningErrorsOf(failure), [failure]);
  const form = useForm<CriteriaField | 'scope'>({ ...valuesOf(criteria.values), scope: 'project' }, { ...criteriaRules, scope: [] }, serverErrors);
  // The contract's fields and the user's own kinds (`max_<kind>_overlap_pct`, kept in the same values).
  const criteriaOf = (values: Record<CriteriaField | 'scope', string>): ScreeningCriteria => ({ ...filtersOf(values), ...ownKindFilters(values) });
  const autosave = useCriteriaAutosave(projectId, criteriaValid(form.values) ? criteriaOf(form.values) : null, criteria.values);
  const screen = (values: Record<CriteriaField | 'scope', string>) =>
    actor.send({ type: 'screening.run', request: { scope: values.scope === 'view' && view ? { bbox: view } : { projectId }, filters: criteriaOf(values) } });
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
            <OwnKindCriteria form={form} />
            <AutosaveNote status={autosave} saved={criteria.saved} />
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

/** Whether the criteria are kept: the project's own once changed, the defaults until then. */
function AutosaveNote({ status, saved }: { status: AutosaveStatus; saved: boolean }) {
  if (status.state === 'failed') {
    return (
      <Text color="fg.error" fontSize="sm" role="alert">
        {status.message}
      </Text>
    );
  }
  const text = {
    idle: saved ? "The project's saved criteria: changes are kept for its report and studies." : 'The default criteria: changes are kept for the project, its report and studies.',
    saving: 'Saving the criteria…',
    saved: "Criteria saved for the project: its report and studies use them.",
  }[status.state];
  return (
    <Text color="fg.muted" fontSize="xs" aria-live="polite" data-testid="criteria-saved">
      {text}
    </Text>
  );
}
