/** Worker thread task: an uploaded constraint layer read within the parcel upload limits, into its features and refusals. */
import type { Feature, Geometry, Position } from 'geojson';
import { geometryMessages } from '../../src/contract/gis.ts';
import { ownLayerMessages } from '../../src/contract/own-layers.ts';
import { GeoFileError, layerFeaturesFrom, parseGeoBytes, type GeoFileLimits } from '../geo/parcel-import.ts';
import type { Bbox } from '../geo/geometry.ts';
import { workerTask } from './worker-pool.ts';

export interface LayerFileTask {
  bytes: Uint8Array;
  format: '.zip' | '.geojson' | '.kml';
  /** Overlap kinds take polygons only; distance kinds (grid) also lines and points. */
  measure: 'overlap' | 'distance';
  /** The kind as people read it, for the reasons. */
  kindLabel: string;
  limits: GeoFileLimits;
}

export type LayerFileResult =
  | { ok: true; features: Feature<Geometry>[]; refused: { index: number; reason: string }[]; total: number; extent: Bbox }
  | { ok: false; status: 400 | 413; message: string };

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && p.length <= 3 && p.every((n) => typeof n === 'number' && Number.isFinite(n)) && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;
const isLine = (line: unknown) => Array.isArray(line) && line.length >= 2 && line.every(isPosition);
const isNonEmptyArrayOf = (value: unknown, item: (v: unknown) => boolean) => Array.isArray(value) && value.length > 0 && value.every(item);

/** Why a point or line geometry cannot be used, else undefined (polygons are checked by layerFeaturesFrom). */
function pointOrLineError({ type, coordinates }: { type: string; coordinates?: unknown }): string | undefined {
  const ok =
    type === 'Point' ? isPosition(coordinates)
    : type === 'MultiPoint' ? isNonEmptyArrayOf(coordinates, isPosition)
    : type === 'LineString' ? isLine(coordinates)
    : type === 'MultiLineString' ? isNonEmptyArrayOf(coordinates, isLine)
    : true;
  return ok ? undefined : `${geometryMessages.position} A line needs two positions at least.`;
}

const isArea = (geometry: Geometry | null) => geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon';

export async function readLayerFile(task: LayerFileTask): Promise<LayerFileResult> {
  let collection;
  try {
    collection = await parseGeoBytes(task.bytes, task.format, task.limits);
  } catch (error) {
    // Errors cross the thread boundary as plain objects: the answer is decided here.
    if (error instanceof GeoFileError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  const total = collection.features.length;
  if (total === 0) return { ok: false, status: 400, message: ownLayerMessages.noFeatures };

  // layerFeaturesFrom leaves out what `keep` rejects without a reason: the reasons are kept here, by position.
  const position = new Map(collection.features.map((feature, index) => [feature, index]));
  const ownRefusals: { index: number; reason: string }[] = [];
  const keep = (feature: Feature<Geometry | null>) => {
    const reason =
      task.measure === 'overlap' && !isArea(feature.geometry)
        ? `A ${task.kindLabel} layer takes polygons: this feature is a ${feature.geometry?.type ?? 'feature without geometry'}.`
        : !isArea(feature.geometry) && feature.geometry
          ? pointOrLineError(feature.geometry)
          : undefined;
    if (reason) ownRefusals.push({ index: position.get(feature)!, reason });
    return !reason;
  };
  const { features, refused, extent } = layerFeaturesFrom(collection, keep);
  const allRefused = [...refused.map(({ index, reason }) => ({ index, reason })), ...ownRefusals].sort((a, b) => a.index - b.index);
  if (!extent) {
    const first = allRefused[0];
    const why = task.measure === 'overlap' ? `No polygons in the file: a ${task.kindLabel} layer takes polygons.` : 'No usable points, lines or polygons in the file.';
    return { ok: false, status: 400, message: first ? `${why} Feature #${first.index + 1}: ${first.reason}` : why };
  }
  // Only the members GeoJSON defines: anything else a file adds to a geometry would be stored as it is.
  const stored = features.map(({ properties, geometry }) => ({
    type: 'Feature' as const,
    properties,
    geometry: { type: geometry.type, coordinates: (geometry as { coordinates: unknown }).coordinates } as Geometry,
  }));
  return { ok: true, features: stored, refused: allRefused, total, extent };
}

export default workerTask(readLayerFile);
