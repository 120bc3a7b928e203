import { Button, Group, HStack, Stack, Text } from '@chakra-ui/react';
import type { Polygon } from 'geojson';
import { useMemo, useState } from 'react';
import { areaOf, formatArea } from '../../lib/map/area.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import type { AreaGeometry, Bbox, LngLat, MapLayer, MapMarker } from '../../lib/map/map-types.ts';

export const boundaryStyle = { color: '#c05621', weight: 2, fillColor: '#dd6b20', fillOpacity: 0.2 };

type Mode = 'locate' | 'draw';

interface ProjectSiteMapProps {
  location: LngLat | null;
  boundary: AreaGeometry | null;
  onLocation: (position: LngLat) => void;
  onBoundary: (polygon: Polygon | null) => void;
  view: { center: LngLat; zoom: number };
  fitBounds: Bbox | null;
  boundaryError?: string;
}

/** The site on a map: click to place the project, or draw (then drag) the boundary, with its area. */
export function ProjectSiteMap({ location, boundary, onLocation, onBoundary, view, fitBounds, boundaryError }: ProjectSiteMapProps) {
  const [mode, setMode] = useState<Mode>('locate');
  const drawing = mode === 'draw';
  const markers = useMemo<MapMarker[]>(() => (location ? [{ id: 'site', position: location, label: 'Project location' }] : []), [location]);
  const layers = useMemo<MapLayer[]>(() => (boundary && !drawing ? [{ id: 'boundary', data: boundary, style: boundaryStyle, tooltip: () => 'Project boundary' }] : []), [boundary, drawing]);
  const area = useMemo(() => (boundary ? areaOf(boundary) : null), [boundary]);

  return (
    <Stack gap={2}>
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Group attached>
          <Button type="button" size="sm" variant={drawing ? 'outline' : 'solid'} aria-pressed={!drawing} onClick={() => setMode('locate')}>
            Set location
          </Button>
          <Button type="button" size="sm" variant={drawing ? 'solid' : 'outline'} aria-pressed={drawing} onClick={() => setMode('draw')}>
            {boundary ? 'Edit boundary' : 'Draw boundary'}
          </Button>
        </Group>
        {boundary && (
          <Button type="button" size="sm" variant="ghost" colorPalette="red" onClick={() => onBoundary(null)}>
            Clear boundary
          </Button>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {drawing
          ? boundary
            ? 'Drag a corner to move it, or a midpoint to add one.'
            : 'Click the map at each corner of the site, then click the first corner again to close the boundary.'
          : 'Click the map to place the project, or search a place above.'}
      </Text>
      <MapView
        label="Project site map"
        center={view.center}
        zoom={view.zoom}
        fitBounds={fitBounds}
        markers={markers}
        layers={layers}
        onClick={onLocation}
        drawing={{ active: drawing, polygon: boundary, onChange: onBoundary }}
        height={{ base: '300px', md: '420px', lg: '480px' }}
      />
      <Text fontSize="sm" aria-live="polite" data-testid="boundary-area">
        {area ? `Boundary area: ${formatArea(area)}` : 'No boundary drawn (optional).'}
      </Text>
      {boundaryError && (
        <Text fontSize="sm" color="fg.error">
          {boundaryError}
        </Text>
      )}
    </Stack>
  );
}
