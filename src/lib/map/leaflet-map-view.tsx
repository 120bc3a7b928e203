import 'leaflet/dist/leaflet.css';
import { Box } from '@chakra-ui/react';
import type { Feature, Polygon } from 'geojson';
import L from 'leaflet';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawLeafletAdapter } from 'terra-draw-leaflet-adapter';
import { useEffect, useRef, useState } from 'react';
import { bboxKey } from './bounds.ts';
import { mapConfig } from './map-config.ts';
import { addOfflineBasemap } from './offline-basemap-layer.ts';
import type { Bbox, MapLayer, MapViewProps } from './map-types.ts';
import { edgeGap, tooltipMaxWidth } from './tooltip-width.ts';

/** Tooltips and popups take text, never HTML: parcel attributes come from imported files. */
function textElement(text: string): HTMLElement {
  const element = document.createElement('div');
  element.style.whiteSpace = 'pre-line';
  element.textContent = text;
  return element;
}

/**
 * Leaflet's own colours in the theme's tokens, so the map's background, zoom buttons and attribution follow dark mode.
 * Each is marked important (`!`): leaflet.css is not in Chakra's cascade layers, so it beats Chakra's styles otherwise.
 */
const themedLeaflet = {
  // The offline basemap (offline-basemap-layer.ts), soft in both modes so the app's own layers stand out: the water is
  // the container's background; its land and lines are SVG, whose presentation attributes lose to any style (no `!`).
  bg: { base: '#d5e3ed!', _dark: '#111a24!' },
  '& .basemap-land': { fill: { base: '#f4f2ec', _dark: '#25272b' } },
  '& .basemap-world-110m, & .basemap-world-50m': { stroke: { base: '#a9b4bd', _dark: '#56606a' } },
  '& .basemap-states': { stroke: { base: '#b3aca2', _dark: '#5a5650' } },
  '& .basemap-counties': { stroke: { base: '#d9d3c9', _dark: '#3a3936' } },
  '& .leaflet-bar': { borderColor: 'border!' },
  '& .leaflet-bar a': { bg: 'bg.panel!', color: 'fg!', borderBottomColor: 'border!' },
  '& .leaflet-bar a:hover, & .leaflet-bar a:focus-visible': { bg: 'bg.subtle!' },
  '& .leaflet-bar a.leaflet-disabled': { color: 'fg.subtle!' },
  '& .leaflet-control-attribution': { bg: 'bg.panel!', color: 'fg.muted!' },
  // Underlined, not told apart by colour alone (leaflet.css underlines them only on hover): with the basemap's credit
  // the attribution holds more plain text than link text, which makes it a text block for axe's link-in-text-block.
  '& .leaflet-control-attribution a': { color: 'fg.info!', textDecoration: 'underline!' },
} as const;

/**
 * A tooltip that always fits the map: at most as wide as the map allows (its text wraps), and moved back inside
 * when Leaflet's placement beside the pointer would run over an edge (the map's container clips what overflows).
 */
const FittedTooltip = L.Tooltip.extend({
  onAdd(this: L.Tooltip & { _container?: HTMLElement }, map: L.Map) {
    L.Tooltip.prototype.onAdd.call(this, map);
    const container = this._container;
    if (container) {
      // Leaflet's own style keeps a tooltip on one line (nowrap), however long.
      container.style.whiteSpace = 'normal';
      container.style.width = 'max-content';
      container.style.overflowWrap = 'anywhere';
      container.style.maxWidth = `${tooltipMaxWidth(map.getSize().x)}px`;
      // Leaflet placed it before these styles changed its width: placed again, it is kept inside at its real width.
      (this as unknown as { _updatePosition(): void })._updatePosition();
    }
    return this;
  },
  _setPosition(this: L.Tooltip & { _map: L.Map; _container: HTMLElement }, pos: L.Point) {
    (L.Tooltip.prototype as unknown as { _setPosition: (p: L.Point) => void })._setPosition.call(this, pos);
    const map = this._map;
    const container = this._container;
    const size = map.getSize();
    // Leaflet offsets a tooltip beside the pointer by a CSS margin (6 px for left and right): the box drawn is here.
    const style = getComputedStyle(container);
    const margin = L.point(parseFloat(style.marginLeft) || 0, parseFloat(style.marginTop) || 0);
    const at = map.layerPointToContainerPoint(L.DomUtil.getPosition(container)).add(margin);
    const x = Math.max(edgeGap, Math.min(at.x, size.x - container.offsetWidth - edgeGap));
    const y = Math.max(edgeGap, Math.min(at.y, size.y - container.offsetHeight - edgeGap));
    if (x !== at.x || y !== at.y) L.DomUtil.setPosition(container, map.containerPointToLayerPoint(L.point(x, y).subtract(margin)));
  },
}) as unknown as new (options?: L.TooltipOptions) => L.Tooltip;

const tooltipOf = (text: string, options: L.TooltipOptions = {}) => new FittedTooltip({ direction: 'auto', ...options }).setContent(textElement(text));

function visibleBbox(map: L.Map): Bbox {
  const bounds = map.getBounds();
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [clamp(bounds.getWest(), 180), clamp(bounds.getSouth(), 90), clamp(bounds.getEast(), 180), clamp(bounds.getNorth(), 90)];
}

function geoJsonLayer(layer: MapLayer): L.GeoJSON {
  const { style, tooltip, popup, onFeatureClick } = layer;
  return L.geoJSON(layer.data, {
    style: (feature?: Feature) => (typeof style === 'function' ? (feature ? style(feature) : {}) : (style ?? {})),
    pointToLayer: (_, latlng) => L.circleMarker(latlng, { radius: 6 }),
    interactive: !!(tooltip || popup || onFeatureClick),
    onEachFeature: (feature: Feature, path) => {
      const tip = tooltip?.(feature);
      if (tip) path.bindTooltip(tooltipOf(tip, { sticky: true }));
      const text = popup?.(feature);
      if (text) path.bindPopup(textElement(text));
      if (onFeatureClick) path.on('click', () => onFeatureClick(feature));
    },
  });
}

const drawColor = '#c05621';

/** terra-draw's modes for one polygon: draw it, then select it to drag vertices or add them at midpoints. */
function startDrawing(map: L.Map) {
  const draw = new TerraDraw({
    adapter: new TerraDrawLeafletAdapter({ lib: L, map }),
    modes: [
      new TerraDrawPolygonMode({ styles: { fillColor: '#dd6b20', fillOpacity: 0.25, outlineColor: drawColor, outlineWidth: 2, closingPointColor: '#ffffff', closingPointOutlineColor: drawColor, closingPointWidth: 7, closingPointOutlineWidth: 2 } }),
      new TerraDrawSelectMode({
        flags: { polygon: { feature: { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } } } },
        styles: { selectedPolygonColor: '#dd6b20', selectedPolygonOutlineColor: drawColor, selectedPolygonFillOpacity: 0.25, selectionPointColor: '#ffffff', selectionPointOutlineColor: drawColor, selectionPointWidth: 6, midPointColor: drawColor },
      }),
    ],
  });
  draw.start();
  return draw;
}

function loadPolygon(draw: TerraDraw, polygon: Polygon | null) {
  draw.clear();
  if (polygon) {
    const [result] = draw.addFeatures([{ type: 'Feature', geometry: polygon, properties: { mode: 'polygon' } }]);
    if (result?.valid) {
      draw.setMode('select');
      draw.selectFeature(result.id!);
      return;
    }
  }
  draw.setMode('polygon');
}

/**
 * The page's own view changes are not animated: an animated zoom starts a frame after it is asked, so a view asked
 * meanwhile (a parcel found just as the first results were framed) would be undone when it starts.
 */
const jump = { animate: false } as const;

/**
 * Moves the map now, or once a zoom animation (the user's) ends: Leaflet ignores a view change with another zoom while
 * one animates (Map._tryAnimatedZoom returns early), so the map would stay where the user zoomed. Gives a cancel for a
 * move still waiting (a newer one replaces it).
 */
function moveWhenZoomSettled(map: L.Map, zooming: boolean, move: () => void): () => void {
  if (!zooming) {
    move();
    return () => undefined;
  }
  map.once('zoomend', move);
  return () => void map.off('zoomend', move);
}

/** The MapView port on Leaflet: works with no tiles and no key (an offline basemap lies under the tiles), in every browser and in jsdom. */
export function LeafletMapView({ label, center, zoom, markers, layers, fitBounds, drawing, height = '400px', children, ...callbacks }: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // Whether a zoom is animating: Leaflet drops a view change asked meanwhile (see moveWhenZoomSettled).
  const zooming = useRef(false);
  // Handlers change identity on every render of the page; the map's listeners read the latest ones.
  const latest = useRef({ ...callbacks, drawing });
  useEffect(() => {
    latest.current = { ...callbacks, drawing };
  });

  useEffect(() => {
    const container = containerRef.current!;
    const instance = L.map(container, { center: [center.lat, center.lng], zoom, worldCopyJump: true });
    addOfflineBasemap(instance);
    if (mapConfig.tileUrl) L.tileLayer(mapConfig.tileUrl, { attribution: mapConfig.tileAttribution, maxZoom: 19 }).addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => {
      if (latest.current.drawing?.active) return;
      const { lat, lng } = event.latlng.wrap();
      latest.current.onClick?.({ lat, lng });
    });
    instance.on('moveend', () => latest.current.onViewChange?.(visibleBbox(instance)));
    instance.on('zoomanim', () => void (zooming.current = true));
    instance.on('zoomend', () => void (zooming.current = false));
    const resize = new ResizeObserver(() => instance.invalidateSize());
    resize.observe(container);
    setMap(instance);
    return () => {
      resize.disconnect();
      instance.remove();
      setMap(null);
    };
    // Made once: center, zoom and the rest are applied by the effects below.
  }, []);

  useEffect(() => {
    if (!map) return;
    return moveWhenZoomSettled(map, zooming.current, () => map.setView([center.lat, center.lng], zoom, jump));
  }, [map, center.lat, center.lng, zoom]);

  const fitKey = bboxKey(fitBounds);
  useEffect(() => {
    if (!map || !fitBounds) return;
    const [w, s, e, n] = fitBounds;
    return moveWhenZoomSettled(map, zooming.current, () => {
      // A map with no size yet (hidden, or jsdom) cannot compute a zoom for a box: centre on it instead.
      if (map.getSize().x === 0) map.setView([(s + n) / 2, (w + e) / 2], map.getZoom(), jump);
      else map.fitBounds([[s, w], [n, e]], { padding: [24, 24], maxZoom: 18, ...jump });
    });
    // fitKey stands for fitBounds' values, so a new array with the same box does not move the map.
  }, [map, fitKey]);

  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup(
      (markers ?? []).map((marker) => {
        const circle = L.circleMarker([marker.position.lat, marker.position.lng], { radius: 8, color: '#ffffff', weight: 2, fillColor: marker.color ?? '#c05621', fillOpacity: 1 });
        circle.bindTooltip(tooltipOf(marker.label));
        if (marker.popup) circle.bindPopup(textElement(marker.popup));
        if (marker.onClick) circle.on('click', marker.onClick);
        return circle;
      }),
    ).addTo(map);
    return () => void group.remove();
  }, [map, markers]);

  const shown = useRef(new Map<string, { source: MapLayer; layer: L.GeoJSON }>());
  useEffect(() => {
    if (!map) return;
    const current = shown.current;
    const wanted = new Set((layers ?? []).map((layer) => layer.id));
    for (const [id, entry] of current) {
      if (!wanted.has(id)) {
        entry.layer.remove();
        current.delete(id);
      }
    }
    for (const source of layers ?? []) {
      const entry = current.get(source.id);
      if (entry?.source === source) continue;
      entry?.layer.remove();
      current.set(source.id, { source, layer: geoJsonLayer(source).addTo(map) });
    }
    // Later layers draw on top, whichever was replaced last.
    for (const source of layers ?? []) current.get(source.id)?.layer.bringToFront();
  }, [map, layers]);
  useEffect(
    () => () => {
      for (const entry of shown.current.values()) entry.layer.remove();
      shown.current.clear();
    },
    [map],
  );

  const drawRef = useRef<{ draw: TerraDraw; reported: unknown } | null>(null);
  const drawingActive = !!drawing?.active;
  useEffect(() => {
    if (!map || !drawingActive) return;
    const draw = startDrawing(map);
    const session = { draw, reported: latest.current.drawing?.polygon ?? null };
    drawRef.current = session;
    const initial = latest.current.drawing?.polygon;
    loadPolygon(draw, initial?.type === 'Polygon' ? initial : null);
    const report = (id: string | number) => {
      const feature = draw.getSnapshotFeature(id);
      if (feature?.geometry.type !== 'Polygon') return;
      const polygon: Polygon = { type: 'Polygon', coordinates: feature.geometry.coordinates };
      session.reported = polygon;
      latest.current.drawing?.onChange(polygon);
    };
    draw.on('finish', (id) => {
      report(id);
      if (draw.getMode() === 'polygon') {
        draw.setMode('select');
        draw.selectFeature(id);
      }
    });
    draw.on('change', (ids, type) => {
      if (type === 'delete' && draw.getSnapshot().length === 0) {
        session.reported = null;
        latest.current.drawing?.onChange(null);
        draw.setMode('polygon');
      } else if (type === 'update' && draw.getMode() === 'select') {
        const [id] = ids;
        if (id !== undefined && draw.getSnapshotFeature(id)?.properties.selected) report(id);
      }
    });
    return () => {
      drawRef.current = null;
      draw.stop();
    };
  }, [map, drawingActive]);

  // A polygon the page replaced (cleared, or typed elsewhere) restarts the drawing from it.
  const polygon = drawing?.polygon ?? null;
  useEffect(() => {
    const session = drawRef.current;
    if (!session || polygon === session.reported) return;
    session.reported = polygon;
    loadPolygon(session.draw, polygon?.type === 'Polygon' ? polygon : null);
  }, [polygon]);

  return (
    <Box position="relative" h={height} w="full" borderRadius="md" overflow="hidden" borderWidth="1px">
      <Box ref={containerRef} role="region" aria-label={label} h="full" w="full" css={themedLeaflet} data-drawing={drawingActive || undefined} />
      {children && (
        <Box position="absolute" top={2} right={2} zIndex={1000} maxW="calc(100% - 60px)">
          {children}
        </Box>
      )}
    </Box>
  );
}
