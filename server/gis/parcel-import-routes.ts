import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { maxParcelFileBytes, type ParcelImportAnswer } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { DomainError } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { createParcelFileReader, importParcels } from './parcel-import-service.ts';

/** Reads the upload form: text fields by name, and the bytes and name of the one `file`. */
function readParcelForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the parcel file as multipart/form-data, in the field "file".');
  return readUploadForm(request, { fileField: 'file', maxBytes: maxParcelFileBytes });
}

/** /api/gis/parcels/import/: a planner's own parcels from a GeoJSON, zipped shapefile or KML upload. */
export async function parcelImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const reader = createParcelFileReader({ onError: (error) => app.log.error({ err: error }, 'a parcel file reading thread failed') });
  app.addHook('onClose', () => reader.close());
  const deps = { projects: ctx.projects, parcels: ctx.parcels, reader };

  app.post(endpoints.parcelImport.path, { preHandler: app.authenticate, config: { costlyWork: 'import' } }, async (request): Promise<ParcelImportAnswer> => {
    const user = currentUser(request);
    const { fields, file } = await readParcelForm(request);
    return importParcels(deps, user.id, parse(endpoints.parcelImport.body, fields), file);
  });
}
