/**
 * The Washington, DC demo region shipped in server/data/gis/dc (see SOURCE.md there): 1,258 parcels (parcel number
 * `SSL`), FEMA special flood hazard areas and wetlands, all Open Data DC, CC BY 4.0.
 */
import { fileURLToPath } from 'node:url';
import type { Feature, Geometry } from 'geojson';
import type { Bbox } from '../geo/geometry.ts';
import { layerFeaturesFrom, parcelRowsFrom, readGeoFile } from '../geo/parcel-import.ts';

const dir = fileURLToPath(new URL('../data/gis/dc/', import.meta.url));

export const dcAttribution = 'Government of the District of Columbia, Open Data DC (DC GIS), CC BY 4.0. Modified.';
/** Commit date of the copy in benbalter/dc-maps the files come from. */
export const dcSourceDate = '2016-08-16';
/** The District's extent, which every DC layer speaks for (a parcel outside it gets `unknown`). */
export const dcCoverage: Bbox = [-77.12, 38.79, -76.9, 39.0];

// FEMA NFHL: only features flagged as special flood hazard area (SFHA_TF = 'T') are flood zones.
const isFloodZone = (feature: Feature<Geometry | null>) => feature.properties?.SFHA_TF === 'T';
// NWI code 'U' is upland, i.e. not a wetland: keeping it would put half the city "in a wetland".
const isWetland = (feature: Feature<Geometry | null>) => typeof feature.properties?.WETLAND_ID === 'string' && feature.properties.WETLAND_ID.trim() !== 'U';

export async function readDcDemo() {
  const [parcelFile, floodFile, wetlandFile] = await Promise.all([
    readGeoFile(`${dir}parcel-lots.geojson`),
    readGeoFile(`${dir}special-flood-hazard-areas.geojson`),
    readGeoFile(`${dir}wetland-types-general.geojson`),
  ]);
  const parcels = parcelRowsFrom(parcelFile, {
    apnField: 'SSL',
    source: `Open Data DC parcel lots (${dcAttribution})`,
    sourceDate: dcSourceDate,
    county: 'District of Columbia',
    state: 'DC',
    ownerId: null,
  });
  const flood = layerFeaturesFrom(floodFile, isFloodZone);
  const wetland = layerFeaturesFrom(wetlandFile, isWetland);
  return {
    parcels,
    layers: [
      { kind: 'flood' as const, name: 'DC special flood hazard areas (FEMA zone AE)', source: `FEMA NFHL via Open Data DC (${dcAttribution})`, ...flood },
      { kind: 'wetland' as const, name: 'DC wetlands (NWI codes, upland U removed)', source: `Open Data DC wetland types (${dcAttribution})`, ...wetland },
    ],
  };
}
