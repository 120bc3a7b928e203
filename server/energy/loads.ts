/**
 * Behind-the-meter loads: the caller's uploaded load files (read in worker threads, like parcel files), and the load a
 * study's bills are computed on, from a typical shape, an upload or the values the request gives.
 */
import type { Infer } from 'superstruct';
import { btmMessages, maxLoadFilesPerUser, type LoadFile, type LoadInput, type LoadUsed, type LoadUploadFields } from '../../src/contract/behind-the-meter.ts';
import { firstWeekdayOf } from '../../src/solar/behind-the-meter.ts';
import { LOAD_SHAPE_INFO, loadFromShape } from '../../src/solar/load/shapes.ts';
import { loadSeriesOf, MAX_MONTH_KWH, MAX_STEP_KWH } from '../../src/solar/load/parse.ts';
import { loadSummary } from '../../src/solar/load/summary.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import type { UploadForm } from '../platform/multipart.ts';
import type { LoadFileResult } from '../workers/load-file.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from '../workers/worker-pool.ts';
import type { LoadFileSummary, LoadFilesRepository } from './load-repository.ts';

const readLimits = { threads: 1, heapMb: 256, parseMs: 10_000, waitMs: 15_000 } as const;

/** Reads load files in a worker thread: a slow or hostile file costs its own thread, never the request thread. */
export function createLoadFileReader(options: { onError: (error: unknown) => void }) {
  const pool = createWorkerPool<Uint8Array, LoadFileResult>({
    entry: new URL('../workers/load-file.ts', import.meta.url),
    maxThreads: readLimits.threads,
    maxQueue: 8,
    heapMb: readLimits.heapMb,
    onError: options.onError,
  });
  return {
    read: (bytes: Uint8Array) =>
      pool.run(bytes, { runMs: readLimits.parseMs, waitMs: readLimits.waitMs }).catch((error: unknown) => {
        if (error instanceof WorkTimedOut || error instanceof WorkOutOfMemory) throw new DomainError('tooLarge', 'Reading the load file took more than one upload may: send 8,760 hourly, 35,040 quarter-hourly or 12 monthly values.');
        if (error instanceof WorkersBusy) throw new DomainError('unavailable', 'Too many files are being read right now: try again in a minute.', { retryAfterSeconds: 60 });
        throw error;
      }),
    close: () => pool.close(),
  };
}

export type LoadFileReader = ReturnType<typeof createLoadFileReader>;

const loadFileView = (row: LoadFileSummary): LoadFile => ({
  id: row.id,
  name: row.name,
  file_name: row.fileName,
  kind: row.kind,
  annual_kwh: row.annualKwh,
  monthly_kwh: row.monthlyKwh,
  notes: row.notes,
  byte_size: row.byteSize,
  created_at: row.createdAt.toISOString(),
});

const monthlyOf = (kind: 'hourly' | 'quarter_hourly' | 'monthly', kwh: ArrayLike<number>) => (kind === 'monthly' ? Array.from(kwh) : loadSummary(kwh).monthlyKwh);

/** Keeps an uploaded load file once it reads as one, up to `maxLoadFilesPerUser` per user. */
export async function uploadLoadFile(
  ctx: { loadFiles: LoadFilesRepository; reader: LoadFileReader },
  userId: string,
  body: Infer<typeof LoadUploadFields>,
  file: UploadForm['file'],
): Promise<LoadFile> {
  if (!file) throw invalid({ file: [btmMessages.fileRequired] });
  if (file.bytes.length === 0) throw invalid({ file: [btmMessages.emptyFile] });
  const read = await ctx.reader.read(file.bytes);
  if (!read.ok) {
    if (read.binary) throw new DomainError('unsupportedMedia', 'This is not a text file: upload a CSV of 8,760 hourly, 35,040 quarter-hourly or 12 monthly kWh.');
    throw invalid({ file: read.problems.map((p) => (p.line > 0 ? `Line ${p.line}: ${p.reason}` : p.reason)) });
  }
  if ((await ctx.loadFiles.count(userId)) >= maxLoadFilesPerUser) throw new DomainError('conflict', btmMessages.tooManyFiles);
  const kwh = Array.from(read.load.kwh);
  const monthly = monthlyOf(read.load.kind, kwh);
  const created = await ctx.loadFiles.create(userId, {
    name: (body.name?.trim() || file.name || 'Load file').slice(0, 100),
    fileName: file.name.slice(0, 255),
    kind: read.load.kind,
    annualKwh: monthly.reduce((sum, value) => sum + value, 0),
    monthlyKwh: monthly,
    calendarYear: read.calendarYear,
    notes: read.notes,
    byteSize: file.bytes.length,
    kwh,
  });
  return loadFileView(created);
}

export async function listLoadFiles(ctx: { loadFiles: LoadFilesRepository }, userId: string) {
  const results = (await ctx.loadFiles.list(userId)).map(loadFileView);
  return { count: results.length, results };
}

export async function deleteLoadFile(ctx: { loadFiles: LoadFilesRepository }, userId: string, id: string) {
  requireOwned(await ctx.loadFiles.remove(userId, id));
}

/** A study's load: how it was given (LoadUsed, without its values) and its values, energy per step. */
export interface ResolvedLoad {
  used: LoadUsed;
  kwh: Float64Array;
  firstWeekday: number;
}

/**
 * The load a request names: a shape scaled to its yearly kWh, one of the caller's uploads (monthly totals spread on a
 * shape), or the values given. South of the equator the shapes' seasons are turned around.
 */
export async function resolveLoad(ctx: { loadFiles: LoadFilesRepository }, userId: string, input: LoadInput, latitude: number | undefined): Promise<ResolvedLoad> {
  // An uploaded file's own year (from its time stamps) unless the request names another.
  const file = 'upload_id' in input ? await ctx.loadFiles.find(userId, input.upload_id) : undefined;
  const calendarYear = input.calendar_year ?? file?.calendarYear ?? null;
  const options = { firstWeekday: firstWeekdayOf(calendarYear), southernHemisphere: (latitude ?? 0) < 0 };
  const common = { calendar_year: calendarYear, growth_pct: input.growth_pct ?? 0 };
  if ('hourly_kwh' in input) {
    const kwh = Float64Array.from(input.hourly_kwh);
    return { used: { source: 'given', shape: null, upload_id: null, name: 'Given values', annual_kwh: sum(kwh), steps_per_hour: stepsPerHour(kwh), ...common }, kwh, firstWeekday: options.firstWeekday };
  }
  if ('upload_id' in input) {
    if (!file) throw invalid({ 'load.upload_id': ['No such load file: upload it first (load/upload/).'] });
    // Files kept before the bounds were checked on upload may hold what no bill can be made on.
    const most = file.kind === 'monthly' ? MAX_MONTH_KWH : MAX_STEP_KWH;
    if (file.kwh.some((value) => !(value >= 0 && value <= most))) throw invalid({ 'load.upload_id': [btmMessages.loadFileOutOfRange] });
    const shape = input.shape ?? 'residential';
    const parsed = file.kind === 'monthly' ? { kind: 'monthly' as const, kwh: file.kwh } : { kind: file.kind, kwh: Float64Array.from(file.kwh) };
    const kwh = loadSeriesOf(parsed, shape, options);
    const name = file.kind === 'monthly' ? `${file.name} (monthly totals on the ${LOAD_SHAPE_INFO[shape].label.toLowerCase()} shape)` : file.name;
    return { used: { source: 'upload', shape: file.kind === 'monthly' ? shape : null, upload_id: file.id, name, annual_kwh: sum(kwh), steps_per_hour: stepsPerHour(kwh), ...common }, kwh, firstWeekday: options.firstWeekday };
  }
  const kwh = loadFromShape(input.shape, input.annual_kwh, options);
  return { used: { source: 'shape', shape: input.shape, upload_id: null, name: LOAD_SHAPE_INFO[input.shape].label, annual_kwh: input.annual_kwh, steps_per_hour: 1, ...common }, kwh, firstWeekday: options.firstWeekday };
}

const sum = (values: ArrayLike<number>) => {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
};
const stepsPerHour = (values: ArrayLike<number>) => values.length / 8760;
