import type { ParcelSummary } from '../../src/contract/gis.ts';
import type { Project, ProjectListItem } from '../../src/contract/projects.ts';
import type { ParcelRow } from '../gis/parcels-repository.ts';
import type { ProjectListRow, ProjectWithCount } from './repository.ts';
import { areaUnits } from '../geo/geometry.ts';

/** A project as the API answers it. */
export function projectView(row: ProjectWithCount): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    location: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    boundary: row.boundary ?? null,
    area: row.boundaryAreaM2 === null ? null : areaUnits(row.boundaryAreaM2),
    address: row.address,
    country: row.country,
    postal_code: row.postalCode,
    pincode: row.postalCode,
    parcel_count: row.parcelCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// The view gains its extra field in place: spreading it into a new object copied its fifteen fields again, which on a
// page of projects cost about twice what building the views did.
export const listItemView = (row: ProjectListRow): ProjectListItem =>
  Object.assign(projectView(row), {
    primary_study: row.primaryStudy && { id: row.primaryStudy.id, name: row.primaryStudy.name, dc_kw: row.primaryStudy.dcKw, p50_annual_kwh: row.primaryStudy.p50AnnualKwh },
  });

/** A parcel without its geometry. */
export function parcelSummary(row: ParcelRow): ParcelSummary {
  const area = areaUnits(row.areaM2);
  return {
    id: row.id,
    apn: row.apn,
    area_m2: area.m2,
    area_acres: area.acres,
    area_ha: area.ha,
    land_use: row.landUse,
    county: row.county,
    state: row.state,
    owner_name: row.ownerName,
    source: row.source,
    source_date: row.sourceDate,
    drawn: row.ownerId !== null && row.source === 'drawn',
  };
}

/** A parcel as a GeoJSON Feature, its summary as the properties. */
export const parcelFeature = <P extends object>(row: ParcelRow, extra?: P) => ({
  type: 'Feature' as const,
  id: row.id,
  geometry: row.geometry,
  properties: { ...parcelSummary(row), ...extra },
});
