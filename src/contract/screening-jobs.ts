/**
 * Screening jobs (issue 24 item 4): a screening of more parcels than one request answers for (a county: 50,000+) runs in
 * the background, chunk by chunk, and keeps its results. Their endpoints are in src/contract/endpoints.ts.
 */
import { array, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { Bbox, LayerRef, ScreeningCriteria } from './gis.ts';
import { maxLength, text } from './fields.ts';
import { required } from './validation.ts';

export const screeningJobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ScreeningJobStatus = (typeof screeningJobStatuses)[number];

/** A job in these states still runs (or waits for its turn); the others are over. */
export const unfinishedJobStatuses: readonly ScreeningJobStatus[] = ['queued', 'running'];

/** Jobs one user may have queued or running at once. */
export const maxJobsPerUser = 2;
/** Finished jobs (done, failed or cancelled) a project keeps with their results; starting another drops the oldest past it. */
export const keptFinishedJobs = 10;

export const screeningJobExportFormats = ['geojson', 'csv'] as const;
export type ScreeningJobExportFormat = (typeof screeningJobExportFormats)[number];

/** What a screening request answers (400, under `bbox`) for more parcels than one request screens: a job screens them all. */
export const tooManyParcelsMessage = (max: number) => `More than ${max} parcels in this area: zoom in, draw a smaller boundary, or screen them all as a background job.`;
export const isTooManyParcels = (message: string | undefined) => !!message && /^More than \d+ parcels in this area/.test(message);

export const screeningJobMessages = {
  tooMany: `You already have ${maxJobsPerUser} screening jobs running: one user may run at most ${maxJobsPerUser} at once. Wait for one to finish, or cancel one.`,
  exportFormat: 'Must be geojson or csv.',
  notDone: 'The job has not finished: its results can be exported once it is done.',
  over: 'The job is over already: only a queued or running job can be cancelled.',
} as const;

const idText = text(required, maxLength(64));

/** POST screening_jobs/start/: the project's parcels (narrowed to `bbox` when given) screened against `filters`. */
export const ScreeningJobBody = object({
  project_id: idText,
  bbox: optional(Bbox),
  /** Without criteria, parcels are screened for flood zones and wetlands (no overlap allowed), as a screening request is. */
  filters: optional(ScreeningCriteria),
});

export const ScreeningJobIdQuery = object({ id: idText });
export const ScreeningJobIdBody = object({ id: idText });
export const ScreeningJobListQuery = object({ project_id: idText });
export const ScreeningJobExportQuery = object({
  id: idText,
  format: text(required, (value) => ((screeningJobExportFormats as readonly unknown[]).includes(value) ? undefined : screeningJobMessages.exportFormat)),
});

/** A job as the API answers it: its state, progress and, as chunks are screened, the tally of verdicts so far. */
export const ScreeningJob = object({
  id: string(),
  project_id: string(),
  status: enums(screeningJobStatuses),
  criteria: ScreeningCriteria,
  bbox: nullable(Bbox),
  /** null until the job has worked out which parcels it screens. */
  parcels_total: nullable(number()),
  parcels_done: number(),
  /** 0-100, one decimal. */
  percent: number(),
  /** Seconds left at the rate so far; null before the first chunk and once the job is over. */
  eta_seconds: nullable(number()),
  summary: object({ pass: number(), fail: number(), unknown: number() }),
  /** Every layer and elevation grid the screened chunks read. */
  layers: array(LayerRef),
  /** Why a failed job failed. */
  error: nullable(string()),
  created_at: string(),
  started_at: nullable(string()),
  updated_at: string(),
  finished_at: nullable(string()),
});

export const ScreeningJobList = object({ count: number(), results: array(ScreeningJob) });

export type ScreeningJob = Infer<typeof ScreeningJob>;
export type ScreeningJobList = Infer<typeof ScreeningJobList>;
export type ScreeningJobBody = Infer<typeof ScreeningJobBody>;
