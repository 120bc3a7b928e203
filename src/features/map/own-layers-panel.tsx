import { Button, Card, Checkbox, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { askModal } from '../../../machines/modal.machine.ts';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { UploadStatus } from '../../components/ui/upload-progress.tsx';
import { maxParcelFileBytes, parcelFileExtensions } from '../../contract/gis.ts';
import { builtInKindLabels, builtInLayerKinds, OwnLayerUploadAnswer, type OwnLayer, type OwnLayerFeatures } from '../../contract/own-layers.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { formatInteger } from '../../lib/number-format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useUpload } from '../../lib/use-upload.ts';
import { deleteOwnLayer, getOwnLayerFeatures, listOwnLayers, ownLayersChanged, ownLayerUploadPath } from './api/own-layers.ts';

const newKind = '__new__';
const listedRefusals = 20;

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** The kinds a layer can be given: the built-in ones, then the user's own (one entry each, by its label). */
export function kindOptions(layers: readonly OwnLayer[]) {
  const own = new Map<string, string>();
  for (const layer of layers) if (!(builtInLayerKinds as readonly string[]).includes(layer.kind) && !own.has(layer.kind)) own.set(layer.kind, layer.label);
  return [
    ...builtInLayerKinds.map((kind) => ({ value: kind, label: builtInKindLabels[kind] })),
    ...[...own].map(([kind, label]) => ({ value: kind, label })),
  ];
}

export interface OwnLayersPanelProps {
  /** After an upload or a delete: what screening applies changed. */
  onChanged?: () => void;
  /**
   * The layers the user chose to see, as GeoJSON, whenever the choice changes; the map page draws them. Without it
   * the panel offers no "Show on map" switch.
   */
  onShownChange?: (shown: OwnLayerFeatures[]) => void;
}

/** A planner's own constraint layers on the map screen: upload one of a kind (or a new kind), list, show, delete. */
export function OwnLayersPanel({ onChanged, onShownChange }: OwnLayersPanelProps) {
  const { api, store, modal } = useActors();
  const notify = useNotify();
  const read = useResource('own layers', (signal) => listOwnLayers(api, { signal }));
  const layers = useMemo(() => read.data?.results ?? [], [read.data]);
  const [kind, setKind] = useState<string>('flood');
  const [label, setLabel] = useState('');
  const [name, setName] = useState('');
  const [labelMissing, setLabelMissing] = useState(false);
  const upload = useUpload({ path: ownLayerUploadPath, struct: OwnLayerUploadAnswer, store, refresh: () => listOwnLayers(api) });
  const refused = upload.state.phase === 'failed' ? upload.state.errors.fields : {};

  const changed = async () => {
    await read.reload();
    ownLayersChanged();
    onChanged?.();
  };

  const start = async (file: File) => {
    const isNew = kind === newKind;
    if (isNew && !label.trim()) return setLabelMissing(true);
    setLabelMissing(false);
    const form = new FormData();
    form.append(isNew ? 'label' : 'kind', isNew ? label.trim() : kind);
    if (name.trim()) form.append('name', name.trim());
    form.append('file', file);
    const answer = await upload.start(form);
    if (!answer) return;
    setName('');
    if (isNew) {
      setKind(answer.layer.kind);
      setLabel('');
    }
    await changed();
  };

  const [shown, setShown] = useState<string[]>([]);
  const [drawn, setDrawn] = useState<Record<string, OwnLayerFeatures>>({});
  const [drawError, setDrawError] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) => {
    setShown((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
    if (!on || drawn[id]) return;
    setDrawError(null);
    getOwnLayerFeatures(api, id)
      .then((features) => setDrawn((current) => ({ ...current, [id]: features })))
      .catch((error: unknown) => {
        if (isCancelled(error)) return;
        setShown((ids) => ids.filter((other) => other !== id));
        setDrawError((error as ApiError).detail || 'The layer could not be loaded.');
      });
  };
  useEffect(() => {
    onShownChange?.(shown.flatMap((id) => (drawn[id] ? [drawn[id]] : [])));
  }, [shown, drawn, onShownChange]);

  const remove = async (layer: OwnLayer) => {
    const confirmed = await askModal(modal, 'delete', { title: 'Delete layer?', message: `"${layer.name}" (${layer.label}) will be deleted, and screening stops applying it. This cannot be undone.` });
    if (!confirmed) return;
    try {
      await deleteOwnLayer(api, layer.id);
      setShown((ids) => ids.filter((id) => id !== layer.id));
      notify('Layer deleted.');
      await changed();
    } catch (error) {
      if (!isCancelled(error)) notify((error as ApiError).detail || 'The layer could not be deleted.', 'error');
    }
  };

  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Your constraint layers</Card.Title>
      </Card.Header>
      <Card.Body gap={3}>
        <Text fontSize="sm" color="fg.muted">
          Flood zones, setbacks, land an owner refused: GeoJSON, a zipped shapefile or KML. Screening applies your layers to your projects only.
        </Text>
        <SelectField
          label="Kind of layer"
          size="sm"
          value={kind}
          error={refused.kind?.[0]}
          onChange={setKind}
          options={[...kindOptions(layers), { value: newKind, label: 'New kind…' }]}
        />
        {kind === newKind && (
          <FormField label="Name of the new kind" helper='e.g. "Setback from homes"; it becomes a screening criterion' error={labelMissing ? 'Name the new kind first.' : refused.label?.[0]}>
            <Input size="sm" value={label} maxLength={60} onChange={(event) => setLabel(event.target.value)} />
          </FormField>
        )}
        <FormField label="Layer name (optional)" helper="The file's name when left empty" error={refused.name?.[0]}>
          <Input size="sm" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FilePicker
          label="Upload a layer"
          accept={parcelFileExtensions}
          typesLabel="GeoJSON, zipped shapefile or KML"
          maxBytes={maxParcelFileBytes}
          disabled={upload.state.phase === 'sending'}
          onFile={(file) => void start(file)}
        />
        <UploadStatus state={upload.state} busyLabel="Reading the layer…" />
        {upload.state.phase === 'done' && <UploadReport report={upload.state.answer} />}
        <LayerList layers={layers} loading={read.status === 'loading' && !read.data} shown={onShownChange ? shown : null} onToggle={toggle} onDelete={(layer) => void remove(layer)} />
        {read.status === 'failed' && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {read.error.detail ?? 'Your layers could not be loaded.'}{' '}
            <Button size="xs" variant="ghost" onClick={read.retry}>
              Try again
            </Button>
          </Text>
        )}
        {drawError && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {drawError}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function UploadReport({ report }: { report: OwnLayerUploadAnswer }) {
  const { layer, total, refused } = report;
  return (
    <Stack gap={2} role="group" aria-label="Upload report" fontSize="sm">
      <Text>
        {layer.name}: {plural(layer.feature_count, 'feature', 'features')} of {formatInteger(total)} kept as a {layer.label} layer
        {refused.length > 0 ? `, ${formatInteger(refused.length)} left out.` : '.'}
      </Text>
      {refused.length > 0 && (
        <List.Root aria-label="Features left out" ps={4}>
          {refused.slice(0, listedRefusals).map(({ index, reason }) => (
            <List.Item key={index}>
              Feature #{index + 1}: {reason}
            </List.Item>
          ))}
          {refused.length > listedRefusals && <List.Item>… and {formatInteger(refused.length - listedRefusals)} more.</List.Item>}
        </List.Root>
      )}
    </Stack>
  );
}

interface LayerListProps {
  layers: readonly OwnLayer[];
  loading: boolean;
  /** The ids shown on the map, or null when the page cannot draw them. */
  shown: string[] | null;
  onToggle: (id: string, on: boolean) => void;
  onDelete: (layer: OwnLayer) => void;
}

function LayerList({ layers, loading, shown, onToggle, onDelete }: LayerListProps) {
  if (loading) return <Text fontSize="sm">Loading your layers…</Text>;
  if (layers.length === 0) return <Text fontSize="sm" color="fg.muted">You have no layers yet.</Text>;
  return (
    <List.Root aria-label="Your layers" variant="plain" gap={2}>
      {layers.map((layer) => (
        <List.Item key={layer.id} display="block">
          <Stack gap={1} borderWidth="1px" borderRadius="md" px={2} py={1}>
            <Text fontSize="sm" fontWeight="semibold" wordBreak="break-word">
              {layer.name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {layer.label} · {plural(layer.feature_count, 'feature', 'features')} · {layer.created_at.slice(0, 10)}
            </Text>
            <HStack justify="space-between" wrap="wrap">
              {shown && (
                <Checkbox.Root size="sm" checked={shown.includes(layer.id)} onCheckedChange={(details) => onToggle(layer.id, details.checked === true)}>
                  <Checkbox.HiddenInput aria-label={`Show ${layer.name} on the map`} />
                  <Checkbox.Control />
                  <Checkbox.Label>Show on map</Checkbox.Label>
                </Checkbox.Root>
              )}
              <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${layer.name}`} onClick={() => onDelete(layer)}>
                Delete
              </Button>
            </HStack>
          </Stack>
        </List.Item>
      ))}
    </List.Root>
  );
}
