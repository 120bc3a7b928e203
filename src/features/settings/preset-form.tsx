import { Alert, Button, Card, Heading, HStack, Icon, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { BadgePercent, Coins, HandCoins, Landmark, PiggyBank, Receipt, Save, SunMedium, type LucideIcon } from 'lucide-react';
import { memo, useMemo, type ChangeEvent } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { Preset } from '../../contract/settings.ts';
import { useForm } from '../../lib/use-form.ts';
import { assumptionFields, assumptionRules, energyModelFields, errorsOf, hintOf, pathOf, ruleWordsOf, sections, valuesOf, type AssumptionField } from '../../lib/assumption-fields.ts';

const sectionIcons: Record<(typeof sections)[number]['section'], LucideIcon> = { system: SunMedium, costs: Coins, tariff: Receipt, finance: Landmark, incentives: BadgePercent, debt: HandCoins, reserves: PiggyBank };

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
  const rules = useMemo(() => assumptionRules(), []);
  const form = useForm<string>(valuesOf(preset, preset.builtin ? `${preset.name} (my copy)` : preset.name), rules, serverErrors);
  const currency = form.values['finance.currency'] ?? '';
  // The after-tax fields show once the single-owner structure is chosen; hidden, they are still sent as they are.
  const afterTax = form.values['finance.structure'] === 'single_owner';
  // PVWatts v8's own fields show once that model is chosen; hidden, they are still sent as they are.
  const v8 = form.values['system.model'] === 'pvwatts_v8';
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
        <Card.Root size="sm">
          <Card.Body>
            <FormField label="Preset name" error={form.errorOf('name')} required>
              <Input {...form.bind('name')} maxW={{ md: 'md' }} />
            </FormField>
          </Card.Body>
        </Card.Root>
        {sections.map(({ section, title }) => {
          const SectionIcon = sectionIcons[section];
          const fields = [
            ...assumptionFields.filter((field) => field.section === section && (afterTax || !field.afterTax)),
            ...energyModelFields.filter((field) => field.section === section && (v8 || !field.v8)),
          ];
          if (fields.length === 0) return null;
          return (
            <Card.Root key={section} size="sm">
              <Card.Body>
                <Stack gap={3} as="fieldset" minW={0}>
                  <Heading as="legend" size="md" mb={2} display="flex" alignItems="center" gap={2}>
                    <Icon asChild boxSize="4" color="brand.fg">
                      <SectionIcon aria-hidden />
                    </Icon>
                    {title}
                  </Heading>
                  <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6} rowGap={5}>
                    {fields.map((field) => {
                      const path = pathOf(field);
                      const { onChange } = form.bind(path);
                      return (
                        <AssumptionInput
                          key={path}
                          path={path}
                          field={field}
                          label={labelOf(field)}
                          helper={hintOf(field, preset, builtin)}
                          error={form.errorOf(path)}
                          value={form.values[path]!}
                          onText={onChange}
                          onChoice={(value) => form.setValues((values) => ({ ...values, [path]: value }))}
                        />
                      );
                    })}
                  </SimpleGrid>
                </Stack>
              </Card.Body>
            </Card.Root>
          );
        })}
        <HStack gap={3} wrap="wrap">
          {!preset.read_only && (
            <Button type="submit" colorPalette="brand" loading={saving === 'save'}>
              <Save aria-hidden />
              Save
            </Button>
          )}
          <Button type={preset.read_only ? 'submit' : 'button'} colorPalette="brand" variant={preset.read_only ? 'solid' : 'outline'} loading={saving === 'copy'} onClick={preset.read_only ? undefined : submit(true)}>
            Save as a new preset
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

interface AssumptionInputProps {
  path: string;
  field: AssumptionField;
  label: string;
  helper: string;
  error: string | undefined;
  value: string;
  onText: (event: ChangeEvent<HTMLInputElement>) => void;
  onChoice: (value: string) => void;
}

/**
 * One field of the form. A preset has some fifty: each re-renders only when its own value, error or hint changes
 * (its handlers set the field by name, so new ones do the same as the old).
 */
const AssumptionInput = memo(
  function AssumptionInput({ path, field, label, helper, error, value, onText, onChoice }: AssumptionInputProps) {
    return field.options ? (
      <SelectField label={label} name={path} error={error} helper={helper} required={field.unset === undefined} options={field.options} value={value} onChange={onChoice} />
    ) : (
      <FormField label={label} error={errorsOf(field, error, value)} helper={helper} rule={ruleWordsOf(field)} required={!field.emptyIsNull && field.unset === undefined}>
        <Input inputMode={field.kind === 'months' ? 'text' : 'decimal'} name={path} value={value} onChange={onText} placeholder={field.kind === 'months' ? '12 values, e.g. 2, 2, 1.5, 1, 1, 1, 1, 1, 1, 1.5, 2, 2' : undefined} />
      </FormField>
    );
  },
  (before, after) => before.value === after.value && before.error === after.error && before.helper === after.helper && before.label === after.label && before.field === after.field,
);
