import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * The planner's statistics, kept fresh as autovacuum keeps them on PostgreSQL: a table changed by more than 50 rows
 * plus 10 % of its rows since it was last analyzed (autovacuum's default thresholds) is analyzed again, and so is one
 * never analyzed (PGlite forgets the change counts when it closes, so a table filled in an earlier run shows none).
 * PGlite runs no autovacuum, so without this a table filled after it was created keeps the planner's guesses for ever:
 * a screening job's paged read of 50,000 parcels then sorted every remaining row for each page (44 ms a page, against
 * 1.6 ms once analyzed).
 */
export function plannerStatistics(db: Db) {
  let running: Promise<string[]> | undefined;

  async function analyzeStale(): Promise<string[]> {
    const stale = rowsOf<{ name: string }>(
      await db.execute(sql`
      select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
      order by s.n_mod_since_analyze desc, s.relname`),
    );
    for (const { name } of stale) {
      await db.execute(sql.raw(`analyze ${name}`));
      await yieldToRequests();
    }
    return stale.map((row) => row.name);
  }

  return {
    /** Analyzes the tables that changed enough since their last analysis; answers their names. Calls made while one runs share it. */
    refresh(): Promise<string[]> {
      running ??= analyzeStale().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
