import { Alert, Button, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { FormField } from '../../components/ui/form-field.tsx';
import type { Preset } from '../../contract/settings.ts';
import { useForm } from '../../lib/use-form.ts';
import { assumptionFields, assumptionRules, hintOf, pathOf, sections, valuesOf, type AssumptionField } from './assumption-fields.ts';

const rules = assumptionRules();

interface PresetFormProps {
  preset: Preset;
  /** The built-in preset this one starts from (itself when built in), for its defaults and their sources. */
  builtin: Preset | undefined;
  saving: 'save' | 'copy' | null;
  serverErrors?: Record<string, string[]>;
  onSave: (values: Record<string, string>, asNew: boolean) => void;
}

/** Every assumption of a preset, each with its source and the built-in default; built-ins can only be copied. */
export function PresetForm({ preset, builtin, saving, serverErrors, onSave }: PresetFormProps) {
  const form = useForm<string>(valuesOf(preset, preset.builtin ? `${preset.name} (my copy)` : preset.name), rules, serverErrors);
  const currency = form.values['finance.currency'] ?? '';
  const labelOf = (field: AssumptionField) => (field.unit ? `${field.label} (${field.unit === 'currency' ? currency : field.unit})` : field.label);
  const submit = (asNew: boolean) => form.onSubmit((values) => onSave(values, asNew));

  return (
    <form noValidate onSubmit={submit(preset.builtin)}>
      <Stack gap={6}>
        {preset.read_only && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>Built-in presets are read-only: your changes are saved as a new preset for this project.</Alert.Title>
          </Alert.Root>
        )}
        <FormField label="Preset name" error={form.errorOf('name')} required>
          <Input {...form.bind('name')} />
        </FormField>
        {sections.map(({ section, title }) => (
          <Stack key={section} gap={3} as="fieldset">
            <Heading as="legend" size="md" mb={2}>
              {title}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {assumptionFields
                .filter((field) => field.section === section)
                .map((field) => {
                  const path = pathOf(field);
                  return (
                    <FormField key={path} label={labelOf(field)} error={form.errorOf(path)} helper={hintOf(field, preset, builtin)} required>
                      {field.options ? (
                        <NativeSelect.Root>
                          <NativeSelect.Field name={path} value={form.values[path]} onChange={(event) => form.setValues((values) => ({ ...values, [path]: event.target.value }))}>
                            {field.options.map((option) => (
                              <option key={option.value} value={option.value}>
                                {option.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      ) : (
                        <Input inputMode="decimal" {...form.bind(path)} />
                      )}
                    </FormField>
                  );
                })}
            </SimpleGrid>
          </Stack>
        ))}
        <HStack gap={3} wrap="wrap">
          {!preset.read_only && (
            <Button type="submit" colorPalette="orange" loading={saving === 'save'}>
              Save
            </Button>
          )}
          <Button type={preset.read_only ? 'submit' : 'button'} colorPalette="orange" variant={preset.read_only ? 'solid' : 'outline'} loading={saving === 'copy'} onClick={preset.read_only ? undefined : submit(true)}>
            Save as a new preset
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
