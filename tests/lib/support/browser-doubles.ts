import type { LockManagerLike } from '../../../src/lib/refresh-coordinator.ts';
import type { KeyValueStorage } from '../../../src/lib/session-storage.ts';

/** Web Locks semantics for one name at a time, shared by every "tab" of a test: callbacks run one after another. */
export function createInProcessLocks(): LockManagerLike & { grants: number } {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    grants: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => {
        locks.grants += 1;
        return callback();
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return locks;
}

/**
 * One origin's localStorage seen from several tabs: writes are shared at once, and every other tab gets a
 * `storage` event for them a moment later, as browsers do.
 */
export function createSharedStorage() {
  const values = new Map<string, string>();
  const listeners = new Set<{ tab: number; listener: (key: string | null) => void }>();
  let tabs = 0;
  return {
    tab() {
      const tab = ++tabs;
      const notifyOthers = (key: string) => {
        for (const entry of listeners) if (entry.tab !== tab) setTimeout(() => entry.listener(key), 0);
      };
      const storage: KeyValueStorage = {
        getItem: (key) => values.get(key) ?? null,
        setItem: (key, value) => {
          values.set(key, value);
          notifyOthers(key);
        },
        removeItem: (key) => {
          values.delete(key);
          notifyOthers(key);
        },
      };
      const onStorage = (listener: (key: string | null) => void) => {
        const entry = { tab, listener };
        listeners.add(entry);
        return () => void listeners.delete(entry);
      };
      return { storage, onStorage };
    },
  };
}
