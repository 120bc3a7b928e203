/**
 * Parcels from county parcel layers on ArcGIS REST (PARCEL_SERVICES), by APN or by a point clicked on the map, through
 * the screening sources' ArcGIS client (paging, Esri JSON or GeoJSON), HTTP client (the configured host only, bounded
 * answers) and timeout. A user's request contributes an APN, checked to hold only APN characters before it is quoted
 * into the where clause, or the numbers of a point; the service, its URL and its fields are the operator's.
 */
import type { Geometry, MultiPolygon, Position } from 'geojson';
import { areaGeometryError } from '../../../src/contract/gis.ts';
import { bboxesOverlap, bboxOf, geodesicAreaM2, type AreaGeometry, type Bbox } from '../../geo/geometry.ts';
import { contains, localProjection, projectRings, shapeOf } from '../../geo/planar.ts';
import { DomainError, invalid } from '../../platform/domain-error.ts';
import { arcgisClient, type ArcgisGeometry } from './arcgis.ts';
import { SourceError, sourceHttp } from './http.ts';
import { defaultLimits, isoDate, type SourceLimits } from './reader.ts';
import { defaultParcelTimeoutS, type ParcelService } from './parcel-service-settings.ts';

/** What an APN may hold to be sent to a service: letters, digits, spaces and . _ / - (no quote, so nothing leaves the literal). */
const apnPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 ._/-]{0,62}[A-Za-z0-9])?$/;
export const onlineApnMessage = 'A parcel number sent to a county parcel service may hold letters, digits, spaces and . _ / - only (at most 64).';

/** The APN as it is sent (trimmed, runs of spaces made one), or undefined when it holds anything else. */
export function serviceApn(apn: string): string | undefined {
  const value = apn.trim().replace(/\s+/g, ' ');
  return apnPattern.test(value) ? value : undefined;
}

/** `FIELD = 'APN'`: the field is the operator's (checked at start), the APN checked by serviceApn; anything else throws. */
export function apnWhere(field: string, apn: string): string {
  const value = serviceApn(apn);
  if (value === undefined || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field)) throw new Error('apnWhere: an APN or a field name that cannot be quoted');
  return `${field} = '${value}'`;
}

/** A parcel as a service answered it, ready to be stored as the user's own. */
export interface OnlineParcel {
  service: ParcelService;
  apn: string;
  geometry: AreaGeometry;
  areaM2: number;
  ownerName: string;
  address: string;
  landUse: string;
  /** The fields the service was asked for, as it answered them. */
  attributes: Record<string, unknown>;
  /** The data's date where the layer says it, else the day it was fetched. */
  sourceDate: string;
}

/** What a parcel's `source` says: the service and the terms of its data. */
export const parcelServiceSource = (service: ParcelService) => `${service.name}: ${service.attribution} (${service.licence})`;

/** Looking up one parcel needs a few features, never a tile's worth. */
const lookupLimits: SourceLimits = { ...defaultLimits, featuresPerTile: 200, bytesPerTile: 16 * 1024 * 1024, bytesPerAnswer: 8 * 1024 * 1024 };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const flat = (ring: Position[]): Position[] => ring.map((p) => [p[0]!, p[1]!]);

/** The polygons of a Polygon or MultiPolygon, in two dimensions; none for any other geometry. */
function polygonsOf(geometry: Geometry | null | undefined): Position[][][] {
  if (geometry?.type === 'Polygon') return [geometry.coordinates.map(flat)];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates.map((polygon) => polygon.map(flat));
  return [];
}

/** Whether a point lies inside a parcel (holes are outside). */
export function containsPoint(geometry: AreaGeometry, lng: number, lat: number): boolean {
  const project = localProjection(bboxOf(geometry));
  return contains(shapeOf(projectRings(polygonsOf(geometry), project)), project([lng, lat]));
}

export interface ParcelServicesOptions {
  /** Sent with every request; public services ask clients to name themselves. */
  userAgent?: string;
  now?: () => Date;
}

export function createParcelServices(services: ParcelService[], options: ParcelServicesOptions = {}) {
  const client = arcgisClient();
  const now = options.now ?? (() => new Date());
  const userAgent = options.userAgent ?? 'Sunplot parcels';

  const outFields = (service: ParcelService) =>
    [...new Set([service.apn_field, service.owner_field, service.address_field, service.land_use_field, service.area_field].filter((field) => field !== undefined))].join(',');

  /** The service's parcels matching the query; SourceError (with the timeout's words) when it cannot answer. */
  async function ask(service: ParcelService, where: string, geometry: ArcgisGeometry): Promise<OnlineParcel[]> {
    const seconds = service.timeout_s ?? defaultParcelTimeoutS;
    const signal = AbortSignal.timeout(seconds * 1000);
    const context = { http: sourceHttp(new URL(service.url).origin, signal, userAgent), limits: lookupLimits, signal };
    let answer: Awaited<ReturnType<typeof client.query>>;
    try {
      answer = await client.query(service, { where, outFields: outFields(service), geometry }, context);
    } catch (error) {
      if (signal.aborted) throw new SourceError(`did not answer within ${seconds} s`);
      throw error;
    }
    const fetched = isoDate(now().toISOString())!;
    const parcels: OnlineParcel[] = [];
    for (const feature of answer.features as { geometry?: Geometry | null; properties?: Record<string, unknown> | null }[]) {
      const properties = feature?.properties ?? {};
      const apn = text(properties[service.apn_field]);
      const polygons = polygonsOf(feature?.geometry);
      const parcel: AreaGeometry = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
      // A parcel without its number or with a shape screening cannot use is not offered.
      if (apn === '' || polygons.length === 0 || areaGeometryError(parcel) !== undefined) continue;
      const field = (name: string | undefined) => (name === undefined ? '' : text(properties[name]));
      parcels.push({
        service,
        apn,
        geometry: parcel,
        areaM2: geodesicAreaM2(parcel),
        ownerName: field(service.owner_field),
        address: field(service.address_field),
        landUse: field(service.land_use_field),
        attributes: properties,
        sourceDate: answer.sourceDate ?? fetched,
      });
    }
    return parcels;
  }

  /** Every covering service asked at once; the first in the setting's order that has the parcel answers. */
  async function first(candidates: ParcelService[], lookUp: (service: ParcelService) => Promise<OnlineParcel | undefined>): Promise<OnlineParcel | undefined> {
    const answers = await Promise.allSettled(candidates.map(lookUp));
    const found = answers.find((answer): answer is PromiseFulfilledResult<OnlineParcel> => answer.status === 'fulfilled' && answer.value !== undefined);
    if (found) return found.value;
    const failures = answers.flatMap((answer, i) => (answer.status === 'rejected' ? [{ service: candidates[i]!, error: answer.reason as unknown }] : []));
    if (failures.length === 0) return undefined;
    const unexpected = failures.find(({ error }) => !(error instanceof SourceError));
    if (unexpected) throw unexpected.error;
    const reasons = failures.map(({ service, error }) => `${service.name} ${(error as Error).message}`);
    // Only slowness says "try again later"; a service that answers wrongly fails until its operator or the setting changes.
    const kind = failures.every(({ error }) => (error as Error).message.startsWith('did not answer within')) ? 'unavailable' : 'upstreamFailed';
    throw new DomainError(kind, `${reasons.join('; ')}. The parcel could not be looked up: try again later, or import it from a file.`);
  }

  return {
    services,

    /** The services whose coverage meets the area (all of them when the area is not known). */
    covering(area: Bbox | null): ParcelService[] {
      return services.filter((service) => !area || !service.bbox || bboxesOverlap(service.bbox, area));
    },

    /**
     * The parcel with this APN in the first covering service that has it, its parts joined when the layer holds it in
     * several features. 400 for an APN that cannot be sent; a 502/503 DomainError naming every service that failed.
     */
    async byApn(candidates: ParcelService[], apn: string): Promise<OnlineParcel | undefined> {
      if (candidates.length === 0) return undefined;
      if (serviceApn(apn) === undefined) throw invalid({ apn: [onlineApnMessage] });
      return first(candidates, async (service) => {
        const parts = await ask(service, apnWhere(service.apn_field, apn), null);
        if (parts.length <= 1) return parts[0];
        const polygons: MultiPolygon['coordinates'] = parts.flatMap((part) => (part.geometry.type === 'Polygon' ? [part.geometry.coordinates] : part.geometry.coordinates));
        const joined: MultiPolygon = { type: 'MultiPolygon', coordinates: polygons };
        return areaGeometryError(joined) === undefined ? { ...parts[0]!, geometry: joined, areaM2: geodesicAreaM2(joined) } : parts[0];
      });
    },

    /** The parcel containing the point in the first covering service that has one there. */
    async atPoint(candidates: ParcelService[], lng: number, lat: number): Promise<OnlineParcel | undefined> {
      return first(candidates, async (service) => {
        const touching = await ask(service, '1=1', { point: [lng, lat] });
        // A point on a shared edge touches both neighbours: the one it lies inside, else the first.
        return touching.find((parcel) => containsPoint(parcel.geometry, lng, lat)) ?? touching[0];
      });
    },
  };
}

export type ParcelServices = ReturnType<typeof createParcelServices>;

