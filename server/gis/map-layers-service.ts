/**
 * The constraint layers the screening map draws (issue 24 item 5): the features of every layer screening applies for the
 * user (their own, and the newest shared layer of each built-in kind) inside the visible box, cut to it and capped, so
 * a planner sees where inside a parcel a flood zone or a setback lies. Owner-scoped: another user's layers never show.
 */
import { bboxClip } from '@turf/bbox-clip';
import Flatbush from 'flatbush';
import type { Feature, Geometry, Position } from 'geojson';
import { LRUCache } from 'lru-cache';
import { builtInKindLabels, isBuiltInKind } from '../../src/contract/own-layers.ts';
import type { MapLayer, MapLayers } from '../../src/contract/screening-map.ts';
import { bboxesOverlap, bboxOf, type Bbox } from '../geo/geometry.ts';
import { layerCoverage, type LayerMeta, type LayersRepository } from './layers-repository.ts';

export const mapLayerLimits = {
  /** A box wider or taller than this (degrees, about 55 km) draws no features: the map asks to zoom in. */
  maxSpanDeg: 0.5,
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

const kindLabel = (layer: LayerMeta) => layer.label || (isBuiltInKind(layer.kind) ? builtInKindLabels[layer.kind] : layer.kind);

const attributionOf = (layer: LayerMeta) => (layer.ownerId === null ? layer.source : `Your layer${layer.fileName ? ` (${layer.fileName})` : ''}`);

export function createMapLayers(deps: { layers: LayersRepository }) {
  const cache = new LRUCache<string, Promise<IndexedFeatures>>({ max: mapLayerLimits.cachedLayers });
  const indexed = (meta: LayerMeta) => {
    let entry = cache.get(meta.id);
    if (!entry) {
      entry = deps.layers.features(meta.id).then((features) => {
        const usable = features.filter((feature) => feature?.geometry && feature.geometry.type !== 'GeometryCollection');
        if (usable.length === 0) return { features: usable, index: null };
        const index = new Flatbush(usable.length);
        for (const feature of usable) index.add(...bboxOf(feature.geometry));
        index.finish();
        return { features: usable, index };
      });
      entry.catch(() => cache.delete(meta.id));
      cache.set(meta.id, entry);
    }
    return entry;
  };

  /** The layers screening applies for the user that reach into the box, with their features there. */
  async function inBox(userId: string, box: Bbox): Promise<MapLayers> {
    const tooLarge = box[2] - box[0] > mapLayerLimits.maxSpanDeg || box[3] - box[1] > mapLayerLimits.maxSpanDeg;
    const metas = (await deps.layers.applicable(userId)).filter((meta) => bboxesOverlap(layerCoverage(meta), box));
    let budget = mapLayerLimits.positions;
    const layers: MapLayer[] = [];
    for (const meta of metas) {
      const { features, index } = await indexed(meta);
      const hits = index ? index.search(...box) : [];
      const drawn: MapLayer['features']['features'] = [];
      let cut: string | null = tooLarge ? 'Zoom in to see this layer: the map shows too large an area.' : null;
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
      layers.push({
        id: meta.id,
        kind: meta.kind,
        label: kindLabel(meta),
        name: meta.name,
        own: meta.ownerId !== null,
        attribution: attributionOf(meta),
        source_date: meta.sourceDate,
        in_view: hits.length,
        shown: drawn.length,
        cut,
        features: { type: 'FeatureCollection', features: drawn },
      });
    }
    return { bbox: box, layers };
  }

  return { inBox };
}

export type MapLayersService = ReturnType<typeof createMapLayers>;
