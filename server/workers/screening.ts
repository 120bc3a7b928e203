/** Worker thread task: screening off the request thread, either which parcels a boundary overlaps or every parcel's reasons. */
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import type { AreaGeometry, Bbox } from '../geo/geometry.ts';
import { indexLayer, overlapsArea, screenParcel, type IndexedLayer, type LayerFailure, type LayerSet, type ScreenedParcel, type ScreeningResult } from '../geo/screening.ts';
import { workerTask } from './worker-pool.ts';

/**
 * A layer as a thread receives it: its features as UTF-8 JSON in shared memory, so sending it copies nothing. `key`
 * names the content (a stored layer's id, a fetched layer's hash), so a thread parses and indexes each content once.
 */
export interface SharedLayer {
  kind: string;
  key: string;
  ref: LayerRef;
  coverage: Bbox;
  features: SharedArrayBuffer;
}

/** An elevation grid as a thread receives it: its Float32 values in shared memory, read in place. */
export interface SharedElevation {
  ref: LayerRef;
  bbox: Bbox;
  width: number;
  height: number;
  noData: number | null;
  values: SharedArrayBuffer;
}

export type ScreeningTask =
  | { task: 'overlapping'; area: AreaGeometry; parcels: { id: string; geometry: AreaGeometry }[] }
  | { task: 'screen'; parcels: ScreenedParcel[]; criteria: ScreeningCriteria; layers: SharedLayer[]; elevation: SharedElevation | null; failures: LayerFailure[] };

/** The ids of the parcels that overlap, or one result per parcel in the order given. */
export type ScreeningTaskResult = string[] | ScreeningResult[];

// A key always names the same content (a new version of a layer is a new row, a refetch a new hash), so a thread reads
// and indexes each key once.
const indexed = new Map<string, IndexedLayer>();
const indexedLimit = 32;

function indexedLayer(layer: SharedLayer): IndexedLayer {
  let entry = indexed.get(layer.key);
  if (!entry) {
    const features = JSON.parse(Buffer.from(layer.features).toString('utf8')) as IndexedLayer['features'];
    entry = indexLayer({ ref: layer.ref, coverage: layer.coverage, features });
    if (indexed.size >= indexedLimit) indexed.delete(indexed.keys().next().value!);
    indexed.set(layer.key, entry);
  }
  return entry;
}

export function runScreeningTask(input: ScreeningTask): ScreeningTaskResult {
  if (input.task === 'overlapping') {
    const overlaps = overlapsArea(input.area);
    return input.parcels.filter((parcel) => overlaps(parcel.geometry)).map((parcel) => parcel.id);
  }
  const layers: LayerSet = {};
  for (const layer of input.layers) ((layers[layer.kind] ??= []) as IndexedLayer[]).push(indexedLayer(layer));
  const elevation = input.elevation && { ...input.elevation, values: new Float32Array(input.elevation.values) };
  return input.parcels.map((parcel) => screenParcel(parcel, input.criteria, layers, { elevation, failures: input.failures }));
}

export default workerTask(runScreeningTask);
