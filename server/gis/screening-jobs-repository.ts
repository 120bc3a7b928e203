import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, not, notInArray, or, sql } from 'drizzle-orm';
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import { unfinishedJobStatuses, type ScreeningJobStatus } from '../../src/contract/screening-jobs.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';
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

/*
 * Rows per statement. PGlite runs each statement on the request thread, and a transaction there holds every other
 * query until it ends, so a job writes in small statements outside transactions, yielding the event loop between
 * them: a few milliseconds each, measured with bench:jobs. Each write is atomic on its own, guarded by the job's row.
 */
const scopePerInsert = 500;
const resultsPerInsert = 50;
const scopeRowsPerRead = 100;
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

    /**
     * The job starts working out its parcels: running from now, under a new plan token that only this attempt's
     * writes carry (an earlier attempt, a step handed out again, writes nothing more from here on). Undefined when
     * the job is over (cancelled meanwhile) or already planned.
     */
    async startPlanning(id: string): Promise<string | undefined> {
      const [row] = await db
        .update(screeningJobs)
        .set({ status: 'running', planToken: sql`gen_random_uuid()`, startedAt: sql`coalesce(${screeningJobs.startedAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(screeningJobs.id, id), unfinished, isNull(screeningJobs.parcelsTotal)))
        .returning({ token: screeningJobs.planToken });
      return row?.token ?? undefined;
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
     * Stores the parcels the job screens, in order, with their count, while `token` is the job's plan token. Each
     * INSERT takes the job's row (FOR SHARE) and writes only under this attempt's token, so once a later attempt has
     * claimed the job (or it was cancelled) this one writes nothing. What an earlier attempt left is written over, seq
     * by seq, and the count is set in one statement with dropping any seq past it: the plan is exactly `parcelIds`.
     * False when the job was claimed by another attempt or ended meanwhile.
     */
    async storeScope(id: string, token: string, parcelIds: string[]): Promise<boolean> {
      const current = sql`j.id = ${id} and j.plan_token = ${token} and j.status = 'running' and j.parcels_total is null`;
      for (let i = 0; i < parcelIds.length; i += scopePerInsert) {
        const batch = parcelIds.slice(i, i + scopePerInsert);
        const written = await db.execute(sql`
          insert into ${screeningJobParcels} (job_id, seq, parcel_id)
          select j.id, ${i} + t.ord - 1, t.parcel_id
          from ${screeningJobs} j, unnest(${`{${batch.join(',')}}`}::uuid[]) with ordinality as t(parcel_id, ord)
          where ${current}
          for share of j
          on conflict (job_id, seq) do update set parcel_id = excluded.parcel_id
          returning 1`);
        if (rowsOf(written).length === 0) return false;
        await yieldToRequests();
      }
      const planned = await db.execute(sql`
        with planned as (
          update ${screeningJobs} j set parcels_total = ${parcelIds.length}, updated_at = now() where ${current} returning j.id
        ), dropped as (
          delete from ${screeningJobParcels} p using planned where p.job_id = planned.id and p.seq >= ${parcelIds.length}
        )
        select id from planned`);
      return rowsOf(planned).length > 0;
    },

    /** The parcels at seq `from` (inclusive) to `to` (exclusive) that still exist, in order. */
    async scopeRows(id: string, from: number, to: number): Promise<{ seq: number; parcel: ParcelRow }[]> {
      const rows: { seq: number; parcel: ParcelRow }[] = [];
      for (let start = from; start < to; start += scopeRowsPerRead) {
        const page = await db
          .select({ seq: screeningJobParcels.seq, parcel: parcels })
          .from(screeningJobParcels)
          .innerJoin(parcels, eq(parcels.id, screeningJobParcels.parcelId))
          .where(and(eq(screeningJobParcels.jobId, id), gte(screeningJobParcels.seq, start), lt(screeningJobParcels.seq, Math.min(start + scopeRowsPerRead, to))))
          .orderBy(asc(screeningJobParcels.seq));
        rows.push(...page);
        await yieldToRequests();
      }
      return rows;
    },

    /**
     * Stores a chunk's results, then moves the job to `to`, only while the job is running and at `from`: each INSERT
     * takes the job's row (FOR SHARE) and checks both, so a step run twice (redelivered while the first was still at
     * work) or a job cancelled meanwhile stops writing, and only one attempt moves the job on. Results an attempt
     * killed part-way left are written over. The job is done when `to` is its last parcel. False when nothing moved.
     */
    async commitChunk(id: string, chunk: { from: number; to: number; results: ChunkResult[]; summary: Tally; layers: LayerRef[]; last: boolean }): Promise<boolean> {
      for (let i = 0; i < chunk.results.length; i += resultsPerInsert) {
        const batch = chunk.results.slice(i, i + resultsPerInsert).map(({ seq, parcelId, result }) => ({ seq, parcel_id: parcelId, result }));
        const written = await db.execute(sql`
          insert into ${screeningJobResults} (job_id, seq, parcel_id, result)
          select j.id, t.seq, t.parcel_id, t.result
          from ${screeningJobs} j, jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as t(seq integer, parcel_id uuid, result jsonb)
          where j.id = ${id} and j.status = 'running' and j.parcels_done = ${chunk.from}
          for share of j
          on conflict (job_id, seq) do update set parcel_id = excluded.parcel_id, result = excluded.result
          returning 1`);
        if (rowsOf(written).length === 0) return false;
        await yieldToRequests();
      }
      const [row] = await db
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
      return !!row;
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
