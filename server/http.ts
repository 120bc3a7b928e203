import { create, StructError, type Struct } from 'superstruct';
import { fieldErrors } from '../src/contract/fields.ts';

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

/** Validates (and coerces) untrusted input against a contract struct, or throws a 400 with field messages. */
export function parse<T, S>(struct: Struct<T, S>, value: unknown): T {
  try {
    return create(value ?? {}, struct);
  } catch (error) {
    if (error instanceof StructError) throw invalid(fieldErrors(error));
    throw error;
  }
}
