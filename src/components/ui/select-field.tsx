import { NativeSelect } from '@chakra-ui/react';
import { FormField } from './form-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * A native select with its options, labelled through the app's FormField (label, helper, first error). `hideLabel`
 * keeps the label as the select's accessible name without showing it, for filters whose row says what they are.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  name,
  error,
  helper,
  required,
  size,
  width,
  hideLabel,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  name?: string;
  error?: string;
  helper?: string;
  required?: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  width?: NativeSelect.RootProps['width'];
  hideLabel?: boolean;
}) {
  const select = (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field name={name} aria-label={hideLabel ? label : undefined} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (hideLabel) return select;
  return (
    <FormField label={label} error={error} helper={helper} required={required}>
      {select}
    </FormField>
  );
}
