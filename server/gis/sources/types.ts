/**
 * The seam between online screening sources (fetching, caching, timeouts: server/gis/sources/) and the screening
 * engine (server/gis/project-screening.ts, server/geo/screening.ts). Sources never throw for one source's failure:
 * a source that cannot answer for an area becomes a `SourceFailure`, whose criterion screens as `unknown`.
 */
import type { Feature, Geometry } from 'geojson';
import type { LayerRef } from '../../../src/contract/gis.ts';
import type { Bbox } from '../../geo/geometry.ts';

/** A vector layer fetched for an area: its features and the area it speaks for (outside it: not known). */
export interface FetchedLayer {
  /** flood | wetland | protected | grid, or a custom kind's slug. */
  kind: string;
  ref: LayerRef;
  coverage: Bbox;
  features: Feature<Geometry>[];
}

/** Ground elevation over an area in metres, row-major from the north-west corner; cells of `noData` are unknown. */
export interface ElevationGrid {
  ref: LayerRef;
  bbox: Bbox;
  width: number;
  height: number;
  values: Float32Array;
  noData: number | null;
}

/** A source that did not answer for this area, and why ("FEMA NFHL did not answer within 10 s"). */
export interface SourceFailure {
  kind: string;
  ref: LayerRef;
  reason: string;
}

export interface FetchedSources {
  layers: FetchedLayer[];
  elevation: ElevationGrid | null;
  failures: SourceFailure[];
}

/**
 * Every configured source's answer over `bbox`, from the shared cache while fresh. Resolves even when sources fail.
 * `vectorRefs` names the vector sources configured, for a map that shows them without asking (a box too large to draw);
 * `elevationRefs` the elevation ones, for a screening that says which sources it asks.
 */
export type FetchSources = ((bbox: Bbox, options?: { signal?: AbortSignal }) => Promise<FetchedSources>) & { vectorRefs?: readonly LayerRef[]; elevationRefs?: readonly LayerRef[] };

/** No sources configured: what screening sees with `SCREENING_SOURCES` off. */
export const noSources: FetchSources = Object.assign(async () => ({ layers: [], elevation: null, failures: [] }), { vectorRefs: [], elevationRefs: [] });
