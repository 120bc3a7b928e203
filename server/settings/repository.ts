import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Assumptions } from '../../src/contract/settings.ts';
import type { Db } from '../db/client.ts';
import { settingsPresets } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';

export type PresetRow = typeof settingsPresets.$inferSelect;

const newestFirst = [desc(settingsPresets.lastUsedAt), desc(settingsPresets.id)];

export function settingsPresetsRepository(db: Db) {
  return {
    async find(ownerId: string, id: string): Promise<PresetRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(settingsPresets)
        .where(and(eq(settingsPresets.id, id), eq(settingsPresets.ownerId, ownerId)));
      return row;
    },

    /** With a project: its own presets and the ones for every project; without: all of the owner's. Newest first. */
    async list(ownerId: string, projectId?: string): Promise<PresetRow[]> {
      const scope = projectId ? or(eq(settingsPresets.projectId, projectId), isNull(settingsPresets.projectId)) : undefined;
      return db
        .select()
        .from(settingsPresets)
        .where(and(eq(settingsPresets.ownerId, ownerId), scope))
        .orderBy(...newestFirst);
    },

    /** The most recently used or written preset: the project's own first, then one for every project. */
    async latest(ownerId: string, projectId?: string): Promise<PresetRow | undefined> {
      if (projectId) {
        const [own] = await db
          .select()
          .from(settingsPresets)
          .where(and(eq(settingsPresets.ownerId, ownerId), eq(settingsPresets.projectId, projectId)))
          .orderBy(...newestFirst)
          .limit(1);
        if (own) return own;
      }
      const [row] = await db
        .select()
        .from(settingsPresets)
        .where(and(eq(settingsPresets.ownerId, ownerId), projectId ? isNull(settingsPresets.projectId) : undefined))
        .orderBy(...newestFirst)
        .limit(1);
      return row;
    },

    async create(ownerId: string, values: { name: string; projectId: string | null; basedOn: string | null; assumptions: Assumptions }): Promise<PresetRow> {
      const [row] = await db
        .insert(settingsPresets)
        .values({ ...values, ownerId })
        .returning();
      return row!;
    },

    /** Marks a preset as the one a study just used, so `last/get` answers it next. */
    async touch(ownerId: string, id: string): Promise<void> {
      if (!isUuid(id)) return;
      await db
        .update(settingsPresets)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(settingsPresets.id, id), eq(settingsPresets.ownerId, ownerId)));
    },

    async update(ownerId: string, id: string, values: { name?: string; projectId?: string | null; assumptions: Assumptions }): Promise<PresetRow | undefined> {
      const now = new Date();
      const [row] = await db
        .update(settingsPresets)
        .set({ ...values, updatedAt: now, lastUsedAt: now })
        .where(and(eq(settingsPresets.id, id), eq(settingsPresets.ownerId, ownerId)))
        .returning();
      return row;
    },
  };
}

export type SettingsPresetsRepository = ReturnType<typeof settingsPresetsRepository>;
