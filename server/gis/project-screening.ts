import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import { tooManyParcelsMessage } from '../../src/contract/screening-jobs.ts';
import { DomainError, invalid } from '../platform/domain-error.ts';
import { layerCoverage, type LayerMeta, type LayersRepository } from './layers-repository.ts';
import { noSources, type ElevationGrid, type FetchedLayer, type FetchSources, type SourceFailure } from './sources/types.ts';
import type { ParcelRow, ParcelsRepository } from './parcels-repository.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { ScreeningTask, ScreeningTaskResult, SharedElevation, SharedLayer } from '../workers/screening.ts';
import { createWorkerPool, WorkersBusy, WorkOutOfMemory, WorkTimedOut } from '../workers/worker-pool.ts';
import { bboxOf, type AreaGeometry, type Bbox } from '../geo/geometry.ts';
import type { ScreenedParcel, ScreeningResult } from '../geo/screening.ts';

/** One screening request answers for at most this many parcels; a larger area must be narrowed first. */
export const maxScreenedParcels = 5000;
const layerCacheSize = 32;

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

export const tooManyParcels = () => invalid({ bbox: [tooManyParcelsMessage(maxScreenedParcels)] });

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

/** The layers, elevation and failures that screening reads besides the stored layers, with the key each is cached by. */
interface Fetched {
  layers: SharedLayer[];
  elevation: (SharedElevation & { key: string }) | null;
  failures: SourceFailure[];
}

/**
 * The cache key of a screening: every input its results depend on. Parcels by id with what screening reads of them
 * (area, land use, extent; rows are not edited in place today, and an edit of any of these still misses), the stored
 * layers by id (a layer row never changes: a new version is a new row), what online sources answered by source, date
 * and content hash (a refreshed source is a new key), the sources that failed, and the criteria with sorted keys.
 * So an entry is never stale, only absent, which makes a cache per instance safe with several instances: each fills
 * its own from the same rows and none can serve another's outdated answer.
 */
function screeningKey(rows: ParcelRow[], stored: LayerMeta[], fetched: Fetched, criteria: ScreeningCriteria): string {
  const hash = createHash('sha256');
  const parcels = rows.map((row) => `${row.id}:${row.areaM2}:${row.landUse}:${row.minLng},${row.minLat},${row.maxLng},${row.maxLat}`).sort();
  hash.update(JSON.stringify(parcels));
  hash.update(JSON.stringify(stored.map((meta) => `${meta.kind}:${meta.id}`).sort()));
  hash.update(JSON.stringify(fetched.layers.map((layer) => `${layer.kind}:${layer.ref.id}:${layer.ref.source_date}:${layer.key}`).sort()));
  if (fetched.elevation) hash.update(`elevation:${fetched.elevation.ref.id}:${fetched.elevation.ref.source_date}:${fetched.elevation.key}`);
  hash.update(JSON.stringify(fetched.failures.map((failure) => `${failure.kind}:${failure.ref.id}:${failure.reason}`).sort()));
  hash.update(JSON.stringify(Object.entries(criteria).sort(([a], [b]) => a.localeCompare(b))));
  return hash.digest('hex');
}

const screened = (row: ParcelRow): ScreenedParcel => ({ id: row.id, geometry: row.geometry, areaM2: row.areaM2, landUse: row.landUse });

/** Whether the criteria read any layer or the ground's elevation (area and land use alone need no source). */
const readsLayers = (criteria: ScreeningCriteria) => Object.keys(criteria).some((key) => !['min_area_acres', 'max_area_acres', 'land_use'].includes(key));

// Sources are asked for the parcels' extent widened so that the grid's neighbourhood (up to this far) and a margin of
// elevation cells around each parcel (Horn's window needs the cells around it) come with it.
const maxGridReachKm = 10;
const elevationMarginDeg = 0.002;

function sourcesBox(rows: ParcelRow[], criteria: ScreeningCriteria): Bbox {
  const w = Math.min(...rows.map((row) => row.minLng));
  const s = Math.min(...rows.map((row) => row.minLat));
  const e = Math.max(...rows.map((row) => row.maxLng));
  const n = Math.max(...rows.map((row) => row.maxLat));
  const reachKm = Math.min(criteria.max_grid_distance_km ?? 0, maxGridReachKm);
  const latPad = Math.max(elevationMarginDeg, reachKm / 110.574);
  const lngPad = Math.max(elevationMarginDeg, reachKm / (111.32 * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180))));
  return [Math.max(-180, w - lngPad), Math.max(-90, s - latPad), Math.min(180, e + lngPad), Math.min(90, n + latPad)];
}

/** Bytes in shared memory, so a thread reads them without a copy. */
function sharedBytes(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

const sha256 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

// What was fetched, put in shared memory once per object the sources answer with (they answer the same objects while
// their cache holds them); a refetch is a new object and a new key.
const sharedFetched = new WeakMap<FetchedLayer, SharedLayer>();
const sharedGrids = new WeakMap<ElevationGrid, SharedElevation & { key: string }>();

function shareFetchedLayer(layer: FetchedLayer): SharedLayer {
  let entry = sharedFetched.get(layer);
  if (!entry) {
    const json = Buffer.from(JSON.stringify(layer.features));
    entry = { kind: layer.kind, key: `fetched:${sha256(JSON.stringify([layer.ref, layer.coverage]), json)}`, ref: layer.ref, coverage: layer.coverage, features: sharedBytes(json) };
    sharedFetched.set(layer, entry);
  }
  return entry;
}

function shareGrid(grid: ElevationGrid): SharedElevation & { key: string } {
  let entry = sharedGrids.get(grid);
  if (!entry) {
    const values = new SharedArrayBuffer(grid.values.length * Float32Array.BYTES_PER_ELEMENT);
    new Float32Array(values).set(grid.values);
    const key = sha256(JSON.stringify([grid.ref, grid.bbox, grid.width, grid.height, grid.noData]), new Uint8Array(values));
    entry = { ref: grid.ref, bbox: grid.bbox, width: grid.width, height: grid.height, noData: grid.noData, values, key };
    sharedGrids.set(grid, entry);
  }
  return entry;
}

/**
 * Loads the layers a user screens against (their own and the shared ones, and what online sources answer for the
 * parcels' area) and the parcels that belong to a project, and screens them in worker threads.
 */
export function createProjectScreening(repos: { parcels: ParcelsRepository; layers: LayersRepository }, options: { onError: (error: unknown) => void; sources?: FetchSources }) {
  const sources = options.sources ?? noSources;
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
  const shared = new Map<string, Promise<SharedLayer>>();
  const sharedLayer = (meta: LayerMeta) => {
    let entry = shared.get(meta.id);
    if (!entry) {
      // For the threads: the features as JSON in shared memory, which each thread reads and indexes once per layer.
      entry = repos.layers.features(meta.id).then((features) => ({ kind: meta.kind, key: meta.id, ref: layerRef(meta), coverage: layerCoverage(meta), features: sharedBytes(Buffer.from(JSON.stringify(features))) }));
      entry.catch(() => shared.delete(meta.id));
      if (shared.size >= layerCacheSize) shared.delete(shared.keys().next().value!);
      shared.set(meta.id, entry);
    }
    return entry;
  };
  const results = resultCache(screeningLimits.cachedResults);

  async function fetchSources(rows: ParcelRow[], criteria: ScreeningCriteria): Promise<Fetched> {
    if (rows.length === 0 || !readsLayers(criteria)) return { layers: [], elevation: null, failures: [] };
    const answer = await sources(sourcesBox(rows, criteria));
    return { layers: answer.layers.map(shareFetchedLayer), elevation: answer.elevation && shareGrid(answer.elevation), failures: answer.failures };
  }

  /** The ids of the parcels that `area` overlaps (worked out in a thread). */
  const overlapping = async (area: AreaGeometry, parcels: Pick<ParcelRow, 'id' | 'geometry'>[]) =>
    (await inWorker({ task: 'overlapping', area, parcels: parcels.map(({ id, geometry }) => ({ id, geometry })) })) as string[];

  return {
    /** The parcels attached to the project and the visible parcels its boundary overlaps (worked out in a thread). */
    async projectParcels(userId: string, project: ProjectRow): Promise<ParcelRow[]> {
      const byId = new Map((await repos.parcels.listForProject(project.id)).map((row) => [row.id, row]));
      if (project.boundary) {
        const inside = await repos.parcels.inBbox(userId, bboxOf(project.boundary), maxScreenedParcels);
        if (inside.length > maxScreenedParcels) throw tooManyParcels();
        const candidates = inside.filter((row) => !byId.has(row.id));
        if (candidates.length > 0) {
          const overlaps = new Set(await overlapping(project.boundary, candidates));
          for (const row of candidates) if (overlaps.has(row.id)) byId.set(row.id, row);
        }
      }
      return [...byId.values()];
    },

    overlapping,

    /**
     * Screens rows against the user's layers and the online sources in a worker thread, or answers from the cache when
     * nothing it read changed. `layersUsed` lists every layer and elevation grid read. A screening job's chunks pass
     * `cache: false`: they are read once, and would push the map screens' answers out of the cache.
     */
    async screenInWorker(
      userId: string,
      rows: ParcelRow[],
      criteria: ScreeningCriteria,
      options: { cache?: boolean } = {},
    ): Promise<{ results: { row: ParcelRow; result: ScreeningResult }[]; layersUsed: LayerRef[]; cached: boolean }> {
      // Every layer the user owns and the newest shared one of each built-in kind.
      const [stored, fetched] = await Promise.all([repos.layers.applicable(userId), fetchSources(rows, criteria)]);
      const key = screeningKey(rows, stored, fetched, criteria);
      let byId = results.get(key);
      const cached = byId !== undefined;
      if (!byId) {
        const layers = [...(await Promise.all(stored.map(sharedLayer))), ...fetched.layers];
        const answers = rows.length === 0 ? [] : ((await inWorker({ task: 'screen', parcels: rows.map(screened), criteria, layers, elevation: fetched.elevation, failures: fetched.failures })) as ScreeningResult[]);
        byId = new Map(rows.map((row, i) => [row.id, answers[i]!]));
        if (options.cache !== false) results.set(key, byId);
      }
      const found = byId;
      const layersUsed = [...stored.map(layerRef), ...fetched.layers.map((layer) => layer.ref), ...(fetched.elevation ? [fetched.elevation.ref] : [])];
      return { results: rows.map((row) => ({ row, result: found.get(row.id)! })), layersUsed, cached };
    },

    close: () => pool.close(),
  };
}

export type ProjectScreening = ReturnType<typeof createProjectScreening>;
