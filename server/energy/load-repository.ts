import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadFiles } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';

export type LoadFileSummary = Omit<typeof loadFiles.$inferSelect, 'kwh'>;
export type LoadFileRow = typeof loadFiles.$inferSelect;
export type NewLoadFile = Omit<typeof loadFiles.$inferInsert, 'id' | 'ownerId' | 'createdAt'>;

const { kwh: _kwh, ...summaryColumns } = getTableColumns(loadFiles);

/** Uploaded load files, always scoped by owner; lists never carry the values. */
export function loadFilesRepository(db: Db) {
  return {
    async create(ownerId: string, values: NewLoadFile): Promise<LoadFileSummary> {
      const [row] = await db
        .insert(loadFiles)
        .values({ ...values, ownerId })
        .returning(summaryColumns);
      return row!;
    },

    async count(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(loadFiles).where(eq(loadFiles.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** Newest first. */
    async list(ownerId: string): Promise<LoadFileSummary[]> {
      return db.select(summaryColumns).from(loadFiles).where(eq(loadFiles.ownerId, ownerId)).orderBy(desc(loadFiles.createdAt), desc(loadFiles.id));
    },

    /** One of the owner's files with its values; undefined for an unknown, malformed or someone else's id. */
    async find(ownerId: string, id: string): Promise<LoadFileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(loadFiles)
        .where(and(eq(loadFiles.id, id), eq(loadFiles.ownerId, ownerId)));
      return row;
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(loadFiles)
        .where(and(eq(loadFiles.id, id), eq(loadFiles.ownerId, ownerId)))
        .returning({ id: loadFiles.id });
      return rows.length > 0;
    },
  };
}

export type LoadFilesRepository = ReturnType<typeof loadFilesRepository>;
