import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { Feature } from 'geojson';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { MapLayer as ConstraintLayer } from '../../contract/screening-map.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { boxToLoad } from '../../lib/map/bounds.ts';
import type { Bbox, MapLayer, PathStyle } from '../../lib/map/map-types.ts';
import { pause, useResource } from '../../lib/use-resource.ts';
import { getMapLayers } from './api/map-layers.ts';
import { ownLayersVersion } from './api/own-layers.ts';

/** Each built-in kind its colour; a planner's own kinds share one, dashed, so they read as theirs. */
const kindColors: Record<string, string> = { flood: '#1c7ed6', wetland: '#0c8599', protected: '#7048e8', grid: '#e8590c' };
const ownKindColor = '#c2255c';

export const constraintColor = (kind: string) => kindColors[kind] ?? ownKindColor;

/** Outlined and lightly filled, so the parcels' verdict colours still show beneath; lines (the grid) drawn thicker. */
export function constraintStyle(kind: string): PathStyle {
  const color = constraintColor(kind);
  if (kind === 'grid') return { color, weight: 3, opacity: 0.9, fillOpacity: 0.6, fillColor: color };
  return { color, weight: 1.5, opacity: 0.9, fillColor: color, fillOpacity: 0.22, ...(kindColors[kind] ? {} : { dashArray: '5 3' }) };
}

// Pans and zooms come in bursts: the layers are asked for once the map rests.
const restMs = 300;

/**
 * The constraint layers in the visible map area, kept while the next area loads; each kind can be hidden. Gives the
 * map layers to draw (after the parcels, so where a zone lies inside a parcel shows; never in the way of a click).
 */
export function useConstraintLayers(view: Bbox | null, fallback: Bbox | null) {
  const { api } = useActors();
  const box = boxToLoad(view, fallback);
  // An own layer uploaded or deleted on this screen is drawn, or taken away, at once.
  const ownLayers = useSyncExternalStore(ownLayersVersion.subscribe, ownLayersVersion.read);
  const key = box ? `${box.map((value) => value.toFixed(5)).join(',')}|${ownLayers}` : null;
  const answer = useResource(
    key,
    async (signal) => {
      await pause(restMs, signal);
      return getMapLayers(api, box!, { signal });
    },
    { keepPrevious: true },
  );
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const layers = useMemo(() => answer.data?.layers ?? [], [answer.data]);
  const drawn = useMemo<MapLayer[]>(
    () =>
      layers
        .filter((layer) => !hidden.has(layer.kind) && layer.features.features.length > 0)
        .map((layer) => ({ id: `constraint:${layer.id}`, data: layer.features as unknown as Feature, style: constraintStyle(layer.kind) })),
    [layers, hidden],
  );
  const toggle = (kind: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  return { layers, drawn, hidden, toggle };
}

/** One entry per kind on the map (its label, colour and a switch), for the map's legend. */
export function ConstraintToggles({ layers, hidden, onToggle }: { layers: readonly ConstraintLayer[]; hidden: ReadonlySet<string>; onToggle: (kind: string) => void }) {
  const kinds = [...new Map(layers.map((layer) => [layer.kind, layer.label])).entries()];
  if (kinds.length === 0) return null;
  return (
    <Stack gap={1} role="group" aria-label="Constraint layers" borderTopWidth="1px" pt={1} mt={1}>
      <Text fontWeight="semibold">Constraints</Text>
      {kinds.map(([kind, label]) => (
        <HStack key={kind} as="label" gap={1.5} cursor="pointer">
          <input type="checkbox" checked={!hidden.has(kind)} onChange={() => onToggle(kind)} />
          <Box w={3} h={3} borderRadius="sm" borderWidth="2px" borderColor={constraintColor(kind)} bg={`${constraintColor(kind)}55`} borderStyle={kindColors[kind] ? 'solid' : 'dashed'} />
          <Text>{label}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** Under the map: where each drawn layer comes from, and why any is drawn only in part. */
export function ConstraintSources({ layers }: { layers: readonly ConstraintLayer[] }) {
  if (layers.length === 0) return null;
  return (
    <Stack gap={0.5} fontSize="xs" color="fg.muted" aria-label="Layers on the map">
      {layers.map((layer) => (
        <Text key={layer.id}>
          {layer.label} ({layer.name}): {layer.attribution}
          {layer.source_date && `, ${layer.source_date}`}
          {layer.cut && `. ${layer.cut}`}
        </Text>
      ))}
    </Stack>
  );
}
