/**
 * The engine's threads (the tasks in ./engine.ts): energy and finance runs, study workbooks and PDF reports, so that
 * one user's worst case (a bifacial PVWatts v8 year, 50 years of quarter-hour bills) costs a thread, never the request
 * thread every other user waits on. Requests wait for these threads, so the per-user at-once limit of costly work
 * (plugins/costly-work.ts) counts them while they run.
 */
import { Buffer } from 'node:buffer';
import { availableParallelism } from 'node:os';
import { DomainError } from '../platform/domain-error.ts';
import type { EnergyRest, EngineOutcome, EngineTask, EngineTaskName, EngineTasks, EngineWeather } from './engine.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from './worker-pool.ts';

export const engineLimits = {
  // Two at least, so one long run does not hold up everyone else's; below the request thread in priority (worker-pool.ts).
  threads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  // The slowest legitimate task (a 50,000-parcel report, 50 years of quarter-hour bills) takes a few seconds.
  runMs: 60_000,
  waitMs: 60_000,
  maxQueue: 64,
  heapMb: 1024,
};

/** A task that ran over its budget, out of its heap, or found no free thread, as the answer the caller gets. */
function engineRefusal(error: unknown): DomainError | undefined {
  if (error instanceof WorkersBusy) return new DomainError('unavailable', 'Every computing thread is busy with other requests: try again in a minute.', { retryAfterSeconds: 60 });
  if (error instanceof WorkTimedOut) {
    return new DomainError('unavailable', `The computation took longer than ${engineLimits.runMs / 1000} s, the most one request may take: try again when the server is less busy.`, { retryAfterSeconds: 60 });
  }
  if (error instanceof WorkOutOfMemory) return new DomainError('tooLarge', `The computation needs more than ${engineLimits.heapMb} MB of memory, the most one request may use.`);
  return undefined;
}

type Answer<K extends EngineTaskName> = Awaited<ReturnType<EngineTasks[K]>>;

export function createEngineThreads(options: { onError: (error: unknown) => void }) {
  const pool = createWorkerPool<EngineTask, EngineOutcome>({
    entry: new URL('./engine.ts', import.meta.url),
    maxThreads: engineLimits.threads,
    maxQueue: engineLimits.maxQueue,
    heapMb: engineLimits.heapMb,
    onError: options.onError,
  });

  async function run<K extends EngineTaskName>(name: K, ...args: Parameters<EngineTasks[K]>): Promise<Answer<K>> {
    const outcome = await pool.run({ name, args } as EngineTask, { runMs: engineLimits.runMs, waitMs: engineLimits.waitMs }).catch((error: unknown) => {
      throw engineRefusal(error) ?? error;
    });
    if ('refused' in outcome) {
      const { kind, detail, ...refusal } = outcome.refused;
      throw new DomainError(kind, detail, refusal);
    }
    // A Buffer crosses the thread boundary as a plain Uint8Array.
    const { ok } = outcome;
    return (ok instanceof Uint8Array && !Buffer.isBuffer(ok) ? Buffer.from(ok.buffer, ok.byteOffset, ok.byteLength) : ok) as Answer<K>;
  }

  return {
    /** estimateEnergy (energy/estimates.ts) in a thread: the weather's text stays here. */
    estimateEnergy: (chosen: EngineWeather, ...rest: EnergyRest) => run('estimateEnergy', { weather: chosen.weather, site: chosen.site, used: chosen.used }, ...rest),
    /** estimateFinance (energy/estimates.ts) in a thread. */
    estimateFinance: (...args: Parameters<EngineTasks['estimateFinance']>) => run('estimateFinance', ...args),
    /** studyWorkbook (feasibility/study-workbook.ts) in a thread. */
    studyWorkbook: (...args: Parameters<EngineTasks['studyWorkbook']>) => run('studyWorkbook', ...args),
    /** projectReportPdf (reports/project-report.ts) in a thread. */
    projectReportPdf: (...args: Parameters<EngineTasks['projectReportPdf']>) => run('projectReportPdf', ...args),
    close: () => pool.close(),
  };
}

export type EngineThreads = ReturnType<typeof createEngineThreads>;
