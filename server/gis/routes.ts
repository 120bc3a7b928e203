import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApnQuery, CoordinatesBody, NewApnBody, ScreeningBody, type CoordinateCandidate, type ScreeningBody as ScreeningRequest } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import type { ParcelRow } from './parcels-repository.ts';
import { geocode } from '../geo/geocoding.ts';
import { searchOnline } from './online-geocoders.ts';
import { areaUnits, bboxesOverlap, bboxOf, geodesicAreaM2, type Bbox } from '../geo/geometry.ts';
import { parcelFeature, parcelSummary } from '../projects/views.ts';
import { maxScreenedParcels, tooManyParcels } from './project-screening.ts';
import { criteriaOrDefault } from '../geo/screening.ts';
import { geometryBodyLimit } from '../projects/routes.ts';

/** /api/gis/: parcels attached to projects, APN look-up, screening against the screening layers, offline geocoding. */
export async function gisRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, parcels, screening } = ctx;
  const auth = { preHandler: app.authenticate };

  async function parcelsToScreen(userId: string, body: ScreeningRequest): Promise<ParcelRow[]> {
    if (!body.bbox && !body.project_id) throw invalid({ bbox: ['Give a bbox or a project_id.'] });
    if (!body.project_id) {
      const rows = await parcels.inBbox(userId, body.bbox as Bbox, maxScreenedParcels);
      if (rows.length > maxScreenedParcels) throw tooManyParcels();
      return rows;
    }
    const project = requireOwned(await projects.find(userId, body.project_id));
    const rows = await screening.projectParcels(userId, project);
    return body.bbox ? rows.filter((row) => bboxesOverlap([row.minLng, row.minLat, row.maxLng, row.maxLat], body.bbox as Bbox)) : rows;
  }

  /** Screens in a worker thread; `x-cache` tells whether the answer came from the screening cache. */
  async function screen(request: FastifyRequest, reply: FastifyReply) {
    const user = currentUser(request);
    const body = parse(ScreeningBody, request.body);
    const criteria = criteriaOrDefault(body.filters);
    const { results, layersUsed, cached } = await screening.screenInWorker(user.id, await parcelsToScreen(user.id, body), criteria);
    void reply.header('x-cache', cached ? 'hit' : 'miss');
    return { criteria, results, layersUsed };
  }

  app.post('/api/gis/new_apn/', { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(NewApnBody, request.body);
    const project = requireOwned(await projects.find(user.id, body.project_id));
    let parcel: ParcelRow | undefined;
    if (body.geometry) {
      const [minLng, minLat, maxLng, maxLat] = bboxOf(body.geometry);
      parcel = await parcels.createOwn(user.id, {
        apn: body.apn.trim(),
        geometry: body.geometry,
        minLng,
        minLat,
        maxLng,
        maxLat,
        areaM2: geodesicAreaM2(body.geometry),
        landUse: body.land_use?.trim() ?? '',
        ownerName: body.owner_name?.trim() ?? '',
        source: 'drawn',
        sourceDate: new Date().toISOString().slice(0, 10),
      });
      if (!parcel) throw new DomainError('conflict', 'You already have a parcel with this id: attach it without a geometry, or give the drawing another id.');
    } else {
      parcel = await parcels.findByApn(user.id, body.apn);
      if (!parcel) throw new DomainError('notFound', 'No parcel with this APN in the parcel store. Draw it on the map to add it.');
    }
    if (!(await parcels.attach(project.id, parcel.id))) throw new DomainError('conflict', 'This parcel is already attached to the project.');
    return reply.code(201).send({ project_id: project.id, parcel: parcelFeature(parcel) });
  });

  app.get('/api/gis/get_search_apn_details/', auth, async (request) => {
    const user = currentUser(request);
    const { apn } = parse(ApnQuery, request.query);
    const parcel = requireOwned(await parcels.findByApn(user.id, apn));
    const [w, s, e, n] = [parcel.minLng, parcel.minLat, parcel.maxLng, parcel.maxLat];
    return {
      ...parcelSummary(parcel),
      geometry: parcel.geometry,
      bbox: [w, s, e, n],
      center: { lat: (s + n) / 2, lng: (w + e) / 2 },
      attributes: parcel.attributes,
      projects: await parcels.attachedProjects(user.id, parcel.id),
    };
  });

  app.post('/api/gis/get_filtered_geo_json/', { ...auth, bodyLimit: geometryBodyLimit, config: { costlyWork: 'screening' } }, async (request, reply) => {
    const { criteria, results, layersUsed } = await screen(request, reply);
    const passing = results.filter(({ result }) => result.suitable);
    const area = passing.reduce((sum, { row }) => sum + row.areaM2, 0);
    return {
      type: 'FeatureCollection',
      features: passing.map(({ row }) => parcelFeature(row, { suitable: true })),
      screened: results.length,
      count: passing.length,
      area: areaUnits(area),
      criteria,
      layers: layersUsed,
    };
  });

  app.post('/api/gis/get_reasoned_geo_json/', { ...auth, bodyLimit: geometryBodyLimit, config: { costlyWork: 'screening' } }, async (request, reply) => {
    const { criteria, results, layersUsed } = await screen(request, reply);
    const tally = { pass: 0, fail: 0, unknown: 0 };
    for (const { result } of results) tally[result.verdict]++;
    return {
      type: 'FeatureCollection',
      features: results.map(({ row, result }) => parcelFeature(row, result)),
      screened: results.length,
      summary: tally,
      criteria,
      layers: layersUsed,
    };
  });

  // A read, but the brief and existing clients POST it; GET with ?query= answers the same.
  async function coordinates(request: FastifyRequest) {
    const user = currentUser(request);
    const body = parse(CoordinatesBody, request.method === 'GET' ? request.query : request.body);
    const parcel = await parcels.findByApn(user.id, body.query);
    const extra: CoordinateCandidate[] = parcel
      ? [
          {
            lat: (parcel.minLat + parcel.maxLat) / 2,
            lng: (parcel.minLng + parcel.maxLng) / 2,
            label: `APN ${parcel.apn}${parcel.county ? `, ${[parcel.county, parcel.state].filter(Boolean).join(', ')}` : ''}`,
            kind: 'apn',
            score: 0.95,
            approximate: false,
            source: parcel.source,
          },
        ]
      : [];
    const query = body.query.trim();
    // Typed coordinates and codes are answered offline; only words go out to the configured online geocoders.
    const online = ctx.geocoders.length > 0 && /\p{L}{2}/u.test(query) ? await searchOnline(ctx.geocoders, query, { country: body.country, limit: body.limit ?? 5 }, request.log) : [];
    const results = await geocode(query, { country: body.country, limit: body.limit, extra: [...extra, ...online] });
    return { query: body.query, count: results.length, results };
  }
  app.post('/api/gis/get_coordinates/', auth, coordinates);
  app.get('/api/gis/get_coordinates/', auth, coordinates);
}
