import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Plugin, Rollup } from 'vite';

/** One built file to compress; data (a JSON module's chunk, such as the offline basemap's atlases) gets zlib's best gzip. */
export interface CompressJob {
  file: string;
  data: boolean;
}

/**
 * Where a build that leaves its compression for later (`npm start`, server/build-spa.ts) lists the files to compress,
 * beside index.html. A dotfile, so the static server never sends it; the next build empties dist/ and so drops it.
 */
export const pendingListName = '.precompress-pending.json';

/** Set by server/build-spa.ts around `vite build`: list the files in `pendingListName` instead of compressing them. */
export const compressLaterVariable = 'SUNPLOT_PRECOMPRESS_LATER';

/**
 * A worker that writes the `.br` (brotli's best) and `.gz` (Zopfli, or zlib's best for data) siblings of one file.
 * Both compressions run inside it: on the main thread's libuv pool brotli's seconds-long jobs would hold up the file
 * reads of a server answering meanwhile, and the Emscripten build of Zopfli installs process-wide error handlers where
 * it is loaded. Each sibling is written under a temporary name and renamed, so a request never reads half a file.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
const { gzipAsync } = require(workerData.zopfli);
const put = (path, bytes) => {
  const temporary = path + '.' + process.pid + '.tmp';
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
};
parentPort.on('message', async ({ id, path, data }) => {
  try {
    const source = readFileSync(path);
    if (source.length >= 1024) {
      const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
      const gz = data ? gzipSync(source, { level: constants.Z_BEST_COMPRESSION }) : await gzipAsync(source, { numiterations: 15 });
      if (br.length < source.length) put(path + '.br', br);
      if (gz.length < source.length) put(path + '.gz', gz);
    }
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

function compressor() {
  const worker = new Worker(workerSource, { eval: true, workerData: { zopfli: createRequire(import.meta.url).resolve('@gfx/zopfli') } });
  const waiting = new Map<number, { done: () => void; fail: (error: unknown) => void }>();
  let nextId = 0;
  worker.on('message', ({ id, error }: { id: number; error?: string }) => {
    const job = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) job?.done();
    else job?.fail(new Error(error));
  });
  worker.on('error', (error) => {
    for (const { fail } of waiting.values()) fail(error);
    waiting.clear();
  });
  return {
    compress: (path: string, data: boolean) =>
      new Promise<void>((done, fail) => {
        const id = nextId++;
        waiting.set(id, { done, fail });
        worker.postMessage({ id, path, data });
      }),
    close: () => worker.terminate(),
  };
}

/**
 * Writes `.br` and `.gz` siblings of each file (under `dir`) at the strongest levels, for the server to send as they
 * are (server/plugins/spa.ts). Files under 1 KiB, or that would not shrink, are left alone, as the server's own
 * compression leaves small answers alone. `threads` workers share the files.
 */
export async function precompress(dir: string, jobs: CompressJob[], threads: number) {
  const queue = [...jobs];
  const workers = Array.from({ length: Math.max(1, Math.min(threads, queue.length)) }, compressor);
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let job = queue.shift(); job; job = queue.shift()) await worker.compress(resolve(dir, job.file), job.data);
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
  }
}

/**
 * Compresses what a build left listed in `pendingListName`, then drops the list; resolves with the number of files, or
 * undefined when nothing was pending. A run cut short leaves the list, and the next start does it again. A server
 * answering meanwhile takes one thread, leaving it the other cores.
 */
export async function precompressPending(dir: string, threads = 1): Promise<number | undefined> {
  const listPath = join(dir, pendingListName);
  const list = await readFile(listPath, 'utf8').catch(() => undefined);
  if (list === undefined) return undefined;
  const jobs = JSON.parse(list) as CompressJob[];
  await precompress(dir, jobs, threads);
  await rm(listPath, { force: true });
  return jobs.length;
}

/** A JSON module's chunk (the offline basemap's atlases), not code. */
const isDataChunk = (file: Rollup.OutputAsset | Rollup.OutputChunk) => file.type === 'chunk' && !!file.facadeModuleId?.endsWith('.json');

/**
 * The build's precompression: every text file of the build, at once (`npm run build`), or listed for the server to
 * compress after it listens (`npm start` on a fresh clone, where the compression took 12 of its 22 s).
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sunplot:precompress',
    // Not the prerendering's server-side build (src/prerender/vite-plugin.ts), which is never served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // What the first page loads goes first (index.html, the files it names and their static imports): compressed in
      // the background, those are what a visitor gets soonest.
      const first = new Set<string>();
      const addFirst = (name: string) => {
        const file = bundle[name];
        if (first.has(name) || !file) return;
        first.add(name);
        if (file.type === 'chunk') file.imports.forEach(addFirst);
      };
      // index.html, the prerendered pages (src/prerender) and what they name.
      for (const html of Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.html'))) {
        addFirst(html.fileName);
        for (const [, name] of String((html as Rollup.OutputAsset).source).matchAll(/(?:src|href)="\/([^"]+)"/g)) addFirst(name!);
      }
      const jobs = Object.values(bundle)
        .filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file.fileName))
        // Data chunks (up to 0.8 MB) take Zopfli seconds each for ~4 %; code keeps Zopfli, as the landing page's
        // budget is counted in gzip.
        .map((file) => ({ file: file.fileName, data: isDataChunk(file) }))
        .sort((a, b) => Number(first.has(b.file)) - Number(first.has(a.file)));
      if (process.env[compressLaterVariable] === '1') await writeFile(join(outDir, pendingListName), JSON.stringify(jobs));
      else await precompress(outDir, jobs, availableParallelism());
    },
  };
}
