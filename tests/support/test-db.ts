import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/raw-rows.ts';

export type TestEngine = 'pglite' | 'postgres';

/** Which engine this vitest project runs on (set per project in vite.config.ts). */
export const testEngine: TestEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Why the current engine cannot run here, or undefined when it can. */
export const engineUnavailable = (): string | undefined =>
  testEngine === 'postgres' && !process.env.DATABASE_URL ? 'DATABASE_URL is not set, so the API suite does not run against PostgreSQL' : undefined;

/**
 * One database per test file: PGlite in memory, or a new database on the PostgreSQL server of
 * DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') return openDatabase({});
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the server of DATABASE_URL, for one test file or one app process. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `sunplot_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/** Rows of a raw SQL query, typed by the caller. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

/**
 * Drops a test database once its connections are gone. Not `with (force)`: that kills connections the pool
 * is still closing, and pg reports their FATAL as an uncaught error in whichever test runs next.
 */
async function dropDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await admin.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        // 55006: still being accessed; the pool's connections are on their way out.
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    console.warn(`test database ${name} was left behind: connections to it did not close`);
  } finally {
    await admin.end();
  }
}
