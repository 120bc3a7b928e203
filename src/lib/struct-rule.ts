import { validate, type Struct } from 'superstruct';

/**
 * A form rule from a contract struct, so a field shows exactly the message the API would send for it (the spec's
 * messages where the contract uses them). `toValue` turns the text into what the API is sent (undefined for an
 * optional field left empty).
 */
export function structRule(struct: Struct<unknown, unknown>, toValue: (text: string) => unknown = (text) => text) {
  return (text: string): string | undefined => {
    const [failure] = validate(toValue(text), struct, { coerce: true });
    return failure?.failures()[0]?.message;
  };
}
