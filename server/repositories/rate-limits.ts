import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface Window {
  limit: number;
  seconds: number;
}

const windowStart = (seconds: number, now = Date.now()) => new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);

export function rateLimitsRepository(db: Db) {
  return {
    /** Counts one hit in the current fixed window and returns the count so far. */
    async hit(bucket: string, key: string, window: Window): Promise<number> {
      const [row] = await db
        .insert(rateLimits)
        .values({ bucket, key, windowStart: windowStart(window.seconds), count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      return row?.count ?? 1;
    },
    async count(bucket: string, key: string, window: Window): Promise<number> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(window.seconds))));
      return row?.count ?? 0;
    },
    async clear(bucket: string, key: string) {
      await db.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
    },
    async prune(olderThan: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
    },
  };
}

/** Seconds until the current window of `seconds` ends: the Retry-After value. */
export const secondsLeft = (seconds: number, now = Date.now()) => Math.max(1, Math.ceil((windowStart(seconds, now).getTime() + seconds * 1000 - now) / 1000));

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
