/// <reference types="google.maps" />
import { Box } from '@chakra-ui/react';
import { APILoadingStatus, APIProvider, Map as GoogleMap, useApiLoadingStatus, useMap } from '@vis.gl/react-google-maps';
import type { Feature, FeatureCollection } from 'geojson';
import { useEffect, type ReactNode } from 'react';
import { bboxKey } from './bounds.ts';
import type { MapLayer, MapViewProps, PathStyle } from './map-types.ts';

const indexProperty = '__mapViewIndex';

function featuresOf(data: MapLayer['data']): Feature[] {
  if (data.type === 'FeatureCollection') return data.features;
  if (data.type === 'Feature') return [data];
  return [{ type: 'Feature', geometry: data, properties: {} }];
}

function googleStyle(style: PathStyle): google.maps.Data.StyleOptions {
  return {
    strokeColor: style.color ?? '#3388ff',
    strokeWeight: style.weight ?? 3,
    strokeOpacity: style.opacity ?? 1,
    fillColor: style.fillColor ?? style.color ?? '#3388ff',
    fillOpacity: style.fillOpacity ?? 0.2,
  };
}

function Layers({ layers }: { layers: readonly MapLayer[] }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const info = new google.maps.InfoWindow({ disableAutoPan: true });
    const created = layers.map((layer) => {
      const features = featuresOf(layer.data);
      const data = new google.maps.Data({ map });
      const collection: FeatureCollection = { type: 'FeatureCollection', features: features.map((f, i) => ({ ...f, properties: { ...f.properties, [indexProperty]: i } })) };
      data.addGeoJson(collection);
      const original = (feature: google.maps.Data.Feature) => features[Number(feature.getProperty(indexProperty))]!;
      data.setStyle((feature) => googleStyle(typeof layer.style === 'function' ? layer.style(original(feature)) : (layer.style ?? {})));
      const text = (value: string) => Object.assign(document.createElement('div'), { textContent: value, style: 'white-space: pre-line' });
      data.addListener('mouseover', (event: google.maps.Data.MouseEvent) => {
        const tip = layer.tooltip?.(original(event.feature));
        if (!tip) return;
        info.setContent(text(tip));
        info.setPosition(event.latLng);
        info.open({ map });
      });
      data.addListener('mouseout', () => info.close());
      data.addListener('click', (event: google.maps.Data.MouseEvent) => {
        const feature = original(event.feature);
        const popup = layer.popup?.(feature);
        if (popup) {
          info.setContent(text(popup));
          info.setPosition(event.latLng);
          info.open({ map });
        }
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
  const map = useMap();
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
      const pin = new google.maps.Marker({
        map,
        position: marker.position,
        title: marker.label,
        icon: { path: google.maps.SymbolPath.CIRCLE, scale: 8, fillColor: marker.color ?? '#c05621', fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 },
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
        onClick={(event) => event.detail.latLng && onClick?.(event.detail.latLng)}
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
