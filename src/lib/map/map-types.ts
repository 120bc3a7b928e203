import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { ReactNode } from 'react';

/** A position in degrees (WGS84). */
export interface LngLat {
  lat: number;
  lng: number;
}

/** [west, south, east, north] in degrees, as GeoJSON and the API write it. */
export type Bbox = [number, number, number, number];

export type AreaGeometry = Polygon | MultiPolygon;

/** How a vector shape is drawn; the same names as Leaflet's path options, colours as CSS hex. */
export interface PathStyle {
  color?: string;
  weight?: number;
  opacity?: number;
  fillColor?: string;
  fillOpacity?: number;
  dashArray?: string;
}

/** A point drawn as a small circle (no image, so nothing to load); `label` is its tooltip and accessible name. */
export interface MapMarker {
  id: string;
  position: LngLat;
  label: string;
  color?: string;
  /** Text shown in a popup when the marker is clicked (plain text, line breaks kept). */
  popup?: string;
  onClick?: () => void;
}

/**
 * A GeoJSON layer. Re-rendered when the layer object changes identity, so pages build layers with useMemo.
 * Tooltips and popups are plain text (never HTML): line breaks are kept.
 */
export interface MapLayer {
  id: string;
  data: FeatureCollection | Feature | Geometry;
  style?: PathStyle | ((feature: Feature) => PathStyle);
  /** Shown while the pointer is over a feature. */
  tooltip?: (feature: Feature) => string | undefined;
  /** Shown in a popup when a feature is clicked. */
  popup?: (feature: Feature) => string | undefined;
  onFeatureClick?: (feature: Feature) => void;
}

/**
 * Drawing or editing one polygon (terra-draw). While `active`, clicks on the map add vertices (the first vertex
 * closes the shape) instead of reaching `onClick`; once closed the polygon's vertices can be dragged and every
 * change is reported. When not active the page shows `polygon` as an ordinary layer if it wants to.
 */
export interface MapDrawing {
  active: boolean;
  polygon: AreaGeometry | null;
  onChange: (polygon: Polygon | null) => void;
}

export interface MapViewProps {
  /** Accessible name of the map region. */
  label: string;
  /** The initial view, and the view whenever these values change. */
  center: LngLat;
  zoom: number;
  markers?: readonly MapMarker[];
  layers?: readonly MapLayer[];
  /** Fits the view to this box whenever its values change (wins over center/zoom). */
  fitBounds?: Bbox | null;
  onClick?: (position: LngLat) => void;
  /** The visible box after every pan or zoom (and once at start). */
  onViewChange?: (bbox: Bbox) => void;
  drawing?: MapDrawing;
  /** CSS height; a Chakra responsive value is accepted. */
  height?: string | Record<string, string>;
  /** Overlaid in the map's top-right corner (a legend, a mode switch). */
  children?: ReactNode;
}
