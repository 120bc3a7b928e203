import { and, eq, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface Window {
  limit: number;
  seconds: number;
  /** For limits that make clients wait between attempts instead of refusing them: the first wait, doubled after each further failure. */
  firstWaitSeconds?: number;
  /** The longest such wait. */
  maxWaitSeconds?: number;
}

/** Waits live beside the counters, in a bucket of their own whose `window_start` holds the time the wait ends. */
const waitBucket = (bucket: string) => `${bucket}:wait`;

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
      await db.delete(rateLimits).where(and(eq(rateLimits.bucket, waitBucket(bucket)), eq(rateLimits.key, key)));
    },
    /** Makes `key` wait until `until` (a later wait already set stands). */
    async holdUntil(bucket: string, key: string, until: Date) {
      await db.insert(rateLimits).values({ bucket: waitBucket(bucket), key, windowStart: until, count: 1 }).onConflictDoNothing();
      await db.delete(rateLimits).where(and(eq(rateLimits.bucket, waitBucket(bucket)), eq(rateLimits.key, key), lt(rateLimits.windowStart, until)));
    },
    /** When the wait set for `key` ends, if one was set. */
    async heldUntil(bucket: string, key: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ until: max(rateLimits.windowStart) })
        .from(rateLimits)
        .where(and(eq(rateLimits.bucket, waitBucket(bucket)), eq(rateLimits.key, key)));
      return row?.until ?? undefined;
    },
    async prune(olderThan: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
    },
  };
}

/** Seconds until the current window of `seconds` ends: the Retry-After value. */
export const secondsLeft = (seconds: number, now = Date.now()) => Math.max(1, Math.ceil((windowStart(seconds, now).getTime() + seconds * 1000 - now) / 1000));

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
