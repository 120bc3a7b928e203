import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectParcels, projects } from '../db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type ProjectWithCount = ProjectRow & { parcelCount: number };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not UUIDs cannot name a row; checking first keeps the database from raising on them. */
export const isUuid = (id: string) => uuidPattern.test(id);

// LIKE's own wildcards in a search are literal characters.
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const parcelCount = sql<number>`(select count(*)::int from ${projectParcels} where ${projectParcels.projectId} = ${projects.id})`;

export function projectsRepository(db: Db) {
  return {
    async create(ownerId: string, values: ProjectValues): Promise<ProjectWithCount> {
      const [row] = await db
        .insert(projects)
        .values({ ...values, ownerId })
        .returning();
      return { ...row!, parcelCount: 0 };
    },

    /** The owner's project, or undefined for an unknown id, a malformed id or someone else's project. */
    async find(ownerId: string, id: string): Promise<ProjectWithCount | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ project: projects, parcelCount })
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)));
      return row && { ...row.project, parcelCount: row.parcelCount };
    },

    /** Newest first; `search` matches the name anywhere, case-insensitively. */
    async list(ownerId: string, options: { search?: string; offset: number; limit: number }) {
      const where = and(eq(projects.ownerId, ownerId), options.search ? ilike(projects.name, `%${likeEscape(options.search)}%`) : undefined);
      const [total] = await db.select({ n: count() }).from(projects).where(where);
      const rows = await db
        .select({ project: projects, parcelCount })
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .offset(options.offset)
        .limit(options.limit);
      return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.project, parcelCount: r.parcelCount })) };
    },

    async update(ownerId: string, id: string, values: Partial<ProjectValues>): Promise<ProjectWithCount | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(projects)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
        .returning({ id: projects.id });
      return row && this.find(ownerId, row.id);
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(projects)
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
        .returning({ id: projects.id });
      return rows.length > 0;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof projectsRepository>;
