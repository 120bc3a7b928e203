import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pvgisTmyCache, weatherFiles } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';

export type WeatherFileSummary = Omit<typeof weatherFiles.$inferSelect, 'content'>;
export type NewWeatherFile = Omit<typeof weatherFiles.$inferInsert, 'id' | 'ownerId' | 'createdAt'>;

const { content: _content, ...summaryColumns } = getTableColumns(weatherFiles);

/** Uploaded weather files, always scoped by owner; lists never carry the file text. */
export function weatherFilesRepository(db: Db) {
  return {
    async create(ownerId: string, values: NewWeatherFile): Promise<WeatherFileSummary> {
      const [row] = await db
        .insert(weatherFiles)
        .values({ ...values, ownerId })
        .returning(summaryColumns);
      return row!;
    },

    async count(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(weatherFiles).where(eq(weatherFiles.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** Newest first. */
    async list(ownerId: string): Promise<WeatherFileSummary[]> {
      return db
        .select(summaryColumns)
        .from(weatherFiles)
        .where(eq(weatherFiles.ownerId, ownerId))
        .orderBy(desc(weatherFiles.createdAt), desc(weatherFiles.id));
    },

    /** The owner's file without its text, or undefined for an unknown, malformed or someone else's id. */
    async summary(ownerId: string, id: string): Promise<WeatherFileSummary | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select(summaryColumns)
        .from(weatherFiles)
        .where(and(eq(weatherFiles.id, id), eq(weatherFiles.ownerId, ownerId)));
      return row;
    },

    /** The text of one of the owner's files. */
    async content(ownerId: string, id: string): Promise<string | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ content: weatherFiles.content })
        .from(weatherFiles)
        .where(and(eq(weatherFiles.id, id), eq(weatherFiles.ownerId, ownerId)));
      return row?.content;
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(weatherFiles)
        .where(and(eq(weatherFiles.id, id), eq(weatherFiles.ownerId, ownerId)))
        .returning({ id: weatherFiles.id });
      return rows.length > 0;
    },
  };
}

export type PvgisCacheRow = typeof pvgisTmyCache.$inferSelect;

/** PVGIS answers by location (0.001° grid); public data, so not scoped by user. */
export function pvgisCacheRepository(db: Db) {
  return {
    async find(latE3: number, lonE3: number): Promise<PvgisCacheRow | undefined> {
      const [row] = await db
        .select()
        .from(pvgisTmyCache)
        .where(and(eq(pvgisTmyCache.latE3, latE3), eq(pvgisTmyCache.lonE3, lonE3)));
      return row;
    },

    /** Stores an answer, replacing one fetched from another PVGIS_BASE_URL. */
    async put(values: Omit<PvgisCacheRow, 'fetchedAt'>): Promise<PvgisCacheRow> {
      const { latE3: _lat, lonE3: _lon, ...rest } = values;
      const [row] = await db
        .insert(pvgisTmyCache)
        .values(values)
        .onConflictDoUpdate({ target: [pvgisTmyCache.latE3, pvgisTmyCache.lonE3], set: { ...rest, fetchedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}

export type WeatherFilesRepository = ReturnType<typeof weatherFilesRepository>;
export type PvgisCacheRepository = ReturnType<typeof pvgisCacheRepository>;
