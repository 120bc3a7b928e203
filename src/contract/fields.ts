import { refine, string, type StructError, type Struct } from 'superstruct';
import { firstError, messages, type Rule } from './validation.ts';

export const unknownFieldMessage = 'Unknown field.';

export const maxLength =
  (limit: number): Rule =>
  (value) =>
    typeof value === 'string' && value.length > limit ? `Ensure this field has no more than ${limit} characters.` : undefined;

/** A string field checked by the spec's rules, in order; the first failing rule gives the message. */
export function text(...rules: Rule[]): Struct<string, null> {
  return refine(string(), 'rules', (value) => firstError(value, ...rules) ?? true);
}

/** Turns a superstruct failure into the API's `{field: [message]}` shape. */
export function fieldErrors(error: StructError): Record<string, string[]> {
  // No prototype: a client's field may be called "constructor" or "__proto__".
  const errors = Object.create(null) as Record<string, string[]>;
  for (const failure of error.failures()) {
    const field = failure.path.length > 0 ? failure.path.join('.') : 'non_field_errors';
    const message = failure.refinement
      ? failure.message
      : failure.type === 'never'
        ? unknownFieldMessage
        : failure.value === undefined || failure.value === null
          ? messages.required
          : typeMessage(failure.type);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

function typeMessage(type: string): string {
  switch (type) {
    case 'string':
      return 'Must be text.';
    case 'number':
    case 'integer':
      return 'Must be a number.';
    case 'boolean':
      return 'Must be true or false.';
    case 'object':
    case 'type':
      return 'Must be an object.';
    default:
      return 'Invalid value.';
  }
}
