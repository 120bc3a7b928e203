import { Badge, Button, Card, DataList, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useActors, useNotify } from '../../app/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { formatArea } from '../../lib/map/area.ts';
import { ApnDetails, NewApnAnswer } from '../../lib/map/gis-responses.ts';

interface ParcelAttachPanelProps {
  projectId: string;
  /** The parcel found, to preview on the map; null when the search is cleared. */
  onFound: (parcel: ApnDetails | null) => void;
  onAttached: () => void;
}

/** Finds a parcel in the parcel store by its number (APN; SSL in the DC sample) and attaches it to the project. */
export function ParcelAttachPanel({ projectId, onFound, onAttached }: ParcelAttachPanelProps) {
  const { api } = useActors();
  const notify = useNotify();
  const [apn, setApn] = useState('');
  const [found, setFound] = useState<ApnDetails | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'finding' | 'attaching' | null>(null);

  const show = (parcel: ApnDetails | null) => {
    setFound(parcel);
    onFound(parcel);
  };

  const find = async () => {
    if (apn.trim() === '') return setMessage('Type a parcel number first.');
    setBusy('finding');
    setMessage(null);
    try {
      show(await api.get('/api/gis/get_search_apn_details/', { query: { apn: apn.trim() }, struct: ApnDetails }));
    } catch (error) {
      if (isCancelled(error)) return;
      show(null);
      const failure = error as ApiError;
      const errors = (failure.data as { errors?: Record<string, string[]> } | undefined)?.errors;
      setMessage(failure.status === 404 ? 'No parcel with this number in the parcel store.' : (errors?.apn?.[0] ?? failure.detail ?? 'The search did not work. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const attach = async (parcel: ApnDetails) => {
    setBusy('attaching');
    try {
      await api.post('/api/gis/new_apn/', { project_id: projectId, apn: parcel.apn }, { struct: NewApnAnswer });
      notify(`Parcel ${parcel.apn} attached.`);
      setApn('');
      show(null);
      onAttached();
    } catch (error) {
      if (!isCancelled(error)) setMessage((error as ApiError).detail ?? 'The parcel could not be attached.');
    } finally {
      setBusy(null);
    }
  };

  const attachedHere = found?.projects.some((project) => project.id === projectId) ?? false;
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Attach a parcel</Card.Title>
      </Card.Header>
      <Card.Body gap={3}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void find();
          }}
        >
          <HStack gap={2} align="flex-end">
            <Input aria-label="Parcel number (APN or SSL)" placeholder="Parcel number, e.g. PAR 02420088" value={apn} onChange={(event) => setApn(event.target.value)} />
            <Button type="submit" variant="outline" loading={busy === 'finding'}>
              Find parcel
            </Button>
          </HStack>
        </form>
        {message && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {message}
          </Text>
        )}
        {found && (
          <Stack gap={3} aria-label={`Parcel ${found.apn}`} role="group">
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>APN</DataList.ItemLabel>
                <DataList.ItemValue>{found.apn}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Area</DataList.ItemLabel>
                <DataList.ItemValue>{formatArea({ ha: found.area_ha, acres: found.area_acres })}</DataList.ItemValue>
              </DataList.Item>
              {(found.county || found.state) && (
                <DataList.Item>
                  <DataList.ItemLabel>Where</DataList.ItemLabel>
                  <DataList.ItemValue>{[found.county, found.state].filter(Boolean).join(', ')}</DataList.ItemValue>
                </DataList.Item>
              )}
              {found.land_use && (
                <DataList.Item>
                  <DataList.ItemLabel>Land use</DataList.ItemLabel>
                  <DataList.ItemValue>{found.land_use}</DataList.ItemValue>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.ItemLabel>Source</DataList.ItemLabel>
                <DataList.ItemValue>
                  {found.source}
                  {found.source_date && ` (${found.source_date})`}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {found.projects.length > 0 && (
              <HStack gap={1} wrap="wrap" fontSize="sm">
                <Text>In projects:</Text>
                {found.projects.map((project) => (
                  <Badge key={project.id}>{project.name}</Badge>
                ))}
              </HStack>
            )}
            <HStack gap={2} wrap="wrap">
              <Button colorPalette="orange" size="sm" disabled={attachedHere} loading={busy === 'attaching'} onClick={() => void attach(found)}>
                {attachedHere ? 'Already attached' : 'Attach to this project'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => show(null)}>
                Clear
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
