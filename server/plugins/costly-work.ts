/**
 * Costly work (screening, energy and finance runs, parcel imports, the PDF report, the map's layers): each user may run
 * a few such requests at once and a number of each kind per window. A route takes part with one line in its options,
 * `config: { costlyWork: 'report' }`; the plugin below wraps its handler, after authentication, in `run`.
 *
 * The windows are the database rate limiter's, so several instances share the counts. The at-once limit is per
 * instance: it protects the instance's own threads, and is held exactly while the handler runs (released when its
 * promise settles, also when the client went away), which a count in the database could not promise after a crash.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../platform/domain-error.ts';
import { currentUser } from '../auth/request-user.ts';
import { secondsLeft } from '../platform/rate-limits-repository.ts';
import type { Limits, RateLimiter } from '../platform/rate-limiter.ts';

export type CostlyKind = 'screening' | 'energy' | 'import' | 'report' | 'checkout' | 'layers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Runs the handler as this kind of costly work: within the user's at-once limit and the kind's rate window. */
    costlyWork?: CostlyKind;
  }
}

const kinds: Record<CostlyKind, { window: keyof Limits; label: string }> = {
  screening: { window: 'screeningPerUser', label: 'screening' },
  energy: { window: 'energyPerUser', label: 'energy and finance' },
  import: { window: 'parcelImportPerUser', label: 'parcel import' },
  report: { window: 'reportPerUser', label: 'report and export' },
  checkout: { window: 'checkoutPerUser', label: 'checkout' },
  layers: { window: 'layersPerUser', label: 'map layer' },
};

const period = (seconds: number) =>
  seconds === 60 ? 'minute' : seconds === 3600 ? 'hour' : seconds === 86_400 ? 'day' : seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;

const tooMany = (detail: string, retryAfterSeconds: number) => new DomainError('tooMany', detail, { retryAfterSeconds });

export function createCostlyWork(rateLimiter: RateLimiter) {
  const running = new Map<string, number>();
  return {
    /** Runs `work` for the user, or answers 429 with Retry-After naming the limit it is past. */
    async run<T>(userId: string, kind: CostlyKind, work: () => Promise<T>): Promise<T> {
      const atOnce = rateLimiter.limits.costlyWorkAtOncePerUser;
      const busy = running.get(userId) ?? 0;
      if (busy >= atOnce.limit) {
        throw tooMany(`You already have ${busy} costly requests running (screening, energy and finance, parcel import, report and export, map layers); one user may run at most ${atOnce.limit} at once. Wait for one to finish.`, atOnce.seconds);
      }
      // Taken before the first await, so requests arriving together cannot all pass the check.
      running.set(userId, busy + 1);
      try {
        const { window, label } = kinds[kind];
        if (!(await rateLimiter.allow(window, userId))) {
          const { limit, seconds } = rateLimiter.limits[window];
          throw tooMany(`Too many ${label} requests: one user may make at most ${limit} per ${period(seconds)}. Try again in ${secondsLeft(seconds)} s.`, secondsLeft(seconds));
        }
        return await work();
      } finally {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      }
    },
  };
}

export type CostlyWork = ReturnType<typeof createCostlyWork>;

/** Wraps the handler of every route registered after it whose config names `costlyWork`. Register it before the routes. */
export const costlyWorkRoutes = fp(async (app: FastifyInstance, { rateLimiter }: { rateLimiter: RateLimiter }) => {
  const costly = createCostlyWork(rateLimiter);
  app.addHook('onRoute', (route) => {
    const kind = route.config?.costlyWork;
    if (!kind) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (request, reply) {
      return costly.run(currentUser(request).id, kind, async () => handler.call(this, request, reply));
    };
  });
});
