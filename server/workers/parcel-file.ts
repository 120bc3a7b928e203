/** Worker thread task: an uploaded parcel file read within the upload limits, into parcel rows and refusals. */
import { parcelImportMessages } from '../../src/contract/gis.ts';
import { GeoFileError, guessApnField, parcelRowsFrom, parseGeoBytes, type GeoFileLimits, type Refusal } from '../geo/parcel-import.ts';
import { workerTask } from './worker-pool.ts';

export interface ParcelFileTask {
  bytes: Uint8Array;
  format: '.zip' | '.geojson' | '.kml';
  /** The property holding the parcel number; guessed from the features when not given. */
  apnField?: string;
  source: string;
  sourceDate: string;
  ownerId: string;
  limits: GeoFileLimits;
}

/**
 * Parcels per batch handed back, each batch as JSON text: the request thread parses a batch as it writes it, between
 * other requests (50,000 parcels handed back as objects took it 0.7 s to receive, all at once).
 */
const batchRows = 500;

export type ParcelFileResult =
  /** The parcels in `batches` (JSON arrays of NewParcel); `apns[k]` is the number of the k-th, `indexes[k]` its feature's place in the file. */
  | { ok: true; batches: string[]; apns: string[]; refused: Refusal[]; indexes: number[]; total: number }
  | { ok: false; status: 400 | 413; field: 'file' | 'apn_field'; message: string };

export async function readParcelFile(task: ParcelFileTask): Promise<ParcelFileResult> {
  let collection;
  try {
    collection = await parseGeoBytes(task.bytes, task.format, task.limits);
  } catch (error) {
    // Errors cross the thread boundary as plain objects: the answer is decided here.
    if (error instanceof GeoFileError) return { ok: false, status: error.status, field: 'file', message: error.message };
    throw error;
  }
  const apnField = task.apnField ?? guessApnField(collection);
  if (!apnField && collection.features.length > 0) return { ok: false, status: 400, field: 'apn_field', message: parcelImportMessages.noApnField };
  const { rows, refused, indexes } = parcelRowsFrom(collection, { apnField: apnField ?? '', source: task.source, sourceDate: task.sourceDate, ownerId: task.ownerId });
  const batches = Array.from({ length: Math.ceil(rows.length / batchRows) }, (_, k) => JSON.stringify(rows.slice(k * batchRows, (k + 1) * batchRows)));
  return { ok: true, batches, apns: rows.map((row) => row.apn), refused, indexes, total: collection.features.length };
}

export default workerTask(readParcelFile);
