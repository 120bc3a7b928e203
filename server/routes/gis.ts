import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApnQuery, CoordinatesBody, NewApnBody, ScreeningBody, type CoordinateCandidate, type ScreeningBody as ScreeningRequest } from '../../src/contract/gis.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalid, notFound, parse } from '../http.ts';
import { currentUser } from '../plugins/auth.ts';
import { layerCoverage, type LayerKind, type LayerMeta } from '../repositories/layers.ts';
import type { ParcelRow } from '../repositories/parcels.ts';
import { geocode } from '../services/geocoding.ts';
import { areaUnits, bboxesOverlap, bboxOf, geodesicAreaM2, type Bbox } from '../services/geometry.ts';
import { parcelFeature, parcelSummary } from '../services/project-views.ts';
import { areasOverlap, criteriaOrDefault, indexLayer, screenParcel, type IndexedLayer, type LayerSet } from '../services/screening.ts';
import { geometryBodyLimit } from './projects.ts';

/** One screening request answers for at most this many parcels; a larger area must be narrowed first. */
export const maxScreenedParcels = 5000;
const layerCacheSize = 16;

const layerRef = (layer: LayerMeta) => ({ id: layer.id, kind: layer.kind, name: layer.name, source: layer.source, source_date: layer.sourceDate });

/** /api/gis/: parcels attached to projects, APN look-up, screening against the screening layers, offline geocoding. */
export async function gisRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, parcels, layers } = ctx;
  const auth = { preHandler: app.authenticate };

  // Layers never change once stored (a new version is a new row), so an index built for an id stays right.
  // Only this instance's copy is kept; another instance builds its own from the same rows.
  const indexed = new Map<string, Promise<IndexedLayer>>();
  function indexedLayer(meta: LayerMeta): Promise<IndexedLayer> {
    let entry = indexed.get(meta.id);
    if (!entry) {
      entry = layers.features(meta.id).then((features) => indexLayer({ ref: layerRef(meta), coverage: layerCoverage(meta), features }));
      entry.catch(() => indexed.delete(meta.id));
      if (indexed.size >= layerCacheSize) indexed.delete(indexed.keys().next().value!);
      indexed.set(meta.id, entry);
    }
    return entry;
  }

  async function layerSet(userId: string): Promise<LayerSet> {
    const chosen = await layers.chosen(userId);
    const entries = await Promise.all([...chosen].map(async ([kind, meta]) => [kind, await indexedLayer(meta)] as [LayerKind, IndexedLayer]));
    return Object.fromEntries(entries);
  }

  async function parcelsToScreen(userId: string, body: ScreeningRequest): Promise<ParcelRow[]> {
    if (!body.bbox && !body.project_id) throw invalid({ bbox: ['Give a bbox or a project_id.'] });
    const tooMany = () => invalid({ bbox: [`More than ${maxScreenedParcels} parcels in this area: zoom in or draw a smaller boundary.`] });
    if (!body.project_id) {
      const rows = await parcels.inBbox(userId, body.bbox as Bbox, maxScreenedParcels);
      if (rows.length > maxScreenedParcels) throw tooMany();
      return rows;
    }
    const project = await projects.find(userId, body.project_id);
    if (!project) throw notFound();
    const byId = new Map((await parcels.listForProject(project.id)).map((row) => [row.id, row]));
    if (project.boundary) {
      const inside = await parcels.inBbox(userId, bboxOf(project.boundary), maxScreenedParcels);
      if (inside.length > maxScreenedParcels) throw tooMany();
      for (const row of inside) if (!byId.has(row.id) && areasOverlap(row.geometry, project.boundary)) byId.set(row.id, row);
    }
    const rows = [...byId.values()];
    return body.bbox ? rows.filter((row) => bboxesOverlap([row.minLng, row.minLat, row.maxLng, row.maxLat], body.bbox as Bbox)) : rows;
  }

  async function screen(request: FastifyRequest) {
    const user = currentUser(request);
    const body = parse(ScreeningBody, request.body);
    const criteria = criteriaOrDefault(body.filters);
    const [rows, set] = await Promise.all([parcelsToScreen(user.id, body), layerSet(user.id)]);
    const results = rows.map((row) => ({ row, result: screenParcel({ id: row.id, geometry: row.geometry, areaM2: row.areaM2, landUse: row.landUse }, criteria, set) }));
    const layersUsed = Object.values(set).map((layer) => layer.ref);
    return { criteria, results, layersUsed };
  }

  app.post('/api/gis/new_apn/', { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(NewApnBody, request.body);
    const project = await projects.find(user.id, body.project_id);
    if (!project) throw notFound();
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
      if (!parcel) throw new ApiError(409, 'You already have a parcel with this id: attach it without a geometry, or give the drawing another id.');
    } else {
      parcel = await parcels.findByApn(user.id, body.apn);
      if (!parcel) throw new ApiError(404, 'No parcel with this APN in the parcel store. Draw it on the map to add it.');
    }
    if (!(await parcels.attach(project.id, parcel.id))) throw new ApiError(409, 'This parcel is already attached to the project.');
    return reply.code(201).send({ project_id: project.id, parcel: parcelFeature(parcel) });
  });

  app.get('/api/gis/get_search_apn_details/', auth, async (request) => {
    const user = currentUser(request);
    const { apn } = parse(ApnQuery, request.query);
    const parcel = await parcels.findByApn(user.id, apn);
    if (!parcel) throw notFound();
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

  app.post('/api/gis/get_filtered_geo_json/', { ...auth, bodyLimit: geometryBodyLimit }, async (request) => {
    const { criteria, results, layersUsed } = await screen(request);
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

  app.post('/api/gis/get_reasoned_geo_json/', { ...auth, bodyLimit: geometryBodyLimit }, async (request) => {
    const { criteria, results, layersUsed } = await screen(request);
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
    const results = await geocode(body.query.trim(), { country: body.country, limit: body.limit, extra });
    return { query: body.query, count: results.length, results };
  }
  app.post('/api/gis/get_coordinates/', auth, coordinates);
  app.get('/api/gis/get_coordinates/', auth, coordinates);
}
