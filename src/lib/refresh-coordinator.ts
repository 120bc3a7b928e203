import type { TokenPair } from '../contract/auth.ts';
import { createMemoryStorage, type KeyValueStorage, type SessionStore } from './session-storage.ts';

/**
 * Refresh tokens rotate and the server revokes the whole login when a rotated one is presented again, so
 * the tabs of one browser, which share the stored tokens, must take turns: whoever holds the lock either
 * finds the pair already rotated by another tab and adopts it, or exchanges the stored token and stores the
 * new pair before letting go.
 */

export const refreshLockName = 'sunplot-token-refresh';

/** An exclusive, cross-tab lock: the subset of navigator.locks (Web Locks) the coordinator uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The tokens were gone when the lock was granted, or were cleared while the exchange ran (logout in some tab). */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}

export interface RefreshCoordinatorOptions {
  store: SessionStore;
  /** POST /api/user/token/refresh/ {refresh} → {access, refresh}, sent without the access token. */
  exchange: (refreshToken: string) => Promise<TokenPair>;
  /** Default: Web Locks when the browser has them, else a lock kept in localStorage (`createStorageLocks`). */
  locks?: LockManagerLike;
  /** How long the lock is kept after storing a new pair (default 100 ms): localStorage reaches other tabs asynchronously. */
  propagationMs?: number;
}

export interface RefreshCoordinator {
  /** Resolves with a pair that is stored when it resolves; rejects (with the stored session cleared) when there is none to be had. */
  refresh(): Promise<TokenPair>;
}

export function createRefreshCoordinator({ store, exchange, locks = defaultLocks(), propagationMs = 100 }: RefreshCoordinatorOptions): RefreshCoordinator {
  return {
    async refresh() {
      const seen = store.read().refreshToken;
      return locks.request(refreshLockName, async () => {
        const held = store.read();
        if (held.refreshToken === null) throw new SignedOutError('No refresh token is stored.');
        // Rotated by another tab (or an earlier caller here) since this caller looked: adopt, never present it again.
        if (held.refreshToken !== seen && held.accessToken !== null) return { access: held.accessToken, refresh: held.refreshToken };

        const presented = held.refreshToken;
        let pair: TokenPair;
        try {
          pair = await exchange(presented);
        } catch (error) {
          // 409: another tab rotated this token a moment ago, and its write to localStorage has not reached this
          // tab yet (Chromium syncs localStorage between tab processes asynchronously, after the lock moves on).
          const adopted = isRaced(error) ? await storedPairOtherThan(store, presented) : null;
          if (adopted) return adopted;
          // Refused, or its fate unknown (the server may have rotated it): no tab may present it again.
          if (store.read().refreshToken === presented) store.clear();
          throw error;
        }
        if (store.read().refreshToken !== presented) throw new SignedOutError('The session ended while its tokens were being refreshed.');
        store.writeTokens(pair);
        // Keep the lock a moment so the write reaches the other tabs' processes before they read the store.
        await new Promise((resolve) => setTimeout(resolve, propagationMs));
        return pair;
      });
    },
  };
}

const isRaced = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/** Waits up to `ms` for the stored pair to move on from `presented`; null when it does not. */
async function storedPairOtherThan(store: SessionStore, presented: string, ms = 3000): Promise<TokenPair | null> {
  for (let waited = 0; waited <= ms; waited += 50) {
    const { accessToken, refreshToken } = store.read();
    if (refreshToken === null) return null;
    if (refreshToken !== presented && accessToken !== null) return { access: accessToken, refresh: refreshToken };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** Adapts navigator.locks to LockManagerLike. */
export function webLocks(manager: LockManager): LockManagerLike {
  return { request: async (name, callback) => await manager.request(name, () => callback()) };
}

export interface StorageLocksOptions {
  storage: KeyValueStorage;
  /** Subscribes to other tabs' storage writes (the `storage` event) and returns the unsubscribe; polling covers its absence. */
  onStorage?: (listener: (key: string | null) => void) => () => void;
  /** A holder that disappears (tab closed) loses the lock after this long. Default 10 s, renewed while held. */
  ttlMs?: number;
  /** How often a waiting tab looks again when no storage event arrives. Default 100 ms. */
  pollMs?: number;
  /** How long a claim must survive before it counts: two tabs claiming together, the last write wins. Default 30 ms. */
  settleMs?: number;
}

interface Claim {
  owner: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The fallback for browsers without Web Locks: a claim written to localStorage, confirmed after a short
 * settle time, renewed while held and removed on release; waiting tabs wake on the `storage` event that the
 * removal fires in them. localStorage has no compare-and-set, so this is a best effort where Web Locks are exact.
 */
export function createStorageLocks({ storage, onStorage, ttlMs = 10_000, pollMs = 100, settleMs = 30 }: StorageLocksOptions): LockManagerLike {
  const read = (key: string): Claim | null => {
    try {
      const claim = JSON.parse(storage.getItem(key) ?? 'null') as Claim | null;
      return claim && typeof claim.owner === 'string' && typeof claim.expiresAt === 'number' ? claim : null;
    } catch {
      return null;
    }
  };

  function changeOf(key: string): Promise<void> {
    return new Promise((resolve) => {
      const unsubscribe = onStorage?.((changed) => {
        if (changed === key || changed === null) done();
      });
      const timer = setTimeout(() => done(), pollMs);
      function done() {
        clearTimeout(timer);
        unsubscribe?.();
        resolve();
      }
    });
  }

  return {
    async request(name, callback) {
      const key = `lock:${name}`;
      const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      const claim = () => storage.setItem(key, JSON.stringify({ owner, expiresAt: Date.now() + ttlMs } satisfies Claim));
      for (;;) {
        const current = read(key);
        if (!current || current.expiresAt <= Date.now()) {
          claim();
          await sleep(settleMs);
          if (read(key)?.owner === owner) break;
        } else {
          await changeOf(key);
        }
      }
      const renewal = setInterval(claim, ttlMs / 3);
      try {
        return await callback();
      } finally {
        clearInterval(renewal);
        if (read(key)?.owner === owner) storage.removeItem(key);
      }
    },
  };
}

function defaultLocks(): LockManagerLike {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return webLocks(navigator.locks);
  if (typeof window === 'undefined') return createStorageLocks({ storage: createMemoryStorage() }); // no other tab to share with
  let storage: KeyValueStorage;
  try {
    storage = window.localStorage;
  } catch {
    storage = createMemoryStorage(); // storage disabled: other tabs cannot share tokens either
  }
  return createStorageLocks({
    storage,
    onStorage: (listener) => {
      const onEvent = (event: StorageEvent) => listener(event.key);
      window.addEventListener('storage', onEvent);
      return () => window.removeEventListener('storage', onEvent);
    },
  });
}
