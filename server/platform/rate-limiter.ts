import { DomainError } from './domain-error.ts';
import { secondsLeft, type RateLimitsRepository, type Window } from './rate-limits-repository.ts';

/**
 * Windows for every limited action. The three login limits never refuse a correct password for long, so they cannot
 * be used to lock someone out (see `loginWait`):
 * - loginFailuresPerAccountAndAddress: failures on one account from one client (its address, or the device cookie of
 *   a browser that logged in to that account before). From the `limit`-th on, the client waits between attempts:
 *   `firstWaitSeconds`, doubled after each further failure, at most `maxWaitSeconds`.
 * - loginFailuresPerAccount: failures on one account from clients without its device cookie, from any address. From
 *   the `limit`-th on, those clients wait between attempts in the same way; browsers that logged in before do not.
 * - loginFailuresPerAddress: how many *different accounts* failed from one address. From `limit` on, that address
 *   waits for the end of the window before trying an account it has no device cookie for; one user mistyping their
 *   own password counts once, and other addresses are not affected.
 */
export const defaultLimits = {
  loginFailuresPerAddress: { limit: 30, seconds: 15 * 60 },
  loginFailuresPerAccountAndAddress: { limit: 5, seconds: 15 * 60, firstWaitSeconds: 1, maxWaitSeconds: 60 },
  loginFailuresPerAccount: { limit: 20, seconds: 60 * 60, firstWaitSeconds: 1, maxWaitSeconds: 60 },
  signupPerAddress: { limit: 20, seconds: 60 * 60 },
  mailPerAddress: { limit: 10, seconds: 15 * 60 },
  mailPerAccount: { limit: 3, seconds: 60 * 60 },
  contactPerAddress: { limit: 5, seconds: 60 * 60 },
  // Costly work of one user (server/plugins/costly-work.ts): how much may run at once (`seconds` is the Retry-After of
  // a request refused for it), then how many requests of each kind a window allows.
  costlyWorkAtOncePerUser: { limit: 4, seconds: 5 },
  screeningPerUser: { limit: 120, seconds: 60 },
  energyPerUser: { limit: 60, seconds: 60 },
  parcelImportPerUser: { limit: 30, seconds: 60 * 60 },
  reportPerUser: { limit: 60, seconds: 60 * 60 },
  // The map asks for its layers once it rests after a pan or zoom (300 ms), and for an own layer's features when one is
  // shown: each reads layers (and online sources) for the whole visible area.
  layersPerUser: { limit: 120, seconds: 60 },
  // Each checkout asks Stripe for a customer and a Checkout Session.
  checkoutPerUser: { limit: 20, seconds: 60 * 60 },
  // Verifications that ask Stripe (ADR 019): a checkout needs one (four with the client's retries) and one session
  // polled stays within it; past it are loops over many sessions, refused at half a Stripe call per second.
  verifyPaymentPerUser: { limit: 30, seconds: 60 },
} satisfies Record<string, Window>;

export type Limits = Record<keyof typeof defaultLimits, Window>;

export const tooManyRequests = (window: Window) => tooManyRequestsFor(secondsLeft(window.seconds));

export const tooManyRequestsFor = (seconds: number) =>
  new DomainError('tooMany', 'Too many attempts. Please try again later.', { retryAfterSeconds: seconds });

/** Who is trying to log in to which account: `device` is set when the browser holds a valid device cookie for it. */
export interface LoginAttempt {
  account: string;
  address: string;
  device?: string;
}

const pairKey = (attempt: LoginAttempt) => `${attempt.account}|${attempt.device ? `device:${attempt.device}` : attempt.address}`;

/** The wait after the `failures`-th failure of a window, or 0 while failures are still free. */
function waitAfter(window: Window, failures: number): number {
  if (failures < window.limit) return 0;
  const first = window.firstWaitSeconds ?? 1;
  return Math.min(window.maxWaitSeconds ?? 60, first * 2 ** Math.min(failures - window.limit, 30));
}

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
    /** Seconds this login attempt must wait before it is heard, or 0. */
    async loginWait(attempt: LoginAttempt, now = Date.now()): Promise<number> {
      const pair = repository.heldUntil('loginFailuresPerAccountAndAddress', pairKey(attempt));
      // A browser that logged in to this account before is held by its own failures only.
      const account = attempt.device ? undefined : repository.heldUntil('loginFailuresPerAccount', attempt.account);
      const address = attempt.device ? 0 : repository.count('loginFailuresPerAddress', attempt.address, limits.loginFailuresPerAddress);
      const [pairUntil, accountUntil, addressAccounts] = await Promise.all([pair, account, address]);
      const waits = [pairUntil, accountUntil].map((until) => (until ? (until.getTime() - now) / 1000 : 0));
      if (addressAccounts >= limits.loginFailuresPerAddress.limit) waits.push(secondsLeft(limits.loginFailuresPerAddress.seconds, now));
      const wait = Math.max(0, ...waits);
      return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0;
    },
    /** Counts a failed login and sets the waits it calls for. */
    async loginFailed(attempt: LoginAttempt, now = Date.now()) {
      const pairWindow = limits.loginFailuresPerAccountAndAddress;
      const pairFailures = await repository.hit('loginFailuresPerAccountAndAddress', pairKey(attempt), pairWindow);
      const holds: Promise<void>[] = [];
      const pairWait = waitAfter(pairWindow, pairFailures);
      if (pairWait > 0) holds.push(repository.holdUntil('loginFailuresPerAccountAndAddress', pairKey(attempt), new Date(now + pairWait * 1000)));
      if (!attempt.device) {
        const accountWindow = limits.loginFailuresPerAccount;
        const accountFailures = await repository.hit('loginFailuresPerAccount', attempt.account, accountWindow);
        const accountWait = waitAfter(accountWindow, accountFailures);
        if (accountWait > 0) holds.push(repository.holdUntil('loginFailuresPerAccount', attempt.account, new Date(now + accountWait * 1000)));
        // Each account counts once per address and window; both windows start together when they are as long.
        if (pairFailures === 1) holds.push(repository.hit('loginFailuresPerAddress', attempt.address, limits.loginFailuresPerAddress).then(() => {}));
      }
      await Promise.all(holds);
    },
    /** A correct password ends the client's own waits on that account. */
    async loginSucceeded(attempt: LoginAttempt) {
      await repository.clear('loginFailuresPerAccountAndAddress', pairKey(attempt));
    },
    /** Deletes counters of windows that ended: they can no longer refuse anything. */
    async prune(now = Date.now()) {
      const longest = Math.max(...Object.values(limits).map((window) => window.seconds));
      await repository.prune(new Date(now - longest * 1000));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
