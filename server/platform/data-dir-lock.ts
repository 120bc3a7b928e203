/**
 * One Sunplot per DATA_DIR: two servers on one embedded database each lose the other's writes. The lock is a file
 * created exclusively (a hard link fails when the name exists) holding the owner's process id; a lock whose process is gone is taken over.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const lockFileName = 'sunplot.lock';

/** Another running Sunplot holds the DATA_DIR. */
export class DataDirInUseError extends Error {}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

const isErrno = (error: unknown, code: string) => (error as NodeJS.ErrnoException | undefined)?.code === code;

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host, since: String(holder.since) } : undefined;
  } catch {
    // Gone, or cut short by a crash while it was written: either way nobody holds it.
    return undefined;
  }
}

/** Whether the holder may still run: a process on another host cannot be checked, so it counts as running. */
function running(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return isErrno(error, 'EPERM');
  }
}

function removeIfPresent(path: string) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

/**
 * Creates `path` holding `holder`, unless it exists: written aside, then hard-linked, so no one reads it half-written.
 * Where the file system has no hard links, an exclusive create does.
 */
function createExclusive(path: string, holder: Holder): boolean {
  const aside = `${path}.${holder.pid}`;
  writeFileSync(aside, JSON.stringify(holder));
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    try {
      writeFileSync(path, JSON.stringify(holder), { flag: 'wx' });
      return true;
    } catch (fallback) {
      if (isErrno(fallback, 'EEXIST')) return false;
      throw fallback;
    }
  } finally {
    removeIfPresent(aside);
  }
}

const inUse = (dataDir: string, path: string, holder: Holder) =>
  new DataDirInUseError(
    `DATA_DIR ${dataDir} is in use by another Sunplot (process ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
      `Stop it first, or start this one with another DATA_DIR. If no such process runs, delete ${path}.`,
  );

/**
 * Takes the DATA_DIR for this process, or throws DataDirInUseError naming the holder. A stale lock is replaced under a
 * second exclusive file, so two starts that both find it stale cannot both take it. Release before exiting; the lock
 * is also released when the process exits.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const path = join(dataDir, lockFileName);
  const takeover = `${path}.takeover`;
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(path, me)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readHolder(path)?.pid === me.pid) removeIfPresent(path);
      };
      process.on('exit', release);
      return { release };
    }
    const holder = readHolder(path);
    if (holder && running(holder)) throw inUse(dataDir, path, holder);
    if (!createExclusive(takeover, me)) {
      // Another start is replacing the stale lock right now, or died doing so.
      const other = readHolder(takeover);
      if (other && running(other)) throw inUse(dataDir, path, other);
      removeIfPresent(takeover);
      continue;
    }
    try {
      // Still a stale lock (not one a fresh start has just created): remove it, then create ours as usual.
      const now = readHolder(path);
      if (!now || !running(now)) removeIfPresent(path);
    } finally {
      removeIfPresent(takeover);
    }
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir}: could not take ${path}; another Sunplot may be starting. Try again.`);
}
