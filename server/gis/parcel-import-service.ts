/** A planner's own parcels from an uploaded GeoJSON, zipped shapefile or KML file, read in worker threads. */
import { parcelImportMessages, type ParcelImportAnswer, type ParcelImportFields } from '../../src/contract/gis.ts';
import { apnKey } from '../geo/geometry.ts';
import { parcelUploadLimits, sniffGeoFormat, withLandUse, type NewParcel, type Refusal } from '../geo/parcel-import.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import type { UploadForm } from '../platform/multipart.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import type { ParcelFileResult, ParcelFileTask } from '../workers/parcel-file.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from '../workers/worker-pool.ts';
import type { ParcelsRepository } from './parcels-repository.ts';

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A parse that ran over its budget, out of its heap, or found no free thread, as the answer the importer gets. */
export function workerRefusal(error: unknown): DomainError | undefined {
  if (error instanceof WorkTimedOut) return new DomainError('tooLarge', `Reading the file took longer than ${seconds(parcelUploadLimits.parseMs)}, the limit for one upload: split it into smaller files.`);
  if (error instanceof WorkOutOfMemory) return new DomainError('tooLarge', `Reading the file needs more than ${parcelUploadLimits.heapMb} MB of memory, the limit for one upload: split it into smaller files.`);
  if (error instanceof WorkersBusy) return new DomainError('unavailable', 'Too many files are being read right now: try again in a minute.', { retryAfterSeconds: 60 });
  return undefined;
}

/** Reads parcel files in worker threads: a slow or hostile file costs its own thread, never the request thread. */
export function createParcelFileReader(options: { onError: (error: unknown) => void }) {
  const pool = createWorkerPool<ParcelFileTask, ParcelFileResult>({
    entry: new URL('../workers/parcel-file.ts', import.meta.url),
    maxThreads: parcelUploadLimits.threads,
    maxQueue: 8,
    heapMb: parcelUploadLimits.heapMb,
    onError: options.onError,
  });
  return {
    read: (task: ParcelFileTask) =>
      pool.run(task, { runMs: parcelUploadLimits.parseMs, waitMs: parcelUploadLimits.waitMs }).catch((error: unknown) => {
        throw workerRefusal(error) ?? error;
      }),
    close: () => pool.close(),
  };
}

export type ParcelFileReader = ReturnType<typeof createParcelFileReader>;

/** What the import use case works with. */
export interface ParcelImportDeps {
  projects: ProjectsRepository;
  parcels: ParcelsRepository;
  reader: ParcelFileReader;
}

const refusalView = ({ index, apn, reason }: Refusal) => (apn ? { index, apn, reason } : { index, reason });

/** Stores the file's parcels as the user's own, attached to the project when one is named; numbers the user already has keep their stored parcel. */
export async function importParcels(ctx: ParcelImportDeps, userId: string, body: ParcelImportFields, file: UploadForm['file']): Promise<ParcelImportAnswer> {
  if (!file) throw invalid({ file: [parcelImportMessages.fileRequired] });
  if (file.bytes.length === 0) throw invalid({ file: [parcelImportMessages.emptyFile] });
  const project = body.project_id === undefined ? undefined : requireOwned(await ctx.projects.find(userId, body.project_id));

  // The name is the browser's to choose; the content decides how the file is read.
  const format = sniffGeoFormat(file.bytes);
  if (!format) throw new DomainError('unsupportedMedia', parcelImportMessages.notParcelFile);
  const read = await ctx.reader.read({
    bytes: file.bytes,
    format,
    apnField: body.apn_field?.trim(),
    source: `Uploaded file ${file.name || 'without a name'}`.slice(0, 200),
    sourceDate: new Date().toISOString().slice(0, 10),
    ownerId: userId,
    limits: parcelUploadLimits,
  });
  if (!read.ok) throw read.status === 413 ? new DomainError('tooLarge', read.message) : invalid({ [read.field]: [read.message] });
  const { batches, apns, refused, indexes, total } = read;
  const landUseField = body.land_use_field?.trim();
  // A property no parcel has would leave every land use empty, silently: the batches' JSON text holds each key as "key":.
  if (landUseField !== undefined && batches.length > 0 && !batches.some((batch) => batch.includes(`${JSON.stringify(landUseField)}:`))) {
    throw invalid({ land_use_field: [parcelImportMessages.noLandUseField(landUseField)] });
  }
  // Each batch is read just before it is written.
  const rows = (function* () {
    for (const batch of batches) {
      const parsed = JSON.parse(batch) as NewParcel[];
      yield landUseField === undefined ? parsed : withLandUse(parsed, landUseField);
    }
  })();
  const { added, kept, attached } = await ctx.parcels.importOwnAndAttach(userId, rows, project?.id);
  const keptKeys = new Set(kept.map((row) => row.apnKey));
  const alreadyYours = apns.flatMap((apn, k) => (keptKeys.has(apnKey(apn)) ? [{ index: indexes[k]!, apn, reason: parcelImportMessages.alreadyYours }] : []));
  const allRefused = [...refused, ...alreadyYours].sort((a, b) => a.index - b.index).map(refusalView);
  return { imported: added.length, attached, refused: allRefused, total };
}
