import type { FastifyRequest } from 'fastify';
import { unknownFieldMessage } from '../src/contract/fields.ts';
import { invalid } from './http.ts';

export interface UploadForm {
  /** Text fields by name (no prototype: a field may be called anything). */
  fields: Record<string, string>;
  file?: { bytes: Buffer; name: string };
}

/** Reads a multipart form with at most one file, in `fileField`; a file in any other field is refused. */
export async function readUploadForm(request: FastifyRequest, options: { fileField: string; maxBytes: number }): Promise<UploadForm> {
  const fields = Object.create(null) as Record<string, string>;
  let file: UploadForm['file'];
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw invalid({ [part.fieldname]: [unknownFieldMessage] });
      }
      file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
    } else {
      if (typeof part.value !== 'string') throw invalid({ [part.fieldname]: ['Must be text.'] });
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
