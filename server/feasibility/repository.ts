import { and, count, desc, eq, getTableColumns, lt, ne, notExists, sql } from 'drizzle-orm';
import { primaryStudyOf } from '../../src/contract/primary-study.ts';
import type { Db } from '../db/client.ts';
import { feasibilityStudies, plotMaps, projects, studyLoads, studyWeather } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';

export type StudyRow = typeof feasibilityStudies.$inferSelect;
export type StudySummary = Omit<StudyRow, 'energy' | 'finance'> & { plotMap: PlotMapMeta | null };
export interface StudyLoadRow {
  stepsPerHour: number;
  kwh: number[];
}

export type NewStudy = Omit<typeof feasibilityStudies.$inferInsert, 'id' | 'ownerId' | 'projectId' | 'name' | 'isPrimary' | 'createdAt' | 'updatedAt' | 'weatherHash'>;
export type PlotMapMeta = Pick<typeof plotMaps.$inferSelect, 'fileName' | 'contentType' | 'byteSize' | 'uploadedAt'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const { energy: _energy, finance: _finance, ...summaryColumns } = getTableColumns(feasibilityStudies);
const plotMapColumns = { fileName: plotMaps.fileName, contentType: plotMaps.contentType, byteSize: plotMaps.byteSize, uploadedAt: plotMaps.uploadedAt };

/** Refused inside the creating transaction, so concurrent creates cannot pass the plan's limit together. */
export class StudyLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`study limit ${limit} reached`);
  }
}

/**
 * Feasibility studies, always scoped by owner. Writes that touch the primary flag lock the project row first, so
 * concurrent creates, deletes and set_primary calls on one project run one after another and leave one primary.
 */
export function feasibilityRepository(db: Db) {
  const lockProject = (tx: Tx, ownerId: string, projectId: string) =>
    tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.ownerId, ownerId)))
      .for('update');

  async function summaries(where: ReturnType<typeof and>, limit?: number): Promise<StudySummary[]> {
    const query = db
      .select({ study: summaryColumns, plotMap: plotMapColumns })
      .from(feasibilityStudies)
      .leftJoin(plotMaps, eq(plotMaps.studyId, feasibilityStudies.id))
      .where(where)
      .orderBy(desc(feasibilityStudies.createdAt), desc(feasibilityStudies.id));
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((row) => ({ ...row.study, plotMap: row.plotMap?.fileName ? row.plotMap : null }));
  }

  const owned = (ownerId: string, id: string) => and(eq(feasibilityStudies.id, id), eq(feasibilityStudies.ownerId, ownerId));

  return {
    /** Newest first. */
    list: (ownerId: string, projectId: string) =>
      isUuid(projectId) ? summaries(and(eq(feasibilityStudies.projectId, projectId), eq(feasibilityStudies.ownerId, ownerId))) : Promise.resolve([]),

    async find(ownerId: string, id: string): Promise<StudySummary | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await summaries(owned(ownerId, id), 1);
      return row;
    },

    async results(ownerId: string, id: string): Promise<Pick<StudyRow, 'id' | 'energy' | 'finance' | 'uncertainty'> | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ id: feasibilityStudies.id, energy: feasibilityStudies.energy, finance: feasibilityStudies.finance, uncertainty: feasibilityStudies.uncertainty })
        .from(feasibilityStudies)
        .where(owned(ownerId, id));
      return row;
    },

    async countForProject(ownerId: string, projectId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(feasibilityStudies)
        .where(and(eq(feasibilityStudies.projectId, projectId), eq(feasibilityStudies.ownerId, ownerId)));
      return row?.n ?? 0;
    },

    /**
     * Saves a study with the weather it ran on. The first study of a project becomes its primary. Returns undefined when
     * the project is not the owner's; throws StudyLimitReached when the project already holds `limit` studies.
     */
    async create(
      ownerId: string,
      projectId: string,
      values: NewStudy & { name: (existing: number) => string },
      weather: { hash: string; kind: 'file' | 'monthly'; content: string },
      limit: number,
      load: StudyLoadRow | null = null,
    ): Promise<StudySummary | undefined> {
      if (!isUuid(projectId)) return undefined;
      const id = await db.transaction(async (tx) => {
        const [project] = await lockProject(tx, ownerId, projectId);
        if (!project) return undefined;
        const [{ n: existing } = { n: 0 }] = await tx.select({ n: count() }).from(feasibilityStudies).where(eq(feasibilityStudies.projectId, projectId));
        if (existing >= limit) throw new StudyLimitReached(limit);
        const [primary] = await tx
          .select({ id: feasibilityStudies.id })
          .from(feasibilityStudies)
          .where(and(eq(feasibilityStudies.projectId, projectId), eq(feasibilityStudies.isPrimary, true)));
        // Touching last_used_at takes the row's lock, so the hourly prune cannot delete it under this study.
        await tx
          .insert(studyWeather)
          .values(weather)
          .onConflictDoUpdate({ target: studyWeather.hash, set: { lastUsedAt: sql`now()` } });
        const [row] = await tx
          .insert(feasibilityStudies)
          .values({ ...values, name: values.name(existing), ownerId, projectId, weatherHash: weather.hash, isPrimary: !primary })
          .returning({ id: feasibilityStudies.id });
        if (load) await tx.insert(studyLoads).values({ studyId: row!.id, stepsPerHour: load.stepsPerHour, kwh: load.kwh });
        return row!.id;
      });
      return id === undefined ? undefined : this.find(ownerId, id);
    },

    /** Makes a study its project's primary and clears the others, in one transaction; undefined when it is not the owner's. */
    async setPrimary(ownerId: string, id: string): Promise<StudySummary | undefined> {
      if (!isUuid(id)) return undefined;
      const done = await db.transaction(async (tx) => {
        const [study] = await tx.select({ projectId: feasibilityStudies.projectId }).from(feasibilityStudies).where(owned(ownerId, id));
        if (!study || (await lockProject(tx, ownerId, study.projectId)).length === 0) return false;
        const now = new Date();
        await tx
          .update(feasibilityStudies)
          .set({ isPrimary: false, updatedAt: now })
          .where(and(eq(feasibilityStudies.projectId, study.projectId), eq(feasibilityStudies.isPrimary, true), ne(feasibilityStudies.id, id)));
        const updated = await tx.update(feasibilityStudies).set({ isPrimary: true, updatedAt: now }).where(owned(ownerId, id)).returning({ id: feasibilityStudies.id });
        return updated.length > 0;
      });
      return done ? this.find(ownerId, id) : undefined;
    },

    async rename(ownerId: string, id: string, name: string): Promise<StudySummary | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db.update(feasibilityStudies).set({ name, updatedAt: new Date() }).where(owned(ownerId, id)).returning({ id: feasibilityStudies.id });
      return rows.length > 0 ? this.find(ownerId, id) : undefined;
    },

    /** Deletes a study; when it was the primary, the newest remaining study of the project becomes primary. */
    async remove(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return db.transaction(async (tx) => {
        const [study] = await tx.select({ projectId: feasibilityStudies.projectId }).from(feasibilityStudies).where(owned(ownerId, id));
        if (!study || (await lockProject(tx, ownerId, study.projectId)).length === 0) return false;
        const [removed] = await tx.delete(feasibilityStudies).where(owned(ownerId, id)).returning({ isPrimary: feasibilityStudies.isPrimary });
        if (!removed) return false;
        if (removed.isPrimary) {
          const remaining = await tx
            .select({ id: feasibilityStudies.id, createdAt: feasibilityStudies.createdAt })
            .from(feasibilityStudies)
            .where(eq(feasibilityStudies.projectId, study.projectId));
          const next = primaryStudyOf(remaining, (row) => ({ id: row.id, created: row.createdAt.getTime(), primary: false }));
          if (next) await tx.update(feasibilityStudies).set({ isPrimary: true }).where(eq(feasibilityStudies.id, next.id));
        }
        return true;
      });
    },

    /** The primary study of a project with its full results (for the report), if any. */
    async primary(ownerId: string, projectId: string): Promise<StudyRow | undefined> {
      if (!isUuid(projectId)) return undefined;
      const [row] = await db
        .select()
        .from(feasibilityStudies)
        .where(and(eq(feasibilityStudies.projectId, projectId), eq(feasibilityStudies.ownerId, ownerId), eq(feasibilityStudies.isPrimary, true)));
      return row;
    },

    async weather(ownerId: string, id: string): Promise<{ hash: string; kind: 'file' | 'monthly'; content: string } | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ hash: studyWeather.hash, kind: studyWeather.kind, content: studyWeather.content })
        .from(feasibilityStudies)
        .innerJoin(studyWeather, eq(studyWeather.hash, feasibilityStudies.weatherHash))
        .where(owned(ownerId, id));
      return row;
    },

    /** The load a behind-the-meter study ran on; undefined for another study or someone else's. */
    async load(ownerId: string, id: string): Promise<StudyLoadRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ stepsPerHour: studyLoads.stepsPerHour, kwh: studyLoads.kwh })
        .from(feasibilityStudies)
        .innerJoin(studyLoads, eq(studyLoads.studyId, feasibilityStudies.id))
        .where(owned(ownerId, id));
      return row;
    },

    /** Replaces a study's plot map; false when the study is not the owner's. */
    async putPlotMap(ownerId: string, id: string, file: { fileName: string; contentType: string; content: Uint8Array }): Promise<boolean> {
      if (!isUuid(id)) return false;
      return db.transaction(async (tx) => {
        const [study] = await tx.select({ id: feasibilityStudies.id }).from(feasibilityStudies).where(owned(ownerId, id)).for('update');
        if (!study) return false;
        const values = { ...file, byteSize: file.content.length, uploadedAt: new Date() };
        await tx
          .insert(plotMaps)
          .values({ studyId: id, ...values })
          .onConflictDoUpdate({ target: plotMaps.studyId, set: values });
        await tx.update(feasibilityStudies).set({ updatedAt: new Date() }).where(eq(feasibilityStudies.id, id));
        return true;
      });
    },

    async plotMap(ownerId: string, id: string): Promise<(PlotMapMeta & { content: Uint8Array }) | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ ...plotMapColumns, content: plotMaps.content })
        .from(plotMaps)
        .innerJoin(feasibilityStudies, eq(feasibilityStudies.id, plotMaps.studyId))
        .where(owned(ownerId, id));
      return row;
    },

    /** Deletes stored weather that no study has used for an hour (a study deleted, or its project or user). */
    async pruneWeather(): Promise<number> {
      const rows = await db
        .delete(studyWeather)
        .where(
          and(
            lt(studyWeather.lastUsedAt, sql`now() - interval '1 hour'`),
            notExists(db.select({ one: sql`1` }).from(feasibilityStudies).where(eq(feasibilityStudies.weatherHash, studyWeather.hash))),
          ),
        )
        .returning({ hash: studyWeather.hash });
      return rows.length;
    },
  };
}

export type FeasibilityRepository = ReturnType<typeof feasibilityRepository>;
