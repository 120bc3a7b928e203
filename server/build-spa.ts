import { readdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
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
  const outDir = options.outDir ?? join(root, 'dist');
  await buildIfOlder(root, outDir, log, options.compressLater === true);
  if (!options.compressLater) await precompressPending(outDir, availableParallelism());
}

async function buildIfOlder(root: string, outDir: string, log: (message: string) => void, compressLater: boolean) {
  const built = await stat(join(outDir, 'index.html')).catch(() => undefined);
  const sources = Math.max(...(await Promise.all(['index.html', 'src', 'machines', 'public', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(root, p))))));
  if (built && built.mtimeMs >= sources) return;
  log('building the web app (vite build)…');
  const { build } = await import('vite');
  // A production build whatever started us: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build (a third larger, and slower).
  const saved = { NODE_ENV: process.env.NODE_ENV, [compressLaterVariable]: process.env[compressLaterVariable] };
  process.env.NODE_ENV = 'production';
  if (compressLater) process.env[compressLaterVariable] = '1';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', configFile: join(root, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
