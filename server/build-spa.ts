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
  await build({ root, logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
}
