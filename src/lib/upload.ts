import { validate, type Struct } from 'superstruct';
import { ApiError, csrfCookieName, csrfHeaderName, readDocumentCookie } from './api-client.ts';
import type { SessionStore } from './session-storage.ts';

export interface UploadOptions<T> {
  /** The answer must match it (with its coercions applied). */
  struct: Struct<T, unknown>;
  /** Where the access token is read, as the API client reads it. */
  store: SessionStore;
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /**
   * Renews the access token after a 401 (one API client call, which refreshes as every call does); the upload is then
   * sent once more. Without it a 401 is just an error.
   */
  refresh?: () => Promise<unknown>;
  signal?: AbortSignal;
  /** The API's origin; same-origin by default, as the API client. */
  baseURL?: string;
  /** POST by default; the spec's upload endpoints that replace a file are PATCH. */
  method?: 'POST' | 'PATCH';
}

function send(path: string, form: FormData, options: UploadOptions<unknown>): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', `${options.baseURL ?? ''}${path}`);
    const csrf = readDocumentCookie(csrfCookieName);
    if (csrf) request.setRequestHeader(csrfHeaderName, csrf);
    const token = options.store.read().accessToken;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        data = request.responseText;
      }
      resolve({ status: request.status, data });
    };
    const method = options.method ?? 'POST';
    request.onerror = () => reject(new ApiError(method, path, 0, null, null));
    request.onabort = () => reject(new ApiError(method, path, 0, null, null, { reason: 'cancelled' }));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * Sends a multipart form (POST, or PATCH) with XMLHttpRequest, whose upload progress events fetch does not give, sending the CSRF
 * header and Bearer token the API client sends. Rejects with the API client's ApiError.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  let answer = await send(path, form, options as UploadOptions<unknown>);
  if (answer.status === 401 && options.refresh) {
    await options.refresh();
    options.onProgress?.(0);
    answer = await send(path, form, options as UploadOptions<unknown>);
  }
  const method = options.method ?? 'POST';
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(method, path, answer.status, answer.data, null);
  const [failure, value] = validate(answer.data, options.struct, { coerce: true });
  if (failure) throw new ApiError(method, path, answer.status, answer.data, null, { cause: failure, reason: `unexpected response (${failure.message})` });
  return value;
}
