/**
 * The constraint layers the screening map draws (issue 24 item 5): the features of every layer screening applies for the
 * user (their own, the newest shared layer of each built-in kind, and the online sources of SCREENING_SOURCES) inside
 * the visible box, cut to it and capped, so a planner sees where inside a parcel a flood zone or a setback lies.
 * Owner-scoped: another user's layers never show. Online sources are read through the same tile cache screening fills,
 * for a smaller box than stored layers (each 0.05° tile of each source may be a network request).
 */
import { bboxClip } from '@turf/bbox-clip';
import Flatbush from 'flatbush';
import type { Feature, Geometry, Position } from 'geojson';
import { LRUCache } from 'lru-cache';
import { kindLabelOf } from '../../src/contract/own-layers.ts';
import type { MapLayer, MapLayers } from '../../src/contract/screening-map.ts';
import { bboxesOverlap, bboxOf, type Bbox } from '../geo/geometry.ts';
import { layerCoverage, type LayerMeta, type LayersRepository } from './layers-repository.ts';
import type { FetchSources } from './sources/types.ts';
import type { LayerRef } from '../../src/contract/gis.ts';

export const mapLayerLimits = {
  /** A box wider or taller than this (degrees, about 55 km) draws no features: the map asks to zoom in. */
  maxSpanDeg: 0.5,
  /** The same for online sources (about 17 km): at most 16 tiles of 0.05° per source, most of them cached by screening. */
  onlineMaxSpanDeg: 0.15,
  featuresPerLayer: 2000,
  /** Positions over all the layers of one answer: a few MB of JSON at most. */
  positions: 200_000,
  /** Layers kept indexed in memory; a layer row never changes (a new version is a new row), so entries never go stale. */
  cachedLayers: 16,
};

interface IndexedFeatures {
  features: Feature<Geometry>[];
  index: Flatbush | null;
}

const positionsOf = (geometry: Geometry): number => {
  if (geometry.type === 'GeometryCollection') return geometry.geometries.reduce((sum, part) => sum + positionsOf(part), 0);
  const flat = (coordinates: unknown): number => (typeof (coordinates as Position)[0] === 'number' ? 1 : (coordinates as unknown[]).reduce<number>((sum, part) => sum + flat(part), 0));
  return flat(geometry.coordinates);
};

const insideBox = ([lng, lat]: Position, [w, s, e, n]: Bbox) => lng! >= w && lng! <= e && lat! >= s && lat! <= n;

/** The part of a geometry inside the box (lines and polygons cut with lineclip; points kept when inside), or null when none is. */
export function clipToBox(geometry: Geometry, box: Bbox): Geometry | null {
  switch (geometry.type) {
    case 'Point':
      return insideBox(geometry.coordinates, box) ? geometry : null;
    case 'MultiPoint': {
      const inside = geometry.coordinates.filter((point) => insideBox(point, box));
      return inside.length > 0 ? { type: 'MultiPoint', coordinates: inside } : null;
    }
    case 'LineString':
    case 'MultiLineString':
    case 'Polygon':
    case 'MultiPolygon': {
      const clipped = bboxClip(geometry, box).geometry;
      const coordinates = clipped.coordinates as unknown[];
      if (clipped.type === 'Polygon') return (clipped.coordinates[0]?.length ?? 0) >= 4 ? clipped : null;
      if (clipped.type === 'MultiPolygon') {
        const polygons = clipped.coordinates.filter((rings) => (rings[0]?.length ?? 0) >= 4);
        return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
      }
      if (clipped.type === 'MultiLineString') {
        const lines = clipped.coordinates.filter((line) => line.length >= 2);
        return lines.length > 0 ? { type: 'MultiLineString', coordinates: lines } : null;
      }
      return coordinates.length >= 2 ? clipped : null;
    }
    case 'GeometryCollection':
      return null;
  }
}

const attributionOf = (layer: LayerMeta) => (layer.ownerId === null ? layer.source : `Your layer${layer.fileName ? ` (${layer.fileName})` : ''}`);

const zoomIn = 'Zoom in to see this layer: the map shows too large an area.';

function indexFeatures(features: Feature<Geometry>[]): IndexedFeatures {
  const usable = features.filter((feature) => feature?.geometry && feature.geometry.type !== 'GeometryCollection');
  if (usable.length === 0) return { features: usable, index: null };
  const index = new Flatbush(usable.length);
  for (const feature of usable) index.add(...bboxOf(feature.geometry));
  index.finish();
  return { features: usable, index };
}

/** An online source's layer as the map draws it: shared, named by its source and licence. */
const onlineLayer = (ref: LayerRef, drawn: Pick<MapLayer, 'in_view' | 'shown' | 'cut' | 'features'>): MapLayer => ({
  id: ref.id,
  kind: ref.kind,
  label: kindLabelOf(ref),
  name: ref.name,
  own: false,
  attribution: ref.source,
  source_date: ref.source_date,
  ...drawn,
});

const nothingDrawn = (cut: string) => ({ in_view: 0, shown: 0, cut, features: { type: 'FeatureCollection' as const, features: [] } });

export function createMapLayers(deps: { layers: LayersRepository; sources: FetchSources }) {
  const cache = new LRUCache<string, Promise<IndexedFeatures>>({ max: mapLayerLimits.cachedLayers });
  const indexed = (meta: LayerMeta) => {
    let entry = cache.get(meta.id);
    if (!entry) {
      entry = deps.layers.features(meta.id).then(indexFeatures);
      entry.catch(() => cache.delete(meta.id));
      cache.set(meta.id, entry);
    }
    return entry;
  };

  /** The layers screening applies for the user that reach into the box, with their features there. */
  async function inBox(userId: string, box: Bbox): Promise<MapLayers> {
    const span = Math.max(box[2] - box[0], box[3] - box[1]);
    const metas = (await deps.layers.applicable(userId)).filter((meta) => bboxesOverlap(layerCoverage(meta), box));
    const online = span <= mapLayerLimits.onlineMaxSpanDeg ? deps.sources(box) : null;
    let budget = mapLayerLimits.positions;

    /** The features of `hits` cut to the box, as many as the caps allow, and why the rest are not drawn. */
    const draw = ({ features, index }: IndexedFeatures, tooLarge: boolean) => {
      const hits = index ? index.search(...box) : [];
      const drawn: MapLayer['features']['features'] = [];
      let cut: string | null = tooLarge ? zoomIn : null;
      if (!tooLarge) {
        for (const at of hits) {
          const clipped = clipToBox(features[at]!.geometry, box);
          if (!clipped) continue;
          const positions = positionsOf(clipped);
          if (drawn.length >= mapLayerLimits.featuresPerLayer || positions > budget) {
            cut = 'Too many features here to draw them all: zoom in to see the rest.';
            break;
          }
          budget -= positions;
          drawn.push({ type: 'Feature', geometry: clipped, properties: {} });
        }
      }
      return { in_view: hits.length, shown: drawn.length, cut, features: { type: 'FeatureCollection' as const, features: drawn } };
    };

    const layers: MapLayer[] = [];
    for (const meta of metas) {
      layers.push({
        id: meta.id,
        kind: meta.kind,
        label: kindLabelOf(meta),
        name: meta.name,
        own: meta.ownerId !== null,
        attribution: attributionOf(meta),
        source_date: meta.sourceDate,
        ...draw(await indexed(meta), span > mapLayerLimits.maxSpanDeg),
      });
    }
    if (!online) {
      for (const ref of deps.sources.vectorRefs ?? []) layers.push(onlineLayer(ref, nothingDrawn(zoomIn)));
      return { bbox: box, layers };
    }
    const fetched = await online;
    for (const layer of fetched.layers) layers.push(onlineLayer(layer.ref, draw(indexFeatures(layer.features), false)));
    // An elevation source has no features to draw; its failure is told in the screening's slope reasons.
    for (const failure of fetched.failures.filter((failure) => failure.kind !== 'slope')) layers.push(onlineLayer(failure.ref, nothingDrawn(failure.reason)));
    return { bbox: box, layers };
  }

  return { inBox };
}

export type MapLayersService = ReturnType<typeof createMapLayers>;
