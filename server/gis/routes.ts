import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApnQuery, CoordinatesBody, NewApnBody, ScreeningBody } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { geometryBodyLimit } from '../platform/body-limits.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { attachParcel, findCoordinates, parcelDetails, reasonedParcels, suitableParcels } from './service.ts';

/** A screening's answer; `x-cache` tells whether it came from the screening cache. */
function screeningReply<T>(reply: FastifyReply, { cached, collection }: { cached: boolean; collection: T }): T {
  void reply.header('x-cache', cached ? 'hit' : 'miss');
  return collection;
}

/** /api/gis/: parcels attached to projects, APN look-up, screening against the screening layers, offline geocoding. */
export async function gisRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };
  const screeningOptions = { ...auth, bodyLimit: geometryBodyLimit, config: { costlyWork: 'screening' as const } };

  app.post('/api/gis/new_apn/', { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(NewApnBody, request.body);
    return reply.code(201).send(await attachParcel(ctx, user.id, body));
  });

  app.get('/api/gis/get_search_apn_details/', auth, async (request) => parcelDetails(ctx, currentUser(request).id, parse(ApnQuery, request.query).apn));

  app.post('/api/gis/get_filtered_geo_json/', screeningOptions, async (request, reply) => {
    const user = currentUser(request);
    return screeningReply(reply, await suitableParcels(ctx, user.id, parse(ScreeningBody, request.body)));
  });

  app.post('/api/gis/get_reasoned_geo_json/', screeningOptions, async (request, reply) => {
    const user = currentUser(request);
    return screeningReply(reply, await reasonedParcels(ctx, user.id, parse(ScreeningBody, request.body)));
  });

  // A read, but the brief and existing clients POST it; GET with ?query= answers the same.
  async function coordinates(request: FastifyRequest) {
    const user = currentUser(request);
    const body = parse(CoordinatesBody, request.method === 'GET' ? request.query : request.body);
    return findCoordinates(ctx, user.id, body, request.log);
  }
  app.post('/api/gis/get_coordinates/', auth, coordinates);
  app.get('/api/gis/get_coordinates/', auth, coordinates);
}
