/** What a form shows after the server refused it: the API's `{detail}` or `{errors: {field: [message]}}` (PRODUCT "API conventions"). */
export interface FormErrors {
  /** HTTP status; 0 when no answer arrived (network down, server unreachable). */
  status: number;
  /** A message for the whole form, when the server gave one (or a generic one when it gave nothing usable). */
  detail: string | null;
  /** Messages per field, exactly as the server sent them. */
  fields: Record<string, string[]>;
  /** Seconds from a 429's Retry-After header. */
  retryAfterSeconds: number | null;
}

export const genericErrorMessages = {
  unreachable: 'Cannot reach the server. Check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldMessages(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((message): message is string => typeof message === 'string');
      if (texts.length > 0) fields[field] = texts;
    }
  }
  return fields;
}

/**
 * Reads a rejected effect's error. Effects reject with the API client's `ApiError`, read here by shape only
 * (`status`, `data` = the response body, `retryAfter`) so machines stay free of the HTTP layer. Anything
 * else (a bug, a missing effect) becomes a generic message: internal error texts never reach a form.
 */
export function toFormErrors(error: unknown): FormErrors {
  const reportedStatus = isRecord(error) && typeof error.status === 'number' ? error.status : null;
  const status = reportedStatus ?? 0;
  const body = isRecord(error) && isRecord(error.data) ? error.data : {};
  const retryAfterSeconds = isRecord(error) && typeof error.retryAfter === 'number' ? error.retryAfter : null;
  const fields = fieldMessages(body.errors);
  const serverDetail = typeof body.detail === 'string' ? body.detail : null;
  const fallback = reportedStatus === 0 ? genericErrorMessages.unreachable : genericErrorMessages.unexpected;
  const detail = serverDetail ?? (Object.keys(fields).length > 0 ? null : fallback);
  return { status, detail, fields, retryAfterSeconds };
}
