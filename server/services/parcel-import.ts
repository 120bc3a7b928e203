/**
 * Turning GeoJSON, zipped shapefiles and KML into parcel rows and screening-layer features, with a report of what was
 * refused and why. Used by the demo seed, the import CLI and (later) uploads, so every path checks the same things.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection as StrictCollection, Geometry } from 'geojson';

/** Features as files have them: a feature may lack a geometry. */
export type FeatureCollection = StrictCollection<Geometry | null>;
import { parseZip } from 'shpjs';
import { areaGeometryError, maxGeometryVertices } from '../../src/contract/gis.ts';
import type { NewParcel } from '../repositories/parcels.ts';
import { apnKey, bboxOf, geodesicAreaM2, type AreaGeometry, type Bbox } from './geometry.ts';

export interface Refusal {
  /** Position of the feature in the file, from 0. */
  index: number;
  apn: string | null;
  reason: string;
}

export interface ParcelImportOptions {
  /** The property holding the parcel number (DC: SSL). */
  apnField: string;
  source: string;
  sourceDate?: string | null;
  county?: string;
  state?: string;
  landUseField?: string;
  ownerNameField?: string;
  /** null: the shared store; else the importing user's id. */
  ownerId?: string | null;
}

export class GeoFileError extends Error {}

/** Reads a .geojson/.json, a zipped shapefile (.zip) or a .kml file as one FeatureCollection. */
export async function readGeoFile(path: string): Promise<FeatureCollection> {
  const bytes = await readFile(path);
  return parseGeoBytes(bytes, extname(path).toLowerCase());
}

export async function parseGeoBytes(bytes: Uint8Array, extension: string): Promise<FeatureCollection> {
  switch (extension) {
    case '.geojson':
    case '.json': {
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder().decode(bytes));
      } catch (error) {
        throw new GeoFileError(`Not valid JSON: ${(error as Error).message}`);
      }
      return asFeatureCollection(value);
    }
    case '.zip': {
      let layers;
      try {
        layers = await parseZip(bytes);
      } catch (error) {
        throw new GeoFileError(`Not a readable zipped shapefile: ${(error as Error).message}`);
      }
      const all = Array.isArray(layers) ? layers : [layers];
      return { type: 'FeatureCollection', features: all.flatMap((layer) => layer.features) };
    }
    case '.kml': {
      const text = new TextDecoder().decode(bytes);
      const document = new DOMParser().parseFromString(text, 'text/xml');
      if (document.getElementsByTagName('kml').length === 0) throw new GeoFileError('Not a KML document.');
      return kml(document);
    }
    default:
      throw new GeoFileError(`Unsupported file type "${extension}": use .geojson, .json, .zip (shapefile) or .kml.`);
  }
}

function asFeatureCollection(value: unknown): FeatureCollection {
  if (typeof value === 'object' && value !== null) {
    const v = value as { type?: unknown; features?: unknown };
    if (v.type === 'FeatureCollection' && Array.isArray(v.features)) return value as FeatureCollection;
    if (v.type === 'Feature') return { type: 'FeatureCollection', features: [value as Feature<Geometry | null>] };
  }
  throw new GeoFileError('Expected a GeoJSON FeatureCollection or Feature.');
}

const propertyText = (feature: Feature<Geometry | null>, field: string | undefined) => {
  const value: unknown = field ? feature.properties?.[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
};

/** Parcel rows from a collection; features without a usable APN or polygon are refused with the reason. */
export function parcelRowsFrom(collection: FeatureCollection, options: ParcelImportOptions): { rows: NewParcel[]; refused: Refusal[] } {
  const rows: NewParcel[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  collection.features.forEach((feature, index) => {
    const apn = propertyText(feature, options.apnField);
    const refuse = (reason: string) => refused.push({ index, apn: apn || null, reason });
    if (!apn) return refuse(`No parcel number in property "${options.apnField}".`);
    if (apn.length > 100) return refuse('The parcel number is longer than 100 characters.');
    const key = apnKey(apn);
    if (seen.has(key)) return refuse('The parcel number appears earlier in the file.');
    const geometryError = areaGeometryError(feature.geometry);
    if (geometryError) return refuse(feature.geometry ? `${geometryError} (got ${feature.geometry.type})` : 'The feature has no geometry.');
    const geometry = feature.geometry as AreaGeometry;
    const areaM2 = geodesicAreaM2(geometry);
    if (!(areaM2 > 0)) return refuse('The polygon has no area.');
    seen.add(key);
    const [minLng, minLat, maxLng, maxLat] = bboxOf(geometry);
    const attributes = Object.fromEntries(Object.entries(feature.properties ?? {}).filter(([, value]) => value !== null && value !== undefined));
    rows.push({
      ownerId: options.ownerId ?? null,
      apn: apn.replace(/\s+/g, ' '),
      geometry,
      minLng,
      minLat,
      maxLng,
      maxLat,
      areaM2,
      county: options.county ?? '',
      state: options.state ?? '',
      landUse: propertyText(feature, options.landUseField),
      ownerName: propertyText(feature, options.ownerNameField),
      attributes,
      source: options.source,
      sourceDate: options.sourceDate ?? null,
    });
  });
  return { rows, refused };
}

const layerGeometryTypes = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

/** Positions in nested coordinate arrays: a position is an array whose first item is a number. */
function positionCount(coordinates: unknown): number {
  if (!Array.isArray(coordinates)) return 0;
  if (typeof coordinates[0] === 'number') return 1;
  return coordinates.reduce((n: number, item) => n + positionCount(item), 0);
}

/** The features of a screening layer, minus those `keep` rejects (e.g. upland 'U' wetland codes) and broken ones. */
export function layerFeaturesFrom(collection: FeatureCollection, keep: (feature: Feature<Geometry | null>) => boolean = () => true) {
  const features: Feature<Geometry>[] = [];
  const refused: Refusal[] = [];
  let dropped = 0;
  collection.features.forEach((feature, index) => {
    const geometry = feature.geometry;
    if (!geometry || !layerGeometryTypes.has(geometry.type)) return refused.push({ index, apn: null, reason: `Unsupported geometry ${geometry?.type ?? 'none'}.` });
    if (positionCount((geometry as { coordinates?: unknown }).coordinates) > maxGeometryVertices * 4) return refused.push({ index, apn: null, reason: 'The feature has too many positions.' });
    if ((geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && areaGeometryError(geometry)) {
      return refused.push({ index, apn: null, reason: areaGeometryError(geometry)! });
    }
    if (!keep(feature)) {
      dropped++;
      return;
    }
    features.push({ type: 'Feature', properties: feature.properties ?? null, geometry });
  });
  const boxes = features.map((f) => bboxOf(f.geometry));
  const extent: Bbox | undefined =
    boxes.length > 0
      ? [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))]
      : undefined;
  return { features, refused, dropped, extent };
}
