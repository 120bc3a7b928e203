export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

type Body = Record<string, unknown> | FormData | string | undefined;

/**
 * A browser-like API client for tests: keeps the csrftoken cookie, echoes it in X-CSRFTOKEN,
 * and sends the access token it was given. Pass `csrf: false` to send a request without the header.
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  access?: string;

  constructor(readonly baseUrl: string) {}

  get csrfToken() {
    return this.cookies.get('csrftoken');
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: Body, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  patch<T = Record<string, unknown>>(path: string, body?: Body, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = Record<string, unknown>>(path: string, body?: Body, options?: RequestOptions) {
    return this.request<T>('DELETE', path, body, options);
  }

  async request<T>(method: string, path: string, body: Body, options: RequestOptions = {}): Promise<HttpResult<T>> {
    // Like a browser, the first unsafe request of a page follows a GET that set the cookie.
    if (method !== 'GET' && options.csrf !== false && !this.csrfToken) await this.get('/api/health/');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && options.csrf !== false && this.csrfToken) headers['x-csrftoken'] = decodeURIComponent(this.csrfToken);
    const access = options.access === undefined ? this.access : options.access;
    if (access) headers.authorization = `Bearer ${access}`;
    let payload: string | FormData | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed: unknown = type.includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** false: send no X-CSRFTOKEN header. */
  csrf?: boolean;
  /** Overrides the client's access token; null sends none. */
  access?: string | null;
}
