import { Button, Group, HStack, Stack, Text } from '@chakra-ui/react';
import type { Feature, Polygon } from 'geojson';
import { useMemo, useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { areaOf, formatArea } from '../../lib/map/area.ts';
import { bboxAround, boxToLoad } from '../../lib/map/bounds.ts';
import { pause, useResource } from '../../lib/use-resource.ts';
import { parcelsInView } from './api/parcels-in-view.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import type { AreaGeometry, Bbox, LngLat, MapLayer, MapMarker } from '../../lib/map/map-types.ts';

export const boundaryStyle = { color: '#c05621', weight: 2, fillColor: '#dd6b20', fillOpacity: 0.2 };
/** Light and unfilled: the parcels guide the drawing without hiding it, and take no clicks. */
const parcelStyle = { color: '#718096', weight: 1, opacity: 0.8, fillOpacity: 0 };

/** Parcels are drawn only in a view this small (degrees a side, about 5 km): a larger one would hold too many. */
const parcelViewSpan = 0.05;

/**
 * The parcels in the visible map area, asked for once the map rests; `tooWide` when the view is too large to show them.
 * Until the map has a size, the area around the location and boundary stands in.
 */
function useParcelsInView(view: Bbox | null, location: LngLat | null, boundary: AreaGeometry | null) {
  const { api } = useActors();
  const box = boxToLoad(view, bboxAround([boundary], location ? [location] : []));
  const tooWide = !box || box[2] - box[0] > parcelViewSpan || box[3] - box[1] > parcelViewSpan;
  const parcels = useResource(
    tooWide ? null : box.map((value) => value.toFixed(5)).join(','),
    async (signal) => {
      await pause(400, signal);
      return parcelsInView(api, box!, { signal });
    },
    { keepPrevious: true },
  );
  return { parcels: tooWide ? null : (parcels.data ?? null), tooWide: tooWide && !!box, failed: parcels.status === 'failed' ? parcels.error.detail : null };
}

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
  const [visible, setVisible] = useState<Bbox | null>(null);
  const inView = useParcelsInView(visible, location, boundary);
  const layers = useMemo<MapLayer[]>(() => {
    const list: MapLayer[] = [];
    if (inView.parcels && inView.parcels.features.length > 0) list.push({ id: 'parcels', data: inView.parcels as unknown as Feature, style: parcelStyle });
    if (boundary && !drawing) list.push({ id: 'boundary', data: boundary, style: boundaryStyle, tooltip: () => 'Project boundary' });
    return list;
  }, [boundary, drawing, inView.parcels]);
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
        onViewChange={setVisible}
        drawing={{ active: drawing, polygon: boundary, onChange: onBoundary }}
        height={{ base: '300px', md: '420px', lg: '480px' }}
      />
      <Text fontSize="xs" color="fg.muted" data-testid="parcels-in-view">
        {inView.tooWide
          ? 'Zoom in to see the parcels (grey outlines) while you draw.'
          : inView.parcels
            ? `${inView.parcels.features.length} ${inView.parcels.features.length === 1 ? 'parcel' : 'parcels'} of the parcel store in view, outlined in grey.`
            : (inView.failed ?? '')}
      </Text>
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
