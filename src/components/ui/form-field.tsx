import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A labelled form control with its errors under it (client rule or server field message; the first is the rule's own,
 * any after it say more, such as a decimal comma). `rule` says in plain words what the field takes and stays shown with
 * an error, which may not name the rule; `helper` (a source, a default) gives way to an error.
 */
export function FormField({
  label,
  error,
  required,
  helper,
  rule,
  children,
}: {
  label: string;
  error?: string | readonly string[];
  required?: boolean;
  helper?: string;
  rule?: string;
  children: ReactNode;
}) {
  const errors = (typeof error === 'string' ? [error] : (error ?? [])).filter((text) => text !== '');
  const invalid = errors.length > 0;
  const help = [rule, invalid ? undefined : helper].filter((text) => !!text);
  return (
    <Field.Root invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {help.length > 0 && (
        <Field.HelperText display="flex" flexDirection="column">
          {help.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </Field.HelperText>
      )}
      {invalid && (
        <Field.ErrorText flexDirection="column" alignItems="flex-start">
          {errors.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
