import type { $Fetch, FetchResponse } from 'ofetch';
import { validate, type Struct } from 'superstruct';
import { accountEndpoints } from '../contract/account-endpoints.ts';
import type { AnswerOf, BodyOf, Endpoint, HttpMethod, QueryOf } from '../contract/endpoints.ts';
import { BlobBody } from './blob-body.ts';
import type { SessionStore } from './session-storage.ts';

export type { HttpMethod };

const unsafeMethods = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
// Spec §9: a new POST or PATCH cancels the previous unfinished one (to the same endpoint).
const cancellingMethods = new Set<HttpMethod>(['POST', 'PATCH']);

export const csrfCookieName = 'csrftoken';
export const csrfHeaderName = 'X-CSRFTOKEN';

/** A request that failed: an HTTP error status, no answer at all (status 0), or an answer of the wrong shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly method: HttpMethod,
    readonly path: string,
    /** The HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The parsed response body: `{detail}` or `{errors: {field: [message]}}` from our API. */
    readonly data: unknown,
    /** Seconds from a Retry-After header (429). */
    readonly retryAfter: number | null,
    options: { cause?: unknown; reason?: string } = {},
  ) {
    super(`${method} ${path} failed: ${options.reason ?? (status === 0 ? 'no response' : `HTTP ${status}`)}`, { cause: options.cause });
  }

  /** The server's `detail` message, if any. */
  get detail(): string | null {
    const { data } = this;
    return typeof data === 'object' && data !== null && 'detail' in data && typeof data.detail === 'string' ? data.detail : null;
  }
}

/**
 * A request given up because a newer POST/PATCH to the same endpoint replaced it, or its caller aborted it.
 * Not a failure: it never reaches onError or the console, and UI code ignores it (`isCancelled`).
 */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
}

/** The session could not be refreshed after a 401: the tokens are cleared and onSessionExpired has run once. */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

export const isCancelled = (error: unknown): error is CancelledError => error instanceof CancelledError;

/**
 * Makes `call` again when the server refused it as busy (429 with a short Retry-After: the user's costly work at once
 * is full, often with requests the browser already gave up that the server is still finishing), waiting as told, at
 * most `attempts` times in all. A refusal that asks for a longer wait, or any other failure, passes through; an abort
 * while waiting is a cancellation.
 */
export async function retryWhenBusy<T>(call: () => Promise<T>, { signal, attempts = 3, longestWaitSeconds = 10 }: CallOptions & { attempts?: number; longestWaitSeconds?: number } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const busy = error instanceof ApiError && error.status === 429 && error.retryAfter !== null && error.retryAfter <= longestWaitSeconds;
      if (!busy || attempt >= attempts) throw error;
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new CancelledError('cancelled while waiting to retry'));
        const timer = setTimeout(resolve, error.retryAfter! * 1000);
        signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new CancelledError('cancelled while waiting to retry'))), { once: true });
      });
    }
  }
}

/**
 * Options of one request. The result type comes from `struct`; without one it is `unknown`, and a type
 * argument given without a struct would be an unchecked claim about the server, so do not write one.
 */
/** What every feature's API function takes beside its arguments: the signal that cancels the call. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface RequestOptions<T = unknown> {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A plain object or array sent as JSON, or FormData for uploads (multipart). */
  body?: object;
  /** Superstruct struct the response must match (with its coercions applied); `instance(Blob)` for downloads. */
  struct?: Struct<T, unknown>;
  /** Called with every failure except cancellation and session expiry, before the promise rejects. */
  onError?: (error: ApiError) => void;
  /** Send the access token and refresh it on 401 (default true). Off for login, signup, refresh and logout: there a 401 means bad credentials. */
  auth?: boolean;
  /** Cancel the unfinished previous request to the same method and path (default: true for POST and PATCH). */
  cancelPrevious?: boolean;
  signal?: AbortSignal;
  /** How to read the body (default json); 'blob' for file downloads such as the project report: a `File` named by the server's Content-Disposition when it gives a name. */
  responseType?: 'json' | 'blob' | 'text';
}

export interface ApiClientOptions {
  store: SessionStore;
  /**
   * Gets and stores new tokens after a 401; rejects when it cannot. Called once for all concurrent 401s.
   * In the app it sends 'session.refresh' to the session actor and waits for the outcome (session-refresh.ts).
   */
  refresh: () => Promise<unknown>;
  /** The refresh failed: the app goes to /auth/login. Runs once per failed refresh, after the tokens are cleared. */
  onSessionExpired: () => void;
  /** Default '' (same origin). */
  baseURL?: string;
  /** Default: reads document.cookie. */
  readCookie?: (name: string) => string | undefined;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Default: console.error. */
  logError?: (error: ApiError) => void;
  /**
   * Fetched once (GET) before the first unsafe request when no csrftoken cookie exists yet: the API sets the
   * cookie on any /api answer, and a first visit may POST (login) before anything else was asked. Default: the config endpoint.
   */
  csrfBootstrapPath?: string;
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'body'>;
type Body = RequestOptions['body'];

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: BodylessOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: Body, options?: BodylessOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: Body, options?: BodylessOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: Body, options?: BodylessOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The name a download's Content-Disposition gives it (RFC 6266: `filename*` over `filename`), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain ? (plain[1] ?? plain[2] ?? null) : null;
}

/** A downloaded body as a File under the server's name (the bytes are copied: a Blob of another realm is not a part everywhere). */
async function namedFile(blob: Blob, name: string): Promise<File> {
  return new File([await blob.arrayBuffer()], name, { type: blob.type });
}

/** Aborts `controller` when the caller's signal aborts; returns the unlink. */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) controller.abort();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

/**
 * The app's one HTTP client (spec §7, §8, §9) over one ofetch instance (loaded lazily): same-origin base, Bearer token,
 * CSRF header on unsafe methods, no timeout, no automatic retries (404, 500 and 502 are all just errors),
 * a single token refresh for all concurrent 401s with each request then repeated once, and responses
 * validated against a superstruct struct per call.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { store } = options;
  const readCookie = options.readCookie ?? readDocumentCookie;
  const logError = options.logError ?? ((error: ApiError) => console.error(error.message, error.data ?? error.cause ?? ''));
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // No `timeout` (spec §9: 0, none) and `retry: false`: ofetch would otherwise retry a failed GET once.
  // Error statuses come back as responses so 401 handling and error reporting live in one place below.
  // Loaded with the first request, not with the page: the landing page sends none until its contact form is used.
  let fetcher: Promise<$Fetch> | undefined;
  const $fetch = () =>
    (fetcher ??= import('ofetch').then(
      ({ ofetch }) => ofetch.create({ baseURL: options.baseURL ?? '', retry: false, ignoreResponseError: true }, { fetch: fetchImpl }),
      (error: unknown) => {
        fetcher = undefined; // a failed chunk load is tried again by the next request
        throw error;
      },
    ));

  const unfinished = new Map<string, AbortController>();
  let refreshing: Promise<void> | undefined;
  let fetchingCsrfCookie: Promise<unknown> | undefined;

  async function csrfToken(): Promise<string | undefined> {
    if (readCookie(csrfCookieName) === undefined) {
      // Only the Set-Cookie matters; a failure shows up as the server's 403 on the request itself.
      fetchingCsrfCookie ??= $fetch()
        .then((f) => f.raw(options.csrfBootstrapPath ?? accountEndpoints.config.path, { method: 'GET' }))
        .catch(() => undefined);
      await fetchingCsrfCookie;
      fetchingCsrfCookie = undefined;
    }
    return readCookie(csrfCookieName);
  }

  /** One refresh for every caller that got a 401 while it runs. */
  function refreshOnce(): Promise<void> {
    refreshing ??= options
      .refresh()
      .then(
        () => undefined,
        (error: unknown) => {
          store.clear();
          options.onSessionExpired();
          throw new SessionExpiredError('The session could not be refreshed.', { cause: error });
        },
      )
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function request<T = unknown>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const { query, body, struct, onError, auth = true, signal, responseType = 'json' } = requestOptions;
    const report = (error: ApiError) => {
      onError?.(error);
      logError(error);
      return error;
    };

    const controller = new AbortController();
    const endpoint = `${method} ${path}`;
    const cancelsPrevious = requestOptions.cancelPrevious ?? cancellingMethods.has(method);
    if (cancelsPrevious) {
      unfinished.get(endpoint)?.abort();
      unfinished.set(endpoint, controller);
    }
    const unfollow = follow(signal, controller);
    const throwIfCancelled = () => {
      if (controller.signal.aborted) throw new CancelledError(`${endpoint} was cancelled`);
    };

    async function attempt(): Promise<{ response: FetchResponse<unknown>; sentToken: string | null; sentCsrf: string | undefined }> {
      const headers = new Headers();
      if (responseType === 'json') headers.set('Accept', 'application/json');
      const csrf = unsafeMethods.has(method) ? await csrfToken() : undefined;
      if (csrf) headers.set(csrfHeaderName, csrf);
      const sentToken = auth ? store.read().accessToken : null;
      if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
      try {
        const response = await (await $fetch()).raw<unknown, typeof responseType>(path, { method, query, body, headers, signal: controller.signal, responseType });
        return { response, sentToken, sentCsrf: csrf };
      } catch (error) {
        throwIfCancelled();
        throw report(new ApiError(method, path, 0, undefined, null, { cause: error }));
      }
    }

    try {
      let first = await attempt();
      if (first.response.status === 403 && first.sentCsrf !== undefined && readCookie(csrfCookieName) !== first.sentCsrf) {
        // The csrftoken sent was not this server's (another app on the same host, say): it answered 403 with its own.
        throwIfCancelled();
        first = await attempt();
      }
      let { response } = first;
      if (response.status === 401 && first.sentToken !== null) {
        // A 401 for a token that has since been replaced (another caller's refresh, another tab) needs no refresh.
        const current = store.read().accessToken;
        if (current === null || current === first.sentToken) await refreshOnce();
        throwIfCancelled();
        ({ response } = await attempt());
      }
      const named = response.ok && responseType === 'blob' ? dispositionFileName(response.headers.get('Content-Disposition')) : null;
      const data = named ? await namedFile(response._data as Blob, named) : response._data;
      if (!response.ok) throw report(new ApiError(method, path, response.status, data, retryAfterSeconds(response.headers.get('Retry-After'))));
      if (!struct) return data as T; // unknown unless the caller wrote a type argument (see RequestOptions)
      const [failure, value] = validate(data, struct, { coerce: true });
      if (failure) throw report(new ApiError(method, path, response.status, data, null, { cause: failure, reason: `unexpected response (${failure.message})` }));
      return value;
    } finally {
      unfollow();
      if (unfinished.get(endpoint) === controller) unfinished.delete(endpoint);
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

type Query = RequestOptions['query'];

/** What a call of `endpoint` takes: its query and body when it has them (optional when every field is), and the options. */
export type CallInput<E extends Endpoint, A> = ([QueryOf<E>] extends [never] ? { query?: undefined } : object extends QueryOf<E> ? { query?: QueryOf<E> } : { query: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: Record<string, never> } : { body: BodyOf<E> }) &
  CallOptions & {
    /** A narrower struct than the endpoint's answer, where the caller knows which of its answers comes (task_template/create/). */
    answer?: Struct<A, unknown>;
    cancelPrevious?: boolean;
  };

/**
 * Calls one endpoint of src/contract/endpoints.ts: its method and path, its query and body typed by its structs, the
 * access token unless it is public, and the answer checked with its struct (a download is a Blob, a 204 nothing). A
 * body or query of another endpoint, or an answer read as something else, is a type error.
 */
export function call<E extends Endpoint, A extends AnswerOf<E> = AnswerOf<E>>(
  api: ApiClient,
  endpoint: E,
  ...[input]: object extends CallInput<E, A> ? [input?: CallInput<E, A>] : [input: CallInput<E, A>]
): Promise<A> {
  const { query, body, answer, signal, cancelPrevious } = (input ?? {}) as CallInput<Endpoint, unknown>;
  const download = endpoint.answer === 'file';
  const struct = answer ?? (download ? BlobBody : endpoint.answer === 'none' ? undefined : endpoint.answer);
  const answered = api.request(endpoint.method, endpoint.path, {
    query: query as Query,
    body,
    struct,
    signal,
    auth: !endpoint.public,
    ...(cancelPrevious !== undefined && { cancelPrevious }),
    ...(download && { responseType: 'blob' as const }),
  });
  return (endpoint.answer === 'none' ? answered.then(() => undefined) : answered) as Promise<A>;
}
