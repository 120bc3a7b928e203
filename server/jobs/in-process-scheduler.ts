/**
 * Runs job steps inside this process (PGlite: one server owns the data folder, so no other instance could take a
 * step). Jobs take turns, a step each: a job whose step leaves more goes to the back of the line, and the event loop
 * is yielded before every step, so requests are served between steps.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { RunStep, Scheduler } from './job-queue.ts';

export interface InProcessOptions {
  /** Steps in flight at once (each of a different job). */
  concurrency: number;
  /** A step that threw (a bug, a lost database): logged, and the step is tried again after `retryAfterMs`. */
  onError: (error: unknown, jobId: string) => void;
  retryAfterMs: number;
}

export function inProcessScheduler(options: InProcessOptions): Scheduler {
  const waiting: string[] = [];
  const inFlight = new Map<string, Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let step: RunStep | undefined;
  let closed = false;

  const later = (jobId: string, ms: number) => {
    clearTimeout(timers.get(jobId));
    const timer = setTimeout(() => {
      timers.delete(jobId);
      enqueue(jobId);
    }, ms);
    timer.unref();
    timers.set(jobId, timer);
  };

  async function run(jobId: string) {
    await yieldToRequests();
    let outcome;
    try {
      outcome = await step!(jobId);
    } catch (error) {
      if (closed) return;
      options.onError(error, jobId);
      outcome = { retryAfterMs: options.retryAfterMs };
    }
    if (closed) return;
    if (outcome === 'more') waiting.push(jobId);
    else if (outcome !== 'done') later(jobId, outcome.retryAfterMs);
  }

  function pump() {
    while (!closed && step && inFlight.size < options.concurrency && waiting.length > 0) {
      const jobId = waiting.shift()!;
      const running = run(jobId).finally(() => {
        inFlight.delete(jobId);
        pump();
      });
      inFlight.set(jobId, running);
    }
  }

  function enqueue(jobId: string) {
    if (closed || inFlight.has(jobId) || waiting.includes(jobId)) return;
    waiting.push(jobId);
    pump();
  }

  return {
    async start(run) {
      step = run;
    },
    async schedule(jobId) {
      enqueue(jobId);
    },
    async unschedule(jobId) {
      clearTimeout(timers.get(jobId));
      timers.delete(jobId);
      const index = waiting.indexOf(jobId);
      if (index >= 0) waiting.splice(index, 1);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      await Promise.allSettled(inFlight.values());
    },
  };
}
