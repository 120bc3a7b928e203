import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { geometryBodyLimit } from '../platform/body-limits.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { createParcelServices } from './sources/parcel-services.ts';
import { attachParcel, findCoordinates, parcelAt, parcelDetails, parcelServiceList, reasonedParcels, suitableParcels } from './service.ts';

/** A screening's answer; `x-cache` tells whether it came from the screening cache. */
function screeningReply<T>(reply: FastifyReply, { cached, collection }: { cached: boolean; collection: T }): T {
  void reply.header('x-cache', cached ? 'hit' : 'miss');
  return collection;
}

/** /api/gis/: parcels attached to projects, APN and point look-up (the store, then PARCEL_SERVICES), screening against the screening layers, offline geocoding. */
export async function gisRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };
  // Built here, the one plugin that asks them: a layer's description is kept for a day per server.
  const deps = { ...ctx, parcelServices: createParcelServices(ctx.settings.PARCEL_SERVICES, { userAgent: `Sunplot/${ctx.version} (${ctx.settings.PUBLIC_URL})` }) };
  const screeningOptions = { ...auth, bodyLimit: geometryBodyLimit, config: { costlyWork: 'screening' as const } };

  app.post(endpoints.parcelAttach.path, { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(endpoints.parcelAttach.body, request.body);
    return reply.code(201).send(await attachParcel(deps, user.id, body));
  });

  app.get(endpoints.parcelSearch.path, auth, async (request) => parcelDetails(deps, currentUser(request).id, parse(endpoints.parcelSearch.query, request.query)));
  // Each click asks the county's service: counted as costly work, as a screening is.
  app.get(endpoints.parcelAt.path, { ...auth, config: { costlyWork: 'screening' as const } }, async (request) =>
    parcelAt(deps, currentUser(request).id, parse(endpoints.parcelAt.query, request.query)),
  );
  app.get(endpoints.parcelServices.path, auth, async () => parcelServiceList(deps));

  app.post(endpoints.parcelsSuitable.path, screeningOptions, async (request, reply) => {
    const user = currentUser(request);
    return screeningReply(reply, await suitableParcels(deps, user.id, parse(endpoints.parcelsSuitable.body, request.body)));
  });

  app.post(endpoints.parcelsReasoned.path, screeningOptions, async (request, reply) => {
    const user = currentUser(request);
    return screeningReply(reply, await reasonedParcels(deps, user.id, parse(endpoints.parcelsReasoned.body, request.body)));
  });

  // A read, but the brief and existing clients POST it; GET with ?query= answers the same.
  async function coordinates(request: FastifyRequest) {
    const user = currentUser(request);
    const body = request.method === 'GET' ? parse(endpoints.coordinatesByQuery.query, request.query) : parse(endpoints.coordinates.body, request.body);
    return findCoordinates(ctx, user.id, body, request.log);
  }
  app.post(endpoints.coordinates.path, auth, coordinates);
  app.get(endpoints.coordinatesByQuery.path, auth, coordinates);
}
