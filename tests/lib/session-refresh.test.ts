import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { sessionExpiredMessage } from '../../machines/session.machine.ts';
import { createAppActors } from '../../src/app/actors.ts';
import { SessionExpiredError } from '../../src/lib/api-client.ts';
import { refreshThroughSession } from '../../src/lib/session-refresh.ts';
import { createMemoryStorage, createSessionStore } from '../../src/lib/session-storage.ts';
import { createInProcessLocks } from './support/browser-doubles.ts';
import { correctPassword, createCookieJar, startFakeApi, type FakeApi } from './support/fake-api.ts';

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(async () => {
  await api.close();
});

/** The app's own wiring (src/app/actors.ts), with browser dependencies swapped for Node ones. */
function wireApp() {
  const store = createSessionStore(createMemoryStorage());
  const jar = createCookieJar();
  const onSessionExpired = vi.fn();
  const { session, api: client } = createAppActors({
    store,
    http: { baseURL: api.url, fetch: jar.fetch, readCookie: jar.readCookie, logError: () => undefined },
    locks: createInProcessLocks(),
    onSessionExpired,
  });
  let refreshes = 0;
  session.subscribe((snapshot) => {
    if (snapshot.hasTag('refreshing')) refreshes += 1;
  });
  return { store, session, client, onSessionExpired, refreshes: () => refreshes };
}

async function logIn(app: ReturnType<typeof wireApp>) {
  await waitFor(app.session, (snapshot) => snapshot.matches({ loggedOut: 'idle' }));
  app.session.send({ type: 'login.submit', email: 'ada@example.com', password: correctPassword });
  await waitFor(app.session, (snapshot) => snapshot.hasTag('needsFirstProject'));
}

describe('session refresh through the session actor', () => {
  it('runs one refresh in the session for concurrent 401s and returns to where it was', async () => {
    const app = wireApp();
    await logIn(app);
    api.expire(app.store.read().accessToken ?? '');

    const results = await Promise.all([1, 2, 3, 4].map((page) => app.client.get('/api/projects/', { query: { page } })));

    expect(results).toHaveLength(4);
    expect(api.requestsTo('/api/user/token/refresh/')).toHaveLength(1);
    const snapshot = app.session.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: { project: 'needsFirstProject', token: 'valid' } });
    expect(app.refreshes()).toBe(1);
    expect(app.store.read()).toMatchObject({ accessToken: snapshot.context.accessToken, refreshToken: snapshot.context.refreshToken, project: 'false' });
    expect(app.onSessionExpired).not.toHaveBeenCalled();
  });

  it('logs out and sends the user to login when the refresh fails', async () => {
    const app = wireApp();
    await logIn(app);
    api.revokeAll();

    const outcomes = await Promise.allSettled([1, 2].map((page) => app.client.get('/api/projects/', { query: { page } })));

    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(SessionExpiredError) as unknown });
    expect(app.onSessionExpired).toHaveBeenCalledTimes(1);
    const snapshot = app.session.getSnapshot();
    expect(snapshot.value).toEqual({ loggedOut: 'idle' });
    expect(snapshot.context.notice).toEqual({ kind: 'sessionExpired', detail: sessionExpiredMessage });
    expect(app.store.read()).toEqual({ accessToken: null, refreshToken: null, project: null, temp: null });
  });

  it('refuses to refresh a session that is not signed in', async () => {
    const app = wireApp();
    await expect(refreshThroughSession(app.session)).rejects.toThrow('could not be refreshed');
    expect(api.requestsTo('/api/user/token/refresh/')).toHaveLength(0);
  });
});
