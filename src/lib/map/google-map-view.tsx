import { Box } from '@chakra-ui/react';
import { APILoadingStatus, APIProvider, Map as GoogleMap, useApiLoadingStatus, useMap } from '@vis.gl/react-google-maps';
import type { Feature, FeatureCollection } from 'geojson';
import { useEffect, type ReactNode } from 'react';
import { bboxKey } from './bounds.ts';
import type { LngLat, MapLayer, MapViewProps, PathStyle } from './map-types.ts';
import { tooltipMaxWidth } from './tooltip-width.ts';

// The few Maps JavaScript API types used here. @types/google.maps is not referenced: it declares a global `google`
// that clashes with the Google Identity typing of the sign-in button.
interface Listener {
  remove(): void;
}
interface GLatLng {
  toJSON(): LngLat;
}
interface GMap {
  setCenter(center: LngLat): void;
  setZoom(zoom: number): void;
  fitBounds(bounds: { west: number; south: number; east: number; north: number }, padding: number): void;
  getBounds(): { toJSON(): { west: number; south: number; east: number; north: number } } | undefined;
  addListener(event: string, handler: () => void): Listener;
  getDiv(): HTMLElement;
}
interface GDataFeature {
  getProperty(name: string): unknown;
}
interface GDataMouseEvent {
  feature: GDataFeature;
  latLng: GLatLng | null;
}
interface GStyle {
  strokeColor: string;
  strokeWeight: number;
  strokeOpacity: number;
  fillColor: string;
  fillOpacity: number;
}
interface GData {
  addGeoJson(geojson: object): void;
  setStyle(style: (feature: GDataFeature) => GStyle): void;
  addListener(event: string, handler: (event: GDataMouseEvent) => void): Listener;
  setMap(map: GMap | null): void;
}
interface GInfoWindow {
  setOptions(options: { maxWidth: number }): void;
  setContent(content: Node): void;
  setPosition(position: GLatLng | null): void;
  open(options: { map: GMap }): void;
  close(): void;
}
interface GMarker {
  addListener(event: string, handler: () => void): Listener;
  setMap(map: null): void;
}
interface GMaps {
  Data: new (options: { map: GMap }) => GData;
  InfoWindow: new (options: { disableAutoPan: boolean }) => GInfoWindow;
  Marker: new (options: object) => GMarker;
  SymbolPath: { CIRCLE: number };
}
/** The API the loader put on window once its status is LOADED. */
const mapsApi = () => (window as unknown as { google: { maps: GMaps } }).google.maps;
const useGoogleMap = () => useMap() as unknown as GMap | null;

const indexProperty = '__mapViewIndex';

function featuresOf(data: MapLayer['data']): Feature[] {
  if (data.type === 'FeatureCollection') return data.features;
  if (data.type === 'Feature') return [data];
  return [{ type: 'Feature', geometry: data, properties: {} }];
}

function googleStyle(style: PathStyle): GStyle {
  return {
    strokeColor: style.color ?? '#3388ff',
    strokeWeight: style.weight ?? 3,
    strokeOpacity: style.opacity ?? 1,
    fillColor: style.fillColor ?? style.color ?? '#3388ff',
    fillOpacity: style.fillOpacity ?? 0.2,
  };
}

function Layers({ layers }: { layers: readonly MapLayer[] }) {
  const map = useGoogleMap();
  useEffect(() => {
    if (!map) return;
    const info = new (mapsApi().InfoWindow)({ disableAutoPan: true });
    /** Text, never HTML (parcel attributes come from imported files), wrapped within the width the map allows. */
    const show = (value: string, at: GLatLng | null) => {
      // The info window reads maxWidth when it opens: closing it first lets a map resized since then set a new cap.
      info.close();
      info.setOptions({ maxWidth: tooltipMaxWidth(map.getDiv().clientWidth) });
      info.setContent(Object.assign(document.createElement('div'), { textContent: value, style: 'white-space: pre-line; overflow-wrap: anywhere' }));
      info.setPosition(at);
      info.open({ map });
    };
    const created = layers.map((layer) => {
      const features = featuresOf(layer.data);
      const data = new (mapsApi().Data)({ map });
      const collection: FeatureCollection = { type: 'FeatureCollection', features: features.map((f, i) => ({ ...f, properties: { ...f.properties, [indexProperty]: i } })) };
      data.addGeoJson(collection);
      const original = (feature: GDataFeature) => features[Number(feature.getProperty(indexProperty))]!;
      data.setStyle((feature) => googleStyle(typeof layer.style === 'function' ? layer.style(original(feature)) : (layer.style ?? {})));
      data.addListener('mouseover', (event: GDataMouseEvent) => {
        const tip = layer.tooltip?.(original(event.feature));
        if (tip) show(tip, event.latLng);
      });
      data.addListener('mouseout', () => info.close());
      data.addListener('click', (event: GDataMouseEvent) => {
        const feature = original(event.feature);
        const popup = layer.popup?.(feature);
        if (popup) show(popup, event.latLng);
        layer.onFeatureClick?.(feature);
      });
      return data;
    });
    return () => {
      info.close();
      for (const data of created) data.setMap(null);
    };
  }, [map, layers]);
  return null;
}

function Overlays({ center, zoom, markers, layers, fitBounds, onViewChange }: MapViewProps) {
  const map = useGoogleMap();
  useEffect(() => {
    map?.setCenter(center);
    map?.setZoom(zoom);
  }, [map, center.lat, center.lng, zoom]);
  const fitKey = bboxKey(fitBounds);
  useEffect(() => {
    if (!map || !fitBounds) return;
    const [west, south, east, north] = fitBounds;
    map.fitBounds({ west, south, east, north }, 24);
  }, [map, fitKey]);
  useEffect(() => {
    if (!map) return;
    const created = (markers ?? []).map((marker) => {
      const pin = new (mapsApi().Marker)({
        map,
        position: marker.position,
        title: marker.label,
        icon: { path: mapsApi().SymbolPath.CIRCLE, scale: 8, fillColor: marker.color ?? '#c05621', fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 },
      });
      if (marker.onClick) pin.addListener('click', marker.onClick);
      return pin;
    });
    return () => created.forEach((pin) => pin.setMap(null));
  }, [map, markers]);
  useEffect(() => {
    if (!map || !onViewChange) return;
    const listener = map.addListener('idle', () => {
      const bounds = map.getBounds()?.toJSON();
      if (bounds) onViewChange([bounds.west, bounds.south, bounds.east, bounds.north]);
    });
    return () => listener.remove();
  }, [map, onViewChange]);
  return <Layers layers={layers ?? []} />;
}

function WhenLoaded({ fallback, props }: { fallback: ReactNode; props: MapViewProps }) {
  const status = useApiLoadingStatus();
  if (status !== APILoadingStatus.LOADED) return fallback;
  const { label, center, zoom, height = '400px', onClick, children } = props;
  return (
    <Box position="relative" h={height} w="full" borderRadius="md" overflow="hidden" borderWidth="1px" role="region" aria-label={label}>
      <GoogleMap
        defaultCenter={center}
        defaultZoom={zoom}
        gestureHandling="greedy"
        style={{ width: '100%', height: '100%' }}
        onClick={(event: { detail: { latLng: LngLat | null } }) => event.detail.latLng && onClick?.(event.detail.latLng)}
      >
        <Overlays {...props} />
      </GoogleMap>
      {children && (
        <Box position="absolute" top={2} right={2} zIndex={10} maxW="calc(100% - 60px)">
          {children}
        </Box>
      )}
    </Box>
  );
}

/**
 * The MapView port on Google Maps, loaded only when VITE_GOOGLE_MAPS_API_KEY is set. Until the API reports LOADED
 * (and for good when it fails, as it does offline) the `fallback` map shows instead.
 */
export default function GoogleMapView({ apiKey, fallback, ...props }: MapViewProps & { apiKey: string; fallback: ReactNode }) {
  return (
    <APIProvider apiKey={apiKey}>
      <WhenLoaded fallback={fallback} props={props} />
    </APIProvider>
  );
}
