import { ApiError } from '../http.ts';
import { secondsLeft, type RateLimitsRepository, type Window } from '../repositories/rate-limits.ts';

/** Windows for every limited action. Per account *and* address first, so an attacker elsewhere cannot lock a user out. */
export const defaultLimits = {
  loginFailuresPerAddress: { limit: 30, seconds: 15 * 60 },
  loginFailuresPerAccountAndAddress: { limit: 5, seconds: 15 * 60 },
  loginFailuresPerAccount: { limit: 100, seconds: 60 * 60 },
  signupPerAddress: { limit: 20, seconds: 60 * 60 },
  mailPerAddress: { limit: 10, seconds: 15 * 60 },
  mailPerAccount: { limit: 3, seconds: 60 * 60 },
  contactPerAddress: { limit: 5, seconds: 60 * 60 },
} satisfies Record<string, Window>;

export type Limits = typeof defaultLimits;

export const tooManyRequests = (window: Window) =>
  new ApiError(429, 'Too many attempts. Please try again later.', undefined, { 'retry-after': String(secondsLeft(window.seconds)) });

export function createRateLimiter(repository: RateLimitsRepository, limits: Limits) {
  return {
    limits,
    /** Counts an attempt and throws 429 once the window's limit is passed. */
    async consume(bucket: keyof Limits, key: string) {
      const window = limits[bucket];
      if ((await repository.hit(bucket, key, window)) > window.limit) throw tooManyRequests(window);
    },
    /** Counts an attempt and tells whether it is still within the limit, for limits that must not show. */
    async allow(bucket: keyof Limits, key: string) {
      const window = limits[bucket];
      return (await repository.hit(bucket, key, window)) <= window.limit;
    },
    /** Throws 429 when the window is already full, without counting. */
    async check(bucket: keyof Limits, key: string) {
      const window = limits[bucket];
      if ((await repository.count(bucket, key, window)) >= window.limit) throw tooManyRequests(window);
    },
    async record(bucket: keyof Limits, key: string) {
      await repository.hit(bucket, key, limits[bucket]);
    },
    async clear(bucket: keyof Limits, key: string) {
      await repository.clear(bucket, key);
    },
    /** Deletes counters of windows that ended: they can no longer refuse anything. */
    async prune(now = Date.now()) {
      const longest = Math.max(...Object.values(limits).map((window) => window.seconds));
      await repository.prune(new Date(now - longest * 1000));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
