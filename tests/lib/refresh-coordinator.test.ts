import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '../../src/contract/auth.ts';
import { createRefreshCoordinator, createStorageLocks, SignedOutError } from '../../src/lib/refresh-coordinator.ts';
import { createMemoryStorage, createSessionStore } from '../../src/lib/session-storage.ts';
import { createInProcessLocks, createSharedStorage } from './support/browser-doubles.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('refresh coordinator', () => {
  it('exchanges the stored refresh token and stores the new pair before releasing the lock', async () => {
    const store = createSessionStore(createMemoryStorage());
    store.writeTokens({ access: 'a1', refresh: 'r1' });
    const exchange = vi.fn((refresh: string) => Promise.resolve({ access: `a-after-${refresh}`, refresh: `r-after-${refresh}` }));
    const coordinator = createRefreshCoordinator({ store, exchange, locks: createInProcessLocks() });
    await expect(coordinator.refresh()).resolves.toEqual({ access: 'a-after-r1', refresh: 'r-after-r1' });
    expect(exchange).toHaveBeenCalledWith('r1');
    expect(store.read()).toMatchObject({ accessToken: 'a-after-r1', refreshToken: 'r-after-r1' });
  });

  it('adopts the pair another tab stored while it waited for the lock', async () => {
    const shared = createMemoryStorage();
    const locks = createInProcessLocks();
    const tabA = createSessionStore(shared);
    const tabB = createSessionStore(shared);
    tabA.writeTokens({ access: 'a1', refresh: 'r1' });
    const pending = deferred<TokenPair>();
    const exchangeA = vi.fn(() => pending.promise);
    const exchangeB = vi.fn(() => Promise.resolve({ access: 'never', refresh: 'never' }));

    const refreshA = createRefreshCoordinator({ store: tabA, exchange: exchangeA, locks }).refresh();
    const refreshB = createRefreshCoordinator({ store: tabB, exchange: exchangeB, locks }).refresh();
    pending.resolve({ access: 'a2', refresh: 'r2' });

    await expect(refreshA).resolves.toEqual({ access: 'a2', refresh: 'r2' });
    await expect(refreshB).resolves.toEqual({ access: 'a2', refresh: 'r2' });
    expect(exchangeA).toHaveBeenCalledTimes(1);
    expect(exchangeB).not.toHaveBeenCalled();
  });

  it('on 409 (rotated a moment ago by another tab) adopts the pair once its write reaches this tab', async () => {
    const shared = createMemoryStorage();
    const store = createSessionStore(shared);
    store.writeTokens({ access: 'a1', refresh: 'r1' });
    const raced = Object.assign(new Error('409'), { status: 409 });
    const exchange = vi.fn(() => {
      // The other tab's write lands here only after the server has answered this one.
      setTimeout(() => createSessionStore(shared).writeTokens({ access: 'a2', refresh: 'r2' }), 120);
      return Promise.reject(raced);
    });
    const coordinator = createRefreshCoordinator({ store, exchange, locks: createInProcessLocks() });
    await expect(coordinator.refresh()).resolves.toEqual({ access: 'a2', refresh: 'r2' });
    expect(store.read()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('on a 409 that no other tab follows up, clears the session and fails', async () => {
    const store = createSessionStore(createMemoryStorage());
    store.writeTokens({ access: 'a1', refresh: 'r1' });
    const raced = Object.assign(new Error('409'), { status: 409 });
    vi.useFakeTimers();
    try {
      const refresh = createRefreshCoordinator({ store, exchange: () => Promise.reject(raced), locks: createInProcessLocks() }).refresh();
      const outcome = expect(refresh).rejects.toBe(raced);
      await vi.advanceTimersByTimeAsync(3100);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    expect(store.read().refreshToken).toBeNull();
  });

  it('drops a refused token so that no waiting tab presents it again', async () => {
    const shared = createMemoryStorage();
    const locks = createInProcessLocks();
    const tabA = createSessionStore(shared);
    tabA.writeTokens({ access: 'a1', refresh: 'r1' });
    tabA.writeProject(true);
    const refused = Object.assign(new Error('401'), { status: 401 });
    const exchangeB = vi.fn(() => Promise.resolve({ access: 'x', refresh: 'y' }));

    const refreshA = createRefreshCoordinator({ store: tabA, exchange: () => Promise.reject(refused), locks }).refresh();
    const refreshB = createRefreshCoordinator({ store: createSessionStore(shared), exchange: exchangeB, locks }).refresh();

    await expect(refreshA).rejects.toBe(refused);
    await expect(refreshB).rejects.toBeInstanceOf(SignedOutError);
    expect(exchangeB).not.toHaveBeenCalled();
    expect(tabA.read()).toEqual({ accessToken: null, refreshToken: null, project: null, temp: null });
  });

  it('does not bring tokens back when the user logs out during the exchange', async () => {
    const store = createSessionStore(createMemoryStorage());
    store.writeTokens({ access: 'a1', refresh: 'r1' });
    const pending = deferred<TokenPair>();
    const exchanging = deferred<string>();
    const exchange = (token: string) => {
      exchanging.resolve(token);
      return pending.promise;
    };
    const refresh = createRefreshCoordinator({ store, exchange, locks: createInProcessLocks() }).refresh();
    await expect(exchanging.promise).resolves.toBe('r1');
    store.clear();
    pending.resolve({ access: 'a2', refresh: 'r2' });
    await expect(refresh).rejects.toBeInstanceOf(SignedOutError);
    expect(store.read().refreshToken).toBeNull();
  });
});

describe('storage locks (no Web Locks)', () => {
  // Fake timers (Date.now too): what these tests read is the order of events in time, which a loaded machine must not move.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('lets one holder in at a time and wakes the next on release', async () => {
    const shared = createSharedStorage();
    const tabs = [shared.tab(), shared.tab(), shared.tab()].map(({ storage, onStorage }) => createStorageLocks({ storage, onStorage, settleMs: 5, pollMs: 1000 }));
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const all = Promise.all(
      tabs.map((locks, index) =>
        locks.request('test', async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(index);
          inside -= 1;
        }),
      ),
    );
    // Woken by storage events, not by the 1 s poll: all three are through well before the first poll.
    await vi.advanceTimersByTimeAsync(900);
    expect(order.sort()).toEqual([0, 1, 2]);
    await all;
    expect(most).toBe(1);
  });

  it('takes over the claim of a tab that closed while holding it', async () => {
    const storage = createMemoryStorage();
    storage.setItem('lock:test', JSON.stringify({ owner: 'closed-tab', expiresAt: Date.now() + 60 }));
    const locks = createStorageLocks({ storage, ttlMs: 60, pollMs: 10, settleMs: 1 });
    let answer: string | null = null;
    const request = locks.request('test', () => Promise.resolve('mine')).then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(55);
    expect(answer).toBeNull(); // the closed tab's claim still counts
    await vi.advanceTimersByTimeAsync(30);
    expect(answer).toBe('mine');
    await request;
    expect(storage.getItem('lock:test')).toBeNull();
  });
});
