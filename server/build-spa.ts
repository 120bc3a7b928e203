import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** Runs `vite build` when dist/ is missing or older than the client sources. */
export async function buildSpaIfNeeded(root: string, log: (message: string) => void) {
  const built = await stat(join(root, 'dist', 'index.html')).catch(() => undefined);
  const sources = Math.max(...(await Promise.all(['index.html', 'src', 'machines', 'public', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(root, p))))));
  if (built && built.mtimeMs >= sources) return;
  log('building the web app (vite build)…');
  const { build } = await import('vite');
  // A production build whatever started us: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build (a third larger, and slower).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
