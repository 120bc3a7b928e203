import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TokenPair } from '../../../src/contract/auth.ts';

export const correctPassword = 'correct horse battery';
export const fakeAccount = { name: 'Ada Lovelace', email: 'ada@example.com', company_name: '', media_photo: null, media_preview: null, show_subscription: false, stepper_id: 1 };

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  csrfHeader: string | undefined;
  csrfCookie: string | undefined;
  body: unknown;
}

/**
 * A loopback stand-in for the Sunplot API with the behaviour the client depends on: a csrftoken cookie on
 * every /api answer and a double-submit check on unsafe methods, access tokens that expire on demand, and
 * refresh tokens that rotate and revoke the whole login when a rotated one comes back (as server/auth/sessions.ts).
 */
export async function startFakeApi({ refreshDelayMs = 25 } = {}) {
  const seen: SeenRequest[] = [];
  /** Every refresh token presented to /api/user/token/refresh/, in order. */
  const presentedRefreshTokens: string[] = [];
  const validAccess = new Set<string>();
  const refreshStates = new Map<string, 'active' | 'rotated'>();
  let revoked = false;
  let counter = 0;
  /** Requests to /api/slow/ waiting for `release()`, and how many the client closed before an answer. */
  const held = new Set<ServerResponse>();
  let closedBeforeAnswer = 0;
  const arrivals: Array<() => void> = [];

  function issue(): TokenPair {
    counter += 1;
    const pair = { access: `access-${counter}`, refresh: `refresh-${counter}` };
    validAccess.add(pair.access);
    refreshStates.set(pair.refresh, 'active');
    return pair;
  }

  const cookieOf = (request: IncomingMessage, name: string) =>
    request.headers.cookie
      ?.split(';')
      .map((part) => part.trim().split('='))
      .find(([key]) => key === name)?.[1];

  async function readBody(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    return request.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : text;
  }

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers });
    response.end(text);
  };

  const issuedCsrf = new Set<string>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const csrfCookie = cookieOf(request, 'csrftoken');
    // As the API's signed cookie: one it did not issue (another server's on the same host) is replaced, and refused.
    const issuedHere = csrfCookie !== undefined && issuedCsrf.has(csrfCookie);
    if (!issuedHere) {
      const fresh = randomBytes(12).toString('hex');
      issuedCsrf.add(fresh);
      response.setHeader('set-cookie', `csrftoken=${fresh}; Path=/; SameSite=Lax`);
    }
    const csrfHeader = request.headers['x-csrftoken'] as string | undefined;
    const authorization = request.headers.authorization;
    const body = await readBody(request);
    seen.push({ method: request.method ?? '', path, authorization, csrfHeader, csrfCookie, body });

    if (request.method !== 'GET' && (!issuedHere || csrfHeader !== csrfCookie)) {
      return send(response, 403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    }
    if (path === '/api/config/') return send(response, 200, { google_client_id: null, billing: false, nsrdb: false, mail: 'outbox' });
    if (path === '/api/user/login/') {
      if ((body as { password?: string } | undefined)?.password !== correctPassword) return send(response, 401, { detail: 'No active account found with the given credentials.' });
      return send(response, 200, { ...issue(), project: false, user: fakeAccount });
    }
    if (path === '/api/user/token/refresh/') {
      const refresh = (body as { refresh?: string } | undefined)?.refresh ?? '';
      presentedRefreshTokens.push(refresh);
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      const state = refreshStates.get(refresh);
      if (state === 'rotated') revoked = true; // replay: the login is treated as stolen
      if (revoked || state !== 'active') return send(response, 401, { detail: 'Token is invalid or expired.' });
      refreshStates.set(refresh, 'rotated');
      return send(response, 200, issue());
    }
    const status = /^\/api\/status\/(\d{3})\/$/.exec(path)?.[1];
    if (status) {
      return Number(status) === 502 ? send(response, 502, '<html>Bad Gateway</html>') : send(response, Number(status), { detail: `Status ${status}` });
    }

    // Everything below needs a valid access token.
    const token = authorization?.replace(/^Bearer /, '');
    if (revoked || !token || !validAccess.has(token)) return send(response, 401, { detail: 'Authentication credentials were not provided or are invalid.' });
    if (path === '/api/projects/') return send(response, 200, { items: [{ id: url.searchParams.get('page') ?? '1', name: 'Solar Farm A' }] });
    if (path === '/api/echo/') return send(response, 200, { received: body });
    if (path === '/api/slow/') {
      held.add(response);
      response.on('close', () => {
        if (!response.writableEnded) closedBeforeAnswer += 1;
        held.delete(response);
      });
      arrivals.splice(0).forEach((notify) => notify());
      return;
    }
    return send(response, 404, { detail: 'Not found.' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    presentedRefreshTokens,
    issue,
    /** Revokes every login, as a password reset does. */
    revokeAll: () => void (revoked = true),
    /** Makes an access token fail with 401 from now on. */
    expire: (access: string) => void validAccess.delete(access),
    get revoked() {
      return revoked;
    },
    get closedBeforeAnswer() {
      return closedBeforeAnswer;
    },
    /** Resolves once `count` requests are held at /api/slow/. */
    async heldRequests(count: number) {
      while (held.size < count) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
    /** Answers every held /api/slow/ request. */
    release: () => held.forEach((response) => send(response, 200, { done: true })),
    requestsTo: (path: string) => seen.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

/** A browser's cookie jar in front of Node's fetch: stores Set-Cookie and sends Cookie, so `readCookie` reads what the server set. */
export function createCookieJar() {
  const cookies = new Map<string, string>();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    return response;
  };
  // As the app reads document.cookie: the value as the server encoded it on the wire, decoded.
  const readCookie = (name: string) => {
    const value = cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  };
  return { fetch: fetchWithCookies, readCookie, cookies };
}
