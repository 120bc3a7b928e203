import type { FastifyRequest } from 'fastify';
import { isIllFormedText, toWellFormedText, unknownFieldMessage } from '../../src/contract/fields.ts';
import { DomainError, invalid } from './domain-error.ts';

export interface UploadForm {
  /** Text fields by name (no prototype: a field may be called anything). */
  fields: Record<string, string>;
  file?: { bytes: Buffer; name: string };
}

const fileNameMessage = 'The file name contains a character that is not allowed (NUL or an unpaired surrogate).';

/** Fastify's and @fastify/multipart's own errors carry a code and a status; errors.ts answers them. */
const isFastifyError = (error: unknown) => error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_');

/**
 * Reads a multipart form with at most one file, in `fileField`; a file in any other field is refused.
 * A body the multipart parser cannot read (no boundary, cut short, broken part headers) answers 400, not 500.
 */
export async function readUploadForm(request: FastifyRequest, options: { fileField: string; maxBytes: number }): Promise<UploadForm> {
  const fields = Object.create(null) as Record<string, string>;
  let file: UploadForm['file'];
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw invalid({ [toWellFormedText(part.fieldname)]: [unknownFieldMessage] });
        }
        const name = part.filename ?? '';
        if (isIllFormedText(name)) {
          part.file.resume();
          throw invalid({ [options.fileField]: [fileNameMessage] });
        }
        file = { bytes: await part.toBuffer(), name };
      } else {
        if (typeof part.value !== 'string') throw invalid({ [toWellFormedText(part.fieldname)]: ['Must be text.'] });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError || isFastifyError(error)) throw error;
    // busboy's own errors: "Unexpected end of form", "Malformed part header", "Multipart: Boundary not found".
    throw new DomainError('invalid', `Malformed multipart form${error instanceof Error ? `: ${error.message}` : ''}.`);
  }
  return { fields, file };
}
