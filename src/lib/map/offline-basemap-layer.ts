import L from 'leaflet';
import { basemapSources, basemapSourcesAt, loadBasemap, type BasemapShapes, type BasemapSource } from './offline-basemap.ts';

export const basemapPane = 'basemap';
export const basemapAttribution = 'Basemap: Natural Earth, US Census Bureau';

const lineWeight: Record<BasemapSource['id'], number> = { 'world-110m': 0.8, 'world-50m': 0.8, states: 0.8, counties: 0.5 };

/**
 * One source's shapes, never interactive (clicks reach the map). Colours are left to the map view's CSS, by class
 * (`basemap-land`, `basemap-<source id>`), so they follow dark mode without redrawing.
 */
function sourceLayer(source: BasemapSource, shapes: BasemapShapes, renderer: L.Renderer): L.FeatureGroup {
  const options = { renderer, interactive: false };
  // Land made first: a group brings its layers to the front in the order they were made, the lines over the land.
  const land = shapes.land && L.geoJSON(shapes.land, { ...options, style: { className: 'basemap-land', stroke: false, fillOpacity: 1 } });
  const lines = L.geoJSON(shapes.lines, { ...options, style: { className: `basemap-${source.id}`, weight: lineWeight[source.id], fill: false } });
  return L.featureGroup(land ? [land, lines] : [lines], { attribution: basemapAttribution });
}

/**
 * Draws the offline basemap in a pane under the tiles (Leaflet's tile pane is at z-index 200): where tiles load they
 * cover it, where they fail (offline, blocked, VITE_MAP_TILE_URL=none) it is the map. The sources follow the zoom;
 * a source's layer leaves only once its replacements are drawn, so zooming never flashes an empty map.
 */
export function addOfflineBasemap(map: L.Map) {
  map.createPane(basemapPane).style.zIndex = '150';
  const renderer = L.svg({ pane: basemapPane });
  const shown = new Map<BasemapSource['id'], L.FeatureGroup>();
  let latest = 0;
  let removed = false;
  map.once('unload', () => (removed = true));

  async function show() {
    const request = ++latest;
    const wanted = basemapSourcesAt(map.getZoom());
    const shapes = await Promise.all(wanted.map(loadBasemap)).catch(() => null);
    // A newer zoom asked for other sources meanwhile, or the map is gone; a failed load is retried at the next zoom.
    if (!shapes || removed || request !== latest) return;
    for (const [id, layer] of shown) {
      if (wanted.some((source) => source.id === id)) continue;
      layer.remove();
      shown.delete(id);
    }
    let added = false;
    wanted.forEach((source, i) => {
      if (shown.has(source.id)) return;
      shown.set(source.id, sourceLayer(source, shapes[i]!, renderer).addTo(map));
      added = true;
    });
    if (added) for (const source of basemapSources) shown.get(source.id)?.bringToFront();
  }

  map.on('zoomend', () => void show());
  void show();
}
