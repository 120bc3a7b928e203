import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A path string, not new URL(): in jsdom test files URL is jsdom's, which fileURLToPath refuses.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppProcess {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

interface AppProcessOptions {
  buildSpa?: boolean;
  dataDir?: string;
  /** More arguments for server/main.ts. */
  args?: string[];
}

/**
 * Runs the app as `npm start` does (build when needed, migrate, serve) on a free port with a fresh data folder, or
 * with `options.dataDir`, which is then the caller's to remove.
 */
export async function startAppProcess(env: Record<string, string> = {}, options: AppProcessOptions = {}): Promise<AppProcess> {
  // The free port is probed, then given to the app: another process may take it in between (two test files start
  // apps at once). That is the only failure worth a second try.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppProcessOnce(env, options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startAppProcessOnce(env: Record<string, string>, options: AppProcessOptions): Promise<AppProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sunplot-e2e-')));
  // A known free port rather than PORT=0, so the default PUBLIC_URL (and every mailed link) points at this app.
  const port = await freePort();
  // As package.json's start script: one node process (a tsx wrapper would stand between us and the signals).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...(options.buildSpa === false ? [] : ['--build-if-needed']), ...(options.args ?? [])], {
    cwd: root,
    // NODE_ENV=production as `npm start` has it: vitest's NODE_ENV=test would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the app exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can. */
export const browserUnavailable = () => (existsSync(chromiumPath) ? undefined : `no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);

// Flags from TECH-NOTES.md: without the background-networking ones Chromium keeps dialling out on a closed network.
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A loopback port free now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
