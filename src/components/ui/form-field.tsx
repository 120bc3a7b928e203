import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled form control with its first error under it (client rule or server field message). */
export function FormField({ label, error, required, helper, children }: { label: string; error?: string; required?: boolean; helper?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
