import type { Database } from '../db/client.ts';
import { inProcessScheduler } from './in-process-scheduler.ts';
import type { Scheduler } from './job-queue.ts';
import { pgBossScheduler } from './pg-boss-scheduler.ts';

export interface SchedulerSettings {
  /** pg-boss's queue name (on PostgreSQL). */
  queue: string;
  /** Steps this server runs at once. */
  concurrency: number;
  /** On PostgreSQL: a step still active after this long is handed to another instance. */
  expireSeconds: number;
  /** A step that threw is tried again after this long. */
  retryAfterMs: number;
  onError: (error: unknown, jobId?: string) => void;
}

/**
 * pg-boss on PostgreSQL, where several servers may share the database; the in-process runner on PGlite, where one
 * server owns the data folder (and pg-boss, which needs a server of its own, could not run).
 */
export function chooseScheduler(database: Pick<Database, 'engine' | 'url'>, settings: SchedulerSettings): Scheduler {
  if (database.engine === 'postgres' && database.url) {
    // Lost steps are looked for twice per expiry period, at most once a minute.
    const maintenanceSeconds = Math.max(1, Math.min(60, Math.floor(settings.expireSeconds / 2)));
    return pgBossScheduler({ ...settings, url: database.url, maintenanceSeconds });
  }
  return inProcessScheduler(settings);
}
