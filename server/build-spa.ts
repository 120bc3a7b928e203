import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { compressLaterVariable, precompressPending } from './precompress.ts';

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/**
 * Runs `vite build` into `outDir` (dist/ by default) when it is missing or older than the client sources, and
 * compresses its files. With `compressLater` the build only lists them, for server/precompress.ts's
 * `precompressPending`, which `npm start` runs once it listens; without it a list left by such a build is done first.
 */
export async function buildSpaIfNeeded(root: string, log: (message: string) => void, options: { outDir?: string; compressLater?: boolean } = {}) {
  await (await startSpaBuildIfNeeded(root, log, options)).done;
}

/**
 * `buildSpaIfNeeded` in two steps: resolves once the build runs (or is found not needed), with `done` for its end.
 * `npm start` opens the database only then: PGlite's first opening holds the thread for seconds, and the build, a
 * process of its own, goes on beside it on another core.
 */
export async function startSpaBuildIfNeeded(root: string, log: (message: string) => void, options: { outDir?: string; compressLater?: boolean } = {}) {
  const outDir = options.outDir ?? join(root, 'dist');
  const { built } = await buildIfOlder(root, outDir, log, options.compressLater === true);
  const done = options.compressLater ? built : built.then(() => precompressPending(outDir, availableParallelism())).then(() => undefined);
  return { done };
}

/** Starts `vite build` when `outDir` is older than the sources; `built` settles when it has ended. */
async function buildIfOlder(root: string, outDir: string, log: (message: string) => void, compressLater: boolean): Promise<{ built: Promise<void> }> {
  const page = await stat(join(outDir, 'index.html')).catch(() => undefined);
  const sources = Math.max(...(await Promise.all(['index.html', 'src', 'machines', 'public', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(root, p))))));
  if (page && page.mtimeMs >= sources) return { built: Promise.resolve() };
  log('building the web app (vite build)…');
  const started = performance.now();
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  // A production build whatever started us: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build (a third larger, and slower).
  const env = { ...process.env, NODE_ENV: 'production', ...(compressLater && { [compressLaterVariable]: '1' }) };
  const child = spawn(process.execPath, [vite, 'build', '--mode', 'production', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  // Below the server's thread, which creates PGlite's files meanwhile on one core: the build's threads take the rest.
  try {
    if (child.pid !== undefined) setPriority(child.pid, 10);
  } catch {
    // It has ended already: its exit says how.
  }
  const ended = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
      log(`built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
  return { built: ended };
}
