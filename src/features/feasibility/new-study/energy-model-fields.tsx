import { Checkbox, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { arrayTypes, energyModels, moduleTypes, type ArrayType, type EnergyModel, type ModuleType } from '../../../contract/settings.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { monthNames } from '../study-format.ts';
import { monthLongNames } from '../../../lib/months.ts';
import { monthErrors, pasteIntoMonths } from './form-values.ts';
import type { SystemChoices } from './system-choices.ts';

export const modelLabels: Record<EnergyModel, string> = { pvwatts_v8: 'PVWatts v8 (NREL, as in SAM)', pvlib: 'pvlib-compatible (PVWatts-class chain)' };
export const arrayTypeLabels: Record<ArrayType, string> = {
  'fixed-open': 'Fixed, open rack',
  'fixed-roof': 'Fixed, roof mount',
  '1-axis': '1-axis tracker',
  '1-axis-backtrack': '1-axis tracker with backtracking',
  '2-axis': '2-axis tracker',
};
export const moduleTypeLabels: Record<ModuleType, string> = { standard: 'Standard (crystalline silicon)', premium: 'Premium (high efficiency)', 'thin-film': 'Thin film' };

export const snowModelHint = 'Needs snow depth in the weather file (an NSRDB or SAM CSV, or an EPW that has it).';

interface EnergyModelFieldsProps {
  value: SystemChoices;
  /** The preset's choices, named in the helpers. */
  preset: SystemChoices;
  onChange: (change: Partial<SystemChoices>) => void;
  /** The chosen weather's name when it is known to have no snow depth: the snow model is then off. */
  noSnowDepth: string | null;
  /** The server's field messages of the last submit. */
  fields: Record<string, string[]> | undefined;
}

/** The energy model, array type and albedo, and for PVWatts v8 its module type, bifaciality, snow model, monthly soiling and albedo. */
export function EnergyModelFields({ value, preset, onChange, noSnowDepth, fields }: EnergyModelFieldsProps) {
  const field = (key: string) => fields?.[`system.${key}`]?.[0];
  const soiling = monthErrors(fields, 'system.soiling_monthly_pct', 'soiling');
  const albedoMonthly = monthErrors(fields, 'system.albedo_monthly', 'albedo');
  const fromPreset = (label: string) => `The preset's: ${label}.`;
  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Energy model</Text>
      <HStack gap={3} wrap="wrap" align="flex-start">
        <SelectField
          label="Energy model"
          size="sm"
          error={field('model')}
          helper={fromPreset(modelLabels[preset.model])}
          value={value.model}
          onChange={(model) => onChange({ model: model as EnergyModel })}
          options={energyModels.map((model) => ({ value: model, label: modelLabels[model] }))}
        />
        <SelectField
          label="Array type"
          size="sm"
          error={field('array_type') ?? field('mount')}
          helper={fromPreset(arrayTypeLabels[preset.arrayType])}
          value={value.arrayType}
          onChange={(arrayType) => onChange({ arrayType: arrayType as ArrayType })}
          options={arrayTypes.map((type) => ({ value: type, label: arrayTypeLabels[type] }))}
        />
        <FormField label="Albedo" error={field('albedo')} helper="Ground reflectance, 0 to 1: about 0.2 for grass, 0.6 or more for fresh snow.">
          <Input size="sm" inputMode="decimal" w="24" value={value.albedo} onChange={(event) => onChange({ albedo: event.target.value })} />
        </FormField>
      </HStack>
      {value.model === 'pvwatts_v8' && (
        <Stack gap={3}>
          <HStack gap={3} wrap="wrap" align="flex-start">
            <SelectField
              label="Module type"
              size="sm"
              error={field('module_type')}
              value={value.moduleType}
              onChange={(moduleType) => onChange({ moduleType: moduleType as ModuleType })}
              options={moduleTypes.map((type) => ({ value: type, label: moduleTypeLabels[type] }))}
            />
            <FormField label="Bifaciality" error={field('bifaciality')} helper="0 for monofacial modules, about 0.65 for bifacial ones.">
              <Input size="sm" inputMode="decimal" w="24" value={value.bifaciality} onChange={(event) => onChange({ bifaciality: event.target.value })} />
            </FormField>
          </HStack>
          <Field.Root invalid={!!field('snow_model')}>
            <Checkbox.Root size="sm" checked={value.snowModel && !noSnowDepth} disabled={!!noSnowDepth} onCheckedChange={(details) => onChange({ snowModel: details.checked === true })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Snow model (Marion et al. 2013)</Checkbox.Label>
            </Checkbox.Root>
            {field('snow_model') ? (
              <Field.ErrorText>{field('snow_model')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{noSnowDepth ? `${snowModelHint} ${noSnowDepth} has none, so it stays off.` : snowModelHint}</Field.HelperText>
            )}
          </Field.Root>
          <MonthsRow
            legend="Monthly soiling loss (%)"
            what="soiling"
            values={value.soiling}
            invalid={soiling.byMonth}
            onChange={(soilingValues) => onChange({ soiling: soilingValues })}
          />
          <Text fontSize="xs" color="fg.muted">
            Leave all blank for no soiling loss beyond the system losses; paste a row of 12 values into January to fill the year.
          </Text>
          {soiling.messages.length > 0 && <FieldMessages messages={soiling.messages} />}
          <Field.Root invalid={!!field('albedo_from_weather')}>
            <Checkbox.Root size="sm" checked={value.albedoFromWeather} onCheckedChange={(details) => onChange({ albedoFromWeather: details.checked === true })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Albedo from the weather file where it has one</Checkbox.Label>
            </Checkbox.Root>
            <Field.HelperText>
              PVWatts v8's default. Hours the file gives no albedo for (or one outside 0–1) take 0.2, or 0.6 on snow; untick to use your own values.
            </Field.HelperText>
          </Field.Root>
          {!value.albedoFromWeather && (
            <>
              <MonthsRow
                legend="Monthly albedo"
                what="albedo"
                values={value.albedoMonthly}
                invalid={albedoMonthly.byMonth}
                onChange={(albedoValues) => onChange({ albedoMonthly: albedoValues })}
              />
              <Text fontSize="xs" color="fg.muted">Leave all blank to use the single albedo for every month.</Text>
              {albedoMonthly.messages.length > 0 && <FieldMessages messages={albedoMonthly.messages} />}
            </>
          )}
        </Stack>
      )}
      {fields?.system && <FieldMessages messages={fields.system} />}
    </Stack>
  );
}

/** Twelve small boxes, January first; a pasted row fills them (see pasteIntoMonths). */
export function MonthsRow({ legend, what, values, invalid, onChange }: { legend: string; what: string; values: string[]; invalid: (string | undefined)[]; onChange: (values: string[]) => void }) {
  return (
    <Stack as="fieldset" gap={1} minW={0}>
      <Text as="legend" fontSize="sm" fontWeight="medium" mb={1}>
        {legend}
      </Text>
      <Grid templateColumns="repeat(6, minmax(0, 4.5rem))" gap={1} fontSize="xs">
        {monthNames.map((month, i) => (
          <Stack key={month} gap={0}>
            <Text color="fg.muted">{month}</Text>
            <Input
              size="xs"
              inputMode="decimal"
              aria-label={`${monthLongNames[i]} ${what}`}
              aria-invalid={invalid[i] ? true : undefined}
              value={values[i]}
              onChange={(event) => onChange(values.map((old, j) => (j === i ? event.target.value : old)))}
              onPaste={(event) => {
                const pasted = pasteIntoMonths(values, i, event.clipboardData.getData('text'));
                if (!pasted) return;
                event.preventDefault();
                onChange(pasted);
              }}
            />
          </Stack>
        ))}
      </Grid>
    </Stack>
  );
}

export function FieldMessages({ messages }: { messages: readonly string[] }) {
  return (
    <Stack gap={0} role="alert" color="fg.error" fontSize="sm">
      {messages.map((message) => (
        <Text key={message}>{message}</Text>
      ))}
    </Stack>
  );
}
