/**
 * Screening jobs (issue 24 item 4): a project's parcels screened in the background, a chunk at a time, for screenings
 * larger than one request answers for. A job first stores the parcels it screens (the ones a screening request of the
 * project would screen), then screens them in order, each chunk in the screening worker pool and committed with the
 * job's progress, so a job killed part-way resumes from its last committed chunk with the same results.
 */
import { Readable } from 'node:stream';
import type { LayerRef } from '../../src/contract/gis.ts';
import { screeningCsvHeader, screeningCsvLines } from '../../src/contract/screening-export.ts';
import { keptFinishedJobs, maxJobsPerUser, screeningJobMessages, unfinishedJobStatuses, type ScreeningJob, type ScreeningJobBody, type ScreeningJobExportFormat } from '../../src/contract/screening-jobs.ts';
import type { ScreenedParcel } from '../../src/contract/gis.ts';
import { bboxesOverlap, bboxOf, type Bbox } from '../geo/geometry.ts';
import { criteriaOrDefault, type ScreeningResult } from '../geo/screening.ts';
import { createJobQueue, type JobStore, type Scheduler, type StepOutcome } from '../jobs/job-queue.ts';
import { DomainError, requireOwned } from '../platform/domain-error.ts';
import { datedFileName } from '../platform/http.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import { parcelFeature } from '../projects/views.ts';
import type { ProjectScreening } from './project-screening.ts';
import type { NewScreeningJob, ScopeCandidate, ScreeningJobRow, ScreeningJobsRepository, Tally } from './screening-jobs-repository.ts';

export interface ScreeningJobsDeps {
  projects: ProjectsRepository;
  jobs: ScreeningJobsRepository;
  screening: ProjectScreening;
  /** Brings the planner's statistics up to date, so planning reads a county's parcels a page at a time cheaply. */
  refreshStatistics: () => Promise<unknown>;
}

export interface ScreeningJobsOptions {
  /** Parcels screened and committed per step. */
  chunk: number;
  log: { error(details: object, message: string): void };
}

/** Candidate parcels read (and checked against the boundary in a thread) per page while a job works out its parcels. */
const planPage = 500;
/** Results read per page of an export: small pages, as the job's own reads, so an export holds PGlite ~8 ms at a time (30 at 1,000). */
const exportPage = 200;
/** Jobs a project's list shows. */
const listLimit = 50;
/** A step that fails unexpectedly this many times in a row fails its job. */
const maxStepErrors = 3;

const isUnfinished = (status: ScreeningJobRow['status']) => unfinishedJobStatuses.includes(status);

/** Seconds left at the rate of the chunks so far (from the job's start to its last commit), counted from now. */
function etaSeconds(row: ScreeningJobRow, now: number): number | null {
  if (!isUnfinished(row.status) || row.parcelsTotal === null || row.parcelsDone === 0 || !row.startedAt) return null;
  const workedSeconds = (row.updatedAt.getTime() - row.startedAt.getTime()) / 1000;
  if (workedSeconds <= 0) return null;
  const left = (row.parcelsTotal - row.parcelsDone) / (row.parcelsDone / workedSeconds) - (now - row.updatedAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(left));
}

export function jobView(row: ScreeningJobRow, now = Date.now()): ScreeningJob {
  const total = row.parcelsTotal;
  return {
    id: row.id,
    project_id: row.projectId,
    status: row.status,
    criteria: row.criteria,
    bbox: row.bbox,
    parcels_total: total,
    parcels_done: row.parcelsDone,
    percent: row.status === 'done' ? 100 : total ? Math.floor((row.parcelsDone / total) * 1000) / 10 : 0,
    eta_seconds: etaSeconds(row, now),
    summary: row.summary,
    layers: row.layers,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Every layer read so far, each once. */
function mergeLayers(kept: LayerRef[], used: LayerRef[]): LayerRef[] {
  const byKey = new Map(kept.map((layer) => [`${layer.id}:${layer.source_date}`, layer]));
  for (const layer of used) byKey.set(`${layer.id}:${layer.source_date}`, layer);
  return [...byKey.values()];
}

const extentOf = (row: ScopeCandidate): Bbox => [row.minLng, row.minLat, row.maxLng, row.maxLat];

/** What a refusal raised while screening says to the planner, as a failed job's reason. */
const refusalText = (error: DomainError) => Object.values(error.fields ?? {}).flat()[0] ?? error.detail;

/** The screening jobs of every user, run by `scheduler`; call `resume()` once the server is up. */
export async function createScreeningJobs(deps: ScreeningJobsDeps, scheduler: Scheduler, options: ScreeningJobsOptions) {
  const { jobs, projects, screening } = deps;
  const stepErrors = new Map<string, number>();
  let closing = false;

  /**
   * Stores the parcels a screening request of the project would screen, in its order: the attached parcels, then the
   * visible parcels the boundary overlaps; both narrowed to the job's bbox when it has one.
   */
  async function plan(job: ScreeningJobRow): Promise<void> {
    const token = await jobs.startPlanning(job.id);
    if (!token) return;
    // Stale statistics only make planning slower: a failure to analyze is logged, not the job's.
    await deps.refreshStatistics().catch((error: unknown) => options.log.error({ err: error }, 'analyzing tables before planning a screening job failed'));
    const project = await projects.find(job.ownerId, job.projectId);
    if (!project) return jobs.finish(job.id, 'failed', 'The project is gone.');
    const inScope = (row: ScopeCandidate) => !job.bbox || bboxesOverlap(extentOf(row), job.bbox);
    const ids = (await jobs.attached(project.id)).filter(inScope).map((row) => row.id);
    if (project.boundary) {
      const seen = new Set(ids);
      const box = bboxOf(project.boundary);
      for (let after: ScopeCandidate | null = null; ; ) {
        const page: ScopeCandidate[] = await jobs.candidates(job.ownerId, box, after, planPage);
        const fresh = page.filter((row) => !seen.has(row.id) && inScope(row));
        if (fresh.length > 0) {
          const overlaps = new Set(await screening.overlapping(project.boundary, fresh));
          for (const row of fresh) if (overlaps.has(row.id)) ids.push(row.id);
        }
        if (page.length < planPage) break;
        after = page.at(-1)!;
      }
    }
    if (await jobs.storeScope(job.id, token, ids)) {
      if (ids.length === 0) await jobs.finish(job.id, 'done');
    }
  }

  /** Screens the next chunk and commits it with the job's progress. */
  async function screenChunk(job: ScreeningJobRow, total: number): Promise<void> {
    const from = job.parcelsDone;
    const to = Math.min(from + options.chunk, total);
    const rows = await jobs.scopeRows(job.id, from, to);
    const { results, layersUsed } = await screening.screenInWorker(
      job.ownerId,
      rows.map((row) => row.parcel),
      job.criteria,
      { cache: false },
    );
    const summary: Tally = { ...job.summary };
    for (const { result } of results) summary[result.verdict]++;
    await jobs.commitChunk(job.id, {
      from,
      to,
      results: rows.map((row, i) => ({ seq: row.seq, parcelId: row.parcel.id, result: results[i]!.result as unknown as Record<string, unknown> })),
      summary,
      layers: mergeLayers(job.layers, layersUsed),
      last: to >= total,
    });
  }

  async function step(jobId: string): Promise<StepOutcome> {
    const job = await jobs.get(jobId);
    if (!job || !isUnfinished(job.status)) return 'done';
    try {
      if (job.parcelsTotal === null) await plan(job);
      else if (job.parcelsDone >= job.parcelsTotal) await jobs.finish(job.id, 'done');
      else await screenChunk(job, job.parcelsTotal);
      stepErrors.delete(jobId);
      return 'more';
    } catch (error) {
      // Every thread busy: the same chunk later. Another refusal (a chunk over the time or memory limit) ends the job.
      if (error instanceof DomainError && error.kind === 'unavailable') return { retryAfterMs: (error.retryAfterSeconds ?? 10) * 1000 };
      if (error instanceof DomainError) {
        await jobs.finish(jobId, 'failed', refusalText(error));
        return 'done';
      }
      if (closing) throw error;
      const failures = (stepErrors.get(jobId) ?? 0) + 1;
      stepErrors.set(jobId, failures);
      if (failures < maxStepErrors) throw error;
      options.log.error({ err: error, jobId }, 'a screening job failed');
      stepErrors.delete(jobId);
      await jobs.finish(jobId, 'failed', 'Screening failed unexpectedly: start the job again.');
      return 'done';
    }
  }

  const store: JobStore<ScreeningJobRow, NewScreeningJob, string> = {
    async create(ownerId, input) {
      const job = await jobs.create(ownerId, input, maxJobsPerUser, keptFinishedJobs);
      if (!job) throw new DomainError('tooMany', screeningJobMessages.tooMany, { retryAfterSeconds: 60 });
      return job;
    },
    find: (ownerId, id) => jobs.find(ownerId, id),
    list: (ownerId, projectId) => jobs.list(ownerId, projectId, listLimit),
    cancel: (ownerId, id) => jobs.cancel(ownerId, id),
    unfinished: () => jobs.unfinishedIds(),
  };
  const queue = await createJobQueue(store, scheduler, step);

  async function exportResults(userId: string, id: string, format: ScreeningJobExportFormat) {
    const job = requireOwned(await queue.progress(userId, id));
    if (job.status !== 'done') throw new DomainError('conflict', screeningJobMessages.notDone);
    const project = requireOwned(await projects.find(userId, job.projectId));
    async function* features() {
      for (let after = -1; ; ) {
        const rows = await jobs.results(job.id, after, exportPage);
        if (rows.length === 0) return;
        after = rows.at(-1)!.seq;
        yield rows.map(({ parcel, result }) => parcelFeature(parcel, result as unknown as ScreeningResult) as unknown as ScreenedParcel);
      }
    }
    async function* csv() {
      yield screeningCsvHeader();
      for await (const page of features()) yield screeningCsvLines(page);
    }
    // The reasoned screening's FeatureCollection, written a page at a time.
    async function* geojson() {
      yield '{"type":"FeatureCollection","features":[';
      let screened = 0;
      for await (const page of features()) {
        yield (screened > 0 ? ',' : '') + page.map((feature) => JSON.stringify(feature)).join(',');
        screened += page.length;
      }
      yield `],"screened":${screened},"summary":${JSON.stringify(job.summary)},"criteria":${JSON.stringify(job.criteria)},"layers":${JSON.stringify(job.layers)}}`;
    }
    return {
      fileName: datedFileName([project.name, 'screening'], job.finishedAt ?? new Date(), format),
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json',
      body: Readable.from(format === 'csv' ? csv() : geojson()),
    };
  }

  return {
    /** Starts screening the caller's project (narrowed to `bbox`) in the background: 429 past the user's jobs at once. */
    async start(userId: string, body: ScreeningJobBody): Promise<ScreeningJob> {
      const project = requireOwned(await projects.find(userId, body.project_id));
      return jobView(await queue.enqueue(userId, { projectId: project.id, criteria: criteriaOrDefault(body.filters), bbox: body.bbox ?? null }));
    },
    get: async (userId: string, id: string) => jobView(requireOwned(await queue.progress(userId, id))),
    async list(userId: string, projectId: string) {
      const project = requireOwned(await projects.find(userId, projectId));
      const results = (await queue.listForOwner(userId, project.id)).map((row) => jobView(row));
      return { count: results.length, results };
    },
    /** Cancels a queued or running job (its results are dropped); 409 for a job that is over. */
    async cancel(userId: string, id: string): Promise<ScreeningJob> {
      const cancelled = await queue.cancel(userId, id);
      if (cancelled) return jobView(cancelled);
      requireOwned(await queue.progress(userId, id));
      throw new DomainError('conflict', screeningJobMessages.over);
    },
    exportResults,
    resume: () => queue.resume(),
    async close() {
      closing = true;
      await queue.close();
    },
  };
}

export type ScreeningJobs = Awaited<ReturnType<typeof createScreeningJobs>>;
