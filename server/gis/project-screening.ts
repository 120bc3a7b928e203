import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import { DomainError, invalid } from '../platform/domain-error.ts';
import { layerCoverage, type LayerKind, type LayerMeta, type LayersRepository } from './layers-repository.ts';
import type { ParcelRow, ParcelsRepository } from './parcels-repository.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { ScreeningTask, ScreeningTaskResult, SharedLayer } from '../workers/screening.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from '../workers/worker-pool.ts';
import { bboxOf } from '../geo/geometry.ts';
import { indexLayer, screenParcel, type IndexedLayer, type LayerSet, type ScreenedParcel, type ScreeningResult } from '../geo/screening.ts';

/** One screening request answers for at most this many parcels; a larger area must be narrowed first. */
export const maxScreenedParcels = 5000;
const layerCacheSize = 16;

/**
 * Screening runs in worker threads so that a huge one (a 50,000-vertex boundary over thousands of parcels) costs its
 * own thread, never the request thread. Two threads at least, so one long screening does not hold up everyone else's.
 */
export const screeningLimits = {
  threads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  /** Running time of one task, in a thread that is stopped when it runs over. */
  runMs: 60_000,
  /** How long a task may wait for a free thread before it is answered 503. */
  waitMs: 60_000,
  maxQueue: 64,
  heapMb: 1024,
  /** Parcel results the screening cache keeps, over all its entries (about 1 kB each). */
  cachedResults: 50_000,
};

export const layerRef = (layer: LayerMeta) => ({ id: layer.id, kind: layer.kind, name: layer.name, source: layer.source, source_date: layer.sourceDate });

export const tooManyParcels = () => invalid({ bbox: [`More than ${maxScreenedParcels} parcels in this area: zoom in or draw a smaller boundary.`] });

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function screeningRefusal(error: unknown): DomainError | undefined {
  if (error instanceof WorkTimedOut) return invalid({ bbox: [`Screening this area took longer than ${seconds(screeningLimits.runMs)}, the limit for one request: draw a smaller boundary.`] });
  if (error instanceof WorkOutOfMemory) return invalid({ bbox: [`Screening this area needs more than ${screeningLimits.heapMb} MB of memory, the limit for one request: draw a smaller boundary.`] });
  if (error instanceof WorkersBusy) return new DomainError('unavailable', 'Too many screenings are running right now: try again in a minute.', { retryAfterSeconds: 60 });
  return undefined;
}

/** A least-recently-used map of screening results, bounded by the number of parcel results it holds. */
function resultCache(maxResults: number) {
  const entries = new Map<string, Map<string, ScreeningResult>>();
  let size = 0;
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, results: Map<string, ScreeningResult>) {
      if (results.size > maxResults || entries.has(key)) return;
      entries.set(key, results);
      size += results.size;
      for (const [oldKey, old] of entries) {
        if (size <= maxResults) break;
        entries.delete(oldKey);
        size -= old.size;
      }
    },
  };
}

/**
 * The cache key of a screening: every input its results depend on. Parcels by id with what screening reads of them
 * (area, land use, extent; rows are not edited in place today, and an edit of any of these still misses), the layer
 * of each kind by id (a layer row never changes: a new version is a new row), and the criteria with sorted keys.
 * So an entry is never stale, only absent, which makes a cache per instance safe with several instances: each fills
 * its own from the same rows and none can serve another's outdated answer.
 */
function screeningKey(rows: ParcelRow[], chosen: Map<LayerKind, LayerMeta>, criteria: ScreeningCriteria): string {
  const hash = createHash('sha256');
  const parcels = rows.map((row) => `${row.id}:${row.areaM2}:${row.landUse}:${row.minLng},${row.minLat},${row.maxLng},${row.maxLat}`).sort();
  hash.update(JSON.stringify(parcels));
  hash.update(JSON.stringify([...chosen].map(([kind, meta]) => `${kind}:${meta.id}`).sort()));
  hash.update(JSON.stringify(Object.entries(criteria).sort(([a], [b]) => a.localeCompare(b))));
  return hash.digest('hex');
}

const screened = (row: ParcelRow): ScreenedParcel => ({ id: row.id, geometry: row.geometry, areaM2: row.areaM2, landUse: row.landUse });

/** Loads the layers a user screens against and the parcels that belong to a project, and screens them in worker threads. */
export function createProjectScreening(repos: { parcels: ParcelsRepository; layers: LayersRepository }, options: { onError: (error: unknown) => void }) {
  const pool = createWorkerPool<ScreeningTask, ScreeningTaskResult>({
    entry: new URL('../workers/screening.ts', import.meta.url),
    maxThreads: screeningLimits.threads,
    maxQueue: screeningLimits.maxQueue,
    heapMb: screeningLimits.heapMb,
    onError: options.onError,
  });
  const inWorker = (task: ScreeningTask) =>
    pool.run(task, { runMs: screeningLimits.runMs, waitMs: screeningLimits.waitMs }).catch((error: unknown) => {
      throw screeningRefusal(error) ?? error;
    });

  // Layers never change once stored (a new version is a new row), so what is built for an id stays right.
  // Only this instance's copy is kept; another instance builds its own from the same rows.
  function cached<T>(cache: Map<string, Promise<T>>, meta: LayerMeta, build: (meta: LayerMeta) => Promise<T>): Promise<T> {
    let entry = cache.get(meta.id);
    if (!entry) {
      entry = build(meta);
      entry.catch(() => cache.delete(meta.id));
      if (cache.size >= layerCacheSize) cache.delete(cache.keys().next().value!);
      cache.set(meta.id, entry);
    }
    return entry;
  }
  const indexed = new Map<string, Promise<IndexedLayer>>();
  const indexedLayer = (meta: LayerMeta) =>
    cached(indexed, meta, async () => indexLayer({ ref: layerRef(meta), coverage: layerCoverage(meta), features: await repos.layers.features(meta.id) }));
  // For the threads: the features as JSON in shared memory, which each thread reads and indexes once per layer.
  const shared = new Map<string, Promise<SharedLayer>>();
  const sharedLayer = (meta: LayerMeta) =>
    cached(shared, meta, async () => {
      const json = Buffer.from(JSON.stringify(await repos.layers.features(meta.id)));
      const features = new SharedArrayBuffer(json.length);
      new Uint8Array(features).set(json);
      return { kind: meta.kind, ref: layerRef(meta), coverage: layerCoverage(meta), features };
    });
  const results = resultCache(screeningLimits.cachedResults);

  return {
    async layerSet(userId: string): Promise<LayerSet> {
      const chosen = await repos.layers.chosen(userId);
      const entries = await Promise.all([...chosen].map(async ([kind, meta]) => [kind, await indexedLayer(meta)] as [LayerKind, IndexedLayer]));
      return Object.fromEntries(entries);
    },

    /** The parcels attached to the project and the visible parcels its boundary overlaps (worked out in a thread). */
    async projectParcels(userId: string, project: ProjectRow): Promise<ParcelRow[]> {
      const byId = new Map((await repos.parcels.listForProject(project.id)).map((row) => [row.id, row]));
      if (project.boundary) {
        const inside = await repos.parcels.inBbox(userId, bboxOf(project.boundary), maxScreenedParcels);
        if (inside.length > maxScreenedParcels) throw tooManyParcels();
        const candidates = inside.filter((row) => !byId.has(row.id));
        if (candidates.length > 0) {
          const parcels = candidates.map(({ id, geometry }) => ({ id, geometry }));
          const overlapping = new Set((await inWorker({ task: 'overlapping', area: project.boundary, parcels })) as string[]);
          for (const row of candidates) if (overlapping.has(row.id)) byId.set(row.id, row);
        }
      }
      return [...byId.values()];
    },

    /** Screens rows on the request thread, with layers from `layerSet`: for callers that screen a few parcels. */
    screen(rows: ParcelRow[], criteria: ScreeningCriteria, layers: LayerSet): { row: ParcelRow; result: ScreeningResult }[] {
      return rows.map((row) => ({ row, result: screenParcel(screened(row), criteria, layers) }));
    },

    /** Screens rows against the user's layers in a worker thread, or answers from the cache when nothing it read changed. */
    async screenInWorker(userId: string, rows: ParcelRow[], criteria: ScreeningCriteria): Promise<{ results: { row: ParcelRow; result: ScreeningResult }[]; layersUsed: LayerRef[]; cached: boolean }> {
      const chosen = await repos.layers.chosen(userId);
      const key = screeningKey(rows, chosen, criteria);
      let byId = results.get(key);
      const cached = byId !== undefined;
      if (!byId) {
        const layers = await Promise.all([...chosen.values()].map(sharedLayer));
        const answers = rows.length === 0 ? [] : ((await inWorker({ task: 'screen', parcels: rows.map(screened), criteria, layers })) as ScreeningResult[]);
        byId = new Map(rows.map((row, i) => [row.id, answers[i]!]));
        results.set(key, byId);
      }
      const found = byId;
      return { results: rows.map((row) => ({ row, result: found.get(row.id)! })), layersUsed: [...chosen.values()].map(layerRef), cached };
    },

    close: () => pool.close(),
  };
}

export type ProjectScreening = ReturnType<typeof createProjectScreening>;
