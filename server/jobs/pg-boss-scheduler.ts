/**
 * Runs job steps through pg-boss on PostgreSQL, so any instance sharing the database takes the next step of any job.
 * Each step is a pg-boss job of its own, short (one chunk), that queues the next step once its chunk is committed: a
 * step lost with its instance expires after `expireSeconds` and pg-boss hands it to another instance (retryLimit), and
 * the 'short' policy with the job's id as singleton key keeps at most one step of a job waiting.
 */
import PgBoss from 'pg-boss';
import type { RunStep, Scheduler } from './job-queue.ts';

export interface PgBossOptions {
  url: string;
  /** pg-boss's queue name. */
  queue: string;
  /** Steps this instance runs at once (each of a different job). */
  concurrency: number;
  /** A step still active after this long is taken to be lost with its instance and handed out again. */
  expireSeconds: number;
  /** How often pg-boss looks for lost steps (its maintenance). */
  maintenanceSeconds: number;
  /** A step that threw (a bug, a lost database): logged, and pg-boss runs it again after `retryAfterMs`. */
  onError: (error: unknown, jobId?: string) => void;
  retryAfterMs: number;
}

// How often an idle worker asks for a step. A worker that has just queued a job's next step is woken at once, so a job
// on this instance goes on without waiting for the poll.
const pollingIntervalSeconds = 2;

export function pgBossScheduler(options: PgBossOptions): Scheduler {
  const boss = new PgBoss({
    connectionString: options.url,
    application_name: 'sunplot-jobs',
    // One connection per worker, one for sending and one for maintenance.
    max: options.concurrency + 2,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on('error', (error) => options.onError(error));
  const workers: string[] = [];
  const send = (jobId: string, startAfterSeconds?: number) =>
    boss.send(options.queue, { jobId }, { singletonKey: jobId, ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) });

  return {
    async start(step: RunStep) {
      await boss.start();
      await boss.createQueue(options.queue, {
        name: options.queue,
        policy: 'short',
        expireInSeconds: options.expireSeconds,
        retryLimit: 20,
        retryDelay: Math.ceil(options.retryAfterMs / 1000),
      });
      for (let i = 0; i < options.concurrency; i++) {
        const worker = await boss.work<{ jobId: string }>(options.queue, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
          const { jobId } = job!.data;
          let outcome;
          try {
            outcome = await step(jobId);
          } catch (error) {
            options.onError(error, jobId);
            throw error;
          }
          if (outcome === 'more') {
            await send(jobId);
            for (const id of workers) boss.notifyWorker(id);
          } else if (outcome !== 'done') await send(jobId, Math.ceil(outcome.retryAfterMs / 1000));
        });
        workers.push(worker);
      }
    },
    async schedule(jobId) {
      await send(jobId);
      for (const id of workers) boss.notifyWorker(id);
    },
    // A queued step of a cancelled job finds it cancelled and ends: nothing to take back here.
    async unschedule() {},
    async close() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
