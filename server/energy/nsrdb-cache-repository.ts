import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nsrdbWeatherCache } from '../db/schema.ts';

export type NsrdbCacheRow = typeof nsrdbWeatherCache.$inferSelect;
export type NsrdbCacheKey = Pick<NsrdbCacheRow, 'dataset' | 'latE3' | 'lonE3' | 'year'>;

/** NSRDB answers by dataset, location (0.001° grid) and year; public data, so not scoped by user. */
export function nsrdbCacheRepository(db: Db) {
  const t = nsrdbWeatherCache;
  return {
    async find(key: NsrdbCacheKey): Promise<NsrdbCacheRow | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.dataset, key.dataset), eq(t.latE3, key.latE3), eq(t.lonE3, key.lonE3), eq(t.year, key.year)));
      return row;
    },

    /** Stores an answer, replacing one fetched from another NSRDB_BASE_URL. */
    async put(values: Omit<NsrdbCacheRow, 'fetchedAt'>): Promise<NsrdbCacheRow> {
      const { dataset: _dataset, latE3: _lat, lonE3: _lon, year: _year, ...rest } = values;
      const [row] = await db
        .insert(t)
        .values(values)
        .onConflictDoUpdate({ target: [t.dataset, t.latE3, t.lonE3, t.year], set: { ...rest, fetchedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}

export type NsrdbCacheRepository = ReturnType<typeof nsrdbCacheRepository>;
