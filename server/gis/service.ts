/** Parcels and screening use cases, each scoped to the caller: attach by APN, look up, screen, find coordinates. */
import type { Infer } from 'superstruct';
import type { CoordinateCandidate, CoordinatesBody, NewApnBody, ParcelAtQuery, ScreeningBody, ScreeningCoverage } from '../../src/contract/gis.ts';
import { geocode } from '../geo/geocoding.ts';
import { apnKey, areaUnits, bboxesOverlap, bboxOf, geodesicAreaM2, widened, type AreaGeometry, type Bbox } from '../geo/geometry.ts';
import { criteriaOrDefault } from '../geo/screening.ts';
import { DomainError, invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import { parcelFeature, parcelSummary } from '../projects/views.ts';
import { searchOnline, type Logger, type OnlineGeocoder } from './online-geocoders.ts';
import type { ParcelRow, ParcelsRepository } from './parcels-repository.ts';
import { layerCoverage, type LayersRepository } from './layers-repository.ts';
import { layerRef, maxScreenedParcels, tooManyParcels, type ProjectScreening } from './project-screening.ts';
import type { FetchSources } from './sources/types.ts';
import { containsPoint, parcelServiceSource, type OnlineParcel, type ParcelServices } from './sources/parcel-services.ts';

/** What the parcel and screening use cases work with; the app's context gives all of it. */
export interface GisDeps {
  projects: ProjectsRepository;
  parcels: ParcelsRepository;
  screening: ProjectScreening;
  /** Nominatim and Google geocoding, each only when configured. */
  geocoders: OnlineGeocoder[];
  /** County parcel layers (PARCEL_SERVICES); none when off. */
  parcelServices: ParcelServices;
  layers: LayersRepository;
  /** Online screening sources (SCREENING_SOURCES); none when off. */
  screeningSources: FetchSources;
}

/** Where a project lies, to choose the parcel services that cover it: its boundary's extent, else its location. */
function projectArea(project: { boundary: AreaGeometry | null; lat: number | null; lng: number | null }): Bbox | null {
  if (project.boundary) return bboxOf(project.boundary);
  return project.lat !== null && project.lng !== null ? [project.lng, project.lat, project.lng, project.lat] : null;
}

/** An online parcel as the row it is stored as, the user's own, with the service and its terms as its source. */
function onlineRow(userId: string, { service, ...parcel }: OnlineParcel): ParcelRow {
  const [minLng, minLat, maxLng, maxLat] = bboxOf(parcel.geometry);
  return {
    id: `online:${service.id}:${apnKey(parcel.apn)}`,
    ownerId: userId,
    apn: parcel.apn,
    apnKey: apnKey(parcel.apn),
    geometry: parcel.geometry,
    minLng,
    minLat,
    maxLng,
    maxLat,
    areaM2: parcel.areaM2,
    county: service.county ?? '',
    state: service.state ?? '',
    landUse: parcel.landUse,
    ownerName: parcel.ownerName,
    address: parcel.address,
    attributes: parcel.attributes,
    source: parcelServiceSource(service),
    sourceDate: parcel.sourceDate,
    createdAt: new Date(),
  };
}

/** "the parcel store" and the services asked, for not-found messages: "the parcel store, A or B". */
function placesAsked(services: { name: string }[]): string {
  const places = ['the parcel store', ...services.map((service) => service.name)];
  return places.length === 1 ? places[0]! : `${places.slice(0, -1).join(', ')} or ${places.at(-1)}`;
}

/**
 * Attaches a parcel to the caller's project: one the user drew (stored as their own), else one from the store by APN,
 * else one from the first parcel service covering the project that has it (stored as the user's own, with its source).
 */
export async function attachParcel(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'parcelServices'>, userId: string, body: NewApnBody) {
  const project = requireOwned(await ctx.projects.find(userId, body.project_id));
  let parcel: ParcelRow | undefined;
  if (body.geometry) {
    const [minLng, minLat, maxLng, maxLat] = bboxOf(body.geometry);
    parcel = await ctx.parcels.createOwn(userId, {
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
    parcel = await ctx.parcels.findByApn(userId, body.apn);
    if (!parcel) {
      const services = ctx.parcelServices.covering(projectArea(project));
      const online = await ctx.parcelServices.byApn(services, body.apn);
      if (!online) {
        const hint = services.length > 0 ? 'Check the number, or draw the parcel on the map to add it.' : 'Draw it on the map to add it.';
        throw new DomainError('notFound', `No parcel with this APN in ${placesAsked(services)}. ${hint}`);
      }
      const { id: _unsaved, createdAt: _now, apnKey: _key, ...values } = onlineRow(userId, online);
      // Two attaches at once store it once: the second finds the first's row.
      parcel = (await ctx.parcels.createOwn(userId, values)) ?? (await ctx.parcels.findOwn(userId, online.apn));
      if (!parcel) throw new DomainError('conflict', 'This parcel was changed meanwhile: try again.');
    }
  }
  if (!(await ctx.parcels.attach(project.id, parcel.id))) throw new DomainError('conflict', 'This parcel is already attached to the project.');
  return { project_id: project.id, parcel: parcelFeature(parcel) };
}

/** A parcel with its geometry, extent, attributes and the caller's projects holding it; `service` when one answered just now. */
async function details(ctx: Pick<GisDeps, 'parcels'>, userId: string, parcel: ParcelRow, service?: OnlineParcel['service']) {
  const [w, s, e, n] = [parcel.minLng, parcel.minLat, parcel.maxLng, parcel.maxLat];
  return {
    ...parcelSummary(parcel),
    geometry: parcel.geometry,
    bbox: [w, s, e, n],
    center: { lat: (s + n) / 2, lng: (w + e) / 2 },
    attributes: parcel.attributes,
    address: parcel.address,
    projects: service ? [] : await ctx.parcels.attachedProjects(userId, parcel.id),
    ...(service ? { service: { id: service.id, name: service.name, attribution: service.attribution, licence: service.licence } } : {}),
  };
}

/**
 * A parcel the caller can see by APN; with `project_id`, one not in the store is looked for in the parcel services
 * covering the project (answered, not stored: attaching stores it).
 */
export async function parcelDetails(ctx: Pick<GisDeps, 'parcels' | 'projects' | 'parcelServices'>, userId: string, query: { apn: string; project_id?: string }) {
  const parcel = await ctx.parcels.findByApn(userId, query.apn);
  if (parcel) return details(ctx, userId, parcel);
  if (query.project_id === undefined) throw notFound();
  const project = requireOwned(await ctx.projects.find(userId, query.project_id));
  const services = ctx.parcelServices.covering(projectArea(project));
  const online = await ctx.parcelServices.byApn(services, query.apn);
  if (!online) throw new DomainError('notFound', `No parcel with this APN in ${placesAsked(services)}.`);
  return details(ctx, userId, onlineRow(userId, online), online.service);
}

/** The parcel under a point: one the caller can see in the store, else one from the parcel services covering the point. */
export async function parcelAt(ctx: Pick<GisDeps, 'parcels' | 'parcelServices'>, userId: string, { lng, lat }: ParcelAtQuery) {
  const stored = (await ctx.parcels.containing(userId, lng, lat)).find((row) => containsPoint(row.geometry, lng, lat));
  if (stored) return details(ctx, userId, stored);
  const services = ctx.parcelServices.covering([lng, lat, lng, lat]);
  const online = await ctx.parcelServices.atPoint(services, lng, lat);
  if (!online) {
    const where = services.length > 0 ? placesAsked(services) : 'the parcel store, and no parcel service covers this place';
    throw new DomainError('notFound', `No parcel here in ${where}.`);
  }
  return details(ctx, userId, onlineRow(userId, online), online.service);
}

/** The configured parcel services, as the attach panel names them with their terms. */
export function parcelServiceList(ctx: Pick<GisDeps, 'parcelServices'>) {
  return {
    services: ctx.parcelServices.services.map((service) => ({
      id: service.id,
      name: service.name,
      attribution: service.attribution,
      licence: service.licence,
      county: service.county ?? '',
      state: service.state ?? '',
      bbox: service.bbox ?? null,
    })),
  };
}

/** How far around a project's location, with no boundary and no parcels, the coverage of its screening looks. */
const aroundLocationKm = 2;

/** The extent of parcel rows. */
const extentOf = (rows: ParcelRow[]): Bbox => [
  Math.min(...rows.map((row) => row.minLng)),
  Math.min(...rows.map((row) => row.minLat)),
  Math.max(...rows.map((row) => row.maxLng)),
  Math.max(...rows.map((row) => row.maxLat)),
];

/**
 * The parcels in the bbox, or of the caller's project (narrowed to the bbox when one is given too), and the place they
 * were looked for: the bbox, else the boundary's extent, the parcels' extent, or the ground around the location.
 */
async function parcelsToScreen(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'screening'>, userId: string, body: ScreeningBody): Promise<{ rows: ParcelRow[]; place: Bbox | null }> {
  if (!body.bbox && !body.project_id) throw invalid({ bbox: ['Give a bbox or a project_id.'] });
  if (!body.project_id) {
    const rows = await ctx.parcels.inBbox(userId, body.bbox as Bbox, maxScreenedParcels);
    if (rows.length > maxScreenedParcels) throw tooManyParcels();
    return { rows, place: body.bbox as Bbox };
  }
  const project = requireOwned(await ctx.projects.find(userId, body.project_id));
  const rows = await ctx.screening.projectParcels(userId, project);
  const bbox = body.bbox;
  if (bbox) return { rows: rows.filter((row) => bboxesOverlap([row.minLng, row.minLat, row.maxLng, row.maxLat], bbox)), place: bbox };
  const location = projectArea(project);
  const place = project.boundary ? bboxOf(project.boundary) : rows.length > 0 ? extentOf(rows) : location && widened(location, aroundLocationKm);
  return { rows, place };
}

/** What there is for `place`: the caller's parcels in the store, the parcel services, the stored layers and the online sources. */
async function coverageOf(ctx: Pick<GisDeps, 'parcels' | 'layers' | 'screeningSources' | 'parcelServices'>, userId: string, place: Bbox | null): Promise<ScreeningCoverage> {
  const sources = [...(ctx.screeningSources.vectorRefs ?? []), ...(ctx.screeningSources.elevationRefs ?? [])];
  if (!place) return { bbox: null, parcels: false, parcel_services: [], layers: [], sources };
  const [nearby, stored] = await Promise.all([ctx.parcels.inBbox(userId, place, 0), ctx.layers.applicable(userId)]);
  return {
    bbox: place,
    parcels: nearby.length > 0,
    parcel_services: ctx.parcelServices.covering(place).map((service) => service.name),
    layers: stored.filter((layer) => bboxesOverlap(layerCoverage(layer), place)).map(layerRef),
    sources,
  };
}

type ScreeningDeps = Pick<GisDeps, 'projects' | 'parcels' | 'screening' | 'layers' | 'screeningSources' | 'parcelServices'>;

/** Screens in a worker thread; `cached` tells whether the answer came from the screening cache. */
async function screen(ctx: ScreeningDeps, userId: string, body: ScreeningBody) {
  const criteria = criteriaOrDefault(body.filters);
  const { rows, place } = await parcelsToScreen(ctx, userId, body);
  const [{ results, layersUsed, cached }, coverage] = await Promise.all([ctx.screening.screenInWorker(userId, rows, criteria), coverageOf(ctx, userId, place)]);
  return { criteria, results, layersUsed, cached, coverage };
}

/** The parcels that pass screening, as a GeoJSON FeatureCollection with their total area. */
export async function suitableParcels(ctx: ScreeningDeps, userId: string, body: ScreeningBody) {
  const { criteria, results, layersUsed, cached } = await screen(ctx, userId, body);
  const passing = results.filter(({ result }) => result.suitable);
  const area = passing.reduce((sum, { row }) => sum + row.areaM2, 0);
  const collection = {
    type: 'FeatureCollection',
    features: passing.map(({ row }) => parcelFeature(row, { suitable: true })),
    screened: results.length,
    count: passing.length,
    area: areaUnits(area),
    criteria,
    layers: layersUsed,
  };
  return { cached, collection };
}

/** Every screened parcel with its verdict and reasons, as a GeoJSON FeatureCollection with a tally of the verdicts. */
export async function reasonedParcels(ctx: ScreeningDeps, userId: string, body: ScreeningBody) {
  const { criteria, results, layersUsed, cached, coverage } = await screen(ctx, userId, body);
  const tally = { pass: 0, fail: 0, unknown: 0 };
  for (const { result } of results) tally[result.verdict]++;
  const collection = {
    type: 'FeatureCollection',
    features: results.map(({ row, result }) => parcelFeature(row, result)),
    screened: results.length,
    summary: tally,
    criteria,
    layers: layersUsed,
    coverage,
  };
  return { cached, collection };
}

/** Places matching the query: a parcel the caller can see by APN, the offline gazetteers and, for words, the online geocoders. */
export async function findCoordinates(ctx: Pick<GisDeps, 'parcels' | 'geocoders'>, userId: string, body: Infer<typeof CoordinatesBody>, log: Logger) {
  const parcel = await ctx.parcels.findByApn(userId, body.query);
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
  const online = ctx.geocoders.length > 0 && /\p{L}{2}/u.test(query) ? await searchOnline(ctx.geocoders, query, { country: body.country, limit: body.limit ?? 5 }, log) : [];
  const results = await geocode(query, { country: body.country, limit: body.limit, extra: [...extra, ...online] });
  return { query: body.query, count: results.length, results };
}
