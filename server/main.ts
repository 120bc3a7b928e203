import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { startSpaBuildIfNeeded } from './build-spa.ts';
import { precompressPending } from './precompress.ts';
import { consoleLogger } from './platform/console-logger.ts';
import { DataDirInUseError, lockDataDir } from './platform/data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { loadSettings, SettingsError } from './env.ts';
import { loadJwtSecret } from './platform/secrets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  // --build-if-needed: build the web app first when its sources are newer (`npm start`), and compress its files once
  // listening. --dist DIR: serve the web app from DIR (default dist/).
  const { values: flags } = parseArgs({ options: { 'build-if-needed': { type: 'boolean' }, dist: { type: 'string' } } });
  const settings = loadSettings();
  const dataDir = resolve(settings.DATA_DIR);
  const staticDir = resolve(flags.dist ?? join(root, 'dist'));
  await mkdir(dataDir, { recursive: true });
  // Before anything opens the data: a second server on the same folder would lose the first one's writes.
  lockDataDir(dataDir);

  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  // The build and the database's first opening (creating PGlite's files and migrating) are the two long steps of a
  // first start: the build runs in a process of its own, started before PGlite's opening holds this thread, and the
  // server listens without waiting for it (its pages say the app is starting until it is built).
  const build = flags['build-if-needed'] ? await startSpaBuildIfNeeded(root, (message) => console.log(message), { outDir: staticDir, compressLater: true }) : undefined;
  // A failed build stops the server once it is up (below); meanwhile it is not an unhandled rejection.
  build?.done.catch(() => undefined);
  const [jwtSecret, database, logger] = await Promise.all([
    loadJwtSecret(settings.JWT_SECRET, dataDir),
    openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: join(dataDir, 'pglite') }),
    consoleLogger(settings),
  ]);
  const app = await buildApp({ settings, database, jwtSecret, dataDir, version, staticDir, webAppBuilt: build?.done, logger, print: (line) => console.log(line) });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting connections, waits for requests in flight and for queued mail; then the database.
    await app.close();
    await database.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: settings.PORT, host: settings.HOST });
  console.log(`Sunplot ${version} listening on ${address} (database: ${database.engine}, public URL: ${settings.PUBLIC_URL})`);
  build?.done.then(
    () => void compressInBackground(staticDir),
    (error: unknown) => {
      console.error('building the web app failed:', error);
      void shutdown('the build failed', 1);
    },
  );
}

/**
 * A fresh build's files are compressed at the strongest levels after the server listens, which took 12 of a first
 * start's 22 s: until a file's .br/.gz appear the server compresses it on the fly (server/plugins/spa.ts).
 */
async function compressInBackground(staticDir: string) {
  const started = performance.now();
  try {
    const files = await precompressPending(staticDir);
    if (files !== undefined) console.log(`compressed the web app's ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error('compressing the web app failed; its files go compressed on the fly:', error);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
