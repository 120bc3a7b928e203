/** Parcels and screening use cases, each scoped to the caller: attach by APN, look up, screen, find coordinates. */
import type { Infer } from 'superstruct';
import type { CoordinateCandidate, CoordinatesBody, NewApnBody, ScreeningBody } from '../../src/contract/gis.ts';
import { geocode } from '../geo/geocoding.ts';
import { areaUnits, bboxesOverlap, bboxOf, geodesicAreaM2, type Bbox } from '../geo/geometry.ts';
import { criteriaOrDefault } from '../geo/screening.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import { parcelFeature, parcelSummary } from '../projects/views.ts';
import { searchOnline, type Logger, type OnlineGeocoder } from './online-geocoders.ts';
import type { ParcelRow, ParcelsRepository } from './parcels-repository.ts';
import { maxScreenedParcels, tooManyParcels, type ProjectScreening } from './project-screening.ts';

/** What the parcel and screening use cases work with; the app's context gives all of it. */
export interface GisDeps {
  projects: ProjectsRepository;
  parcels: ParcelsRepository;
  screening: ProjectScreening;
  /** Nominatim and Google geocoding, each only when configured. */
  geocoders: OnlineGeocoder[];
}

/** Attaches a parcel to the caller's project: one the user drew (stored as their own), else one from the store by APN. */
export async function attachParcel(ctx: Pick<GisDeps, 'projects' | 'parcels'>, userId: string, body: NewApnBody) {
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
    if (!parcel) throw new DomainError('notFound', 'No parcel with this APN in the parcel store. Draw it on the map to add it.');
  }
  if (!(await ctx.parcels.attach(project.id, parcel.id))) throw new DomainError('conflict', 'This parcel is already attached to the project.');
  return { project_id: project.id, parcel: parcelFeature(parcel) };
}

/** A parcel the caller can see, with its geometry, extent, attributes and the caller's projects it is attached to. */
export async function parcelDetails(ctx: Pick<GisDeps, 'parcels'>, userId: string, apn: string) {
  const parcel = requireOwned(await ctx.parcels.findByApn(userId, apn));
  const [w, s, e, n] = [parcel.minLng, parcel.minLat, parcel.maxLng, parcel.maxLat];
  return {
    ...parcelSummary(parcel),
    geometry: parcel.geometry,
    bbox: [w, s, e, n],
    center: { lat: (s + n) / 2, lng: (w + e) / 2 },
    attributes: parcel.attributes,
    projects: await ctx.parcels.attachedProjects(userId, parcel.id),
  };
}

/** The parcels in the bbox, or of the caller's project (narrowed to the bbox when one is given too). */
async function parcelsToScreen(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'screening'>, userId: string, body: ScreeningBody): Promise<ParcelRow[]> {
  if (!body.bbox && !body.project_id) throw invalid({ bbox: ['Give a bbox or a project_id.'] });
  if (!body.project_id) {
    const rows = await ctx.parcels.inBbox(userId, body.bbox as Bbox, maxScreenedParcels);
    if (rows.length > maxScreenedParcels) throw tooManyParcels();
    return rows;
  }
  const project = requireOwned(await ctx.projects.find(userId, body.project_id));
  const rows = await ctx.screening.projectParcels(userId, project);
  return body.bbox ? rows.filter((row) => bboxesOverlap([row.minLng, row.minLat, row.maxLng, row.maxLat], body.bbox as Bbox)) : rows;
}

/** Screens in a worker thread; `cached` tells whether the answer came from the screening cache. */
async function screen(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'screening'>, userId: string, body: ScreeningBody) {
  const criteria = criteriaOrDefault(body.filters);
  const { results, layersUsed, cached } = await ctx.screening.screenInWorker(userId, await parcelsToScreen(ctx, userId, body), criteria);
  return { criteria, results, layersUsed, cached };
}

/** The parcels that pass screening, as a GeoJSON FeatureCollection with their total area. */
export async function suitableParcels(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'screening'>, userId: string, body: ScreeningBody) {
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
export async function reasonedParcels(ctx: Pick<GisDeps, 'projects' | 'parcels' | 'screening'>, userId: string, body: ScreeningBody) {
  const { criteria, results, layersUsed, cached } = await screen(ctx, userId, body);
  const tally = { pass: 0, fail: 0, unknown: 0 };
  for (const { result } of results) tally[result.verdict]++;
  const collection = {
    type: 'FeatureCollection',
    features: results.map(({ row, result }) => parcelFeature(row, result)),
    screened: results.length,
    summary: tally,
    criteria,
    layers: layersUsed,
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
