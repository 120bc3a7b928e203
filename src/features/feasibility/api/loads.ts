import { endpoints } from '../../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

// The user's load files (docs/load-profiles.md), one function each; every answer is checked with its struct.

/** The user's uploaded load files, newest first. */
export const listLoadFiles = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.loadList, { signal });

/** 204; studies that ran on the file keep the load they ran on. */
export const deleteLoadFile = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> => call(api, endpoints.loadDelete, { query: { id }, signal });

/**
 * Where a load file is uploaded (multipart `file` and `name?`), with progress through useUpload; a file that does not
 * read answers 400 with `errors.file`, one "Line N: reason" per problem.
 */
export const loadUploadPath = endpoints.loadUpload.path;
