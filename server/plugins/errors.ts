import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, type RefusalKind } from '../platform/domain-error.ts';

// Fastify's own client errors, mapped to the API's `{detail}` shape.
const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Empty JSON body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported media type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large.'],
  FST_FILES_LIMIT: [413, 'Too many files.'],
  FST_FIELDS_LIMIT: [413, 'Too many fields.'],
  FST_PARTS_LIMIT: [413, 'Too many parts.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected multipart/form-data.'],
  FST_PROTO_VIOLATION: [400, 'A form field may not be named like a built-in property (__proto__, constructor, toString, …).'],
  FST_MP_PREMATURE_CLOSE: [400, 'The form ended before it was complete.'],
};

/** The one place refusals become HTTP. */
const statusOf: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  unprocessable: 422,
  tooMany: 429,
  upstreamFailed: 502,
  unavailable: 503,
};

function refusalHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  // RFC 9110: a 401 names the scheme that would work.
  if (error.kind === 'unauthenticated') headers['www-authenticate'] = 'Bearer';
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  return headers;
}

/** The one error handler: known errors keep their status and message, anything else is a logged, generic 500. */
export const errors = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      void reply.headers(refusalHeaders(error));
      return reply.code(statusOf[error.kind]).send(error.fields ? { errors: error.fields } : { detail: error.detail });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ detail: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors raised by Fastify or a plugin (e.g. a malformed multipart stream, prototype poisoning).
      return reply.code(error.statusCode).send({ detail: error.statusCode === 413 ? 'Request body is too large.' : 'Bad request.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
});
