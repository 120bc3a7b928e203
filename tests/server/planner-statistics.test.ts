import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { describeApi } from '../support/describe-api.ts';
import { storeGrid } from '../support/parcel-grid.ts';
import { openTestDatabase, queryRows } from '../support/test-db.ts';

// PGlite runs no autovacuum, so the app analyzes tables itself, by autovacuum's rule (50 rows + 10 % changed).
describeApi('planner statistics', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const analyzedRows = async () => (await queryRows<{ reltuples: number }>(database, sql`select reltuples from pg_class where relname = 'parcels'`))[0]?.reltuples;
  const touch = (n: number) => database.db.execute(sql`update parcels set source = source where id in (select id from parcels order by id limit ${n})`);
  // PostgreSQL counts a change a moment after it commits, hence the polls.
  const refreshed = () => expect.poll(() => database.refreshStatistics(), { timeout: 10_000 });

  it('analyzes a table never analyzed, then again only once more than 50 rows + 10 % of it changed', async () => {
    await storeGrid(database.db, { columns: 40, rows: 25 });
    await refreshed().toContain('public.parcels');
    expect(await analyzedRows()).toBe(1000);
    expect(await database.refreshStatistics()).not.toContain('public.parcels');

    await touch(140);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await database.refreshStatistics()).not.toContain('public.parcels');
    await touch(20);
    await refreshed().toContain('public.parcels');
  });

  it('shares one run between calls made while it runs', async () => {
    await touch(300);
    const [first, second] = [database.refreshStatistics(), database.refreshStatistics()];
    expect(second).toBe(first);
    await first;
  });
});
