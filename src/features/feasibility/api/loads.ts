import { LoadFileList } from '../../../contract/behind-the-meter.ts';
import type { ApiClient, CallOptions } from '../../../lib/api-client.ts';

/** The user's load files (docs/load-profiles.md), one function each; every answer is checked with its struct. */
const base = '/api/gis/load';

/** The user's uploaded load files, newest first. */
export const listLoadFiles = (api: ApiClient, { signal }: CallOptions = {}) => api.get(`${base}/list/`, { struct: LoadFileList, signal });

/** 204; studies that ran on the file keep the load they ran on. */
export const deleteLoadFile = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> =>
  api.delete(`${base}/delete/`, { query: { id }, signal }).then(() => undefined);

/**
 * Where a load file is uploaded (multipart `file` and `name?`), with progress through useUpload; a file that does not
 * read answers 400 with `errors.file`, one "Line N: reason" per problem.
 */
export const loadUploadPath = `${base}/upload/`;
