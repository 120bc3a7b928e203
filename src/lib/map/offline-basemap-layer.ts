import L from 'leaflet';
import type { Position } from 'geojson';
import { basemapSources, basemapSourcesAt, loadBasemap, shapesWithin, type BasemapBox, type BasemapShapes, type BasemapSource } from './offline-basemap.ts';

export const basemapPane = 'basemap';
export const basemapAttribution = 'Basemap: Natural Earth, US Census Bureau';

const lineWeight: Record<BasemapSource['id'], number> = { 'world-110m': 0.8, 'world-50m': 0.8, states: 0.8, counties: 0.5 };

interface SourceLayer {
  group: L.FeatureGroup;
  land: L.Polygon | null;
  lines: L.Polyline;
  shapes: BasemapShapes;
}

const latLngsOf = (line: Position[]) => line.map(([lng, lat]) => L.latLng(lat!, lng!));

/**
 * One source's land (world sources) and lines as two paths, never interactive (clicks reach the map). Colours are
 * left to the map view's CSS, by class (`basemap-land`, `basemap-<source id>`), so they follow dark mode without
 * redrawing. The paths start empty: `fill` gives them what lies around the view.
 */
function sourceLayer(source: BasemapSource, shapes: BasemapShapes, renderer: L.Renderer): SourceLayer {
  const options = { renderer, interactive: false };
  // Land made first: a group brings its layers to the front in the order they were made, the lines over the land.
  const land = source.land ? L.polygon([], { ...options, className: 'basemap-land', stroke: false, fillOpacity: 1 }) : null;
  const lines = L.polyline([], { ...options, className: `basemap-${source.id}`, weight: lineWeight[source.id], fill: false });
  return { group: L.featureGroup(land ? [land, lines] : [lines], { attribution: basemapAttribution }), land, lines, shapes };
}

function fill(layer: SourceLayer, box: BasemapBox) {
  const within = shapesWithin(layer.shapes, box);
  layer.land?.setLatLngs(within.land.map((rings) => rings.map(latLngsOf)));
  layer.lines.setLatLngs(within.lines.map(latLngsOf));
}

/**
 * The part of the world the paths hold: the view and as much again on each side, so panning within it (Leaflet redraws
 * paths only once a move ends) never reaches an edge. A map with no size yet (hidden, jsdom) holds a degree around its
 * centre until it has one.
 */
function boxAround(map: L.Map): BasemapBox {
  const view = map.getBounds();
  const width = Math.max(view.getEast() - view.getWest(), 1);
  const height = Math.max(view.getNorth() - view.getSouth(), 1);
  return [view.getWest() - width, Math.max(-90, view.getSouth() - height), view.getEast() + width, Math.min(90, view.getNorth() + height)];
}

/** Whether the paths still serve the view: it lies within what they hold, and is not much smaller (zoomed in since). */
function serves(held: BasemapBox | null, map: L.Map) {
  if (!held) return false;
  const view = map.getBounds();
  const within = view.getWest() >= held[0] && view.getSouth() >= held[1] && view.getEast() <= held[2] && view.getNorth() <= held[3];
  return within && (held[2] - held[0]) / Math.max(view.getEast() - view.getWest(), 1e-9) <= 4;
}

/**
 * Draws the offline basemap in a pane under the tiles (Leaflet's tile pane is at z-index 200): where tiles load they
 * cover it, where they fail (offline, blocked, VITE_MAP_TILE_URL=none) it is the map. The sources follow the zoom;
 * a source's layer leaves only once its replacements are drawn, so zooming never flashes an empty map.
 *
 * Leaflet projects every point of a path at each zoom and clips every point at each move, whatever is on screen, so
 * the paths hold only the shapes around the view (cut to it), filled again when the view leaves them or zooms well
 * into them: at a street's zoom that is a few hundred points instead of the ~200,000 of every source's whole data.
 */
export function addOfflineBasemap(map: L.Map) {
  map.createPane(basemapPane).style.zIndex = '150';
  const renderer = L.svg({ pane: basemapPane });
  const shown = new Map<BasemapSource['id'], SourceLayer>();
  let held: BasemapBox | null = null;
  let latest = 0;
  let removed = false;
  map.once('unload', () => (removed = true));

  /** Refills the paths shown when the view has left what they hold. */
  function follow() {
    if (removed || serves(held, map)) return;
    held = boxAround(map);
    for (const layer of shown.values()) fill(layer, held);
  }

  async function show() {
    const request = ++latest;
    const wanted = basemapSourcesAt(map.getZoom());
    const shapes = await Promise.all(wanted.map(loadBasemap)).catch(() => null);
    // A newer zoom asked for other sources meanwhile, or the map is gone; a failed load is retried at the next zoom.
    if (!shapes || removed || request !== latest) return;
    for (const [id, layer] of shown) {
      if (wanted.some((source) => source.id === id)) continue;
      layer.group.remove();
      shown.delete(id);
    }
    let added = false;
    follow();
    wanted.forEach((source, i) => {
      if (shown.has(source.id)) return;
      const layer = sourceLayer(source, shapes[i]!, renderer);
      fill(layer, held!);
      shown.set(source.id, layer);
      layer.group.addTo(map);
      added = true;
    });
    if (added) for (const source of basemapSources) shown.get(source.id)?.group.bringToFront();
  }

  // Registered before the renderer joins the map (with the first path): on a zoom the paths are refilled before the
  // renderer projects them at the new zoom.
  map.on('zoomend moveend resize', follow);
  map.on('zoomend', () => void show());
  void show();
}
