import { refine, string, type StructError, type Struct } from 'superstruct';
import { firstError, messages, type Rule } from './validation.ts';

export const unknownFieldMessage = 'Unknown field.';
export const numberMessage = 'Must be a number.';
export const illFormedTextMessage = 'Contains a character that is not allowed (NUL or an unpaired surrogate).';

// U+0000, or half of a surrogate pair without its other half: neither is text PostgreSQL (or UTF-8) can hold.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const illFormedText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const illFormedTextEverywhere = new RegExp(illFormedText.source, 'g');

/** True for a string holding NUL or a lone surrogate. */
export const isIllFormedText = (value: string): boolean => illFormedText.test(value);

/** The string with each NUL and lone surrogate replaced by U+FFFD, so it can be shown (in an error message) or stored. */
export const toWellFormedText = (value: string): string => value.replace(illFormedTextEverywhere, '\uFFFD');

/** Rejects strings holding NUL or a lone surrogate; every other value passes. */
export const wellFormedText: Rule = (value) => (typeof value === 'string' && isIllFormedText(value) ? illFormedTextMessage : undefined);

export const maxLength =
  (limit: number): Rule =>
  (value) =>
    typeof value === 'string' && value.length > limit ? `Ensure this field has no more than ${limit} characters.` : undefined;

/** A string field checked by the spec's rules, in order, after `wellFormedText`; the first failing rule gives the message. */
export function text(...rules: Rule[]): Struct<string, null> {
  return refine(string(), 'rules', (value) => firstError(value, wellFormedText, ...rules) ?? true);
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
      return numberMessage;
    case 'boolean':
      return 'Must be true or false.';
    case 'object':
    case 'type':
      return 'Must be an object.';
    default:
      return 'Invalid value.';
  }
}
