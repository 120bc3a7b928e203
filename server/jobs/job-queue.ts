/**
 * Background jobs (issue 24 item 4): the one interface the app uses, whatever runs the jobs. A job's state and results
 * live in the app's own tables (its JobStore); what runs its steps is a Scheduler: pg-boss on PostgreSQL, so any
 * instance sharing the database can take the next step, or an in-process runner on PGlite, where one server owns the
 * data folder. A job advances one step at a time (one chunk of work, committed with its progress), so a job killed
 * part-way resumes from its last committed step.
 */

/** What one step left: more steps to run, the job is over, or try the same step again later (every thread busy). */
export type StepOutcome = 'more' | 'done' | { retryAfterMs: number };

/** Advances the job by one step and commits it; records the job's own failures itself rather than throwing them. */
export type RunStep = (jobId: string) => Promise<StepOutcome>;

/** Where jobs are kept: the app's tables, scoped to their owner. */
export interface JobStore<Job, Input, Scope> {
  /** Stores a new queued job (refusing it, say, past the owner's limit). */
  create(ownerId: string, input: Input): Promise<Job>;
  find(ownerId: string, id: string): Promise<Job | undefined>;
  list(ownerId: string, scope: Scope): Promise<Job[]>;
  /** Marks an unfinished job cancelled; undefined when there is no such job of the owner's. */
  cancel(ownerId: string, id: string): Promise<Job | undefined>;
  /** The ids of every job still queued or running, oldest first. */
  unfinished(): Promise<string[]>;
}

/** Runs jobs' steps: one step of a job at a time, a few jobs at once. */
export interface Scheduler {
  /** Starts taking steps; called once, before anything is scheduled. */
  start(step: RunStep): Promise<void>;
  /** Queues the job's next step (a job already queued is not queued twice). */
  schedule(jobId: string): Promise<void>;
  /** Forgets the job's queued step here; a step in flight finds the job cancelled when it commits. */
  unschedule(jobId: string): Promise<void>;
  /** Waits for the steps in flight and takes no more. */
  close(): Promise<void>;
}

/** The app's view of background jobs, the same on both engines. */
export interface JobQueue<Job, Input, Scope> {
  /** Stores the job and queues its first step. */
  enqueue(ownerId: string, input: Input): Promise<Job>;
  /** The job's state and progress as last committed. */
  progress(ownerId: string, id: string): Promise<Job | undefined>;
  cancel(ownerId: string, id: string): Promise<Job | undefined>;
  listForOwner(ownerId: string, scope: Scope): Promise<Job[]>;
  /** Queues every unfinished job again (after a restart); answers how many. */
  resume(): Promise<number>;
  close(): Promise<void>;
}

/** A job queue over its store, run by `scheduler`, whose steps are `step`. */
export async function createJobQueue<Job extends { id: string }, Input, Scope>(store: JobStore<Job, Input, Scope>, scheduler: Scheduler, step: RunStep): Promise<JobQueue<Job, Input, Scope>> {
  await scheduler.start(step);
  return {
    async enqueue(ownerId, input) {
      const job = await store.create(ownerId, input);
      await scheduler.schedule(job.id);
      return job;
    },
    progress: (ownerId, id) => store.find(ownerId, id),
    async cancel(ownerId, id) {
      const job = await store.cancel(ownerId, id);
      if (job) await scheduler.unschedule(job.id);
      return job;
    },
    listForOwner: (ownerId, scope) => store.list(ownerId, scope),
    async resume() {
      const ids = await store.unfinished();
      for (const id of ids) await scheduler.schedule(id);
      return ids.length;
    },
    close: () => scheduler.close(),
  };
}
