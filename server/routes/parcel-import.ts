import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maxParcelFileBytes, parcelImportMessages, ParcelImportFields, type ParcelImportAnswer } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalid, notFound, parse } from '../http.ts';
import { currentUser } from '../plugins/auth.ts';
import { apnKey } from '../services/geometry.ts';
import { GeoFileError, guessApnField, parcelRowsFrom, parseGeoBytes, sniffGeoFormat, type Refusal } from '../services/parcel-import.ts';
import { readUploadForm } from '../multipart.ts';

/** Reads the upload form: text fields by name, and the bytes and name of the one `file`. */
function readParcelForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the parcel file as multipart/form-data, in the field "file".');
  return readUploadForm(request, { fileField: 'file', maxBytes: maxParcelFileBytes });
}

const refusalView = ({ index, apn, reason }: Refusal) => (apn ? { index, apn, reason } : { index, reason });

/** /api/gis/parcels/import/: a planner's own parcels from a GeoJSON, zipped shapefile or KML upload. */
export async function parcelImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, parcels, database } = ctx;

  app.post('/api/gis/parcels/import/', { preHandler: app.authenticate }, async (request): Promise<ParcelImportAnswer> => {
    const user = currentUser(request);
    const { fields, file } = await readParcelForm(request);
    const body = parse(ParcelImportFields, fields);
    if (!file) throw invalid({ file: [parcelImportMessages.fileRequired] });
    if (file.bytes.length === 0) throw invalid({ file: [parcelImportMessages.emptyFile] });
    const project = body.project_id === undefined ? undefined : await projects.find(user.id, body.project_id);
    if (body.project_id !== undefined && !project) throw notFound();

    // The name is the browser's to choose; the content decides how the file is read.
    const format = sniffGeoFormat(file.bytes);
    if (!format) throw new ApiError(415, parcelImportMessages.notParcelFile);
    let collection;
    try {
      collection = await parseGeoBytes(file.bytes, format);
    } catch (error) {
      if (error instanceof GeoFileError) throw invalid({ file: [error.message] });
      throw error;
    }
    const apnField = body.apn_field?.trim() ?? guessApnField(collection);
    if (!apnField && collection.features.length > 0) throw invalid({ apn_field: [parcelImportMessages.noApnField] });

    const { rows, refused, indexes } = parcelRowsFrom(collection, {
      apnField: apnField ?? '',
      source: `Uploaded file ${file.name || 'without a name'}`.slice(0, 200),
      sourceDate: new Date().toISOString().slice(0, 10),
      ownerId: user.id,
    });
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
    return { imported: added.length, attached, refused: allRefused, total: collection.features.length };
  });
}
