import { lazy, Suspense } from 'react';
import { LeafletMapView } from './leaflet-map-view.tsx';
import { mapConfig } from './map-config.ts';
import type { MapViewProps } from './map-types.ts';

// Loaded only when a key is configured, so keyless builds never fetch the Google code.
const GoogleMapView = lazy(() => import('./google-map-view.tsx'));

/**
 * The map every screen uses. Leaflet by default; Google Maps when VITE_GOOGLE_MAPS_API_KEY is set and the API has
 * loaded. Drawing always uses Leaflet: terra-draw's Google adapter is not a dependency.
 */
export function MapView(props: MapViewProps) {
  const leaflet = <LeafletMapView {...props} />;
  if (!mapConfig.googleMapsApiKey || props.drawing) return leaflet;
  return (
    <Suspense fallback={leaflet}>
      <GoogleMapView apiKey={mapConfig.googleMapsApiKey} fallback={leaflet} {...props} />
    </Suspense>
  );
}
