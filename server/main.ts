import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { buildSpaIfNeeded } from './build-spa.ts';
import { DataDirInUseError, lockDataDir } from './platform/data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { loadSettings, SettingsError } from './env.ts';
import { loadJwtSecret } from './platform/secrets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const settings = loadSettings();
  const dataDir = resolve(settings.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  // Before anything opens the data: a second server on the same folder would lose the first one's writes.
  lockDataDir(dataDir);
  if (process.argv.includes('--build-if-needed')) await buildSpaIfNeeded(root, (message) => console.log(message));

  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  const jwtSecret = await loadJwtSecret(settings.JWT_SECRET, dataDir);
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
  const logger = { level: settings.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrftoken"]'] };
  const app = await buildApp({ settings, database, jwtSecret, dataDir, version, staticDir: join(root, 'dist'), logger, print: (line) => console.log(line) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting connections, waits for requests in flight and for queued mail; then the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: settings.PORT, host: settings.HOST });
  console.log(`Sunplot ${version} listening on ${address} (database: ${database.engine}, public URL: ${settings.PUBLIC_URL})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
