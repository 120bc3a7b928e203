import type { StoredSession } from '../../machines/session.machine.ts';

/** The localStorage keys of spec §3, exactly. */
export const sessionKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  project: 'project',
  temp: 'temp',
} as const;

/** The part of the Web Storage API the session needs; window.localStorage and `createMemoryStorage()` both fit. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Typed access to the four stored session values. Every read goes to the storage, so another tab's writes are seen at once. */
export interface SessionStore {
  read(): StoredSession;
  writeTokens(tokens: { access: string; refresh: string }): void;
  /** The project flag as the strings "true" / "false". */
  writeProject(hasProject: boolean): void;
  /** Sets or removes the temp flag ("true" lets a user without a project move around, spec §2). */
  writeTemp(temp: boolean): void;
  /** Removes all four values. */
  clear(): void;
}

/** A Map-backed storage for tests and for browsers where localStorage is unusable (some private modes throw on access). */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

function defaultStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // SecurityError: storage disabled for this origin.
  }
  return createMemoryStorage();
}

export function createSessionStore(storage: KeyValueStorage = defaultStorage()): SessionStore {
  const read = (key: string) => storage.getItem(key);
  return {
    read() {
      const project = read(sessionKeys.project);
      return {
        accessToken: read(sessionKeys.accessToken),
        refreshToken: read(sessionKeys.refreshToken),
        project: project === 'true' || project === 'false' ? project : null,
        temp: read(sessionKeys.temp) === 'true' ? 'true' : null,
      };
    },
    writeTokens({ access, refresh }) {
      storage.setItem(sessionKeys.accessToken, access);
      storage.setItem(sessionKeys.refreshToken, refresh);
    },
    writeProject(hasProject) {
      storage.setItem(sessionKeys.project, hasProject ? 'true' : 'false');
    },
    writeTemp(temp) {
      if (temp) storage.setItem(sessionKeys.temp, 'true');
      else storage.removeItem(sessionKeys.temp);
    },
    clear() {
      for (const key of Object.values(sessionKeys)) storage.removeItem(key);
    },
  };
}
