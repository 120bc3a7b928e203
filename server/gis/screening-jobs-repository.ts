import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, not, notInArray, or, sql } from 'drizzle-orm';
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import { unfinishedJobStatuses, type ScreeningJobStatus } from '../../src/contract/screening-jobs.ts';
import type { Db } from '../db/client.ts';
import { parcels, projectParcels, screeningJobParcels, screeningJobResults, screeningJobs } from '../db/schema.ts';
import type { Bbox } from '../geo/geometry.ts';
import { isUuid } from '../platform/ids.ts';
import type { ParcelRow } from './parcels-repository.ts';

export type ScreeningJobRow = typeof screeningJobs.$inferSelect;
export type Tally = ScreeningJobRow['summary'];
export interface NewScreeningJob {
  projectId: string;
  criteria: ScreeningCriteria;
  bbox: Bbox | null;
}
/** A parcel's place in the job's order, with what planning reads of it. */
export type ScopeCandidate = Pick<ParcelRow, 'id' | 'apnKey' | 'geometry' | 'minLng' | 'minLat' | 'maxLng' | 'maxLat'>;
export interface ChunkResult {
  seq: number;
  parcelId: string;
  result: Record<string, unknown>;
}

/** Parcel ids per INSERT: keeps each statement well under PostgreSQL's 65,535 bind parameters. */
const insertChunk = 1000;
/**
 * Results per INSERT, with the event loop yielded between statements: PGlite runs each statement on the request
 * thread, so one statement of a whole chunk's results (~1 kB each) held up every other request for its duration.
 */
const resultsPerInsert = 100;
const unfinished = inArray(screeningJobs.status, [...unfinishedJobStatuses]);
const visibleTo = (userId: string) => or(isNull(parcels.ownerId), eq(parcels.ownerId, userId));
const candidateColumns = { id: parcels.id, apnKey: parcels.apnKey, geometry: parcels.geometry, minLng: parcels.minLng, minLat: parcels.minLat, maxLng: parcels.maxLng, maxLat: parcels.maxLat };

/** Screening jobs, their parcels and results; every read a user makes is scoped to the jobs they own. */
export function screeningJobsRepository(db: Db) {
  return {
    /**
     * Stores a queued job, unless the owner already has `maxUnfinished` queued or running (undefined then). The count
     * and the insert hold a lock on the owner, so two starts sent together cannot both pass it. The project's finished
     * jobs past the newest `keepFinished` go with it, their parcels and results with them (cascade).
     */
    async create(ownerId: string, job: NewScreeningJob, maxUnfinished: number, keepFinished: number): Promise<ScreeningJobRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening-jobs:${ownerId}`}))`);
        const [running] = await tx
          .select({ n: count() })
          .from(screeningJobs)
          .where(and(eq(screeningJobs.ownerId, ownerId), unfinished));
        if ((running?.n ?? 0) >= maxUnfinished) return undefined;
        const [row] = await tx
          .insert(screeningJobs)
          .values({ ownerId, projectId: job.projectId, criteria: job.criteria, bbox: job.bbox })
          .returning();
        const kept = tx
          .select({ id: screeningJobs.id })
          .from(screeningJobs)
          .where(and(eq(screeningJobs.projectId, job.projectId), not(unfinished)))
          .orderBy(desc(screeningJobs.createdAt), desc(screeningJobs.id))
          .limit(keepFinished);
        await tx.delete(screeningJobs).where(and(eq(screeningJobs.projectId, job.projectId), not(unfinished), notInArray(screeningJobs.id, kept)));
        return row;
      });
    },

    async find(ownerId: string, id: string): Promise<ScreeningJobRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(screeningJobs)
        .where(and(eq(screeningJobs.id, id), eq(screeningJobs.ownerId, ownerId)));
      return row;
    },

    /** Any owner's job, for the steps that run it. */
    async get(id: string): Promise<ScreeningJobRow | undefined> {
      const [row] = await db.select().from(screeningJobs).where(eq(screeningJobs.id, id));
      return row;
    },

    /** The project's jobs, newest first. */
    async list(ownerId: string, projectId: string, limit: number): Promise<ScreeningJobRow[]> {
      if (!isUuid(projectId)) return [];
      return db
        .select()
        .from(screeningJobs)
        .where(and(eq(screeningJobs.ownerId, ownerId), eq(screeningJobs.projectId, projectId)))
        .orderBy(desc(screeningJobs.createdAt), desc(screeningJobs.id))
        .limit(limit);
    },

    /** Every queued or running job's id, oldest first. */
    async unfinishedIds(): Promise<string[]> {
      const rows = await db.select({ id: screeningJobs.id }).from(screeningJobs).where(unfinished).orderBy(asc(screeningJobs.createdAt));
      return rows.map((row) => row.id);
    },

    /** Marks a queued or running job cancelled and drops what it kept; undefined when it was neither. */
    async cancel(ownerId: string, id: string): Promise<ScreeningJobRow | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(screeningJobs)
          .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(screeningJobs.id, id), eq(screeningJobs.ownerId, ownerId), unfinished))
          .returning();
        if (row) await dropKept(tx, id);
        return row;
      });
    },

    /** Ends a queued or running job (done or failed), unless something else ended it first. */
    async finish(id: string, status: Extract<ScreeningJobStatus, 'done' | 'failed'>, error: string | null = null): Promise<void> {
      await db
        .update(screeningJobs)
        .set({ status, error, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(screeningJobs.id, id), unfinished));
    },

    /** The job starts working out its parcels: running from now. False when it is over (cancelled meanwhile). */
    async startPlanning(id: string): Promise<boolean> {
      const [row] = await db
        .update(screeningJobs)
        .set({ status: 'running', startedAt: sql`coalesce(${screeningJobs.startedAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(screeningJobs.id, id), unfinished))
        .returning({ id: screeningJobs.id });
      return !!row;
    },

    /** The project's attached parcels, in the order the project's screening lists them. */
    async attached(projectId: string): Promise<ScopeCandidate[]> {
      return db
        .select(candidateColumns)
        .from(projectParcels)
        .innerJoin(parcels, eq(parcels.id, projectParcels.parcelId))
        .where(eq(projectParcels.projectId, projectId))
        .orderBy(asc(projectParcels.createdAt), asc(parcels.apnKey));
    },

    /** A page of the visible parcels whose extent meets `bbox`, in (APN key, id) order after `after`. */
    async candidates(userId: string, bbox: Bbox, after: { apnKey: string; id: string } | null, limit: number): Promise<ScopeCandidate[]> {
      const [w, s, e, n] = bbox;
      return db
        .select(candidateColumns)
        .from(parcels)
        .where(
          and(
            visibleTo(userId),
            lte(parcels.minLng, e),
            gte(parcels.maxLng, w),
            lte(parcels.minLat, n),
            gte(parcels.maxLat, s),
            after ? sql`(${parcels.apnKey}, ${parcels.id}) > (${after.apnKey}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(parcels.apnKey), asc(parcels.id))
        .limit(limit);
    },

    /**
     * Stores the parcels the job screens, in order, with their count, in one transaction that holds the job's row: of
     * two attempts at planning one job (a step handed out twice), the first stores its plan and the second finds it.
     */
    async storeScope(id: string, parcelIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [job] = await tx
          .select({ total: screeningJobs.parcelsTotal })
          .from(screeningJobs)
          .where(and(eq(screeningJobs.id, id), unfinished))
          .for('update');
        if (!job || job.total !== null) return false;
        for (let i = 0; i < parcelIds.length; i += insertChunk) {
          const values = parcelIds.slice(i, i + insertChunk).map((parcelId, k) => ({ jobId: id, seq: i + k, parcelId }));
          await tx.insert(screeningJobParcels).values(values);
          await yieldToRequests();
        }
        await tx.update(screeningJobs).set({ parcelsTotal: parcelIds.length, updatedAt: sql`now()` }).where(eq(screeningJobs.id, id));
        return true;
      });
    },

    /** The parcels at seq `from` (inclusive) to `to` (exclusive) that still exist, in order. */
    async scopeRows(id: string, from: number, to: number): Promise<{ seq: number; parcel: ParcelRow }[]> {
      return db
        .select({ seq: screeningJobParcels.seq, parcel: parcels })
        .from(screeningJobParcels)
        .innerJoin(parcels, eq(parcels.id, screeningJobParcels.parcelId))
        .where(and(eq(screeningJobParcels.jobId, id), gte(screeningJobParcels.seq, from), lt(screeningJobParcels.seq, to)))
        .orderBy(asc(screeningJobParcels.seq));
    },

    /**
     * Stores a chunk's results and moves the job to `to` in one transaction, only if the job is still running and at
     * `from`: a step run twice (redelivered while the first was still at work) or a job cancelled meanwhile commits
     * nothing. The job is done when `to` is its last parcel. False when nothing was committed.
     */
    async commitChunk(id: string, chunk: { from: number; to: number; results: ChunkResult[]; summary: Tally; layers: LayerRef[]; last: boolean }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(screeningJobs)
          .set({
            parcelsDone: chunk.to,
            summary: chunk.summary,
            layers: chunk.layers,
            updatedAt: sql`now()`,
            ...(chunk.last ? { status: 'done' as const, finishedAt: sql`now()` } : {}),
          })
          .where(and(eq(screeningJobs.id, id), eq(screeningJobs.status, 'running'), eq(screeningJobs.parcelsDone, chunk.from)))
          .returning({ id: screeningJobs.id });
        if (!row) return false;
        for (let i = 0; i < chunk.results.length; i += resultsPerInsert) {
          await tx.insert(screeningJobResults).values(chunk.results.slice(i, i + resultsPerInsert).map((result) => ({ jobId: id, ...result })));
          await yieldToRequests();
        }
        return true;
      });
    },

    /** A page of the job's results after seq `after`, in order, with their parcels (a parcel deleted since is left out). */
    async results(id: string, after: number, limit: number): Promise<{ seq: number; parcel: ParcelRow; result: Record<string, unknown> }[]> {
      return db
        .select({ seq: screeningJobResults.seq, parcel: parcels, result: screeningJobResults.result })
        .from(screeningJobResults)
        .innerJoin(parcels, eq(parcels.id, screeningJobResults.parcelId))
        .where(and(eq(screeningJobResults.jobId, id), gt(screeningJobResults.seq, after)))
        .orderBy(asc(screeningJobResults.seq))
        .limit(limit);
    },
  };
}

/** The parcels and results a job kept. */
async function dropKept(tx: Db, id: string) {
  await tx.delete(screeningJobResults).where(eq(screeningJobResults.jobId, id));
  await tx.delete(screeningJobParcels).where(eq(screeningJobParcels.jobId, id));
}

export type ScreeningJobsRepository = ReturnType<typeof screeningJobsRepository>;
