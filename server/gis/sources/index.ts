/**
 * The `FetchSources` of SCREENING_SOURCES (docs/decisions/025): every source asked in parallel for the tiles of the
 * area, each from the shared database cache while fresh, else from the network with a bounded number of requests per
 * source on this server and one request per tile however many screenings want it. A source that fails, times out or
 * answers garbage becomes a SourceFailure naming it; nothing here throws for one source.
 */
import type { Feature, Geometry } from 'geojson';
import type { LayerRef } from '../../../src/contract/gis.ts';
import { bboxesOverlap, bboxOf, type Bbox } from '../../geo/geometry.ts';
import { arcgisReader } from './arcgis.ts';
import type { SourceCacheRepository, SourceTileRow } from './cache-repository.ts';
import { cellsPerTile, geotiffReader, imageServerReader, type ElevationReader } from './elevation.ts';
import { geojsonFileReader } from './geojson-file.ts';
import { SourceError, sourceHttp } from './http.ts';
import { ogcFeaturesReader, wfsReader } from './ogc.ts';
import { overpassReader } from './overpass.ts';
import { defaultLimits, type SourceLimits, type VectorReader } from './reader.ts';
import { defaults, sourceKey, type ScreeningSource } from './settings.ts';
import { tilesExtent, tilesOf, usableFeatures, type Tile } from './tiles.ts';
import { noSources, type ElevationGrid, type FetchedLayer, type FetchSources, type SourceFailure } from './types.ts';

export interface FetchSourcesOptions {
  now?: () => Date;
  limits?: Partial<SourceLimits>;
  /** Sent with every request; public services ask clients to name themselves. */
  userAgent?: string;
  /** A failure that is not the source's doing (a bug, the database); the source still answers as failed. */
  onError?: (error: unknown, source: ScreeningSource) => void;
}

/** A GeoJSON file is fetched whole: one piece that speaks for its own extent. */
const wholeFile: Tile = { key: 'file', x: 0, y: 0, bbox: [-180, -90, 180, 90] };
const commonNoData = -9999;
const dayMs = 24 * 3600 * 1000;

const isElevation = (source: ScreeningSource) => source.type === 'arcgis-image' || source.type === 'geotiff';
const seconds = (source: ScreeningSource) => source.timeout_s ?? defaults.timeoutS;

export const sourceRef = (source: ScreeningSource, sourceDate: string | null): LayerRef => ({
  id: `source:${source.id}`,
  kind: source.kind,
  name: source.name,
  source: `${source.attribution} (${source.licence})`,
  source_date: sourceDate,
});

/** At most `n` tasks at once; a finished task hands its slot straight to the next in line. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** `promise`, or the abort of `signal`, whichever comes first (the work itself goes on, for the cache). */
function until<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const oldest = (rows: SourceTileRow[]) => rows.map((row) => row.sourceDate).sort()[0] ?? null;

export function createFetchSources(sources: ScreeningSource[], cache: SourceCacheRepository, options: FetchSourcesOptions = {}): FetchSources {
  if (sources.length === 0) return noSources;
  const limits = { ...defaultLimits, ...options.limits };
  const now = options.now ?? (() => new Date());
  const userAgent = options.userAgent ?? 'Sunplot screening';
  const vectorReaders: Record<string, VectorReader> = { arcgis: arcgisReader(), 'ogc-features': ogcFeaturesReader, wfs: wfsReader, geojson: geojsonFileReader, overpass: overpassReader };
  const elevationReaders: Record<string, ElevationReader> = { 'arcgis-image': imageServerReader, geotiff: geotiffReader };
  const queues = new Map(sources.map((source) => [source.id, limiter(source.concurrency ?? defaults.concurrency)]));
  const inFlight = new Map<string, Promise<SourceTileRow>>();

  /** One tile from the network into the cache; its deadline starts when its request does. */
  async function fetchTile(source: ScreeningSource, tile: Tile, key: string): Promise<SourceTileRow> {
    const signal = AbortSignal.timeout(seconds(source) * 1000);
    const context = { http: sourceHttp(new URL(source.url).origin, signal, userAgent), limits, signal };
    const fetchedAt = now();
    const row: SourceTileRow = {
      sourceId: source.id,
      tile: tile.key,
      sourceKey: key,
      fetchedAt,
      expiresAt: new Date(fetchedAt.getTime() + (source.ttl_days ?? defaults.ttlDays) * dayMs),
      sourceDate: fetchedAt.toISOString().slice(0, 10),
      features: null,
      featureCount: 0,
      skipped: 0,
      elevation: null,
      elevationSize: null,
      elevationNoData: null,
      cut: null,
    };
    try {
      if (isElevation(source)) {
        const answer = await elevationReaders[source.type]!(source, tile.bbox, context);
        Object.assign(row, {
          sourceDate: answer.sourceDate ?? row.sourceDate,
          elevation: new Uint8Array(answer.values.buffer, answer.values.byteOffset, answer.values.byteLength),
          elevationSize: answer.size,
          elevationNoData: answer.noData,
        });
      } else {
        const answer = await vectorReaders[source.type]!(source, tile.bbox, context);
        const { features, skipped } = usableFeatures(answer.features);
        Object.assign(row, { sourceDate: answer.sourceDate ?? row.sourceDate, features, featureCount: features.length, skipped, cut: answer.cut ?? null });
      }
    } catch (error) {
      if (signal.aborted) throw new SourceError(`did not answer within ${seconds(source)} s`);
      throw error;
    }
    await cache.put(row);
    return row;
  }

  function sharedTile(source: ScreeningSource, tile: Tile, key: string): Promise<SourceTileRow> {
    const id = `${source.id}|${tile.key}`;
    let pending = inFlight.get(id);
    if (!pending) {
      pending = queues.get(source.id)!(() => fetchTile(source, tile, key));
      inFlight.set(id, pending);
      void pending.catch(() => {}).finally(() => inFlight.delete(id));
    }
    return pending;
  }

  /** The source's tiles over the area, in the tiles' order; throws SourceError (or the caller's abort). */
  async function tileRows(source: ScreeningSource, tiles: Tile[], signal: AbortSignal | undefined): Promise<SourceTileRow[]> {
    const key = sourceKey(source);
    const cached = new Map((await cache.fresh(source.id, key, tiles.map((tile) => tile.key), now())).map((row) => [row.tile, row]));
    const missing = tiles.filter((tile) => !cached.has(tile.key));
    const fetched = await until(Promise.all(missing.map((tile) => sharedTile(source, tile, key))), signal);
    for (const row of fetched) cached.set(row.tile, row);
    return tiles.map((tile) => cached.get(tile.key)!);
  }

  function vectorLayer(source: ScreeningSource, bbox: Bbox, tiles: Tile[], rows: SourceTileRow[]): FetchedLayer | SourceFailure {
    const ref = sourceRef(source, oldest(rows));
    const cut = rows.find((row) => row.cut)?.cut;
    if (cut) return { kind: source.kind, ref, reason: `${source.name} ${cut}: not screened against it` };
    // A feature crossing tile edges comes back from each tile: kept once, by its id where the service gives one.
    const seen = new Set<string>();
    const features: Feature<Geometry>[] = [];
    for (const row of rows) {
      for (const feature of row.features ?? []) {
        const id = (feature as Feature).id;
        const key = id === undefined ? JSON.stringify(feature.geometry) : String(id);
        if (seen.has(key)) continue;
        seen.add(key);
        features.push(feature);
      }
    }
    if (tiles[0] !== wholeFile) return { kind: source.kind, ref, coverage: tilesExtent(tiles), features };
    const boxes = features.map((feature) => bboxOf(feature.geometry));
    const coverage: Bbox =
      boxes.length === 0 ? [0, 0, 0, 0] : [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
    const wanted = tilesExtent(tilesOf(bbox, source.margin_km ?? 0));
    return { kind: source.kind, ref, coverage, features: features.filter((_, i) => bboxesOverlap(boxes[i]!, wanted)) };
  }

  function elevationGrid(source: ScreeningSource, tiles: Tile[], rows: SourceTileRow[]): ElevationGrid {
    const size = rows[0]!.elevationSize!;
    const x0 = Math.min(...tiles.map((t) => t.x));
    const y1 = Math.max(...tiles.map((t) => t.y));
    const columns = Math.max(...tiles.map((t) => t.x)) - x0 + 1;
    const rowsOfTiles = y1 - Math.min(...tiles.map((t) => t.y)) + 1;
    const width = columns * size;
    const values = new Float32Array(width * rowsOfTiles * size).fill(commonNoData);
    tiles.forEach((tile, i) => {
      const row = rows[i]!;
      // A copy, so the floats are aligned whatever offset the driver's buffer has.
      const cells = new Float32Array(new Uint8Array(row.elevation!).buffer);
      const left = (tile.x - x0) * size;
      const top = (y1 - tile.y) * size;
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const value = cells[r * size + c]!;
          if (Number.isFinite(value) && value !== row.elevationNoData) values[(top + r) * width + left + c] = value;
        }
      }
    });
    return { ref: sourceRef(source, oldest(rows)), bbox: tilesExtent(tiles), width, height: rowsOfTiles * size, values, noData: commonNoData };
  }

  async function fetchSource(source: ScreeningSource, bbox: Bbox, signal: AbortSignal | undefined): Promise<FetchedLayer | ElevationGrid | SourceFailure> {
    const fail = (reason: string): SourceFailure => ({ kind: source.kind, ref: sourceRef(source, null), reason });
    const tiles = source.type === 'geojson' ? [wholeFile] : tilesOf(bbox, source.margin_km ?? 0);
    if (tiles.length > limits.tilesPerScreening) return fail(`${source.name} is asked for at most ${limits.tilesPerScreening} tiles of 0.05° at once, and this area needs ${tiles.length}`);
    if (isElevation(source) && tiles.length * cellsPerTile(source) ** 2 > limits.elevationCells) {
      return fail(`${source.name} is asked for at most ${limits.elevationCells.toLocaleString('en-US')} elevation cells at once, and this area needs more`);
    }
    try {
      const rows = await tileRows(source, tiles, signal);
      return isElevation(source) ? elevationGrid(source, tiles, rows) : vectorLayer(source, bbox, tiles, rows);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof SourceError) return fail(`${source.name} ${error.message}`);
      options.onError?.(error, source);
      return fail(`${source.name} could not be read: an unexpected error, logged on the server`);
    }
  }

  const fetchAll: FetchSources = async (bbox, { signal } = {}) => {
    const answers = await Promise.all(sources.map((source) => fetchSource(source, bbox, signal)));
    const layers: FetchedLayer[] = [];
    const failures: SourceFailure[] = [];
    let elevation: ElevationGrid | null = null;
    const slopeFailures: SourceFailure[] = [];
    // Elevation sources stand in for each other: the first in the setting's order that answers is used.
    answers.forEach((answer, i) => {
      const source = sources[i]!;
      if ('reason' in answer) (isElevation(source) ? slopeFailures : failures).push(answer);
      else if ('values' in answer) elevation ??= answer;
      else layers.push(answer);
    });
    if (!elevation) failures.push(...slopeFailures);
    return { layers, elevation, failures };
  };
  return Object.assign(fetchAll, {
    vectorRefs: sources.filter((source) => !isElevation(source)).map((source) => sourceRef(source, null)),
    elevationRefs: sources.filter(isElevation).map((source) => sourceRef(source, null)),
  });
}
