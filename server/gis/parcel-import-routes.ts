import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maxParcelFileBytes, parcelImportMessages, ParcelImportFields, type ParcelImportAnswer } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid, notFound } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { apnKey } from '../geo/geometry.ts';
import { parcelUploadLimits, sniffGeoFormat, type Refusal } from '../geo/parcel-import.ts';
import { readUploadForm } from '../platform/multipart.ts';
import type { ParcelFileResult, ParcelFileTask } from '../workers/parcel-file.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from '../workers/worker-pool.ts';

/** Reads the upload form: text fields by name, and the bytes and name of the one `file`. */
function readParcelForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the parcel file as multipart/form-data, in the field "file".');
  return readUploadForm(request, { fileField: 'file', maxBytes: maxParcelFileBytes });
}

const refusalView = ({ index, apn, reason }: Refusal) => (apn ? { index, apn, reason } : { index, reason });

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A parse that ran over its budget, out of its heap, or found no free thread, as the answer the importer gets. */
function workerRefusal(error: unknown): DomainError | undefined {
  if (error instanceof WorkTimedOut) return new DomainError('tooLarge', `Reading the file took longer than ${seconds(parcelUploadLimits.parseMs)}, the limit for one upload: split it into smaller files.`);
  if (error instanceof WorkOutOfMemory) return new DomainError('tooLarge', `Reading the file needs more than ${parcelUploadLimits.heapMb} MB of memory, the limit for one upload: split it into smaller files.`);
  if (error instanceof WorkersBusy) return new DomainError('unavailable', 'Too many files are being read right now: try again in a minute.', { retryAfterSeconds: 60 });
  return undefined;
}

/** /api/gis/parcels/import/: a planner's own parcels from a GeoJSON, zipped shapefile or KML upload. */
export async function parcelImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, parcels, database } = ctx;
  // Files are read in worker threads: a slow or hostile file costs its own thread, never the request thread.
  const reading = createWorkerPool<ParcelFileTask, ParcelFileResult>({
    entry: new URL('../workers/parcel-file.ts', import.meta.url),
    maxThreads: parcelUploadLimits.threads,
    maxQueue: 8,
    heapMb: parcelUploadLimits.heapMb,
    onError: (error) => app.log.error({ err: error }, 'a parcel file reading thread failed'),
  });
  app.addHook('onClose', () => reading.close());

  app.post('/api/gis/parcels/import/', { preHandler: app.authenticate, config: { costlyWork: 'import' } }, async (request): Promise<ParcelImportAnswer> => {
    const user = currentUser(request);
    const { fields, file } = await readParcelForm(request);
    const body = parse(ParcelImportFields, fields);
    if (!file) throw invalid({ file: [parcelImportMessages.fileRequired] });
    if (file.bytes.length === 0) throw invalid({ file: [parcelImportMessages.emptyFile] });
    const project = body.project_id === undefined ? undefined : await projects.find(user.id, body.project_id);
    if (body.project_id !== undefined && !project) throw notFound();

    // The name is the browser's to choose; the content decides how the file is read.
    const format = sniffGeoFormat(file.bytes);
    if (!format) throw new DomainError('unsupportedMedia', parcelImportMessages.notParcelFile);
    const task: ParcelFileTask = {
      bytes: file.bytes,
      format,
      apnField: body.apn_field?.trim(),
      source: `Uploaded file ${file.name || 'without a name'}`.slice(0, 200),
      sourceDate: new Date().toISOString().slice(0, 10),
      ownerId: user.id,
      limits: parcelUploadLimits,
    };
    const read = await reading.run(task, { runMs: parcelUploadLimits.parseMs, waitMs: parcelUploadLimits.waitMs }).catch((error: unknown) => {
      throw workerRefusal(error) ?? error;
    });
    if (!read.ok) throw read.status === 413 ? new DomainError('tooLarge', read.message) : invalid({ [read.field]: [read.message] });
    const { rows, refused, indexes, total } = read;
    // One transaction: a failure part-way leaves neither parcels nor attachments behind.
    const { added, kept, attached } = await database.db.transaction(async (tx) => {
      const stored = await parcels.importOwn(user.id, rows, tx);
      const ids = [...stored.added, ...stored.kept].map((row) => row.id);
      return { ...stored, attached: project ? await parcels.attachMany(project.id, ids, tx) : 0 };
    });
    const keptKeys = new Set(kept.map((row) => row.apnKey));
    const alreadyYours = rows.flatMap((row, k) =>
      keptKeys.has(apnKey(row.apn)) ? [{ index: indexes[k]!, apn: row.apn, reason: parcelImportMessages.alreadyYours }] : [],
    );
    const allRefused = [...refused, ...alreadyYours].sort((a, b) => a.index - b.index).map(refusalView);
    return { imported: added.length, attached, refused: allRefused, total };
  });
}
