/**
 * Worker threads (piscina) for work that must not hold up the request thread: each task runs under a time budget
 * that counts from when a thread picks it up, and a thread that runs over, or out of its heap, is stopped; the
 * request thread and every other request carry on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * The first module of every thread. Node 20 does not apply `--import tsx` to worker threads, so this registers tsx
 * in the thread, then loads the TypeScript entry. It is JavaScript, so it is written out at run time rather than kept
 * in the repository, where the linter would have to be taught about it.
 */
const bootstrap = `import { workerData } from 'node:worker_threads';
const { register } = await import(workerData.tsxApi);
register();
export default (await import(workerData.entry)).default;
`;

/** The task ran longer than its budget; its thread was stopped. */
export class WorkTimedOut extends Error {}
/** The task needed more heap than a thread has; its thread died of it. */
export class WorkOutOfMemory extends Error {}
/** Every thread stayed busy for longer than a task may wait, or the queue is full. */
export class WorkersBusy extends Error {}

export interface WorkerPoolOptions {
  /** The TypeScript module whose default export (made with `workerTask`) runs each task. */
  entry: URL;
  maxThreads: number;
  /** Tasks that may wait for a thread; more are refused at once. */
  maxQueue: number;
  /** Old-generation heap of each thread. */
  heapMb: number;
  /** Called with errors no task owns (a thread failing between tasks), which would otherwise end the process. */
  onError: (error: unknown) => void;
}

interface Envelope<In> {
  input: In;
  /** The worker posts here as it starts, so the budget does not count time spent waiting in the queue. */
  started: MessagePort;
}

/** The default export of a worker module: runs `run` and tells the pool when it started. */
export function workerTask<In, Out>(run: (input: In) => Out | Promise<Out>) {
  return ({ input, started }: Envelope<In>): Out | Promise<Out> => {
    started.postMessage('started');
    started.close();
    return run(input);
  };
}

export interface WorkerPool<In, Out> {
  run(input: In, budget: { runMs: number; waitMs: number }): Promise<Out>;
  close(): Promise<void>;
}

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  // A directory of its own (mode 0700): a file at a fixed name in /tmp could be someone else's.
  const dir = mkdtempSync(join(tmpdir(), 'sunplot-workers-'));
  writeFileSync(join(dir, 'bootstrap.mjs'), bootstrap);
  const pool = new Piscina<Envelope<In>, Out>({
    filename: join(dir, 'bootstrap.mjs'),
    workerData: { entry: options.entry.href, tsxApi: import.meta.resolve('tsx/esm/api') },
    minThreads: 0,
    maxThreads: options.maxThreads,
    // A thread costs ~1 s to start (tsx compiles the parsers); keep it a while for the next task.
    idleTimeout: 60_000,
    maxQueue: options.maxQueue,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    // Below the request thread in the scheduler's eyes (through @napi-rs/nice, where it installed): requests first.
    niceIncrement: 10,
    // Not the parent's flags (tsx's --import, vitest's): the bootstrap sets up what the thread needs.
    execArgv: [],
  });
  pool.on('error', options.onError);

  return {
    async run(input, budget) {
      if (pool.queueSize >= options.maxQueue) throw new WorkersBusy('every worker thread is busy and the queue is full');
      const controller = new AbortController();
      let stopped: Error | undefined;
      const stop = (reason: Error) => {
        stopped = reason;
        controller.abort(reason);
      };
      const { port1, port2 } = new MessageChannel();
      let timer = setTimeout(() => stop(new WorkersBusy(`no worker thread was free within ${budget.waitMs} ms`)), budget.waitMs);
      port1.once('message', () => {
        clearTimeout(timer);
        timer = setTimeout(() => stop(new WorkTimedOut(`the task ran for more than ${budget.runMs} ms`)), budget.runMs);
      });
      try {
        return await pool.run({ input, started: port2 }, { signal: controller.signal, transferList: [port2] });
      } catch (error) {
        if (stopped) throw stopped;
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkOutOfMemory(`the task needed more than ${options.heapMb} MB of heap`);
        throw error;
      } finally {
        clearTimeout(timer);
        port1.close();
      }
    },
    async close() {
      await pool.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
