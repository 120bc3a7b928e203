/** A thread of the site pool (batch.ts): runs `simulate` on each chunk of jobs it is posted and posts the outcomes back. */
import { parentPort } from 'node:worker_threads';
import type { ChunkReply, ChunkRequest, SiteJob, SiteOutcome } from './batch.ts';
import { WORKER_READY } from './batch.ts';
import { sharedReferenceYearEphemeris } from './ephemeris.ts';
import { simulate } from './simulate.ts';

const port = parentPort;
if (!port) throw new Error('batch-worker.ts runs as a worker thread of the site pool');

// Built while the pool starts rather than during the first batch.
sharedReferenceYearEphemeris();

port.on('message', ({ id, jobs }: ChunkRequest) => {
  const transfer: ArrayBuffer[] = [];
  const outcomes = jobs.map((job) => run(job, transfer));
  port.postMessage({ id, outcomes } satisfies ChunkReply, transfer);
});
port.postMessage(WORKER_READY);

function run(job: SiteJob, transfer: ArrayBuffer[]): SiteOutcome {
  try {
    const result = simulate(job.weather, job.system);
    const summary = { annualAcKwh: result.annualAcKwh, monthlyAcKwh: result.monthlyAcKwh, specificYieldKwhPerKwp: result.specificYieldKwhPerKwp };
    if (!job.hourly) return { ok: true, ...summary };
    // The hourly array is the thread's own: handed over, not copied.
    transfer.push(result.hourlyAcKwh.buffer as ArrayBuffer);
    return { ok: true, ...summary, hourlyAcKwh: result.hourlyAcKwh };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
