/**
 * Why a request is refused, in the domain's words. Services and routes raise these; the error plugin
 * (plugins/errors.ts) alone decides the HTTP status and headers each kind answers with.
 */
export type RefusalKind =
  /** The input breaks a rule: `fields` says which field and why (400). */
  | 'invalid'
  /** No valid login, or a login that cannot continue (401). */
  | 'unauthenticated'
  /** A payment that has not been made (402). */
  | 'paymentRequired'
  /** Known, but not allowed: a plan's limit, an unconfirmed address (403). */
  | 'forbidden'
  /** Does not exist, or belongs to someone else (404). */
  | 'notFound'
  /** Clashes with what is already there (409). */
  | 'conflict'
  /** Too big to take: a body, a file, a file's contents (413). */
  | 'tooLarge'
  /** A kind of file or body we do not read (415). */
  | 'unsupportedMedia'
  /** Well formed, but what it asks cannot be done with it (422). */
  | 'unprocessable'
  /** Too many requests in a while: `retryAfterSeconds` says when to come back (429). */
  | 'tooMany'
  /** A provider we depend on failed or answered nonsense (502). */
  | 'upstreamFailed'
  /** Busy or down for now: try again, after `retryAfterSeconds` when known (503). */
  | 'unavailable';

export interface RefusalOptions {
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** A refusal the API answers as is: `{detail}`, or `{errors: {field: [message]}}` for invalid input. */
export class DomainError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
    options: RefusalOptions = {},
  ) {
    super(detail);
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalid = (fields: Record<string, string[]>) => new DomainError('invalid', 'Invalid input.', { fields });
export const notFound = () => new DomainError('notFound', 'Not found.');

/**
 * What an owner-scoped query found, or a 404: another user's id answers exactly as one that does not exist, so an id
 * reveals nothing. Repositories always take the owner; use cases turn their "nothing" into the refusal here.
 */
export function requireOwned<T extends object | true>(found: T | null | undefined | false): T {
  if (found === null || found === undefined || found === false) throw notFound();
  return found;
}
