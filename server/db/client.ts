import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema.ts';
import { plannerStatistics } from './statistics.ts';

/** One type for both drivers, so repositories never know which engine they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a LISTEN hands on: each payload NOTIFYed on the channel, and whether notifications can be trusted to arrive. */
export interface ListenHandlers {
  onNotify(payload: string): void;
  /** false: the listening connection is lost or stopped answering, so notifications may be missed until the next true. */
  onListening(listening: boolean): void;
}

export interface Listening {
  /** Resolves once every notification committed before the call has reached `onNotify` (a round trip on the listening connection). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PostgreSQL's connection URL (undefined on PGlite), for clients that open connections of their own (pg-boss). */
  url?: string;
  /** Analyzes the tables that changed enough since their last analysis (server/db/statistics.ts); answers their names. */
  refreshStatistics(): Promise<string[]>;
  /** LISTENs on `channel` (a plain identifier); resolves at once, `onListening(true)` saying when notifications flow. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
}

/** When and how often PGlite's tables are checked for stale planner statistics. */
const firstAnalyzeAfterMs = 10_000;
const analyzeEveryMs = 60_000;
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (in memory when undefined), and migrates. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    // Loaded only here: PGlite's servers (the default) need neither, and they took ~0.15 s of every start.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    // Autovacuum analyzes in the background; a caller that just changed many rows may ask now.
    const statistics = plannerStatistics(db);
    return { db, engine: 'postgres', url, refreshStatistics: () => statistics.refresh(), listen: (channel, handlers) => Promise.resolve(listenOnPostgres(pg.Client, url, pool, channel, handlers)), close: () => pool.end() };
  }
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite runs no autovacuum: its part in keeping the planner's statistics fresh is played here, once a minute from
  // 10 s after opening (not at once: a first start analyzes every table, ~0.1-0.3 s on the request thread).
  const statistics = plannerStatistics(db);
  let analyzing = setTimeout(function analyze() {
    void statistics.refresh().catch(() => {});
    analyzing = setTimeout(analyze, analyzeEveryMs).unref();
  }, firstAnalyzeAfterMs).unref();
  return {
    db,
    engine: 'pglite',
    refreshStatistics: () => statistics.refresh(),
    async listen(channel, handlers) {
      // One connection serves every query, and it hands on a notification with the results of the statement that
      // committed it, before that statement's promise resolves: by the time a write has answered, it has been heard.
      const stop = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onListening(true);
      return { sync: () => Promise.resolve(), close: () => stop() };
    },
    async close() {
      clearTimeout(analyzing);
      await client.close();
    },
  };
}

// How often the PostgreSQL listener proves that notifications still arrive, how long it waits for its own, and how
// long it waits before connecting again once it lost its connection.
const probeEveryMs = 10_000;
const probeTimeoutMs = 5_000;
const reconnectAfterMs = 1_000;
const probePrefix = 'sunplot-probe:';
/** The listening connection's application_name, as pg_stat_activity shows it. */
const listenerName = 'sunplot-changes';

/**
 * A connection of its own LISTENs (a pooled one would drop it). Listening counts only once a NOTIFY sent through the pool
 * has arrived, and the same probe runs every 10 s: a silently dead connection, or a pooler in transaction mode that
 * takes LISTEN and never delivers, never passes for a working feed. A lost connection is opened again after a second.
 */
function listenOnPostgres(Client: typeof pg.Client, url: string, pool: pg.Pool, channel: string, handlers: ListenHandlers): Listening {
  let current: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const probes = new Map<string, () => void>();

  /** Fails when `work` has not settled within the probe timeout. */
  const inTime = (work: Promise<unknown>) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the listening connection did not answer in time')), probeTimeoutMs);
      work.then(
        () => resolve(),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      ).finally(() => clearTimeout(timer));
    });

  const probe = () => {
    const id = randomUUID();
    const arrived = new Promise<void>((resolve) => probes.set(id, resolve));
    pool.query('SELECT pg_notify($1, $2)', [channel, probePrefix + id]).catch(() => {});
    return inTime(arrived).finally(() => probes.delete(id));
  };

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    if (listening) handlers.onListening(false);
    listening = false;
    client.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect(), reconnectAfterMs);
  };

  async function connect() {
    retry = undefined;
    const client = new Client({ connectionString: url, keepAlive: true, application_name: listenerName });
    client.on('notification', ({ channel: from, payload = '' }) => {
      if (from !== channel) return;
      if (payload.startsWith(probePrefix)) probes.get(payload.slice(probePrefix.length))?.();
      else handlers.onNotify(payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    current = client;
    try {
      await inTime(client.connect());
      await inTime(client.query(`LISTEN ${channel}`));
      await probe();
      if (current !== client) return;
      listening = true;
      handlers.onListening(true);
    } catch {
      lost(client);
    }
  }

  const heartbeat = setInterval(() => {
    const client = current;
    if (client && listening) probe().catch(() => lost(client));
  }, probeEveryMs);
  heartbeat.unref();
  void connect();

  // One round trip at a time: callers that come while one is out share the next, which starts after their call.
  let roundTrip: Promise<void> | undefined;
  let nextRoundTrip: Promise<void> | undefined;
  const sync = (): Promise<void> => {
    if (roundTrip) {
      nextRoundTrip ??= roundTrip.then(() => {
        nextRoundTrip = undefined;
        return sync();
      });
      return nextRoundTrip;
    }
    const client = current;
    if (!client || !listening) return Promise.resolve();
    roundTrip = inTime(client.query('SELECT 1'))
      .catch(() => lost(client))
      .finally(() => (roundTrip = undefined));
    return roundTrip;
  };

  return {
    sync,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const client = current;
      current = undefined;
      listening = false;
      await client?.end().catch(() => {});
    },
  };
}
