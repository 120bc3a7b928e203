import type { FastifyInstance } from 'fastify';
import { maxParcelFileBytes } from '../../src/contract/gis.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../auth/request-user.ts';
import { DomainError } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { createLayerFileReader, deleteOwnLayer, listOwnLayers, ownLayerFeatures, uploadOwnLayer } from './own-layers-service.ts';

/** /api/gis/own_layers/: a planner's own constraint layers, uploaded as GeoJSON, a zipped shapefile or KML. */
export async function ownLayerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };
  const reader = createLayerFileReader({ onError: (error) => app.log.error({ err: error }, 'a layer file reading thread failed') });
  app.addHook('onClose', () => reader.close());
  const deps = { layers: ctx.layers, reader };

  app.post(endpoints.ownLayerUpload.path, { ...auth, config: { costlyWork: 'import' } }, async (request, reply) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the layer file as multipart/form-data, in the field "file".');
    const { fields, file } = await readUploadForm(request, { fileField: 'file', maxBytes: maxParcelFileBytes });
    return reply.code(201).send(await uploadOwnLayer(deps, user.id, parse(endpoints.ownLayerUpload.body, fields), file));
  });

  app.get(endpoints.ownLayerList.path, auth, async (request) => listOwnLayers(ctx, currentUser(request).id));

  app.get(endpoints.ownLayerFeatures.path, { ...auth, config: { costlyWork: 'layers' } }, async (request) => ownLayerFeatures(ctx, currentUser(request).id, parse(endpoints.ownLayerFeatures.query, request.query).id));

  app.delete(endpoints.ownLayerDelete.path, auth, async (request, reply) => {
    await deleteOwnLayer(ctx, currentUser(request).id, parse(endpoints.ownLayerDelete.query, request.query).id);
    return reply.code(204).send();
  });
}
