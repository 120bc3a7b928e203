import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screeningSourceCache } from '../../db/schema.ts';

export type SourceTileRow = typeof screeningSourceCache.$inferSelect;

/** Tiles online screening sources answered; public data shared by all users, so not scoped by user. */
export function sourceCacheRepository(db: Db) {
  const t = screeningSourceCache;
  return {
    /** The fresh tiles of a source among `tiles`, fetched under the same definition. */
    async fresh(sourceId: string, sourceKey: string, tiles: string[], now: Date): Promise<SourceTileRow[]> {
      if (tiles.length === 0) return [];
      return db
        .select()
        .from(t)
        .where(and(eq(t.sourceId, sourceId), inArray(t.tile, tiles), eq(t.sourceKey, sourceKey), gt(t.expiresAt, now)));
    },

    /** Stores a tile, replacing an expired one or one fetched under another definition. */
    async put(row: SourceTileRow): Promise<void> {
      const { sourceId: _sourceId, tile: _tile, ...rest } = row;
      await db.insert(t).values(row).onConflictDoUpdate({ target: [t.sourceId, t.tile], set: rest });
    },

    /** Deletes tiles that expired before `now`; the number deleted. */
    async prune(now: Date): Promise<number> {
      const gone = await db.delete(t).where(lt(t.expiresAt, now)).returning({ tile: t.tile });
      return gone.length;
    },
  };
}

export type SourceCacheRepository = ReturnType<typeof sourceCacheRepository>;
