/**
 * Turning GeoJSON, zipped shapefiles and KML into parcel rows and screening-layer features, with a report of what was
 * refused and why. Used by the demo seed, the import CLI and browser uploads, so every path checks the same things.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection as StrictCollection, Geometry } from 'geojson';
import { areaGeometryError, maxGeometryVertices } from '../../src/contract/gis.ts';
import type { parcels } from '../db/schema.ts';
import { ArchiveLimitError, readZippedShapefile, type ArchiveLimits } from './shapefile-archive.ts';
import { apnKey, bboxOf, geodesicAreaM2, type AreaGeometry, type Bbox } from './geometry.ts';

/** A parcel row as a file gives it; the repository adds the id, the APN key and the time. */
export type NewParcel = Omit<typeof parcels.$inferInsert, 'id' | 'apnKey' | 'createdAt'>;

/** Features as files have them: a feature may lack a geometry. */
export type FeatureCollection = StrictCollection<Geometry | null>;

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

/** A file that cannot be read: damaged (400), or beyond a limit (413). */
export class GeoFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type GeoFileLimits = ArchiveLimits;

/**
 * What one uploaded file may hold and cost. A 20 MB upload of GeoJSON holds at most ~20 MB of text; a zipped
 * shapefile gets three times that unpacked, which real parcel files compress to. The README lists these.
 */
export const parcelUploadLimits = {
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxEntries: 100,
  maxFeatures: 50_000,
  /** Running time of one parse, in a worker thread that is stopped when it runs over. */
  parseMs: 10_000,
  /** How long an upload may wait for a free worker thread before it is answered 503. */
  waitMs: 30_000,
  /** Threads reading files: two at least, so one slow file does not hold up everyone else's; up to one per spare core. */
  threads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  /** Heap of one parsing thread: the largest files within the limits above read in 512 MB; twice that, to spare. */
  heapMb: 1024,
};

/** The operator's own files (CLI, demo seed) may be as large as they are. */
const localFileLimits: GeoFileLimits = { maxUnpackedBytes: Infinity, maxEntries: Infinity, maxFeatures: Infinity };

/** Reads a .geojson/.json, a zipped shapefile (.zip) or a .kml file as one FeatureCollection. */
export async function readGeoFile(path: string): Promise<FeatureCollection> {
  const bytes = await readFile(path);
  return parseGeoBytes(bytes, extname(path).toLowerCase(), localFileLimits);
}

const tooManyFeatures = (limits: GeoFileLimits) => new GeoFileError(`The file holds more than ${limits.maxFeatures} features; at most ${limits.maxFeatures} are read from one file.`, 413);

export async function parseGeoBytes(bytes: Uint8Array, extension: string, limits: GeoFileLimits = parcelUploadLimits): Promise<FeatureCollection> {
  switch (extension) {
    case '.geojson':
    case '.json': {
      const text = new TextDecoder().decode(bytes);
      // Counted on the text, before a parse builds what every later step would walk down, recursively.
      if (nestsDeeperThan(text, maxGeoJsonDepth)) throw new GeoFileError(tooDeepJson);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new GeoFileError(`Not valid JSON: ${jsonErrorWithLine((error as Error).message, bytes)}`);
      }
      const collection = asFeatureCollection(value);
      if (collection.features.length > limits.maxFeatures) throw tooManyFeatures(limits);
      return collection;
    }
    case '.zip':
      try {
        return readZippedShapefile(bytes, limits);
      } catch (error) {
        if (error instanceof ArchiveLimitError) throw new GeoFileError(error.message, 413, { cause: error });
        throw new GeoFileError(`Not a readable zipped shapefile: ${(error as Error).message}`, 400, { cause: error });
      }
    case '.kml': {
      const text = new TextDecoder().decode(bytes);
      // Counted before the document is built, which takes many times the file's size.
      if (countUpTo(text, /<(?:\w+:)?Placemark[\s/>]/g, limits.maxFeatures + 1) > limits.maxFeatures) throw tooManyFeatures(limits);
      // xmldom reports through onError and then throws its own ParseError on fatal errors: keep the first report.
      let problem: string | undefined;
      const parser = new DOMParser({
        onError: (level, message, context) => {
          if (level === 'warning' || problem) return;
          const at = (context as { locator?: { lineNumber?: number; columnNumber?: number } } | undefined)?.locator;
          problem = `Not well-formed XML${at?.lineNumber ? ` at line ${at.lineNumber}, column ${at.columnNumber ?? 0}` : ''}: ${message}`;
        },
      });
      let document;
      try {
        document = parser.parseFromString(text, 'text/xml');
      } catch (error) {
        throw new GeoFileError(problem ?? `Not well-formed XML: ${(error as Error).message}`);
      }
      if (problem) throw new GeoFileError(problem);
      if (document.getElementsByTagName('kml').length === 0) throw new GeoFileError('Not a KML document.');
      const collection = kml(document);
      if (collection.features.length > limits.maxFeatures) throw tooManyFeatures(limits);
      return collection;
    }
    default:
      throw new GeoFileError(`Unsupported file type "${extension}": use .geojson, .json, .zip (shapefile) or .kml.`);
  }
}

/**
 * How deep a GeoJSON file's arrays and objects may nest. A MultiPolygon's position lies 8 levels down and properties
 * are kept to maxPropertyDepth more; deeper (a 100,000-level file) is no map, and would overflow the stack of the
 * steps that walk it. docs/api.md lists it.
 */
export const maxGeoJsonDepth = 64;
const tooDeepJson = `The file nests deeper than ${maxGeoJsonDepth} levels of arrays and objects; GeoJSON needs fewer than 30.`;

/** Whether a JSON text's arrays and objects nest deeper than `limit`; brackets inside strings do not count. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limit) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

/** How often `pattern` (global) occurs in `text`, counting no further than `stop`. */
function countUpTo(text: string, pattern: RegExp, stop: number): number {
  let n = 0;
  while (n < stop && pattern.exec(text)) n++;
  return n;
}

/** JSON.parse says where by character position; people find the line and column easier. */
function jsonErrorWithLine(message: string, bytes: Uint8Array): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined || /line \d+/.test(message)) return message;
  const before = new TextDecoder().decode(bytes).slice(0, Number(position)).split('\n');
  return `${message} (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];

/**
 * The file type by content, not by name (an upload's name is whatever the browser sends): a ZIP archive, a JSON
 * object, or XML with a <kml> element near the start; undefined for anything else.
 */
export function sniffGeoFormat(bytes: Uint8Array): '.zip' | '.geojson' | '.kml' | undefined {
  if (zipMagic.every((byte, i) => bytes[i] === byte)) return '.zip';
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return '.geojson';
  if (head.startsWith('<') && /<(?:\w+:)?kml[\s>]/.test(head)) return '.kml';
  return undefined;
}

/** Properties that commonly hold the parcel number, in the order they are tried (case-insensitive). */
const apnFieldNames = ['apn', 'ssl', 'parcel_id', 'parcelid', 'parcel_number', 'parcelnumb', 'pin', 'name'];

/** The property holding the parcel number when the importer does not say: the first common name a feature has. */
export function guessApnField(collection: FeatureCollection): string | undefined {
  const keys = new Map<string, string>();
  for (const feature of collection.features.slice(0, 100)) {
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    for (const key of Object.keys(properties)) if (!keys.has(key.toLowerCase())) keys.set(key.toLowerCase(), key);
  }
  return apnFieldNames.map((name) => keys.get(name)).find((key) => key !== undefined);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asFeatureCollection(value: unknown): FeatureCollection {
  if (typeof value === 'object' && value !== null) {
    const v = value as { type?: unknown; features?: unknown };
    if (v.type === 'FeatureCollection' && Array.isArray(v.features)) return value as FeatureCollection;
    if (v.type === 'Feature') return { type: 'FeatureCollection', features: [value as Feature<Geometry | null>] };
  }
  throw new GeoFileError('Expected a GeoJSON FeatureCollection or Feature.');
}

// NUL, or a surrogate without its pair: no PostgreSQL text or jsonb value can hold either.
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as PostgreSQL can store it: NUL dropped (dBASE pads text with it), a lone surrogate replaced by U+FFFD. */
export const storableText = (text: string) => text.replace(unstorable, (c) => (c === '\u0000' ? '' : '\uFFFD'));

/** Property values nested deeper than this are refused (jsonb and structured cloning recurse on them). */
export const maxPropertyDepth = 20;
const tooDeep = `The properties nest deeper than ${maxPropertyDepth} levels.`;

class TooDeep extends Error {}

function storableValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (depth >= maxPropertyDepth) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => storableValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableValue(item, depth + 1)]));
}

/** A feature's properties with every key and text storable; undefined when they nest deeper than maxPropertyDepth. */
function storableProperties(feature: Feature<Geometry | null>): Record<string, unknown> | undefined {
  try {
    return storableValue(isObject(feature.properties) ? feature.properties : {}, 0) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TooDeep) return undefined;
    throw error;
  }
}

const propertyText = (properties: Record<string, unknown>, field: string | undefined) => {
  const value: unknown = field && Object.hasOwn(properties, field) ? properties[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
};

/**
 * Parcel rows with their land use read from the property `field` of their attributes: an upload names the property in
 * its form, and its rows are read (in a worker thread) before the form's fields are looked at.
 */
export const withLandUse = <Row extends Pick<NewParcel, 'attributes' | 'landUse'>>(rows: Row[], field: string): Row[] =>
  rows.map((row) => ({ ...row, landUse: propertyText(row.attributes ?? {}, field) }));

/** Parcel rows from a collection; features without a usable APN or polygon are refused with the reason. */
export function parcelRowsFrom(collection: FeatureCollection, options: ParcelImportOptions): { rows: NewParcel[]; refused: Refusal[]; indexes: number[] } {
  const rows: NewParcel[] = [];
  /** The feature each row came from. */
  const indexes: number[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  const source = storableText(options.source);
  collection.features.forEach((feature, index) => {
    if (!isObject(feature)) return refused.push({ index, apn: null, reason: 'Not a GeoJSON Feature.' });
    const properties = storableProperties(feature);
    const apn = storableText(propertyText(isObject(feature.properties) ? feature.properties : {}, options.apnField));
    const refuse = (reason: string) => refused.push({ index, apn: apn || null, reason });
    if (!properties) return refuse(tooDeep);
    if (!apn) return refuse(`No parcel number in property "${options.apnField}".`);
    if (apn.length > 100) return refuse('The parcel number is longer than 100 characters.');
    const key = apnKey(apn);
    if (seen.has(key)) return refuse('The parcel number appears earlier in the file.');
    const geometryError = areaGeometryError(feature.geometry);
    if (geometryError) return refuse(feature.geometry ? `${geometryError} (got ${feature.geometry.type})` : 'The feature has no geometry.');
    // Only the members GeoJSON defines: anything else a file adds would be stored as it is.
    const { type, coordinates } = feature.geometry as AreaGeometry;
    const geometry = { type, coordinates } as AreaGeometry;
    const areaM2 = geodesicAreaM2(geometry);
    if (!(areaM2 > 0)) return refuse('The polygon has no area.');
    seen.add(key);
    const [minLng, minLat, maxLng, maxLat] = bboxOf(geometry);
    const attributes = Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== null && value !== undefined));
    indexes.push(index);
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
      landUse: propertyText(properties, options.landUseField),
      ownerName: propertyText(properties, options.ownerNameField),
      attributes,
      source,
      sourceDate: options.sourceDate ?? null,
    });
  });
  return { rows, refused, indexes };
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
    const properties = storableProperties(feature);
    if (!properties) return refused.push({ index, apn: null, reason: tooDeep });
    if (!keep(feature)) {
      dropped++;
      return;
    }
    features.push({ type: 'Feature', properties: isObject(feature.properties) ? properties : null, geometry });
  });
  const boxes = features.map((f) => bboxOf(f.geometry));
  const extent: Bbox | undefined =
    boxes.length > 0
      ? [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))]
      : undefined;
  return { features, refused, dropped, extent };
}
