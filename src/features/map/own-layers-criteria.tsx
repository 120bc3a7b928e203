import { Input, SimpleGrid } from '@chakra-ui/react';
import { useMemo, useSyncExternalStore } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { criteriaMessages, within } from '../../contract/gis.ts';
import { isBuiltInKind, overlapCriterionOf, type OwnLayer } from '../../contract/own-layers.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { useResource } from '../../lib/use-resource.ts';
import { listOwnLayers, ownLayersVersion } from './api/own-layers.ts';

/** The screening form as this component needs it: its text values by field name (useForm's). */
export interface CriteriaFormLike {
  values: Record<string, string>;
  setValues(update: (values: Record<string, string>) => Record<string, string>): void;
}

const percentage = within(0, 100, criteriaMessages.percentage);

/** One criterion per custom kind of the user's own layers: `max_<kind>_overlap_pct`, labelled with the kind's label. */
export function ownKindCriteria(layers: readonly OwnLayer[]) {
  const kinds = new Map<string, string>();
  for (const layer of layers) if (!isBuiltInKind(layer.kind) && !kinds.has(layer.kind)) kinds.set(layer.kind, layer.label);
  return [...kinds].map(([kind, label]) => ({ field: overlapCriterionOf(kind), label: `Largest share in ${label} (%)` }));
}

/** The `filters` the custom kinds' fields add to a screening request: those given, as numbers. */
export function ownKindFilters(values: Record<string, string>): Record<string, number> {
  const filters: Record<string, number> = {};
  for (const [field, text] of Object.entries(values)) {
    if (/^max_.+_overlap_pct$/.test(field) && text.trim() !== '' && !percentage(text)) filters[field] = Number(text.trim());
  }
  return filters;
}

/** The user's own kinds, read again whenever an upload or a delete changes them. */
export function useOwnKinds() {
  const { api } = useActors();
  const version = useSyncExternalStore(ownLayersVersion.subscribe, ownLayersVersion.read);
  const read = useResource(`own layers ${version}`, (signal) => listOwnLayers(api, { signal }), { keepPrevious: true });
  return useMemo(() => ownKindCriteria(read.data?.results ?? []), [read.data]);
}

/**
 * The screening form's inputs for the custom kinds of the user's own layers (none without them). Values live in the
 * form's own values, so the form sends them with `ownKindFilters`; empty leaves the kind unchecked.
 */
export function OwnKindCriteria({ form }: { form: CriteriaFormLike }) {
  const criteria = useOwnKinds();
  if (criteria.length === 0) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 1 }} gap={3} role="group" aria-label="Your own kinds">
      {criteria.map(({ field, label }) => {
        const value = form.values[field] ?? '';
        return (
          <FormField key={field} label={label} helper="Your own layers of this kind; empty: not checked" error={value.trim() ? percentage(value) : undefined}>
            <Input size="sm" inputMode="decimal" name={field} value={value} onChange={(event) => form.setValues((values) => ({ ...values, [field]: event.target.value }))} />
          </FormField>
        );
      })}
    </SimpleGrid>
  );
}
