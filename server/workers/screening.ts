/** Worker thread task: screening off the request thread, either which parcels a boundary overlaps or every parcel's reasons. */
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import type { AreaGeometry, Bbox } from '../geo/geometry.ts';
import { indexLayer, overlapsArea, screenParcel, type IndexedLayer, type LayerKind, type LayerSet, type ScreenedParcel, type ScreeningResult } from '../geo/screening.ts';
import { workerTask } from './worker-pool.ts';

/** A layer as a thread receives it: its features as UTF-8 JSON in shared memory, so sending it copies nothing. */
export interface SharedLayer {
  kind: LayerKind;
  ref: LayerRef;
  coverage: Bbox;
  features: SharedArrayBuffer;
}

export type ScreeningTask =
  | { task: 'overlapping'; area: AreaGeometry; parcels: { id: string; geometry: AreaGeometry }[] }
  | { task: 'screen'; parcels: ScreenedParcel[]; criteria: ScreeningCriteria; layers: SharedLayer[] };

/** The ids of the parcels that overlap, or one result per parcel in the order given. */
export type ScreeningTaskResult = string[] | ScreeningResult[];

// Layer rows never change (a new version is a new row), so a thread reads and indexes each layer id once.
const indexed = new Map<string, IndexedLayer>();
const indexedLimit = 16;

function indexedLayer(layer: SharedLayer): IndexedLayer {
  let entry = indexed.get(layer.ref.id);
  if (!entry) {
    const features = JSON.parse(Buffer.from(layer.features).toString('utf8')) as IndexedLayer['features'];
    entry = indexLayer({ ref: layer.ref, coverage: layer.coverage, features });
    if (indexed.size >= indexedLimit) indexed.delete(indexed.keys().next().value!);
    indexed.set(layer.ref.id, entry);
  }
  return entry;
}

export function runScreeningTask(input: ScreeningTask): ScreeningTaskResult {
  if (input.task === 'overlapping') {
    const overlaps = overlapsArea(input.area);
    return input.parcels.filter((parcel) => overlaps(parcel.geometry)).map((parcel) => parcel.id);
  }
  const layers: LayerSet = Object.fromEntries(input.layers.map((layer) => [layer.kind, indexedLayer(layer)]));
  return input.parcels.map((parcel) => screenParcel(parcel, input.criteria, layers));
}

export default workerTask(runScreeningTask);
