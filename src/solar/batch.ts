/**
 * Many sites at once on worker threads, for Node only (the browser bundle must not import this): a pool of threads,
 * started once and reused, each running `simulate` on the jobs it is handed in small chunks, so a thread slowed by
 * the machine's other work takes fewer of them. Each job's result is the same, bit for bit, as `simulate` on the
 * main thread; a job that throws is reported as failed and the others carry on.
 */
import { Worker } from 'node:worker_threads';
import type { EngineSystem, SimulationResult } from './simulate.ts';
import type { WeatherYear } from './weather/weather-year.ts';

export interface SiteJob {
  weather: WeatherYear;
  system: EngineSystem;
  /** Also return the AC energy of every hour. */
  hourly?: boolean;
}

export type SiteSummary = Pick<SimulationResult, 'annualAcKwh' | 'monthlyAcKwh' | 'specificYieldKwhPerKwp'> & {
  hourlyAcKwh?: Float64Array;
};

export type SiteOutcome = ({ ok: true } & SiteSummary) | { ok: false; error: string };

/**
 * How a job's weather reaches its thread. 'transfer' copies the arrays of a chunk of jobs into one buffer and hands
 * that buffer over (arrays that several jobs share are copied once); 'shared' copies each array once per batch into a
 * SharedArrayBuffer that the threads read; 'clone' lets postMessage copy every array of every job, out and in again.
 * Arrays already in a SharedArrayBuffer are never copied. bench:solar times all three; 'transfer' was the fastest or
 * level with 'shared' there, and allocates one buffer per chunk rather than one per array.
 */
export type WeatherTransport = 'shared' | 'clone' | 'transfer';
export const DEFAULT_TRANSPORT: WeatherTransport = 'transfer';

export interface SitePoolOptions {
  /** Worker threads; os.availableParallelism() is the sensible most. */
  threads: number;
  weatherTransport?: WeatherTransport;
}

export interface SitePool {
  readonly threads: number;
  /** Runs the jobs; leave their arrays unchanged until the promise settles. */
  simulateSites(jobs: readonly SiteJob[]): Promise<SiteOutcome[]>;
  /** Stops the threads; jobs still queued fail. */
  close(): Promise<void>;
}

/** What the main thread posts to a worker. */
export interface ChunkRequest {
  id: number;
  jobs: SiteJob[];
}

/** What a worker posts back: `outcomes[k]` is the outcome of `jobs[k]`. */
export interface ChunkReply {
  id: number;
  outcomes: SiteOutcome[];
}

/** The worker posts this once the engine is loaded and it is waiting for chunks. */
export const WORKER_READY = 'ready';

/**
 * The first script of every thread. Node 20 does not apply tsx's `--import` to worker threads, so this registers tsx
 * in the thread and then loads the TypeScript worker (as server/workers/worker-pool.ts does for piscina's threads).
 */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ register }) => { register(); return import(workerData.entry); });`;

interface Chunk {
  jobs: SiteJob[];
  /** The batch's copies of its arrays in shared memory, so that jobs sharing a year's arrays share one copy. */
  copies?: WeakMap<ArrayBufferView, ArrayBufferView>;
  settle: (outcomes: SiteOutcome[]) => void;
}

interface Thread {
  worker: Worker;
  inFlight: Map<number, Chunk>;
}

/**
 * Chunks a thread holds at once: one running, one waiting, so it never idles for a round trip. Chunks are small (at
 * most 8 jobs, about 10 ms) so that at the end no thread waits long on another's last two.
 */
const CHUNKS_PER_THREAD = 2;
const MAX_CHUNK_JOBS = 8;

/** Starts the threads; resolves once every one has loaded the engine (about a second: tsx compiles it). */
export async function startSitePool(options: SitePoolOptions): Promise<SitePool> {
  if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError('threads must be a whole number ≥ 1');
  const transport = options.weatherTransport ?? DEFAULT_TRANSPORT;
  const queue: Chunk[] = [];
  let threads: Thread[] = [];
  let nextId = 0;
  let closed = false;

  const failChunk = (chunk: Chunk, error: string) => chunk.settle(chunk.jobs.map(() => ({ ok: false, error })));

  const spawn = (): Promise<Thread> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, {
        eval: true,
        // Not the parent's flags (tsx's, vitest's): the bootstrap sets up what the thread needs.
        execArgv: [],
        workerData: { tsxApi: import.meta.resolve('tsx/esm/api'), entry: new URL('./batch-worker.ts', import.meta.url).href },
      });
      const thread: Thread = { worker, inFlight: new Map() };
      let ready = false;
      worker.on('message', (message: ChunkReply | typeof WORKER_READY) => {
        if (message === WORKER_READY) {
          ready = true;
          worker.unref();
          resolve(thread);
          return;
        }
        const chunk = thread.inFlight.get(message.id);
        thread.inFlight.delete(message.id);
        chunk?.settle(message.outcomes);
        pump(thread);
      });
      // A thread that dies takes its chunks with it; a new one takes its place for the rest of the queue.
      const lost = (error: string) => {
        for (const chunk of thread.inFlight.values()) failChunk(chunk, error);
        thread.inFlight.clear();
        if (!ready) {
          reject(new Error(`A worker thread failed to start: ${error}`));
          return;
        }
        const index = threads.indexOf(thread);
        if (closed || index < 0) return;
        threads.splice(index, 1);
        spawn().then(
          (replacement) => {
            threads.push(replacement);
            pump(replacement);
          },
          (failure: Error) => {
            // No thread left to run what is queued: fail it rather than leave its batches waiting for ever.
            if (threads.length === 0) for (const chunk of queue.splice(0)) failChunk(chunk, failure.message);
          },
        );
      };
      worker.on('error', (error) => lost(error.message));
      worker.on('exit', (code) => {
        if (!closed) lost(`the worker thread exited with code ${code}`);
      });
    });

  const post = (thread: Thread, chunk: Chunk): void => {
    const id = nextId++;
    try {
      if (transport === 'transfer') {
        const { jobs, buffer } = packed(chunk.jobs);
        thread.worker.postMessage({ id, jobs } satisfies ChunkRequest, [buffer]);
      } else thread.worker.postMessage({ id, jobs: chunk.jobs.map((job) => transported(job, chunk.copies)) } satisfies ChunkRequest);
      thread.inFlight.set(id, chunk);
    } catch (error) {
      // A job postMessage cannot copy (a function in its system, say) fails alone: its neighbours go one by one.
      if (chunk.jobs.length === 1) failChunk(chunk, error instanceof Error ? error.message : String(error));
      else {
        const parts = chunk.jobs.map(() => [] as SiteOutcome[]);
        let left = chunk.jobs.length;
        chunk.jobs.forEach((job, k) =>
          queue.unshift({
            jobs: [job],
            copies: chunk.copies,
            settle: (outcomes) => {
              parts[k] = outcomes;
              if (--left === 0) chunk.settle(parts.flat());
            },
          }),
        );
      }
    }
  };

  function pump(thread: Thread): void {
    while (thread.inFlight.size < CHUNKS_PER_THREAD && queue.length > 0) post(thread, queue.shift()!);
    // An idle pool must not keep the process alive; a busy one must, or an awaited batch could be cut short.
    if (thread.inFlight.size > 0) thread.worker.ref();
    else thread.worker.unref();
  }

  const started = await Promise.allSettled(Array.from({ length: options.threads }, spawn));
  threads = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    closed = true;
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
    throw failure.reason;
  }

  return {
    threads: options.threads,
    simulateSites(jobs) {
      if (closed) return Promise.reject(new Error('The site pool is closed'));
      if (jobs.length === 0) return Promise.resolve([]);
      return new Promise((resolve) => {
        const outcomes = new Array<SiteOutcome>(jobs.length);
        const size = Math.min(MAX_CHUNK_JOBS, Math.max(1, Math.ceil(jobs.length / (options.threads * 16))));
        let left = Math.ceil(jobs.length / size);
        const copies = transport === 'shared' ? new WeakMap<ArrayBufferView, ArrayBufferView>() : undefined;
        for (let start = 0; start < jobs.length; start += size) {
          queue.push({
            jobs: jobs.slice(start, start + size),
            copies,
            settle: (chunkOutcomes) => {
              chunkOutcomes.forEach((outcome, k) => (outcomes[start + k] = outcome));
              if (--left === 0) resolve(outcomes);
            },
          });
        }
        for (const thread of threads) pump(thread);
      });
    },
    async close() {
      closed = true;
      for (const chunk of queue.splice(0)) failChunk(chunk, 'The site pool was closed');
      for (const thread of threads) for (const chunk of thread.inFlight.values()) failChunk(chunk, 'The site pool was closed');
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

const sharedPools = new Map<string, Promise<SitePool>>();

/**
 * Runs the jobs on a pool kept for the life of the process (one per thread count and transport), started on the first
 * call; its idle threads do not keep the process alive.
 */
export async function simulateSites(jobs: readonly SiteJob[], options: SitePoolOptions): Promise<SiteOutcome[]> {
  const key = `${options.threads}/${options.weatherTransport ?? DEFAULT_TRANSPORT}`;
  let pool = sharedPools.get(key);
  if (!pool) {
    pool = startSitePool(options);
    sharedPools.set(key, pool);
    pool.catch(() => sharedPools.delete(key));
  }
  return (await pool).simulateSites(jobs);
}

/** The job as posted: with `copies`, its weather's arrays in shared memory ('shared'), else as they are ('clone'). */
function transported(job: SiteJob, copies: WeakMap<ArrayBufferView, ArrayBufferView> | undefined): SiteJob {
  if (!copies) return job;
  const weather: Record<string, unknown> = { ...job.weather };
  for (const [key, value] of Object.entries(weather)) {
    if (ArrayBuffer.isView(value) && !(value.buffer instanceof SharedArrayBuffer)) weather[key] = sharedCopy(value, copies);
  }
  return { ...job, weather: weather as unknown as WeatherYear };
}

function sharedCopy(array: ArrayBufferView, copies: WeakMap<ArrayBufferView, ArrayBufferView>): ArrayBufferView {
  let copy = copies.get(array);
  if (!copy) {
    const bytes = new Uint8Array(new SharedArrayBuffer(array.byteLength));
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    const Type = array.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ArrayBufferView;
    copy = new Type(bytes.buffer, 0, array.byteLength / (array as Float64Array).BYTES_PER_ELEMENT);
    copies.set(array, copy);
  }
  return copy;
}

/**
 * The jobs with their weather's arrays copied into one buffer, to be handed to the thread rather than copied again;
 * arrays that several jobs share are copied once, and arrays already in shared memory are left as they are.
 */
function packed(jobs: readonly SiteJob[]): { jobs: SiteJob[]; buffer: ArrayBuffer } {
  const offsets = new Map<ArrayBufferView, number>();
  let bytes = 0;
  for (const job of jobs) {
    for (const value of Object.values(job.weather)) {
      if (!ArrayBuffer.isView(value) || value.buffer instanceof SharedArrayBuffer || offsets.has(value)) continue;
      bytes = Math.ceil(bytes / 8) * 8;
      offsets.set(value, bytes);
      bytes += value.byteLength;
    }
  }
  const buffer = new ArrayBuffer(bytes);
  const target = new Uint8Array(buffer);
  const views = new Map<ArrayBufferView, ArrayBufferView>();
  for (const [array, offset] of offsets) {
    target.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    views.set(array, viewLike(array, buffer, offset));
  }
  return {
    jobs: jobs.map((job) => {
      const weather: Record<string, unknown> = { ...job.weather };
      for (const [key, value] of Object.entries(weather)) if (ArrayBuffer.isView(value)) weather[key] = views.get(value) ?? value;
      return { ...job, weather: weather as unknown as WeatherYear };
    }),
    buffer,
  };
}

/** A typed array of the same type and length as `array`, over `buffer` from `byteOffset`. */
function viewLike(array: ArrayBufferView, buffer: ArrayBufferLike, byteOffset: number): ArrayBufferView {
  const Type = array.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ArrayBufferView;
  return new Type(buffer, byteOffset, array.byteLength / (array as Float64Array).BYTES_PER_ELEMENT);
}
