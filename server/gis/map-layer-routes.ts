import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { currentUser } from '../auth/request-user.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { createMapLayers } from './map-layers-service.ts';

/** /api/gis/map_layers/: the constraint layers' features in the visible map area, for the screening map. */
export async function mapLayerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const mapLayers = createMapLayers({ layers: ctx.layers, sources: ctx.screeningSources });
  app.get(endpoints.mapLayers.path, { preHandler: app.authenticate, config: { costlyWork: 'layers' } }, async (request) => mapLayers.inBox(currentUser(request).id, parse(endpoints.mapLayers.query, request.query).bbox));
}
