import { create, StructError, type Struct } from 'superstruct';
import { fieldErrors, unknownFieldMessage } from '../src/contract/fields.ts';

/** An error the API answers as is: `{detail}` or, for invalid input, `{errors: {field: [message]}}`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const invalid = (errors: Record<string, string[]>) => new ApiError(400, 'Invalid input.', errors);
export const notFound = () => new ApiError(404, 'Not found.');

// Keys that shadow what JavaScript calls when it turns a value into text (superstruct does, for its messages).
const reservedKeys = new Set(['toString', 'valueOf', 'toJSON', 'toLocaleString']);

/** The path of the first object key in `value` that no field may be called, if any (iterative: bodies nest deep). */
function reservedKeyPath(value: unknown): string | undefined {
  const stack: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      if (reservedKeys.has(key)) return [...path, key].join('.');
      stack.push({ node: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** Validates (and coerces) untrusted input against a contract struct, or throws a 400 with field messages. */
export function parse<T, S>(struct: Struct<T, S>, value: unknown): T {
  const reserved = reservedKeyPath(value);
  if (reserved) throw invalid({ [reserved]: [unknownFieldMessage] });
  try {
    return create(value ?? {}, struct);
  } catch (error) {
    if (error instanceof StructError) throw invalid(fieldErrors(error));
    throw error;
  }
}
