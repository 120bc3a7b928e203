import { Badge, Button, Card, DataList, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { formatArea } from '../../lib/map/area.ts';
import { parcelErrorMessage } from './screening-format.ts';
import type { ParcelScreeningActor } from './use-parcel-screening.ts';

/** Finds a parcel in the parcel store by its number (APN; SSL in the DC sample) and attaches it to the project. */
export function ParcelAttachPanel({ actor }: { actor: ParcelScreeningActor }) {
  const [apn, setApn] = useState('');
  const found = useSelector(actor, (s) => s.context.found);
  const finding = useSelector(actor, (s) => s.matches({ parcel: 'finding' }));
  const attaching = useSelector(actor, (s) => s.matches({ parcel: 'attaching' }));
  const canAttach = useSelector(actor, (s) => s.can({ type: 'parcel.attach' }));
  const message = useSelector(actor, (s) => (s.context.parcelErrors ? parcelErrorMessage(s.context.parcelErrors, s.matches({ parcel: 'found' }) ? 'attach' : 'find') : null));
  const [blank, setBlank] = useState(false);

  const find = () => {
    setBlank(apn.trim() === '');
    if (apn.trim() !== '') actor.send({ type: 'parcel.find', apn: apn.trim() });
  };
  // The field empties once the parcel is attached.
  useEffect(() => {
    const subscription = actor.on('parcel.attached', () => setApn(''));
    return () => subscription.unsubscribe();
  }, [actor]);

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
            find();
          }}
        >
          <HStack gap={2} align="flex-end">
            <Input aria-label="Parcel number (APN or SSL)" placeholder="Parcel number, e.g. PAR 02420088" value={apn} onChange={(event) => setApn(event.target.value)} />
            <Button type="submit" variant="outline" loading={finding}>
              Find parcel
            </Button>
          </HStack>
        </form>
        {(blank || message) && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {blank ? 'Type a parcel number first.' : message}
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
              <Button colorPalette="brand" size="sm" disabled={!canAttach && !attaching} loading={attaching} onClick={() => actor.send({ type: 'parcel.attach' })}>
                {canAttach || attaching ? 'Attach to this project' : 'Already attached'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'parcel.clear' })}>
                Clear
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
