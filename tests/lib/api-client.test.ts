import { array, instance, object, string } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenPair } from '../../src/contract/auth.ts';
import { ApiError, CancelledError, createApiClient, dispositionFileName, isCancelled, retryWhenBusy, SessionExpiredError, type ApiClient } from '../../src/lib/api-client.ts';
import { createRefreshCoordinator, createStorageLocks, type LockManagerLike } from '../../src/lib/refresh-coordinator.ts';
import { createMemoryStorage, createSessionStore, type KeyValueStorage } from '../../src/lib/session-storage.ts';
import { createInProcessLocks, createSharedStorage } from './support/browser-doubles.ts';
import { createCookieJar, startFakeApi, type FakeApi } from './support/fake-api.ts';

const ProjectList = object({ items: array(object({ id: string(), name: string() })) });

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});

interface TabOptions {
  storage?: KeyValueStorage;
  locks?: LockManagerLike;
  jar?: ReturnType<typeof createCookieJar>;
  /** Replaces the refresh through the coordinator. */
  refresh?: () => Promise<unknown>;
}

/** A browser tab: its own client and coordinator over the shared storage, cookies and locks. */
function openTab({ storage = createMemoryStorage(), locks = createInProcessLocks(), jar = createCookieJar(), refresh }: TabOptions = {}) {
  const store = createSessionStore(storage);
  const onSessionExpired = vi.fn();
  const logged: ApiError[] = [];
  const coordinator = createRefreshCoordinator({
    store,
    locks,
    exchange: (token) => client.post('/api/user/token/refresh/', { refresh: token }, { struct: TokenPair, auth: false, cancelPrevious: false }),
  });
  const refreshSpy = vi.fn(refresh ?? (() => coordinator.refresh()));
  const client: ApiClient = createApiClient({
    store,
    baseURL: api.url,
    fetch: jar.fetch,
    readCookie: jar.readCookie,
    refresh: refreshSpy,
    onSessionExpired,
    logError: (error) => void logged.push(error),
  });
  return { client, store, onSessionExpired, logged, refresh: refreshSpy, jar };
}

/** A tab already signed in, with a csrftoken cookie. */
async function signedInTab(options: TabOptions = {}) {
  const tab = openTab(options);
  tab.store.writeTokens(api.issue());
  await tab.client.get('/api/config/');
  return tab;
}

const requestsSince = (start: number, path: string) => api.seen.slice(start).filter((request) => request.path === path);

describe('api client', () => {
  it('sends the Bearer token, and the csrftoken cookie as X-CSRFTOKEN on unsafe methods only', async () => {
    const tab = openTab();
    const tokens = api.issue();
    tab.store.writeTokens(tokens);
    const start = api.seen.length;

    // First unsafe request of a fresh browser: the client fetches the cookie first, then echoes it.
    await expect(tab.client.post('/api/echo/', { name: 'Farm' })).resolves.toEqual({ received: { name: 'Farm' } });
    await expect(tab.client.get('/api/projects/', { struct: ProjectList, query: { page: 2 } })).resolves.toEqual({ items: [{ id: '2', name: 'Solar Farm A' }] });
    await tab.client.patch('/api/echo/', { name: 'Farm B' });
    await tab.client.delete('/api/echo/');

    const [bootstrap, post, get, patch, del] = api.seen.slice(start);
    expect(bootstrap).toMatchObject({ method: 'GET', path: '/api/config/', csrfCookie: undefined, csrfHeader: undefined });
    expect(get).toMatchObject({ method: 'GET', path: '/api/projects/', authorization: `Bearer ${tokens.access}`, csrfHeader: undefined });
    const cookie = tab.jar.readCookie('csrftoken');
    expect(cookie).toMatch(/^[0-9a-f]{24}$/);
    for (const request of [post, patch, del]) expect(request).toMatchObject({ authorization: `Bearer ${tokens.access}`, csrfHeader: cookie, csrfCookie: cookie });
    expect(tab.logged).toEqual([]);
  });

  it('sends an unsafe request again, once, when the server refused its csrftoken cookie and set its own', async () => {
    const tab = openTab();
    tab.store.writeTokens(api.issue());
    // A cookie another server on the same host set (cookies do not tell ports apart).
    tab.jar.cookies.set('csrftoken', 'from-another-server');
    const start = api.seen.length;
    await expect(tab.client.post('/api/echo/', { name: 'Farm' })).resolves.toEqual({ received: { name: 'Farm' } });
    const [refused, sent] = api.seen.slice(start);
    expect(refused).toMatchObject({ method: 'POST', csrfCookie: 'from-another-server', csrfHeader: 'from-another-server' });
    const fresh = tab.jar.readCookie('csrftoken');
    expect(fresh).toMatch(/^[0-9a-f]{24}$/);
    expect(sent).toMatchObject({ method: 'POST', csrfCookie: fresh, csrfHeader: fresh, body: { name: 'Farm' } });
    expect(api.seen.length - start).toBe(2);
    expect(tab.logged).toEqual([]);
  });

  it('refreshes once for concurrent 401s and repeats each request once', async () => {
    const tab = await signedInTab();
    const before = tab.store.read();
    api.expire(before.accessToken ?? '');
    const start = api.seen.length;

    const pages = ['1', '2', '3', '4', '5'];
    const results = await Promise.all(pages.map((page) => tab.client.get('/api/projects/', { struct: ProjectList, query: { page } })));

    expect(results.map((result) => result.items[0]?.id)).toEqual(pages);
    expect(tab.refresh).toHaveBeenCalledTimes(1);
    expect(requestsSince(start, '/api/user/token/refresh/')).toHaveLength(1);
    const projectRequests = requestsSince(start, '/api/projects/');
    expect(projectRequests).toHaveLength(pages.length * 2);
    expect(projectRequests.filter((request) => request.authorization === `Bearer ${before.accessToken}`)).toHaveLength(pages.length);
    const after = tab.store.read();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(projectRequests.filter((request) => request.authorization === `Bearer ${after.accessToken}`)).toHaveLength(pages.length);
  });

  it('clears the tokens and calls onSessionExpired once when the refresh fails', async () => {
    const tab = await signedInTab();
    tab.store.writeTokens({ access: 'access-unknown', refresh: 'refresh-unknown' });
    tab.store.writeProject(true);
    const onError = vi.fn();
    const start = api.seen.length;

    const outcomes = await Promise.allSettled([1, 2, 3].map(() => tab.client.get('/api/projects/', { onError })));

    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(SessionExpiredError) as unknown });
    expect(tab.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tab.store.read()).toEqual({ accessToken: null, refreshToken: null, project: null, temp: null });
    expect(requestsSince(start, '/api/user/token/refresh/')).toHaveLength(1);
    expect(requestsSince(start, '/api/projects/')).toHaveLength(3);
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([404, 500, 502])('hands a %i to the caller’s onError and the console, without retrying', async (status) => {
    const tab = await signedInTab();
    const onError = vi.fn<(error: ApiError) => void>();
    const start = api.seen.length;

    const failure = tab.client.get(`/api/status/${status}/`, { onError });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledTimes(1);
    const [error] = onError.mock.calls[0] ?? [];
    expect(error?.status).toBe(status);
    expect(error?.detail).toBe(status === 502 ? null : `Status ${status}`);
    expect(tab.logged).toEqual([error]);
    expect(requestsSince(start, `/api/status/${status}/`)).toHaveLength(1);
    expect(tab.refresh).not.toHaveBeenCalled();
  });

  it('cancels an unfinished POST when a new one goes to the same endpoint', async () => {
    const tab = await signedInTab();
    const onError = vi.fn();
    const closedBefore = api.closedBeforeAnswer;

    const first = tab.client.post('/api/slow/', { n: 1 }, { onError });
    await api.heldRequests(1);
    const second = tab.client.post('/api/slow/', { n: 2 }, { onError });

    const cancelled = await first.then(
      () => null,
      (error: unknown) => error,
    );
    expect(cancelled).toBeInstanceOf(CancelledError);
    expect(isCancelled(cancelled)).toBe(true);
    await vi.waitFor(() => expect(api.closedBeforeAnswer).toBe(closedBefore + 1), { timeout: 10_000 });
    await api.heldRequests(1);
    api.release();
    await expect(second).resolves.toEqual({ done: true });
    expect(onError).not.toHaveBeenCalled();
    expect(tab.logged).toEqual([]);
  });

  it('cancels only POST and PATCH to the same endpoint, and not when told not to', async () => {
    const tab = await signedInTab();
    const closedBefore = api.closedBeforeAnswer;
    const slow = tab.client.post('/api/slow/', { n: 1 });
    await api.heldRequests(1);
    const others = Promise.all([tab.client.post('/api/echo/', {}), tab.client.get('/api/slow/', { cancelPrevious: true }).catch((error: unknown) => error)]);
    await api.heldRequests(2);
    const parallel = tab.client.post('/api/slow/', { n: 2 }, { cancelPrevious: false });
    await api.heldRequests(3);
    expect(api.closedBeforeAnswer).toBe(closedBefore);
    api.release();
    await expect(slow).resolves.toEqual({ done: true });
    await expect(parallel).resolves.toEqual({ done: true });
    await others;
  });

  it('treats a caller’s abort as a cancellation', async () => {
    const tab = await signedInTab();
    const controller = new AbortController();
    const onError = vi.fn();
    const request = tab.client.post('/api/slow/', {}, { signal: controller.signal, onError, cancelPrevious: false });
    await api.heldRequests(1);
    controller.abort();
    await expect(request).rejects.toBeInstanceOf(CancelledError);
    expect(onError).not.toHaveBeenCalled();
    api.release();
  });

  it('refuses a response of the wrong shape', async () => {
    const tab = await signedInTab();
    const onError = vi.fn<(error: ApiError) => void>();
    await expect(tab.client.get('/api/config/', { struct: ProjectList, onError })).rejects.toBeInstanceOf(ApiError);
    expect(onError.mock.calls[0]?.[0].message).toMatch(/unexpected response/);
    await expect(tab.client.get('/api/config/', { struct: object({ google_client_id: instance(Object) }) })).rejects.toBeInstanceOf(ApiError);
  });

  it('does not refresh for a 401 without a session token (bad credentials)', async () => {
    const tab = openTab();
    const onError = vi.fn<(error: ApiError) => void>();
    await expect(tab.client.post('/api/user/login/', { email: 'ada@example.com', password: 'wrong' }, { auth: false, onError })).rejects.toBeInstanceOf(ApiError);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 401, detail: 'No active account found with the given credentials.' });
    expect(tab.refresh).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0', async () => {
    const down = await startFakeApi();
    await down.close();
    const tab = openTab();
    const onError = vi.fn<(error: ApiError) => void>();
    const client = createApiClient({ store: tab.store, baseURL: down.url, refresh: tab.refresh, onSessionExpired: tab.onSessionExpired, logError: () => undefined });
    await expect(client.get('/api/config/', { onError })).rejects.toMatchObject({ status: 0 });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('a download’s name from Content-Disposition', () => {
  it('prefers the UTF-8 name (RFC 6266), falls back to the plain one, and gives null without either', () => {
    expect(dispositionFileName(`attachment; filename="Greensboro-Solar.pdf"; filename*=UTF-8''${encodeURIComponent('Greensboro Solar - Étude 2026-11-27.pdf')}`)).toBe('Greensboro Solar - Étude 2026-11-27.pdf');
    expect(dispositionFileName('attachment; filename="plain name.csv"')).toBe('plain name.csv');
    expect(dispositionFileName('inline; filename=bare.png')).toBe('bare.png');
    expect(dispositionFileName("attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.pdf\"")).toBe('fallback.pdf');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});

describe('asking again while the user’s costly work is busy', () => {
  const busy = (seconds: number | null) => new ApiError('POST', '/api/gis/get_reasoned_geo_json/', 429, { detail: 'busy' }, seconds);

  it('waits as the Retry-After says and asks again, at most three times in all', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy(0)).mockRejectedValueOnce(busy(0)).mockResolvedValue('screened');
    expect(await retryWhenBusy(call)).toBe('screened');
    expect(call).toHaveBeenCalledTimes(3);
    const always = vi.fn<() => Promise<string>>().mockRejectedValue(busy(0));
    await expect(retryWhenBusy(always)).rejects.toMatchObject({ status: 429 });
    expect(always).toHaveBeenCalledTimes(3);
  });

  it('passes on a refusal that asks for a long wait, any other failure, and an abort while waiting', async () => {
    const windowFull = vi.fn<() => Promise<string>>().mockRejectedValue(busy(45));
    await expect(retryWhenBusy(windowFull)).rejects.toMatchObject({ status: 429, retryAfter: 45 });
    expect(windowFull).toHaveBeenCalledTimes(1);
    const invalid = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError('POST', '/x/', 400, {}, null));
    await expect(retryWhenBusy(invalid)).rejects.toMatchObject({ status: 400 });
    expect(invalid).toHaveBeenCalledTimes(1);
    const controller = new AbortController();
    const waiting = retryWhenBusy(vi.fn<() => Promise<string>>().mockRejectedValue(busy(5)), { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('two tabs', () => {
  const lockKinds = {
    'Web Locks': () => {
      const locks = createInProcessLocks();
      return () => ({ locks });
    },
    'the storage-event fallback': () => (storage: ReturnType<ReturnType<typeof createSharedStorage>['tab']>) => ({
      locks: createStorageLocks({ storage: storage.storage, onStorage: storage.onStorage, settleMs: 5, pollMs: 200 }),
    }),
  };

  it.each(Object.keys(lockKinds) as Array<keyof typeof lockKinds>)('never present the same refresh token (%s)', async (kind) => {
    const shared = createSharedStorage();
    const jar = createCookieJar();
    const locksFor = lockKinds[kind]();
    const tabs = [shared.tab(), shared.tab()].map((view) => openTab({ storage: view.storage, jar, ...locksFor(view) }));
    const [first] = tabs;
    if (!first) throw new Error('no tab');
    first.store.writeTokens(api.issue());
    await first.client.get('/api/config/');
    const presentedBefore = api.presentedRefreshTokens.length;

    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      api.expire(first.store.read().accessToken ?? '');
      const results = await Promise.all(tabs.flatMap((tab) => [1, 2, 3].map((page) => tab.client.get('/api/projects/', { struct: ProjectList, query: { page } }))));
      expect(results).toHaveLength(6);
    }

    const presented = api.presentedRefreshTokens.slice(presentedBefore);
    expect(new Set(presented).size).toBe(presented.length);
    // One exchange per round: the tab that waited for the lock adopted the other's pair.
    expect(presented).toHaveLength(rounds);
    expect(api.revoked).toBe(false);
    for (const tab of tabs) {
      expect(tab.onSessionExpired).not.toHaveBeenCalled();
      expect(tab.logged).toEqual([]);
    }
  });
});
